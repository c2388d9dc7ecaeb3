CREATE TABLE `sync_account` (
	`id` integer PRIMARY KEY NOT NULL,
	`base_url` text NOT NULL,
	`company_name` text NOT NULL,
	`company_type` text NOT NULL,
	`user_url` text NOT NULL,
	`user_email` text NOT NULL,
	`permission_level` integer NOT NULL,
	`linked_at` text NOT NULL,
	`credentials` text,
	`change_cursor` integer NOT NULL,
	`last_synced_at` text,
	`last_error` text
);
--> statement-breakpoint
CREATE TABLE `sync_cursors` (
	`family` text PRIMARY KEY NOT NULL,
	`last_updated_at` text,
	`listed_at` text,
	`honours_updated_since` integer,
	`last_swept_at` text
);
--> statement-breakpoint
CREATE TABLE `sync_local_creates` (
	`remote_url` text PRIMARY KEY NOT NULL,
	`family` text NOT NULL,
	`after_change` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sync_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`family` text NOT NULL,
	`local_id` integer NOT NULL,
	`operation` text NOT NULL,
	`state` text NOT NULL,
	`remote_url` text,
	`attempts` integer NOT NULL,
	`last_error` text,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sync_outbox_record` ON `sync_outbox` (`family`,`local_id`);--> statement-breakpoint
CREATE INDEX `sync_outbox_state` ON `sync_outbox` (`state`);--> statement-breakpoint
CREATE TABLE `sync_rate_budget` (
	`bucket` text PRIMARY KEY NOT NULL,
	`tokens` real NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sync_records` (
	`family` text NOT NULL,
	`local_id` integer NOT NULL,
	`remote_url` text NOT NULL,
	`remote_base` text NOT NULL,
	`local_base` text NOT NULL,
	`remote_updated_at` text,
	PRIMARY KEY(`family`, `local_id`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sync_records_remote` ON `sync_records` (`remote_url`);--> statement-breakpoint
CREATE TABLE `sync_review` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`family` text NOT NULL,
	`kind` text NOT NULL,
	`local_id` integer,
	`remote_url` text,
	`label` text NOT NULL,
	`detail` text NOT NULL,
	`reason` text NOT NULL,
	`state` text NOT NULL,
	`resolution` text,
	`created_at` text NOT NULL,
	`resolved_at` text
);
--> statement-breakpoint
CREATE INDEX `sync_review_state` ON `sync_review` (`state`,`family`,`local_id`);--> statement-breakpoint
CREATE TABLE `sync_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`started_at` text NOT NULL,
	`finished_at` text,
	`direction` text NOT NULL,
	`pulled` integer NOT NULL,
	`pushed` integer NOT NULL,
	`conflicts` integer NOT NULL,
	`refused` integer NOT NULL,
	`requests` integer NOT NULL,
	`error` text
);
