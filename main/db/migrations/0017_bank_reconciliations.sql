CREATE TABLE `bank_reconciliations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`bank_account_id` integer NOT NULL,
	`statement_date` text NOT NULL,
	`closing_balance_minor` integer NOT NULL,
	`starting_balance_minor` integer NOT NULL,
	`money_in_minor` integer NOT NULL,
	`money_out_minor` integer NOT NULL,
	`line_count` integer NOT NULL,
	`statement_upload_id` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`statement_upload_id`) REFERENCES `statement_uploads`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `bank_reconciliations_account` ON `bank_reconciliations` (`bank_account_id`,`statement_date`);--> statement-breakpoint
CREATE TABLE `bank_reconciliation_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reconciliation_id` integer NOT NULL,
	`bank_transaction_id` integer NOT NULL,
	FOREIGN KEY (`reconciliation_id`) REFERENCES `bank_reconciliations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bank_transaction_id`) REFERENCES `bank_transactions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `bank_reconciliation_lines_transaction` ON `bank_reconciliation_lines` (`bank_transaction_id`);--> statement-breakpoint
CREATE INDEX `bank_reconciliation_lines_reconciliation` ON `bank_reconciliation_lines` (`reconciliation_id`);--> statement-breakpoint
CREATE TABLE `statement_closing_balances` (
	`upload_id` integer PRIMARY KEY NOT NULL,
	`bank_account_id` integer NOT NULL,
	`statement_date` text NOT NULL,
	`closing_balance_minor` integer NOT NULL,
	FOREIGN KEY (`upload_id`) REFERENCES `statement_uploads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`bank_account_id`) REFERENCES `bank_accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
