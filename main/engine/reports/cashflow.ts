import type Database from 'better-sqlite3';
import type { EngineContext } from '../context';
import { earlier, monthsOf, type CalendarMonth } from './dates';
import { OPENING_POSTINGS_SQL, openingSetId } from './opening-source';
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
  /** The money-in legs of transfers between own accounts, to take off both sides. */
  transferred: number;
}

const BANK_CATEGORIES = "SELECT id FROM categories WHERE base_code = '750'";

/**
 * Money in and out of the bank accounts (the 750-N postings) per calendar month, less transfers
 * between own accounts: a transfer is one document posting +x to one account and -x to another on
 * the same day, which is neither money in nor money out of the business. Its money-in leg is found
 * through the (category_id, dated_on, debit_minor) index by its opposite leg, and only such pairs
 * are checked for a common document (the unary + keeps SQLite from looking every posting up by its
 * document instead): a tenth of the time of netting every document's bank postings with GROUP BY.
 */
function monthRows(sqlite: Database.Database, from: string, to: string, onlyOpening?: number): MonthRow[] {
  const source = onlyOpening === undefined ? '' : `AND ${OPENING_POSTINGS_SQL}`;
  return sqlite
    .prepare<{ from: string; to: string; opening?: number }, MonthRow>(
      `SELECT substr(p.dated_on, 1, 7) AS month,
         coalesce(sum(CASE WHEN p.debit_minor > 0 THEN p.debit_minor END), 0) AS incoming,
         coalesce(sum(CASE WHEN p.debit_minor < 0 THEN -p.debit_minor END), 0) AS outgoing,
         coalesce(sum(CASE WHEN p.debit_minor > 0 AND EXISTS (
           SELECT 1 FROM postings q
           WHERE q.category_id IN (${BANK_CATEGORIES}) AND q.dated_on = p.dated_on AND q.debit_minor = -p.debit_minor
             AND +q.source_id = p.source_id AND +q.source_resource = p.source_resource
         ) THEN p.debit_minor END), 0) AS transferred
       FROM postings p
       WHERE p.category_id IN (${BANK_CATEGORIES}) AND p.dated_on BETWEEN @from AND @to ${source}
       GROUP BY month`,
    )
    .all(onlyOpening === undefined ? { from, to } : { from, to, opening: onlyOpening });
}

/** A month's money in and out less its transfers between own accounts. */
const netOfTransfers = (row: MonthRow | undefined) => ({ incoming: (row?.incoming ?? 0) - (row?.transferred ?? 0), outgoing: (row?.outgoing ?? 0) - (row?.transferred ?? 0) });

/**
 * Every month the period touches, with its totals. Only history counts: postings dated after today
 * are not cash that has moved, so future months (and future days of this month) give 0.
 */
export function cashflowByMonth(ctx: Pick<EngineContext, 'book' | 'today'>, period: ReportPeriod): CashflowMonthTotals[] {
  const until = earlier(period.to, ctx.today);
  const rows = period.from <= until ? monthRows(ctx.book.sqlite, period.from, until) : [];
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  // Opening bank balances are where the books start, not money that came in: the opening set's own
  // bank postings (a handful, read by the source index) are taken off the month they are dated in.
  const opening = openingSetId(ctx.book.sqlite);
  const openingRows = opening !== null && period.from <= until ? monthRows(ctx.book.sqlite, period.from, until, opening) : [];
  const openingByMonth = new Map(openingRows.map((row) => [row.month, row]));
  return monthsOf(period.from, period.to).map((month) => {
    const key = `${month.year}-${String(month.month).padStart(2, '0')}`;
    const all = netOfTransfers(byMonth.get(key));
    const start = netOfTransfers(openingByMonth.get(key));
    return { ...month, incoming: all.incoming - start.incoming, outgoing: all.outgoing - start.outgoing };
  });
}
