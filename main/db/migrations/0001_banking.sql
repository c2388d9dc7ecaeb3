CREATE TABLE `attachment_blobs` (
	`content_hash` text PRIMARY KEY NOT NULL,
	`bytes` blob NOT NULL
);
--> statement-breakpoint
CREATE TABLE `attachments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_resource` text NOT NULL,
	`owner_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`description` text,
	`file_size` integer NOT NULL,
	`content_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `attachments_owner` ON `attachments` (`owner_resource`,`owner_id`);--> statement-breakpoint
CREATE TABLE `bank_transaction_explanations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bank_transaction_id` integer NOT NULL,
	`bank_account_id` integer NOT NULL,
	`dated_on` text NOT NULL,
	`description` text NOT NULL,
	`category_id` integer,
	`gross_minor` integer NOT NULL,
	`foreign_gross_minor` integer,
	`sales_tax_rate` text,
	`sales_tax_minor` integer NOT NULL,
	`manual_sales_tax_minor` integer,
	`sales_tax_status` text,
	`sales_tax_mode` text NOT NULL,
	`ec_status` text,
	`place_of_supply` text,
	`entry_type` text NOT NULL,
	`transfer_bank_account_id` integer,
	`transfer_transaction_id` integer,
	`transfer_source_id` integer,
	`marked_for_review` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`bank_transaction_id`) REFERENCES `bank_transactions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transfer_bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transfer_transaction_id`) REFERENCES `bank_transactions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `explanations_transaction` ON `bank_transaction_explanations` (`bank_transaction_id`);--> statement-breakpoint
CREATE INDEX `explanations_account_date` ON `bank_transaction_explanations` (`bank_account_id`,`dated_on`);--> statement-breakpoint
CREATE TABLE `statement_uploads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bank_account_id` integer NOT NULL,
	`source` text NOT NULL,
	`file_name` text,
	`line_count` integer NOT NULL,
	`added_count` integer NOT NULL,
	`uploaded_at` text NOT NULL,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `statement_uploads_account` ON `statement_uploads` (`bank_account_id`,`id`);--> statement-breakpoint
CREATE TABLE `book_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `upload_id` integer REFERENCES statement_uploads(id);--> statement-breakpoint
ALTER TABLE `bank_transactions` ADD `transaction_type` text;--> statement-breakpoint
CREATE INDEX `bank_transactions_dedup` ON `bank_transactions` (`bank_account_id`,`description`,`dated_on`,`amount_minor`);--> statement-breakpoint
CREATE INDEX `bank_transactions_fitid` ON `bank_transactions` (`bank_account_id`,`transaction_id`);--> statement-breakpoint
CREATE INDEX `bank_transactions_upload` ON `bank_transactions` (`upload_id`);