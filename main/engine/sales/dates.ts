/** Calendar arithmetic on YYYY-MM-DD dates, in UTC so that no time zone moves a day. */

const parse = (date: string) => new Date(`${date}T00:00:00Z`);
const format = (value: Date) => value.toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  const value = parse(date);
  value.setUTCDate(value.getUTCDate() + days);
  return format(value);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((parse(to).getTime() - parse(from).getTime()) / 86_400_000);
}

/** The same day of the month some months on; a day the month lacks becomes its last day (31 Jan + 1 = 28 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return format(new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastOfMonth))));
}
