DROP INDEX `postings_category_date`;--> statement-breakpoint
CREATE INDEX `postings_category_date_debit` ON `postings` (`category_id`,`dated_on`,`debit_minor`);