import type Database from 'better-sqlite3';
import { periodHolding } from '../ledger/periods';
import { booksDates } from './books-dates';
import { CATEGORY_COLUMNS, type CategoryBalance } from './category-balances';
import { openingHoldsYearToDate, OPENING_POSTINGS_SQL, openingSetId } from './opening-source';

/**
 * The tangible fixed assets as a set of accounts reads them: per capital asset type N, cost brought
 * forward (601-N), additions (602-N) and disposals (604-N); depreciation brought forward (605-N),
 * charged in the year (606-N) and on disposals (607-N). The ledger posts purchases to 602 and each
 * charge to 606 and never moves them (nothing is posted behind the person's back at a year end), so
 * here, for the statutory layout only, what the in-year accounts held before the accounting year that
 * holds the report date began is read as brought forward: 602 and 604 into 601, 606 and 607 into 605.
 * Each type's cost, depreciation and net book value stay exactly the ledger's.
 *
 * The opening balances are the books' position at their start: on the first day of an accounting
 * year they are the previous accounts' closing balances, so what they hold on 602-607 is brought
 * forward too (the previous accounts may not have rolled their year's movements). Books started
 * part-way through a year hold that year's additions and charge so far (opening-source.ts), which stay
 * the first year's own.
 */

const BROUGHT_FORWARD_OF: Readonly<Record<string, string>> = { '602': '601', '604': '601', '606': '605', '607': '605' };
const IN_YEAR_CODES = Object.keys(BROUGHT_FORWARD_OF);
const BROUGHT_FORWARD_CODES = [...new Set(Object.values(BROUGHT_FORWARD_OF))];

type Account = Omit<CategoryBalance, 'total'>;

interface Earlier extends Account {
  debit: number;
}

const quoted = (codes: readonly string[]) => codes.map((code) => `'${code}'`).join(', ');

/** The first day of the accounting year holding `asAt`, or null when the date is before the books' first year. */
function yearStartOf(sqlite: Database.Database, asAt: string): string | null {
  const dates = booksDates(sqlite);
  if (asAt < dates.firstYearStart) return null;
  return periodHolding(dates.firstYearStart, dates.firstYearEnd, asAt).startsOn;
}

/** What each in-year account (602, 604, 606, 607 and their sub accounts) held before the year. */
function earlierMovements(sqlite: Database.Database, yearStart: string, asAt: string): Earlier[] {
  const opening = openingSetId(sqlite);
  // The opening balances dated inside the year are brought forward unless they are its year to date.
  const openingCounts = opening !== null && !openingHoldsYearToDate(sqlite);
  return sqlite
    .prepare<{ yearStart: string; asAt: string; opening: number }, Earlier>(
      `SELECT ${CATEGORY_COLUMNS}, sum(p.debit_minor) AS debit
       FROM categories c JOIN postings p ON p.category_id = c.id
       WHERE c.base_code IN (${quoted(IN_YEAR_CODES)}) AND p.dated_on <= @asAt
         AND (p.dated_on < @yearStart${openingCounts ? ` OR (${OPENING_POSTINGS_SQL})` : ''})
       GROUP BY c.id`,
    )
    .all({ yearStart, asAt, opening: opening ?? 0 })
    .filter((row) => row.debit !== 0);
}

/** The brought forward accounts (601, 605 and their sub accounts), whether or not anything is posted to them. */
function broughtForwardAccounts(sqlite: Database.Database): Account[] {
  return sqlite.prepare<[], Account>(`SELECT ${CATEGORY_COLUMNS} FROM categories c WHERE c.base_code IN (${quoted(BROUGHT_FORWARD_CODES)})`).all();
}

const targetKey = (baseCode: string, typeId: number | null) => `${baseCode}|${typeId ?? ''}`;

/** In the order the balances come in (base code, then nominal code, as SQLite compares them). */
const byCode = (a: CategoryBalance, b: CategoryBalance) =>
  a.baseCode === b.baseCode ? (a.nominalCode < b.nominalCode ? -1 : a.nominalCode > b.nominalCode ? 1 : 0) : a.baseCode < b.baseCode ? -1 : 1;

/**
 * The balances at `asAt` (as balancesAt gives them: sorted, zero balances left out) with the fixed
 * asset accounts' movements before the year moved to the brought forward account of their type.
 * A movement whose type has no brought forward account in the chart stays where it is.
 */
export function rolledForward(sqlite: Database.Database, balances: readonly CategoryBalance[], asAt: string): CategoryBalance[] {
  const yearStart = yearStartOf(sqlite, asAt);
  if (yearStart === null) return [...balances];
  const earlier = earlierMovements(sqlite, yearStart, asAt);
  if (earlier.length === 0) return [...balances];
  const targets = new Map(broughtForwardAccounts(sqlite).map((account) => [targetKey(account.baseCode, account.capitalAssetTypeId), account]));
  // What each account gains or loses, and the account itself: either side may have no balance at the
  // date (nothing posted to 601-N; a 604-N whose earlier and later movements cancel).
  const moved = new Map<number, { account: Account; amount: number }>();
  const add = (account: Account, amount: number) => moved.set(account.categoryId, { account, amount: (moved.get(account.categoryId)?.amount ?? 0) + amount });
  for (const { debit, ...account } of earlier) {
    const target = targets.get(targetKey(BROUGHT_FORWARD_OF[account.baseCode]!, account.capitalAssetTypeId));
    if (target === undefined) continue;
    add(account, -debit);
    add(target, debit);
  }
  const lines = balances.map((line) => ({ ...line, total: line.total + (moved.get(line.categoryId)?.amount ?? 0) }));
  const present = new Set(balances.map((line) => line.categoryId));
  for (const { account, amount } of moved.values()) {
    if (!present.has(account.categoryId)) lines.push({ ...account, total: amount });
  }
  return lines.filter((line) => line.total !== 0).sort(byCode);
}
