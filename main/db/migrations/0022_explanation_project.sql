-- The project a bank explanation by category counts for (a bank rule's project lands here), so a
-- project's profit and loss holds the costs and income paid straight from the bank. NULL: none.
ALTER TABLE `bank_transaction_explanations` ADD `project_id` integer;
