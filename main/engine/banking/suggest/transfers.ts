import type { EngineContext } from '../../context';
import { readWhileUnchanged } from '../../read-cache';
import { roundConfidence, type Guess, type GuessLine } from './guess';

/**
 * A line whose opposite (same amount, other sign, within a few days) waits unexplained in another
 * account in the same currency is probably a transfer between them. It stays below CONFIDENT on
 * purpose: explaining a transfer writes its other side into the other account, so accepting it in
 * bulk beside the imported opposite would count that money twice; the person chooses.
 */

/** Banks date the two sides of a transfer up to a few days apart (weekends, clearing). */
const TRANSFER_DAYS = 4;
const DAY_MS = 86_400_000;

export interface AccountCurrency {
  id: number;
  currency: string;
}

/** Every unexplained line, sorted by amount, in typed arrays: found by binary search, cheap to build. */
interface OpenLines {
  amounts: Float64Array;
  accounts: Int32Array;
  days: Int32Array;
}

/** Day number of a YYYY-MM-DD date, without building a Date per line. */
const fastDay = (isoDate: string) => Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10))) / DAY_MS;

/**
 * Every unexplained line, read once until the book changes: a page of the register then looks its
 * lines' opposites up in memory instead of asking SQLite once per line and account.
 */
function openLines(ctx: EngineContext): OpenLines {
  return readWhileUnchanged(ctx, 'suggest:open-lines', () => {
    const rows = ctx.book.sqlite
      .prepare(
        `SELECT t.amount_minor, t.bank_account_id, t.dated_on FROM bank_transactions t
         WHERE NOT EXISTS (SELECT 1 FROM bank_transaction_explanations e WHERE e.bank_transaction_id = t.id) ORDER BY t.amount_minor`,
      )
      .raw()
      .all() as [number, number, string][];
    const lines: OpenLines = { amounts: new Float64Array(rows.length), accounts: new Int32Array(rows.length), days: new Int32Array(rows.length) };
    rows.forEach(([amount, account, datedOn], index) => {
      lines.amounts[index] = amount;
      lines.accounts[index] = account;
      lines.days[index] = fastDay(datedOn);
    });
    return lines;
  });
}

/** Index of the first line of at least `amount`. */
function firstAtLeast(amounts: Float64Array, amount: number): number {
  let low = 0;
  let high = amounts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (amounts[middle]! < amount) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The transfer guesser for a request, or null when no account has another in its currency. */
export function transferGuesser(ctx: EngineContext, accounts: readonly AccountCurrency[]): ((line: GuessLine) => Guess | null) | null {
  const currencyOf = new Map(accounts.map((account) => [account.id, account.currency]));
  const currencies = accounts.map((account) => account.currency);
  if (new Set(currencies).size === currencies.length) return null;
  const open = openLines(ctx);
  return (line) => {
    if (line.remainingMinor === 0) return null;
    const wanted = -line.remainingMinor;
    const day = fastDay(line.datedOn);
    let found = 0;
    let account = 0;
    for (let index = firstAtLeast(open.amounts, wanted); index < open.amounts.length && open.amounts[index] === wanted; index += 1) {
      const other = open.accounts[index]!;
      if (other === line.bankAccountId || currencyOf.get(other) !== line.currency || Math.abs(open.days[index]! - day) > TRANSFER_DAYS) continue;
      if (found === 0) account = other;
      found += 1;
    }
    if (found === 0) return null;
    return { source: 'match', confidence: roundConfidence(found === 1 ? 0.7 : 0.5), transferAccountId: account };
  };
}
