import { fromMinor, sumMinor } from '../../../shared/money';
import type { EngineContext } from '../context';
import { findBankAccount } from '../resources/bank_accounts';
import { recordUrl } from '../urls';
import { date, decimal, timestamp, type ApiRecord } from '../values';
import { bookBalanceOn, reconciledLines, type AccountRow, type LineRow, type ReconciliationRow, type StatementFigures } from './reconciliation-figures';
import { RECONCILIATIONS } from './reconciliation-write';

const money = (minor: number, account: AccountRow) => decimal(fromMinor(minor, account.currency));

export function lineRecord(ctx: EngineContext, line: LineRow, account: AccountRow): ApiRecord {
  return { url: recordUrl(ctx, 'bank_transactions', line.id), dated_on: date(line.datedOn), description: line.description, amount: money(line.amountMinor, account) };
}

export function previewRecord(ctx: EngineContext, figures: StatementFigures): ApiRecord {
  const { account } = figures.asked;
  return {
    bank_account: recordUrl(ctx, 'bank_accounts', account.id),
    statement_date: date(figures.asked.statementDate),
    closing_balance: money(figures.asked.closingMinor, account),
    starting_balance: money(figures.startingMinor, account),
    book_balance: money(figures.bookMinor, account),
    ticked_balance: money(figures.tickedMinor, account),
    difference: money(figures.differenceMinor, account),
    unreconciled_transactions: figures.lines.map((line) => ({ ...lineRecord(ctx, line, account), ticked: line.ticked })),
    last_reconciliation: figures.last
      ? { url: recordUrl(ctx, RECONCILIATIONS, figures.last.id), statement_date: date(figures.last.statementDate), closing_balance: money(figures.last.closingBalanceMinor, account) }
      : undefined,
  };
}

function fileNameOf(ctx: EngineContext, uploadId: number | null): string | undefined {
  if (uploadId === null) return undefined;
  return (ctx.book.sqlite.prepare('SELECT file_name FROM statement_uploads WHERE id = ?').pluck().get(uploadId) as string | null | undefined) ?? undefined;
}

/** A reconciliation in the account's history, its figures as they were when it was made. */
export function reconciliationRecord(ctx: EngineContext, row: ReconciliationRow, account: AccountRow = findBankAccount(ctx, row.bankAccountId)): ApiRecord {
  return {
    url: recordUrl(ctx, RECONCILIATIONS, row.id),
    bank_account: recordUrl(ctx, 'bank_accounts', row.bankAccountId),
    statement_date: date(row.statementDate),
    closing_balance: money(row.closingBalanceMinor, account),
    starting_balance: money(row.startingBalanceMinor, account),
    money_in: money(row.moneyInMinor, account),
    money_out: money(row.moneyOutMinor, account),
    transaction_count: row.lineCount,
    statement_upload: row.statementUploadId !== null ? recordUrl(ctx, 'statement_uploads', row.statementUploadId) : undefined,
    file_name: fileNameOf(ctx, row.statementUploadId),
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
  };
}

/**
 * Lines in the book on or before the statement date that were not on it: never reconciled, or
 * reconciled by a later statement (ids grow with the statements, which are reconciled in order).
 */
function outstandingLines(ctx: EngineContext, row: ReconciliationRow): LineRow[] {
  return ctx.book.sqlite
    .prepare(
      `SELECT t.id, t.dated_on AS datedOn, t.description, t.amount_minor AS amountMinor FROM bank_transactions t
       LEFT JOIN bank_reconciliation_lines l ON l.bank_transaction_id = t.id
       WHERE t.bank_account_id = ? AND t.dated_on <= ? AND (l.id IS NULL OR l.reconciliation_id > ?) ORDER BY t.dated_on, t.id`,
    )
    .all(row.bankAccountId, row.statementDate, row.id) as LineRow[];
}

/**
 * A reconciliation read alone: its lines, and the statement against the book as the book stands
 * now, so the report shows a line changed or removed since (the two sides then no longer meet).
 */
export function reconciliationDetail(ctx: EngineContext, row: ReconciliationRow): ApiRecord {
  const account = findBankAccount(ctx, row.bankAccountId);
  const outstanding = outstandingLines(ctx, row);
  const bookMinor = bookBalanceOn(ctx, account, row.statementDate);
  return {
    ...reconciliationRecord(ctx, row, account),
    bank_transactions: reconciledLines(ctx, row.id).map((line) => lineRecord(ctx, line, account)),
    book_balance: money(bookMinor, account),
    outstanding_transactions: outstanding.map((line) => lineRecord(ctx, line, account)),
    outstanding_total: money(sumMinor(outstanding.map((line) => line.amountMinor)), account),
    unexplained_difference: money(bookMinor - row.closingBalanceMinor - sumMinor(outstanding.map((line) => line.amountMinor)), account),
  };
}
