import { fromMinor } from '../../../shared/money';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { findReconciliation, lastReconciliation, type ReconciliationRow, type StatementFigures } from './reconciliation-figures';

export const RECONCILIATIONS = 'bank_reconciliations';

/**
 * Marks the ticked lines reconciled with the statement, in the request's one transaction (so one
 * undo takes it back). Refused, with nothing marked, unless the statement and the book agree to the
 * penny: a reconciliation that does not balance would hide the line that is missing or doubled.
 */
export function reconcile(ctx: EngineContext, figures: StatementFigures): ReconciliationRow {
  const { asked } = figures;
  const currency = asked.account.currency;
  if (figures.differenceMinor !== 0) {
    const more = figures.differenceMinor > 0 ? 'more' : 'less';
    throw unprocessable(
      `The statement's closing balance of ${fromMinor(asked.closingMinor, currency)} is ${fromMinor(Math.abs(figures.differenceMinor), currency)} ${more} than the book's ` +
        `${fromMinor(figures.tickedMinor, currency)} for the lines ticked, so nothing was reconciled. Look for a line missing from the book or there twice, or check the closing balance`,
    );
  }
  const ticked = figures.lines.filter((line) => line.ticked);
  const sqlite = ctx.book.sqlite;
  const inserted = sqlite
    .prepare(
      `INSERT INTO bank_reconciliations (bank_account_id, statement_date, closing_balance_minor, starting_balance_minor, money_in_minor,
         money_out_minor, line_count, statement_upload_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(asked.account.id, asked.statementDate, asked.closingMinor, figures.startingMinor, figures.moneyInMinor, figures.moneyOutMinor, ticked.length, asked.uploadId, ctx.now, ctx.now);
  const id = Number(inserted.lastInsertRowid);
  const mark = sqlite.prepare('INSERT INTO bank_reconciliation_lines (reconciliation_id, bank_transaction_id) VALUES (?, ?)');
  for (const line of ticked) mark.run(id, line.id);
  ctx.recordChange(RECONCILIATIONS, id, 'create');
  return findReconciliation(ctx, String(id));
}

/**
 * Takes a reconciliation back, its lines unmarked. Only an account's latest: the ones after it
 * started from its balance, so removing one in the middle would leave them resting on nothing.
 */
export function unreconcile(ctx: EngineContext, row: ReconciliationRow): void {
  const last = lastReconciliation(ctx, row.bankAccountId);
  if (last && last.id !== row.id) {
    throw unprocessable(`Only the latest reconciliation of an account can be removed; the one for the statement of ${last.statementDate} came after this one`);
  }
  ctx.book.sqlite.prepare('DELETE FROM bank_reconciliations WHERE id = ?').run(row.id);
  ctx.recordChange(RECONCILIATIONS, row.id, 'delete');
}
