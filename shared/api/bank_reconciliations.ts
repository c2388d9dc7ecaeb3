import { z } from 'zod';
import { date, decimal, url } from './fields';

/**
 * /v2/bank_reconciliations (a Ledgerdesk extension, docs/api-notes.md "Reconcile to the statement"):
 * the payload of a reconciliation and of its preview. `bank_transactions` names the lines ticked as
 * on the statement, or `excluded_bank_transactions` the ones that are not; with neither, every
 * unreconciled line up to the statement date is on it.
 */
export const reconciliationInputSchema = z.object({
  bank_account: url,
  statement_date: date,
  closing_balance: decimal,
  bank_transactions: z.array(url, { error: 'must be a list of bank transaction urls' }).max(100_000).optional(),
  /** The other way round: every unreconciled line up to the date but these (lines not on the statement). */
  excluded_bank_transactions: z.array(url, { error: 'must be a list of bank transaction urls' }).max(100_000).optional(),
  /** The import whose file printed the closing balance, when it came from one. */
  statement_upload: url.optional(),
});
export type ReconciliationInput = z.infer<typeof reconciliationInputSchema>;

const line = z.object({
  url: z.string(),
  dated_on: z.string(),
  description: z.string().default(''),
  amount: z.string(),
});
export const reconciliationLineSchema = line;
export type ReconciliationLine = z.infer<typeof line>;

/** POST /v2/bank_reconciliations/preview: the figures and the lines, before anything is marked. */
export const reconciliationPreviewSchema = z.object({
  bank_account: z.string(),
  statement_date: z.string(),
  closing_balance: z.string(),
  /** Opening balance plus every line reconciled before: where this statement starts from. */
  starting_balance: z.string(),
  /** Opening balance plus every line dated on or before the statement date. */
  book_balance: z.string(),
  /** starting_balance plus the lines ticked. */
  ticked_balance: z.string(),
  /** closing_balance minus ticked_balance: nil when the statement and the book agree. */
  difference: z.string(),
  unreconciled_transactions: z.array(line.extend({ ticked: z.boolean() })),
  last_reconciliation: z.object({ url: z.string(), statement_date: z.string(), closing_balance: z.string() }).optional(),
});
export type ReconciliationPreview = z.infer<typeof reconciliationPreviewSchema>;

export const reconciliationSchema = z.object({
  url: z.string(),
  bank_account: z.string(),
  statement_date: z.string(),
  closing_balance: z.string(),
  starting_balance: z.string(),
  money_in: z.string(),
  money_out: z.string(),
  transaction_count: z.number(),
  statement_upload: z.string().optional(),
  file_name: z.string().optional(),
  created_at: z.string(),
  /** On a single read: the lines it reconciled, and the book's side on the statement date now. */
  bank_transactions: z.array(line).optional(),
  book_balance: z.string().optional(),
  /** Lines in the book on or before the statement date that no reconciliation has marked. */
  outstanding_transactions: z.array(line).optional(),
  outstanding_total: z.string().optional(),
  /** book_balance minus closing_balance minus outstanding_total: nil unless the book changed since. */
  unexplained_difference: z.string().optional(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** GET /v2/bank_reconciliations/statement_balance: the closing balance the last import printed. */
export const statementBalanceSchema = z
  .object({ statement_date: z.string(), closing_balance: z.string(), statement_upload: z.string(), file_name: z.string().optional() })
  .nullable();
export type StatementBalance = z.infer<typeof statementBalanceSchema>;

/** The query parameter that confirms a change to a reconciled line (answered 409 without it). */
export const CONFIRM_RECONCILED = 'confirm_reconciled';
