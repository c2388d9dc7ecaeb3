import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { bankAccounts, bankTransactions, statementUploads } from './banking';
import { id, timestamps } from './columns';

/**
 * A bank account reconciled to a statement: on `statement_date` the bank said the balance was
 * `closing_balance_minor`, and the lines marked with this reconciliation brought the book to it. The
 * figures are kept as they were when it was made, so the history reads as it was reconciled.
 */
export const bankReconciliations = sqliteTable(
  'bank_reconciliations',
  {
    id: id(),
    bankAccountId: integer('bank_account_id').notNull().references(() => bankAccounts.id, { onDelete: 'cascade' }),
    statementDate: text('statement_date').notNull(),
    /** In the bank account's currency, as the statement printed it. */
    closingBalanceMinor: integer('closing_balance_minor').notNull(),
    /** The reconciled balance it started from: the opening balance and every line reconciled before. */
    startingBalanceMinor: integer('starting_balance_minor').notNull(),
    moneyInMinor: integer('money_in_minor').notNull(),
    moneyOutMinor: integer('money_out_minor').notNull(),
    lineCount: integer('line_count').notNull(),
    /** The import whose file gave the closing balance; null when it was typed. */
    statementUploadId: integer('statement_upload_id').references(() => statementUploads.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [index('bank_reconciliations_account').on(table.bankAccountId, table.statementDate)],
);

/** Which reconciliation each reconciled line belongs to; a line is reconciled once. */
export const bankReconciliationLines = sqliteTable(
  'bank_reconciliation_lines',
  {
    id: id(),
    reconciliationId: integer('reconciliation_id').notNull().references(() => bankReconciliations.id, { onDelete: 'cascade' }),
    bankTransactionId: integer('bank_transaction_id').notNull().references(() => bankTransactions.id, { onDelete: 'cascade' }),
  },
  (table) => [uniqueIndex('bank_reconciliation_lines_transaction').on(table.bankTransactionId), index('bank_reconciliation_lines_reconciliation').on(table.reconciliationId)],
);

/**
 * The closing balance an imported file printed (OFX LEDGERBAL, CAMT.053 CLBD, MT940 :62F:, a CSV's
 * running balance), kept with its upload so Reconcile can offer it. One row per upload that had one.
 */
export const statementClosingBalances = sqliteTable('statement_closing_balances', {
  uploadId: integer('upload_id').primaryKey().references(() => statementUploads.id, { onDelete: 'cascade' }),
  bankAccountId: integer('bank_account_id').notNull().references(() => bankAccounts.id, { onDelete: 'cascade' }),
  statementDate: text('statement_date').notNull(),
  closingBalanceMinor: integer('closing_balance_minor').notNull(),
});
