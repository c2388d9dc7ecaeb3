import type Database from 'better-sqlite3';
import { FIRST_ACCOUNTING_YEAR_START } from '../company-settings';

/**
 * The company's dates as the reports' own SQL reads them (loadCompany needs drizzle's db): the day
 * the books start, and the first accounting year the years are counted from. That year begins before
 * the books when the company moved here part-way through it (the first_accounting_year_start setting),
 * else on the books' first day.
 */
export interface BooksDates {
  booksStart: string;
  firstYearStart: string;
  firstYearEnd: string;
}

export function booksDates(sqlite: Database.Database): BooksDates {
  const row = sqlite
    .prepare<[string], { booksStart: string; firstYearEnd: string; setApart: string | null }>(
      `SELECT company_start_date AS booksStart, first_accounting_year_end AS firstYearEnd,
         (SELECT value FROM book_settings WHERE key = ?) AS setApart
       FROM company`,
    )
    .get(FIRST_ACCOUNTING_YEAR_START);
  if (!row) throw new Error('The book has no company');
  return { booksStart: row.booksStart, firstYearStart: row.setApart ?? row.booksStart, firstYearEnd: row.firstYearEnd };
}
