CREATE TABLE `company` (
	`id` integer PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`subdomain` text NOT NULL,
	`company_start_date` text NOT NULL,
	`first_accounting_year_end` text NOT NULL,
	`currency` text NOT NULL,
	`mileage_units` text NOT NULL,
	`address1` text,
	`address2` text,
	`address3` text,
	`town` text,
	`region` text,
	`postcode` text,
	`country` text NOT NULL,
	`company_registration_number` text,
	`business_category` text,
	`vat_registered` integer NOT NULL,
	`vat_registration_number` text,
	`sales_tax_effective_date` text,
	`vat_period_months` integer NOT NULL,
	`initial_vat_basis` text NOT NULL,
	`ec_vat_reporting_enabled` integer NOT NULL,
	`cis_subcontractor` integer NOT NULL,
	`cis_contractor` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `api_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`label` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_token_hash_unique` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`ni_number` text,
	`unique_tax_reference` text,
	`role` text NOT NULL,
	`permission_level` integer NOT NULL,
	`opening_mileage` text NOT NULL,
	`hidden` integer NOT NULL,
	`send_invitation` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `capital_asset_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`system_default` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `properties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text,
	`address1` text NOT NULL,
	`address2` text,
	`address3` text,
	`town` text,
	`region` text,
	`postcode` text,
	`country` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `bank_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`currency` text NOT NULL,
	`is_personal` integer NOT NULL,
	`is_primary` integer NOT NULL,
	`status` text NOT NULL,
	`bank_name` text,
	`opening_balance_minor` integer NOT NULL,
	`bank_code` text NOT NULL,
	`account_number` text,
	`sort_code` text,
	`secondary_sort_code` text,
	`iban` text,
	`bic` text,
	`email` text,
	`bank_guess_enabled` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `bank_feeds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bank_account_id` integer NOT NULL,
	`state` text NOT NULL,
	`feed_type` text NOT NULL,
	`bank_service_name` text NOT NULL,
	`sca_expires_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `bank_transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bank_account_id` integer NOT NULL,
	`dated_on` text NOT NULL,
	`description` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`transaction_id` text,
	`is_manual` integer NOT NULL,
	`uploaded_at` text,
	`marked_for_review` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bank_transactions_account_date` ON `bank_transactions` (`bank_account_id`,`dated_on`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nominal_code` text NOT NULL,
	`base_code` text NOT NULL,
	`list_group` text NOT NULL,
	`description` text NOT NULL,
	`group_description` text,
	`auto_sales_tax_rate` text,
	`allowable_for_tax` integer,
	`tax_reporting_name` text,
	`is_custom` integer NOT NULL,
	`bank_account_id` integer,
	`user_id` integer,
	`capital_asset_type_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`capital_asset_type_id`) REFERENCES `capital_asset_types`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_nominal_code_unique` ON `categories` (`nominal_code`);--> statement-breakpoint
CREATE INDEX `categories_base_code` ON `categories` (`base_code`);--> statement-breakpoint
CREATE TABLE `postings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`dated_on` text NOT NULL,
	`category_id` integer NOT NULL,
	`debit_minor` integer NOT NULL,
	`description` text NOT NULL,
	`source_resource` text NOT NULL,
	`source_id` integer NOT NULL,
	`foreign_currency` text,
	`foreign_debit_minor` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `postings_category_date` ON `postings` (`category_id`,`dated_on`);--> statement-breakpoint
CREATE INDEX `postings_source` ON `postings` (`source_resource`,`source_id`);--> statement-breakpoint
CREATE TABLE `changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`resource` text NOT NULL,
	`record_id` text NOT NULL,
	`operation` text NOT NULL,
	`at` text NOT NULL,
	`user_id` integer
);
