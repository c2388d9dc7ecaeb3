ALTER TABLE `invoices` ADD `discount_percent` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `show_project_name` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `is_interim_uk_vat` integer DEFAULT false NOT NULL;