import type { EngineContext } from '../context';
import { userLockDate } from '../ledger/locks';
import { latestReconciledStatement } from './reconciled-guard';
import { NEAR_MATCH_DAYS, type ExistingLine } from './statement-classify';
import type { IncomingLine } from './incoming-line';

/**
 * The account's lines a row could repeat: those within the near-match window, and those with a row's
 * fitid. A line a transfer made (the other side of a transfer explained from another account) is marked
 * as such unless it is dated on or before the user lock or the account's latest reconciled statement:
 * the import replaces such a line by the bank's, and there it must stay as it is.
 */
export function existingNear(ctx: EngineContext, bankAccountId: number, lines: readonly IncomingLine[]): ExistingLine[] {
  if (lines.length === 0) return [];
  let first = lines[0]!.datedOn;
  let last = first;
  for (const line of lines) {
    if (line.datedOn < first) first = line.datedOn;
    if (line.datedOn > last) last = line.datedOn;
  }
  const fitids = [...new Set(lines.map((line) => line.fitid).filter((fitid): fitid is string => fitid !== null))];
  const rows = ctx.book.sqlite
    .prepare(
      `SELECT t.id, t.dated_on AS datedOn, t.amount_minor AS amountMinor, t.description, t.transaction_id AS fitid,
              EXISTS (SELECT 1 FROM bank_transaction_explanations e WHERE e.transfer_transaction_id = t.id) AS madeByTransfer
       FROM bank_transactions t
       WHERE t.bank_account_id = @account AND (t.dated_on BETWEEN @from AND @to OR t.transaction_id IN (SELECT value FROM json_each(@fitids)))`,
    )
    .all({ account: bankAccountId, from: shiftDays(first, -NEAR_MATCH_DAYS), to: shiftDays(last, NEAR_MATCH_DAYS), fitids: JSON.stringify(fitids) }) as (Omit<ExistingLine, 'madeByTransfer'> & { madeByTransfer: number })[];
  const closedTo = [userLockDate(ctx), latestReconciledStatement(ctx, bankAccountId)?.statementDate ?? null].reduce<string | null>((a, b) => (a === null || (b !== null && b > a) ? b : a), null);
  return rows.map((row) => ({ ...row, madeByTransfer: row.madeByTransfer === 1 && (closedTo === null || row.datedOn > closedTo) }));
}

function shiftDays(isoDate: string, days: number): string {
  const shifted = new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000);
  return shifted.toISOString().slice(0, 10);
}
