import type Database from 'better-sqlite3';
import { openingBroughtForward, openingHoldsYearToDate, OPENING_POSTINGS_SQL, openingSetId } from './opening-source';
import { profitLineOf, RETAINED_PROFIT_CODE } from './retained-profit-codes';

/** A category (or sub account) with what its postings add up to; debits positive, native minor units. */
export interface CategoryBalance {
  categoryId: number;
  nominalCode: string;
  baseCode: string;
  name: string;
  bankAccountId: number | null;
  userId: number | null;
  capitalAssetTypeId: number | null;
  total: number;
}

interface Row extends Omit<CategoryBalance, 'total'> {
  upTo: number;
  before: number;
}

/** A category's columns as CategoryBalance names them (alias `c`). */
export const CATEGORY_COLUMNS = `c.id AS categoryId, c.nominal_code AS nominalCode, c.base_code AS baseCode, c.description AS name,
  c.bank_account_id AS bankAccountId, c.user_id AS userId, c.capital_asset_type_id AS capitalAssetTypeId`;

/**
 * Every category's postings up to `to`, and the part before `from`, in one pass over the
 * (category_id, dated_on, debit_minor) index: the reports' sums are read from the index alone.
 */
function totalsUpTo(sqlite: Database.Database, from: string, to: string): Row[] {
  return sqlite
    .prepare<{ from: string; to: string }, Row>(
      `SELECT ${CATEGORY_COLUMNS}, t.upTo, t.before FROM (
         SELECT category_id, sum(debit_minor) AS upTo, coalesce(sum(CASE WHEN dated_on < @from THEN debit_minor END), 0) AS before
         FROM postings WHERE dated_on <= @to GROUP BY category_id
       ) t JOIN categories c ON c.id = t.category_id
       ORDER BY c.base_code, c.nominal_code`,
    )
    .all({ from, to });
}

/** The opening balances' postings inside the period, per category: brought forward, not movement (see openingBroughtForward). */
function openingInPeriod(sqlite: Database.Database, from: string, to: string): Map<number, number> {
  const opening = openingSetId(sqlite);
  if (opening === null) return new Map();
  const rows = sqlite
    .prepare<{ from: string; to: string; opening: number }, { categoryId: number; debit: number }>(
      `SELECT p.category_id AS categoryId, sum(p.debit_minor) AS debit FROM postings p
       WHERE ${OPENING_POSTINGS_SQL} AND p.dated_on BETWEEN @from AND @to GROUP BY p.category_id`,
    )
    .all({ from, to, opening });
  return new Map(rows.map((row) => [row.categoryId, row.debit]));
}

const isProfitCode = (baseCode: string) => profitLineOf(baseCode) !== null;

/**
 * The trial balance of a period. Balance sheet categories carry their balance at `to`; profit and
 * loss categories carry the period's movement, as the profit and loss summary counts it; what they
 * held before the period (and the opening balances on them, but the year to date of books started
 * part-way through a year) is profit brought forward, which goes
 * to Profit and Loss (968), the retained profit account. So the lines always sum to zero, as the
 * postings do.
 */
export function trialBalance(sqlite: Database.Database, from: string, to: string, retainedProfitName: string): CategoryBalance[] {
  const opening = openingInPeriod(sqlite, from, to);
  const yearToDate = opening.size > 0 && openingHoldsYearToDate(sqlite);
  const lines: CategoryBalance[] = [];
  let broughtForward = 0;
  let retained: CategoryBalance | undefined;
  for (const { upTo, before, ...category } of totalsUpTo(sqlite, from, to)) {
    if (!isProfitCode(category.baseCode)) {
      lines.push({ ...category, total: upTo });
      continue;
    }
    const carried = before + (openingBroughtForward(category.baseCode, yearToDate) ? (opening.get(category.categoryId) ?? 0) : 0);
    if (category.baseCode === String(RETAINED_PROFIT_CODE)) {
      retained = { ...category, total: upTo };
      lines.push(retained);
      continue;
    }
    broughtForward += carried;
    lines.push({ ...category, total: upTo - carried });
  }
  if (broughtForward !== 0) {
    if (retained) retained.total += broughtForward;
    else lines.push(retainedProfitLine(sqlite, retainedProfitName, broughtForward));
  }
  return lines.filter((line) => line.total !== 0).sort(byCode);
}

const byCode = (a: CategoryBalance, b: CategoryBalance) => Number(a.baseCode) - Number(b.baseCode) || a.nominalCode.localeCompare(b.nominalCode, 'en', { numeric: true });

function retainedProfitLine(sqlite: Database.Database, fallbackName: string, total: number): CategoryBalance {
  const code = String(RETAINED_PROFIT_CODE);
  const row = sqlite.prepare<{ code: string }, Omit<CategoryBalance, 'total'>>(`SELECT ${CATEGORY_COLUMNS} FROM categories c WHERE c.nominal_code = @code`).get({ code });
  return row
    ? { ...row, total }
    : { categoryId: 0, nominalCode: code, baseCode: code, name: fallbackName, bankAccountId: null, userId: null, capitalAssetTypeId: null, total };
}

/** Every category's balance at a date (all postings on or before it), leaving out zero balances. */
export function balancesAt(sqlite: Database.Database, asAt: string): CategoryBalance[] {
  return totalsUpTo(sqlite, asAt, asAt)
    .map(({ upTo, before: _before, ...category }) => ({ ...category, total: upTo }))
    .filter((line) => line.total !== 0);
}
