/**
 * Periods a report is asked for: the accounting years the company has, the year to date, and the
 * period just before a given one (for "compare with the previous period"). Dates are ISO days; the
 * arithmetic is on UTC days so no time zone moves a date.
 */
import type { Period } from '../../lib/api/reports';

export interface AccountingYear {
  starts_on: string;
  ends_on: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The accounting year holding a date, if the company has it. */
export function yearHolding(years: readonly AccountingYear[], date: string): AccountingYear | undefined {
  return years.find((year) => year.starts_on <= date && date <= year.ends_on);
}

/** The current accounting year up to today (the engine's own default period). */
export function yearToDate(years: readonly AccountingYear[], today: string): Period {
  const year = yearHolding(years, today);
  return { from: year?.starts_on ?? today, to: today };
}

/**
 * The period of the same shape just before this one: a whole accounting year gives the year before,
 * whole calendar months give as many months before, anything else the same number of days before.
 */
export function previousPeriod(period: Period, years: readonly AccountingYear[]): Period {
  const index = years.findIndex((year) => year.starts_on === period.from && year.ends_on === period.to);
  if (index > 0) return { from: years[index - 1]!.starts_on, to: years[index - 1]!.ends_on };
  const months = wholeMonths(period);
  if (months !== null) {
    const start = new Date(`${period.from}T00:00:00Z`);
    const from = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - months, 1));
    return { from: from.toISOString().slice(0, 10), to: isoOf(dayNumber(period.from) - 1) };
  }
  const length = dayNumber(period.to) - dayNumber(period.from) + 1;
  return { from: isoOf(dayNumber(period.from) - length), to: isoOf(dayNumber(period.from) - 1) };
}

/** The number of calendar months a period spans when it runs from a 1st to a month's last day. */
function wholeMonths(period: Period): number | null {
  if (!period.from.endsWith('-01')) return null;
  const next = isoOf(dayNumber(period.to) + 1);
  if (!next.endsWith('-01')) return null;
  const [fromYear, fromMonth] = period.from.split('-').map(Number) as [number, number];
  const [nextYear, nextMonth] = next.split('-').map(Number) as [number, number];
  return (nextYear - fromYear) * 12 + (nextMonth - fromMonth);
}
