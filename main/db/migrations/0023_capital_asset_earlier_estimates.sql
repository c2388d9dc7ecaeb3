-- The depreciation estimates an asset had before a change of estimate: each still governs the periods
-- dated before replaced_on (the start of the accounting year the next one was made in), so a change of
-- life, residual value or method is prospective and never restates an earlier year.
CREATE TABLE `capital_asset_earlier_estimates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`capital_asset_id` integer NOT NULL,
	`replaced_on` text NOT NULL,
	`residual_minor` integer NOT NULL,
	`method` text NOT NULL,
	`asset_life_years` integer,
	`annual_depreciation_percentage` text,
	`frequency` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`capital_asset_id`) REFERENCES `capital_assets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `capital_asset_earlier_estimates_replaced` ON `capital_asset_earlier_estimates` (`capital_asset_id`,`replaced_on`);
