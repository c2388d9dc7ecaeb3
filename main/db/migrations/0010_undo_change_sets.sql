CREATE TABLE `change_set_rows` (
	`id` integer PRIMARY KEY NOT NULL,
	`set_id` integer NOT NULL,
	`tbl` text NOT NULL,
	`row_key` text NOT NULL,
	`before` text,
	`after` text
);
--> statement-breakpoint
CREATE INDEX `change_set_rows_set` ON `change_set_rows` (`set_id`,`id`);--> statement-breakpoint
CREATE INDEX `change_set_rows_row` ON `change_set_rows` (`tbl`,`row_key`);--> statement-breakpoint
CREATE TABLE `change_sets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`label` text NOT NULL,
	`at` text NOT NULL,
	`state` text NOT NULL,
	`first_change` integer NOT NULL,
	`last_change` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `change_sets_user_state` ON `change_sets` (`user_id`,`state`,`id`);