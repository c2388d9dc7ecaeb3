import type Database from 'better-sqlite3';
import { OPENING_POSTINGS_SQL } from './opening-source';
import { profitLineOf } from './retained-profit-codes';
import type { ChargeablePeriod } from './chargeable-periods';

/** Disallowed for corporation tax whatever the category says: depreciation and gains/losses on disposal. */
const ADDED_BACK_CODES: readonly string[] = ['460', '461'];

/**
 * The expense categories the tax estimate adds back: those the chart marks not allowable for tax among
 * costs of sales and administrative expenses (entertaining, penalties, formation costs), and
 * depreciation with gains or losses on disposal, for which capital allowances are given instead.
 */
export function disallowedCodes(sqlite: Database.Database): Set<string> {
  const rows = sqlite
    .prepare<[], { code: string }>(
      `SELECT DISTINCT base_code AS code FROM categories
       WHERE list_group IN ('cost_of_sales', 'admin_expenses') AND coalesce(allowable_for_tax, 0) = 0 AND nominal_code = base_code`,
    )
    .all();
  return new Set([...rows.map((row) => row.code), ...ADDED_BACK_CODES]);
}

/**
 * A period's profit adjusted for tax before capital allowances: the profit before taxation as the profit
 * and loss counts it (income 001-095 less expenses 096-599 but corporation tax, opening balances left
 * out), so interest received (051, taxable) and interest paid (362 and the like, deductible) count as
 * much as trading; the detailed report's operating profit leaves them out. The disallowed categories
 * are added back. Minor units; negative for a loss.
 */
export function taxAdjustedProfit(sqlite: Database.Database, period: ChargeablePeriod, disallowed: ReadonlySet<string>, opening: number | null): number {
  // Every posting in the period through the covering (category_id, dated_on, debit_minor) index, less
  // the opening balances' (found by their source): reading each posting's row to test its source is
  // many times slower on a book of years.
  const rows = sqlite
    .prepare<{ from: string; to: string; opening: number }, { baseCode: string; debit: number }>(
      `SELECT c.base_code AS baseCode, t.debit FROM (
         SELECT category_id, sum(debit_minor) AS debit FROM postings
         WHERE category_id IN (SELECT id FROM categories WHERE CAST(base_code AS INTEGER) BETWEEN 1 AND 599) AND dated_on BETWEEN @from AND @to
         GROUP BY category_id
         UNION ALL
         SELECT p.category_id, -sum(p.debit_minor) FROM postings p
         WHERE ${OPENING_POSTINGS_SQL} AND p.dated_on BETWEEN @from AND @to
         GROUP BY p.category_id
       ) t JOIN categories c ON c.id = t.category_id`,
    )
    .all({ from: period.from, to: period.to, opening: opening ?? -1 });
  let allowableDebits = 0;
  for (const row of rows) {
    const line = profitLineOf(row.baseCode);
    if ((line === 'income' || line === 'expenses') && !disallowed.has(row.baseCode)) allowableDebits += row.debit;
  }
  return -allowableDebits;
}
