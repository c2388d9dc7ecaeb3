-- One index in the register's order (dated_on, then id) carrying the amount replaces two: the
-- register's page read (account, dated_on) and the running balance's sum (account, dated_on, amount).
-- Each index costs every inserted line (a 100,000-line statement upload; issue 23).
DROP INDEX IF EXISTS `bank_transactions_account_date`;--> statement-breakpoint
DROP INDEX IF EXISTS `bank_transactions_account_date_amount`;--> statement-breakpoint
CREATE INDEX `bank_transactions_register` ON `bank_transactions` (`bank_account_id`,`dated_on`,`id`,`amount_minor`);
