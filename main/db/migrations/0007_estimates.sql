ALTER TABLE `invoices` ADD `estimate_type` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `include_sales_tax_on_total_value` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `converted_invoice_id` integer REFERENCES invoices(id) ON DELETE set null;