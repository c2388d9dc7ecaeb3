CREATE TABLE `capital_assets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`description` text NOT NULL,
	`capital_asset_type_id` integer NOT NULL,
	`purchased_on` text NOT NULL,
	`cost_minor` integer NOT NULL,
	`residual_minor` integer NOT NULL,
	`method` text NOT NULL,
	`asset_life_years` integer,
	`annual_depreciation_percentage` text,
	`frequency` text NOT NULL,
	`disposed_on` text,
	`disposal_proceeds_minor` integer,
	`source_resource` text,
	`source_id` integer,
	`source_line` integer,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`capital_asset_type_id`) REFERENCES `capital_asset_types`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `capital_assets_source` ON `capital_assets` (`source_resource`,`source_id`,`source_line`);
