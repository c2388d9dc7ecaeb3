import type Database from 'better-sqlite3';
import type { EngineContext } from '../context';
import { openingBroughtForward, openingHoldsYearToDate, OPENING_POSTINGS_SQL, openingSetId } from './opening-source';
import type { ReportPeriod } from './report-period';
import { PROFIT_CODES_SQL, profitLineOf, type ProfitLine } from './retained-profit-codes';

/** Native minor units; credits positive for income, debits positive for everything taken from it. */
export interface ProfitAndLoss {
  income: number;
  expenses: number;
  operatingProfit: number;
  corporationTax: number;
  dividends: number;
  adjustments: number;
  retainedProfit: number;
  broughtForward: number;
  carriedForward: number;
}

interface CategoryTotals {
  baseCode: string;
  inPeriod: number;
  before: number;
}

/**
 * One pass over the profit categories' postings up to the period end, each category read through the
 * (category_id, dated_on) index: the period's movement and everything before it (brought forward).
 */
function categoryTotals(sqlite: Database.Database, period: ReportPeriod): CategoryTotals[] {
  return sqlite
    .prepare<{ from: string; to: string }, CategoryTotals>(
      `SELECT c.base_code AS baseCode, t.inPeriod, t.before FROM (
         SELECT category_id,
           coalesce(sum(CASE WHEN dated_on >= @from THEN debit_minor END), 0) AS inPeriod,
           coalesce(sum(CASE WHEN dated_on < @from THEN debit_minor END), 0) AS before
         FROM postings
         WHERE category_id IN (SELECT id FROM categories WHERE ${PROFIT_CODES_SQL}) AND dated_on <= @to
         GROUP BY category_id
       ) t JOIN categories c ON c.id = t.category_id`,
    )
    .all(period);
}

/**
 * The opening balances' postings on profit categories that fall inside the period, per base code:
 * brought forward (the profit of years before the books), not the period's movement, except the year
 * to date of books that start part-way through a year (openingBroughtForward).
 */
function openingInPeriod(sqlite: Database.Database, period: ReportPeriod, opening: number): { baseCode: string; debit: number }[] {
  return sqlite
    .prepare<{ from: string; to: string; opening: number }, { baseCode: string; debit: number }>(
      `SELECT c.base_code AS baseCode, sum(p.debit_minor) AS debit
       FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE ${OPENING_POSTINGS_SQL} AND p.dated_on BETWEEN @from AND @to AND p.category_id IN (SELECT id FROM categories WHERE ${PROFIT_CODES_SQL})
       GROUP BY c.base_code`,
    )
    .all({ ...period, opening });
}

/** The profit and loss summary of 2.18 over a period, from postings alone. */
export function profitAndLoss(ctx: Pick<EngineContext, 'book'>, period: ReportPeriod): ProfitAndLoss {
  const moved: Record<ProfitLine, number> = { income: 0, expenses: 0, corporationTax: 0, dividends: 0, adjustments: 0 };
  let debitsBefore = 0;
  for (const row of categoryTotals(ctx.book.sqlite, period)) {
    const line = profitLineOf(row.baseCode);
    if (line === null) continue;
    moved[line] += row.inPeriod;
    debitsBefore += row.before;
  }
  const opening = openingSetId(ctx.book.sqlite);
  const yearToDate = opening !== null && openingHoldsYearToDate(ctx.book.sqlite);
  for (const row of opening === null ? [] : openingInPeriod(ctx.book.sqlite, period, opening)) {
    const line = profitLineOf(row.baseCode);
    if (line === null || !openingBroughtForward(row.baseCode, yearToDate)) continue;
    moved[line] -= row.debit;
    debitsBefore += row.debit;
  }
  // Income is a credit (negative debit); everything else is taken from profit as a debit.
  const income = -moved.income;
  const operatingProfit = income - moved.expenses;
  const retainedProfit = operatingProfit - moved.corporationTax - moved.dividends - moved.adjustments;
  const broughtForward = -debitsBefore;
  return {
    income,
    expenses: moved.expenses,
    operatingProfit,
    corporationTax: moved.corporationTax,
    dividends: moved.dividends,
    adjustments: moved.adjustments,
    retainedProfit,
    broughtForward,
    carriedForward: broughtForward + retainedProfit,
  };
}
