/**
 * VAT return periods end on month ends. HMRC gives each business a "stagger": the months its
 * returns end in (quarterly: March/June/September/December, April/July/October/January or
 * May/August/November/February). Ledgerdesk stores the stagger as the end of the first return's
 * period; every later period is whole. Pure date arithmetic on YYYY-MM-DD, shared by the engine
 * (to check and count) and the renderer (to offer the choices).
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** Months since year 0, so months can be counted across years. */
export function monthNumber(date: string): number {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return year * 12 + month - 1;
}

/** The last day of the month with this month number. */
export function monthEndOf(number: number): string {
  const year = Math.floor(number / 12);
  const month = (number % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(last)}`;
}

export const isMonthEnd = (date: string) => monthEndOf(monthNumber(date)) === date;

/** Without a choice, the first period covers the registration month and the months after it to a full period. */
export function defaultFirstPeriodEnd(effectiveDate: string, periodMonths: number): string {
  return monthEndOf(monthNumber(effectiveDate) + periodMonths - 1);
}

/**
 * The ends the first period may have: a month end from the registration month to one full period
 * after it, so every stagger can be reached with a first return no longer than two periods less a
 * month (HMRC's first returns are often long or short in just this way).
 */
export function firstPeriodEndChoices(effectiveDate: string, periodMonths: number): string[] {
  const first = monthNumber(effectiveDate);
  return Array.from({ length: periodMonths + 1 }, (_, index) => monthEndOf(first + index));
}

/**
 * The first period end that puts the returns on a stagger, given as the month (1-12) one of its
 * periods ends in: the earliest month end from the registration month on that falls on it.
 */
export function firstEndForStagger(effectiveDate: string, periodMonths: number, endMonth: number): string {
  const first = monthNumber(effectiveDate);
  for (let number = first; ; number += 1) {
    if (((number % 12) + 1 - endMonth + 120) % periodMonths === 0) return monthEndOf(number);
  }
}

/** The month (1-12) that periods ending on this date's stagger end in first in a calendar year. */
export function staggerOf(periodEnd: string, periodMonths: number): number {
  const month = (monthNumber(periodEnd) % 12) + 1;
  return ((month - 1) % periodMonths) + 1;
}
