/**
 * Periods a report is asked for: the accounting years the company has and the year to date (the
 * engine works out a comparison period itself). Dates are ISO days.
 */
import type { Period } from '../../lib/api/reports';

export interface AccountingYear {
  starts_on: string;
  ends_on: string;
}

/** The accounting year holding a date, if the company has it. */
export function yearHolding(years: readonly AccountingYear[], date: string): AccountingYear | undefined {
  return years.find((year) => year.starts_on <= date && date <= year.ends_on);
}

/** The current accounting year up to today (the engine's own default period). */
export function yearToDate(years: readonly AccountingYear[], today: string): Period {
  const year = yearHolding(years, today);
  return { from: year?.starts_on ?? today, to: today };
}
