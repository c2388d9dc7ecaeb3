ALTER TABLE `vat_return_states` ADD `hmrc_period_key` text;--> statement-breakpoint
ALTER TABLE `vat_return_states` ADD `hmrc_receipt` text;--> statement-breakpoint
ALTER TABLE `vat_return_states` ADD `hmrc_message` text;