/**
 * Calendar arithmetic on YYYY-MM-DD text, in UTC so that no time zone or daylight saving change can
 * move a day. Reports and returns count in days and months, never in instants.
 */

function parts(date: string): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}

function format(value: Date): string {
  return value.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const [year, month, day] = parts(date);
  return format(new Date(Date.UTC(year, month - 1, day + days)));
}

/** The last day of a month (month 1-12); month may run past 12 or below 1 and rolls the year. */
export function endOfMonth(year: number, month: number): string {
  return format(new Date(Date.UTC(year, month, 0)));
}

/** The same day some months on, held to the end of a shorter month: 31 January + 1 month = 28/29 February. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = parts(date);
  const last = Number(endOfMonth(year, month + months).slice(8));
  return format(new Date(Date.UTC(year, month - 1 + months, Math.min(day, last))));
}

/** The last day of the month a date falls in. */
export function monthEnd(date: string): string {
  const [year, month] = parts(date);
  return endOfMonth(year, month);
}

export interface CalendarMonth {
  year: number;
  /** 1-12. */
  month: number;
}

/** Every calendar month a period touches, in order. */
export function monthsOf(from: string, to: string): CalendarMonth[] {
  const [fromYear, fromMonth] = parts(from);
  const [toYear, toMonth] = parts(to);
  const months: CalendarMonth[] = [];
  for (let index = fromYear * 12 + fromMonth - 1; index <= toYear * 12 + toMonth - 1; index += 1) {
    months.push({ year: Math.floor(index / 12), month: (index % 12) + 1 });
  }
  return months;
}

export const earlier = (a: string, b: string) => (a < b ? a : b);
export const later = (a: string, b: string) => (a > b ? a : b);
