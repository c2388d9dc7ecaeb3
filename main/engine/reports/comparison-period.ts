import type { Period } from '../ledger/periods';
import { addDays, addMonths, daysBetween } from '../sales/dates';
import { monthEnd, monthsOf } from './dates';
import type { ReportPeriod } from './report-period';

/**
 * The period a report is compared with. "The previous period" has the same shape just before this one:
 * a whole accounting year gives the year before (however long a first year was), whole calendar months
 * give as many months before, anything else the same number of days before. "A year earlier" is the
 * same dates twelve months back, a month's end staying a month's end (29 February 2028 -> 28 February).
 */
export function previousPeriod(period: ReportPeriod, years: readonly Period[]): ReportPeriod {
  const index = years.findIndex((year) => year.startsOn === period.from && year.endsOn === period.to);
  if (index > 0) return { from: years[index - 1]!.startsOn, to: years[index - 1]!.endsOn };
  const to = addDays(period.from, -1);
  if (period.from.endsWith('-01') && monthEnd(period.to) === period.to) {
    return { from: addMonths(period.from, -monthsOf(period.from, period.to).length), to };
  }
  return { from: addDays(to, -daysBetween(period.from, period.to)), to };
}

export function yearEarlier(period: ReportPeriod): ReportPeriod {
  const to = addMonths(period.to, -12);
  return { from: addMonths(period.from, -12), to: monthEnd(period.to) === period.to ? monthEnd(to) : to };
}
