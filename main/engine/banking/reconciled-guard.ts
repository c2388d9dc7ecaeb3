import type Database from 'better-sqlite3';
import { CONFIRM_RECONCILED } from '../../../shared/api/bank_reconciliations';
import type { EngineContext } from '../context';
import { preparedPerConnection } from '../prepared';
import { ApiError, badRequest } from '../errors';
import { recordUrl } from '../urls';
import { formattedAmount } from './descriptions';
import { lineWords } from './line-words';
import { date, type ApiRecord } from '../values';

/** The status of a change to a reconciled line sent without confirming it: the desk asks, then sends it again confirmed. */
export const RECONCILED_CONFLICT = 409;

interface ReconciledLine {
  id: number;
  datedOn: string;
  description: string;
  statementDate: string;
  reconciliationId: number;
}

// Every explanation asks both for each line it writes (a bulk accept, once a line): prepared once per
// connection, as preparing them cost more than running them.
const reconciledQuery = preparedPerConnection((sqlite: Database.Database) =>
  sqlite.prepare<[string], ReconciledLine>(
    `SELECT t.id, t.dated_on AS datedOn, t.description, r.statement_date AS statementDate, r.id AS reconciliationId
     FROM bank_reconciliation_lines l JOIN bank_transactions t ON t.id = l.bank_transaction_id JOIN bank_reconciliations r ON r.id = l.reconciliation_id
     WHERE l.bank_transaction_id IN (SELECT value FROM json_each(?))`,
  ),
);
const latestStatementQuery = preparedPerConnection((sqlite: Database.Database) =>
  sqlite.prepare<[number], ReconciledStatement>(
    `SELECT r.statement_date AS statementDate, a.name, a.currency FROM bank_reconciliations r JOIN bank_accounts a ON a.id = r.bank_account_id
     WHERE r.bank_account_id = ? ORDER BY r.statement_date DESC LIMIT 1`,
  ),
);

/** Which of these lines are reconciled, with the statement that reconciled them. */
export function reconciledAmong(ctx: EngineContext, transactionIds: readonly (number | null | undefined)[]): Map<number, ReconciledLine> {
  const found = new Map<number, ReconciledLine>();
  const ids = [...new Set(transactionIds.filter((id): id is number => typeof id === 'number'))];
  if (ids.length === 0) return found;
  for (const row of reconciledQuery(ctx.book.sqlite).all(JSON.stringify(ids))) found.set(row.id, row);
  return found;
}

/** confirm_reconciled=true on the request's query; anything else there is a malformed request. */
export function confirmedByQuery(query: URLSearchParams): boolean {
  const value = query.get(CONFIRM_RECONCILED);
  if (value === null || value === 'false') return false;
  if (value === 'true') return true;
  throw badRequest(`${CONFIRM_RECONCILED} must be true or false`);
}

/**
 * A reconciled line agrees with a statement the person checked; changing its explanation or taking
 * it away is allowed, but only when the request says it was meant (the desk asks first). Without
 * that the change is refused with 409 and nothing is written.
 */
export function assertReconciledChangeConfirmed(ctx: EngineContext, query: URLSearchParams, transactionIds: readonly (number | null | undefined)[], doing: string): void {
  assertReconciledLinesConfirmed(ctx, confirmedByQuery(query), transactionIds, doing);
}

/** The same rule for a write that already knows whether the person confirmed (explain.ts passes it down). */
export function assertReconciledLinesConfirmed(ctx: EngineContext, confirmed: boolean, transactionIds: readonly (number | null | undefined)[], doing: string): void {
  if (confirmed) return;
  const [line] = reconciledAmong(ctx, transactionIds).values();
  if (!line) return;
  const words = lineWords(line.description);
  const what = words === '' ? `the line of ${line.datedOn}` : `the line of ${line.datedOn} "${words}"`;
  throw new ApiError(
    RECONCILED_CONFLICT,
    `${what[0]!.toUpperCase()}${what.slice(1)} is reconciled with the statement to ${line.statementDate}; ${doing} can make that reconciliation wrong. Send ${CONFIRM_RECONCILED}=true to do it anyway`,
  );
}

/** An account's latest reconciled statement, with the account's name and currency for a sentence. */
export interface ReconciledStatement {
  statementDate: string;
  name: string;
  currency: string;
}

/**
 * The account's latest reconciled statement, or undefined when it has none. Statements are reconciled
 * in order, so every day up to its date belongs to a statement the person checked.
 */
export function latestReconciledStatement(ctx: EngineContext, bankAccountId: number): ReconciledStatement | undefined {
  return latestStatementQuery(ctx.book.sqlite).get(bankAccountId);
}

/** A bank line about to be added to the book. */
export interface AddedLine {
  bankAccountId: number;
  datedOn: string;
  amountMinor: number;
}

/**
 * A line added on or before an account's latest reconciled statement date is a line that statement,
 * checked by the person, did not have: the book's balance on that date moves away from the statement's
 * (a transfer's other side dated 5 October in an account reconciled to 31 October). Refused with 409
 * like a change to a reconciled line, unless confirmed.
 */
export function assertLineAddedConfirmed(ctx: EngineContext, confirmed: boolean, line: AddedLine, adding: string): void {
  if (confirmed) return;
  const statement = latestReconciledStatement(ctx, line.bankAccountId);
  if (!statement || line.datedOn > statement.statementDate) return;
  throw new ApiError(
    RECONCILED_CONFLICT,
    `${statement.name} is reconciled with the statement to ${statement.statementDate}; ${adding} would add a line of ${line.datedOn} (${line.amountMinor < 0 ? 'money out' : 'money in'}, ${formattedAmount(line.amountMinor, statement.currency)}) there that the statement does not have. Send ${CONFIRM_RECONCILED}=true to do it anyway`,
  );
}

/** The reconciliation fields of bank transaction records (Ledgerdesk's extension): when and by which statement. */
export function reconciledFields(ctx: EngineContext, transactionId: number, among: Map<number, ReconciledLine>): ApiRecord {
  const line = among.get(transactionId);
  return line ? { reconciled_on: date(line.statementDate), bank_reconciliation: recordUrl(ctx, 'bank_reconciliations', line.reconciliationId) } : {};
}

/** How many of an import's lines are reconciled: such an import is no longer undone as a whole. */
export function reconciledInUpload(ctx: EngineContext, uploadId: number): number {
  return ctx.book.sqlite
    .prepare('SELECT count(*) FROM bank_transactions t JOIN bank_reconciliation_lines l ON l.bank_transaction_id = t.id WHERE t.upload_id = ?')
    .pluck()
    .get(uploadId) as number;
}
