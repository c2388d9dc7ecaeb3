-- What settles a document is read by the document's id: its payments (paid_invoice_id, paid_bill_id)
-- and the credit notes set against it either way. Without these every invoice's due amount scanned
-- every explanation: the contacts list (each contact's balance) took 650-780 ms a page and the invoice
-- views' counts as much on a book of 5,000 explained lines. Partial on the payment columns: most
-- explanations pay nothing, and those rows cost neither space nor an index write.
CREATE INDEX `explanations_paid_invoice` ON `bank_transaction_explanations` (`paid_invoice_id`) WHERE `paid_invoice_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `explanations_paid_bill` ON `bank_transaction_explanations` (`paid_bill_id`) WHERE `paid_bill_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `credit_note_reconciliations_invoice` ON `credit_note_reconciliations` (`invoice_id`);--> statement-breakpoint
CREATE INDEX `credit_note_reconciliations_credit_note` ON `credit_note_reconciliations` (`credit_note_id`);
