import type Database from 'better-sqlite3';
import type { EngineContext } from '../context';
import { earlier, monthsOf, type CalendarMonth } from './dates';
import type { ReportPeriod } from './report-period';

export interface CashflowMonthTotals extends CalendarMonth {
  /** Native minor units, both positive. */
  incoming: number;
  outgoing: number;
}

interface MonthRow {
  month: string;
  incoming: number;
  outgoing: number;
}

/**
 * Money in and out of the bank accounts (the 750-N postings) per calendar month. Each document's bank
 * postings of a day are netted first, so a transfer between two own accounts (one document, +x on
 * one account and -x on the other) is neither money in nor money out of the business.
 */
function monthRows(sqlite: Database.Database, from: string, to: string): MonthRow[] {
  return sqlite
    .prepare<{ from: string; to: string }, MonthRow>(
      `SELECT substr(dated_on, 1, 7) AS month,
         coalesce(sum(CASE WHEN net > 0 THEN net END), 0) AS incoming,
         coalesce(sum(CASE WHEN net < 0 THEN -net END), 0) AS outgoing
       FROM (
         SELECT dated_on, sum(debit_minor) AS net FROM postings
         WHERE category_id IN (SELECT id FROM categories WHERE base_code = '750') AND dated_on BETWEEN @from AND @to
         GROUP BY source_resource, source_id, dated_on
       )
       GROUP BY month`,
    )
    .all({ from, to });
}

/**
 * Every month the period touches, with its totals. Only history counts: postings dated after today
 * are not cash that has moved, so future months (and future days of this month) give 0.
 */
export function cashflowByMonth(ctx: Pick<EngineContext, 'book' | 'today'>, period: ReportPeriod): CashflowMonthTotals[] {
  const until = earlier(period.to, ctx.today);
  const rows = period.from <= until ? monthRows(ctx.book.sqlite, period.from, until) : [];
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return monthsOf(period.from, period.to).map((month) => {
    const row = byMonth.get(`${month.year}-${String(month.month).padStart(2, '0')}`);
    return { ...month, incoming: row?.incoming ?? 0, outgoing: row?.outgoing ?? 0 };
  });
}
