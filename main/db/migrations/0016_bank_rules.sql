CREATE TABLE `bank_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`conditions` text NOT NULL,
	`actions` text NOT NULL,
	`priority` integer NOT NULL,
	`auto_explain` integer NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `bank_rules_priority` ON `bank_rules` (`priority`,`id`);
