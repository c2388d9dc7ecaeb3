import type { Frequency } from '../../../shared/api/recurring_invoices';
import { addDays, addMonths, daysBetween } from './dates';

/** Each frequency as a step in days or in months. */
const STEPS: Readonly<Record<Frequency, { days: number } | { months: number }>> = {
  Weekly: { days: 7 },
  'Two Weekly': { days: 14 },
  'Four Weekly': { days: 28 },
  Monthly: { months: 1 },
  'Two Monthly': { months: 2 },
  Quarterly: { months: 3 },
  Biannually: { months: 6 },
  Annually: { months: 12 },
  'Two Yearly': { months: 24 },
};

/**
 * The n-th date of a series that starts on `anchor`. Months are counted from the anchor each time,
 * so a series on the 31st issues on the last day of shorter months and goes back to the 31st after.
 */
export function occurrence(anchor: string, frequency: Frequency, n: number): string {
  const step = STEPS[frequency];
  return 'days' in step ? addDays(anchor, step.days * n) : addMonths(anchor, step.months * n);
}

/** The first date of the series (after its start) that falls on or after `date`. */
export function firstOnOrAfter(anchor: string, frequency: Frequency, date: string): string {
  const step = STEPS[frequency];
  let n: number;
  if ('days' in step) {
    n = Math.max(1, Math.floor(daysBetween(anchor, date) / step.days));
  } else {
    const [ay, am] = anchor.split('-').map(Number) as [number, number];
    const [dy, dm] = date.split('-').map(Number) as [number, number];
    n = Math.max(1, Math.floor(((dy - ay) * 12 + (dm - am)) / step.months) - 1);
  }
  while (occurrence(anchor, frequency, n) < date) n += 1;
  return occurrence(anchor, frequency, n);
}

/** The first date of the series strictly after `date`. */
export const firstAfter = (anchor: string, frequency: Frequency, date: string) => firstOnOrAfter(anchor, frequency, addDays(date, 1));
