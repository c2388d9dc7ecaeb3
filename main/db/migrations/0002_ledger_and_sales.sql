CREATE TABLE `account_locks` (
	`id` integer PRIMARY KEY NOT NULL,
	`locked_to_date` text NOT NULL,
	`locked_by_user_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`locked_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `journal_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`journal_set_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	`debit_minor` integer NOT NULL,
	`description` text,
	`user_id` integer,
	`capital_asset_type_id` integer,
	`stock_item_id` integer,
	`stock_altering_quantity` integer,
	`property_id` integer,
	`contact_id` integer,
	`bank_account_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`journal_set_id`) REFERENCES `journal_sets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`capital_asset_type_id`) REFERENCES `capital_asset_types`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `journal_entries_set` ON `journal_entries` (`journal_set_id`);--> statement-breakpoint
CREATE TABLE `journal_sets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dated_on` text,
	`description` text NOT NULL,
	`tag` text,
	`is_opening_balances` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `journal_sets_dated_on` ON `journal_sets` (`dated_on`);--> statement-breakpoint
CREATE TABLE `return_payment_marks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`return_kind` text NOT NULL,
	`period_ends_on` text NOT NULL,
	`due_on` text NOT NULL,
	`status` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `return_payment_marks_key` ON `return_payment_marks` (`return_kind`,`period_ends_on`,`due_on`);--> statement-breakpoint
CREATE TABLE `self_assessment_return_states` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`period_ends_on` text NOT NULL,
	`filing_status` text NOT NULL,
	`filed_at` text,
	`filed_reference` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `self_assessment_return_states_key` ON `self_assessment_return_states` (`user_id`,`period_ends_on`);--> statement-breakpoint
CREATE TABLE `vat_return_states` (
	`period_ends_on` text PRIMARY KEY NOT NULL,
	`filing_status` text NOT NULL,
	`filed_at` text,
	`filed_reference` text,
	`filed_boxes` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `bill_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bill_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	`description` text NOT NULL,
	`total_minor` integer NOT NULL,
	`sales_tax_rate` text,
	`sales_tax_minor` integer NOT NULL,
	`manual_sales_tax_minor` integer,
	`sales_tax_status` text,
	`sales_tax_mode` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`bill_id`) REFERENCES `bills`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bill_items_bill` ON `bill_items` (`bill_id`);--> statement-breakpoint
CREATE TABLE `bills` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_id` integer NOT NULL,
	`project_id` integer,
	`reference` text NOT NULL,
	`dated_on` text NOT NULL,
	`due_on` text NOT NULL,
	`currency` text NOT NULL,
	`exchange_rate` text NOT NULL,
	`comments` text,
	`ec_status` text,
	`net_minor` integer NOT NULL,
	`sales_tax_minor` integer NOT NULL,
	`total_minor` integer NOT NULL,
	`native_total_minor` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bills_contact` ON `bills` (`contact_id`);--> statement-breakpoint
CREATE TABLE `contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`organisation_name` text,
	`first_name` text,
	`last_name` text,
	`email` text,
	`billing_email` text,
	`phone_number` text,
	`mobile` text,
	`address1` text,
	`address2` text,
	`address3` text,
	`town` text,
	`region` text,
	`postcode` text,
	`country` text NOT NULL,
	`contact_name_on_invoices` integer NOT NULL,
	`charge_sales_tax` text NOT NULL,
	`sales_tax_registration_number` text,
	`status` text NOT NULL,
	`default_payment_terms_in_days` integer,
	`locale` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `credit_note_reconciliations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`credit_note_id` integer NOT NULL,
	`gross_minor` integer NOT NULL,
	`dated_on` text NOT NULL,
	`currency` text NOT NULL,
	`exchange_rate` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`credit_note_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `expenses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	`project_id` integer,
	`dated_on` text NOT NULL,
	`description` text NOT NULL,
	`receipt_reference` text,
	`currency` text NOT NULL,
	`gross_minor` integer NOT NULL,
	`native_gross_minor` integer NOT NULL,
	`sales_tax_rate` text,
	`sales_tax_minor` integer NOT NULL,
	`manual_sales_tax_minor` integer,
	`sales_tax_status` text,
	`sales_tax_mode` text NOT NULL,
	`ec_status` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `expenses_user_date` ON `expenses` (`user_id`,`dated_on`);--> statement-breakpoint
CREATE TABLE `invoice_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`position` integer NOT NULL,
	`description` text NOT NULL,
	`item_type` text NOT NULL,
	`price` text NOT NULL,
	`quantity` text NOT NULL,
	`net_minor` integer NOT NULL,
	`sales_tax_rate` text,
	`sales_tax_status` text,
	`sales_tax_minor` integer NOT NULL,
	`category_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoice_items_invoice` ON `invoice_items` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`contact_id` integer NOT NULL,
	`project_id` integer,
	`reference` text NOT NULL,
	`dated_on` text NOT NULL,
	`due_on` text NOT NULL,
	`payment_terms_in_days` integer NOT NULL,
	`currency` text NOT NULL,
	`exchange_rate` text NOT NULL,
	`status` text NOT NULL,
	`comments` text,
	`omit_header` integer NOT NULL,
	`always_show_bic_and_iban` integer NOT NULL,
	`ec_status` text,
	`place_of_supply` text,
	`cis_rate` text,
	`net_minor` integer NOT NULL,
	`sales_tax_minor` integer NOT NULL,
	`cis_deduction_minor` integer NOT NULL,
	`total_minor` integer NOT NULL,
	`native_total_minor` integer NOT NULL,
	`sent_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoices_contact` ON `invoices` (`contact_id`);--> statement-breakpoint
CREATE INDEX `invoices_kind_date` ON `invoices` (`kind`,`dated_on`);--> statement-breakpoint
CREATE TABLE `notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`parent_resource` text NOT NULL,
	`parent_id` integer NOT NULL,
	`note` text NOT NULL,
	`author_user_id` integer,
	`author` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`author_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `notes_parent` ON `notes` (`parent_resource`,`parent_id`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contact_id` integer NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`currency` text NOT NULL,
	`budget` text,
	`budget_units` text NOT NULL,
	`normal_billing_rate` text,
	`billing_period` text,
	`hours_per_day` text,
	`starts_on` text,
	`ends_on` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`contact_id`) REFERENCES `contacts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `projects_contact` ON `projects` (`contact_id`);--> statement-breakpoint
CREATE TABLE `recurring_invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`template_invoice_id` integer NOT NULL,
	`frequency` text NOT NULL,
	`recurring_status` text NOT NULL,
	`recurring_end_date` text,
	`next_recurs_on` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`template_invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `bank_transaction_explanations` ADD `paid_invoice_id` integer;--> statement-breakpoint
ALTER TABLE `bank_transaction_explanations` ADD `paid_bill_id` integer;--> statement-breakpoint
ALTER TABLE `postings` ADD `sales_tax_status` text;--> statement-breakpoint
ALTER TABLE `postings` ADD `ec_status` text;