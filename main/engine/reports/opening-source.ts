import type Database from 'better-sqlite3';
import { booksDates } from './books-dates';
import { RETAINED_PROFIT_CODE } from './retained-profit-codes';

/**
 * The postings of the opening balances (one journal set, spec 2.2) are where the books start, not
 * something that happened in them: reports keep them out of the period's movements (money in, the
 * year's profit) and count them as brought forward. Null when the book has no opening balances.
 */
export function openingSetId(sqlite: Database.Database): number | null {
  const id = sqlite.prepare('SELECT id FROM journal_sets WHERE is_opening_balances = 1').pluck().get() as number | undefined;
  return id ?? null;
}

/** SQL matching the opening set's postings (alias `p`), bound to @opening; read by the postings_source index. */
export const OPENING_POSTINGS_SQL = "p.source_resource = 'journal_sets' AND p.source_id = @opening";

/**
 * Whether the opening balances' income and expenses are the year to date: the books start after the
 * first day of their first accounting year (a company that moved here part-way through it), so what
 * its old books counted on profit and loss codes from that day is this year's, and counts in the year
 * (CA 2006 s390, CTA 2009 s9: the accounting period is the real year). When the books start on the
 * year's first day, profit and loss codes in the opening balances are the years before, brought forward.
 */
export function openingHoldsYearToDate(sqlite: Database.Database): boolean {
  const dates = booksDates(sqlite);
  return dates.firstYearStart < dates.booksStart;
}

/**
 * Whether an opening balance on a profit code (by base code) is brought forward rather than the
 * period's movement: always on 968, the profit kept from the years before the books; on the other
 * profit codes unless they are the year to date.
 */
export function openingBroughtForward(baseCode: string, yearToDate: boolean): boolean {
  return !yearToDate || baseCode === String(RETAINED_PROFIT_CODE);
}
