ALTER TABLE `sync_account` ADD `checked_at` text;--> statement-breakpoint
ALTER TABLE `sync_account` ADD `differences` integer;