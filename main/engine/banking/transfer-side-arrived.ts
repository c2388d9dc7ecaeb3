import type { EngineContext } from '../context';
import { touchLine } from './explanation-statements';
import type { IncomingLine } from './incoming-line';
import { EXPLANATIONS } from './records';
import { classifyRows, NEAR_MATCH_DAYS } from './statement-classify';
import { existingNear } from './statement-existing';

/**
 * A transfer explained from one account before the other account's statement is in makes its other side
 * there, a manual line standing in for the bank's (transfer-other-side.ts). When that statement arrives,
 * its line is the same movement of money: imported beside the made line it counted the money twice, and
 * the review called it a possible duplicate of a line of its own account. The import puts the bank's
 * line in the made line's place instead: the transfer's counterpart explanation moves onto it, and the
 * made line goes. The rows are found as the review finds them (classifyRows' `transfer`), so what the
 * review showed is what the import does.
 */

/** Whether the account holds any line a transfer made within reach of the upload's dates: one seek, usually no. */
function anyMadeLineNear(ctx: EngineContext, bankAccountId: number, lines: readonly IncomingLine[]): boolean {
  let first = lines[0]!.datedOn;
  let last = first;
  for (const line of lines) {
    if (line.datedOn < first) first = line.datedOn;
    if (line.datedOn > last) last = line.datedOn;
  }
  const found = ctx.book.sqlite
    .prepare(
      `SELECT 1 FROM bank_transaction_explanations e JOIN bank_transactions t ON t.id = e.transfer_transaction_id
       WHERE t.bank_account_id = ? AND t.dated_on BETWEEN date(?, ?) AND date(?, ?) LIMIT 1`,
    )
    .pluck()
    .get(bankAccountId, first, `-${NEAR_MATCH_DAYS} days`, last, `+${NEAR_MATCH_DAYS} days`);
  return found !== undefined;
}

/** For each row of `fresh` that is a transfer's other side: the id of the line the transfer made, by row. */
export function madeLinesReplaced(ctx: EngineContext, bankAccountId: number, lines: readonly IncomingLine[], fresh: readonly number[]): Map<number, number> {
  const replaced = new Map<number, number>();
  if (fresh.length === 0 || !anyMadeLineNear(ctx, bankAccountId, lines)) return replaced;
  classifyRows(lines, fresh, existingNear(ctx, bankAccountId, lines)).forEach((verdict, index) => {
    if (verdict.status === 'transfer' && verdict.match) replaced.set(index, verdict.match.id);
  });
  return replaced;
}

/**
 * Puts each imported line in the place of the line the transfer made (inside the upload's transaction,
 * after its lines are inserted). `rows` maps an upload row to the made line it replaces.
 */
export function replaceMadeLines(ctx: EngineContext, uploadId: number, lines: readonly IncomingLine[], rows: ReadonlyMap<number, number>): void {
  if (rows.size === 0) return;
  const sqlite = ctx.book.sqlite;
  const insertedAs = sqlite.prepare<[number, string, number, string], number>(
    'SELECT id FROM bank_transactions WHERE upload_id = ? AND dated_on = ? AND amount_minor = ? AND description = ? ORDER BY id',
  ).pluck();
  const taken = new Set<number>();
  for (const [index, madeId] of rows) {
    const line = lines[index]!;
    const lineId = insertedAs.all(uploadId, line.datedOn, line.amountMinor, line.description).find((id) => !taken.has(id));
    if (lineId === undefined) continue;
    taken.add(lineId);
    const source = sqlite.prepare<[number], number>('SELECT id FROM bank_transaction_explanations WHERE transfer_transaction_id = ?').pluck().get(madeId)!;
    const counterpart = sqlite.prepare<[number, number], number>('SELECT id FROM bank_transaction_explanations WHERE bank_transaction_id = ? AND transfer_source_id = ?').pluck().get(madeId, source)!;
    // The source no longer made its other side: it is paired with a statement line, as when that line came first.
    sqlite.prepare('UPDATE bank_transaction_explanations SET transfer_transaction_id = NULL, updated_at = ? WHERE id = ?').run(ctx.now, source);
    // The counterpart is dated on its line's own date, as a paired one is.
    sqlite.prepare('UPDATE bank_transaction_explanations SET bank_transaction_id = ?, dated_on = ?, updated_at = ? WHERE id = ?').run(lineId, line.datedOn, ctx.now, counterpart);
    sqlite.prepare('DELETE FROM bank_transactions WHERE id = ?').run(madeId);
    ctx.recordChange(EXPLANATIONS, source, 'update');
    ctx.recordChange(EXPLANATIONS, counterpart, 'update');
    ctx.recordChange('bank_transactions', madeId, 'delete');
    touchLine(ctx, lineId);
  }
}
