/**
 * A recurring schedule in words, for its list and its dialog: "Monthly from 1 Dec 2026 until
 * 1 Jun 2027", and what a status means to the person.
 */
import type { RecurringInvoice } from '../../lib/api/recurring_invoices';
import { formatDate } from '../../lib/format';

export const STATUS_WORDS: Readonly<Record<string, string>> = {
  Draft: 'Set up, not issuing',
  Active: 'Issuing',
  Inactive: 'Stopped',
};

export function nextWords(schedule: RecurringInvoice): string {
  if (schedule.recurring_status === 'Inactive' || !schedule.next_recurs_on) return 'None';
  return formatDate(schedule.next_recurs_on);
}

export const endWords = (schedule: RecurringInvoice): string => (schedule.recurring_end_date ? formatDate(schedule.recurring_end_date) : 'No end');
