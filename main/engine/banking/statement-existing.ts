import type { EngineContext } from '../context';
import { POSSIBLE_DUPLICATE_DAYS, type ExistingLine } from './statement-classify';
import type { IncomingLine } from './statement-import';

/** The account's lines a row could repeat: those within the near-match window, and those with a row's fitid. */
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
      `SELECT id, dated_on AS datedOn, amount_minor AS amountMinor, description, transaction_id AS fitid FROM bank_transactions
       WHERE bank_account_id = @account AND (dated_on BETWEEN @from AND @to OR transaction_id IN (SELECT value FROM json_each(@fitids)))`,
    )
    .all({ account: bankAccountId, from: shiftDays(first, -POSSIBLE_DUPLICATE_DAYS), to: shiftDays(last, POSSIBLE_DUPLICATE_DAYS), fitids: JSON.stringify(fitids) });
  return rows as ExistingLine[];
}

function shiftDays(isoDate: string, days: number): string {
  const shifted = new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000);
  return shifted.toISOString().slice(0, 10);
}

