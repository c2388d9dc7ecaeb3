import type { BillStatus } from '../../../shared/api/bills';

/**
 * A bill's status is never stored: it follows from its payments and the engine clock. A bill that
 * is part paid and past due is Overdue, since that is what needs doing; a settled bill refund (a
 * negative total) is Refunded, as the live service calls it.
 */
export function billStatus(bill: { totalMinor: number; dueOn: string }, paidMinor: number, today: string): BillStatus {
  if (bill.totalMinor === 0) return 'Zero Value';
  if (bill.totalMinor - paidMinor === 0) return bill.totalMinor < 0 ? 'Refunded' : 'Paid';
  if (bill.dueOn < today) return 'Overdue';
  return paidMinor !== 0 ? 'Part paid' : 'Open';
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A span of days in words, with the thresholds of Rails' distance_of_time_in_words that the live service uses. */
export function daysInWords(days: number): string {
  if (days < 30) return plural(days, 'day');
  if (days < 60) return 'about 1 month';
  if (days < 365) return plural(Math.round(days / 30), 'month');
  const years = Math.floor(days / 365);
  const remainder = days - years * 365;
  if (remainder < 91) return `about ${plural(years, 'year')}`;
  if (remainder < 274) return `over ${plural(years, 'year')}`;
  return `almost ${plural(years + 1, 'year')}`;
}

/** The live service's long_status: "Open - due in about 1 month", "Overdue - 5 days overdue". */
export function longStatus(status: BillStatus, dueOn: string, today: string): string {
  if (status === 'Open' || status === 'Part paid') {
    const days = daysBetween(today, dueOn);
    return `${status} - ${days === 0 ? 'due today' : `due in ${daysInWords(days)}`}`;
  }
  if (status === 'Overdue') return `Overdue - ${daysInWords(daysBetween(dueOn, today))} overdue`;
  return status;
}
