CREATE TABLE `drafts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`editor_key` text NOT NULL,
	`section` text NOT NULL,
	`label` text NOT NULL,
	`state` text NOT NULL,
	`discarded_at` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `drafts_user_editor_key` ON `drafts` (`user_id`,`editor_key`);