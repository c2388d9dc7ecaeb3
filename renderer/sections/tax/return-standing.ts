/**
 * How a tax return (VAT or self assessment) and its payments stand, in the words the Tax screens use.
 * The engine stores the filing status (unfiled, marked_as_filed, filed ...); whether an unfiled return
 * is still running, to file, or overdue follows from its dates and today's date.
 */
import { toMinor } from '../../../shared/money';
import type { Destination } from '../../lib/sections';
import type { ReturnPayment, VatReturn } from '../../lib/api/vat_returns';

export type ReturnStanding = 'running' | 'to_file' | 'overdue' | 'marked_as_filed' | 'filed' | 'pending' | 'rejected';

export function returnStanding(record: Pick<VatReturn, 'filing_status' | 'period_ends_on' | 'filing_due_on'>, today: string): ReturnStanding {
  switch (record.filing_status) {
    case 'marked_as_filed':
    case 'filed':
    case 'pending':
    case 'rejected':
      return record.filing_status;
    default:
      if (today <= record.period_ends_on) return 'running';
      return today > record.filing_due_on ? 'overdue' : 'to_file';
  }
}

export const STANDING_LABELS: Readonly<Record<ReturnStanding, string>> = {
  running: 'Current period',
  to_file: 'To file',
  overdue: 'Overdue',
  marked_as_filed: 'Marked as filed',
  filed: 'Filed with HMRC',
  pending: 'Filing pending',
  rejected: 'Rejected by HMRC',
};

/**
 * Where "Mark as filed" (filed outside Ledgerdesk) is offered: an ended return the book holds as not
 * filed, HMRC's refusal included. Not while it is `pending`: a submission went and HMRC's answer is not
 * known, so marking it by hand would record it filed before HMRC's receipt (and drop the look-up that
 * gets it). Not for a period still running (the engine refuses it), nor once filed either way.
 */
export const mayMarkFiled = (standing: ReturnStanding): boolean => standing === 'to_file' || standing === 'overdue' || standing === 'rejected';

/** A filed return's figures are frozen: nothing may move them. */
export const isFiled = (record: Pick<VatReturn, 'filing_status'>) => record.filing_status === 'marked_as_filed' || record.filing_status === 'filed';

/** The payment in words: "Paid", "Unpaid", "Overdue", or what a payment of nothing or less means. */
export function paymentStanding(payment: ReturnPayment, currency: string, today: string): string {
  const minor = toMinor(payment.amount_due, currency);
  if (minor < 0) return 'Refund due';
  if (minor === 0) return 'Nothing to pay';
  if (payment.status === 'marked_as_paid') return 'Paid';
  return today > payment.due_on ? 'Unpaid, overdue' : 'Unpaid';
}

/** Today's calendar date where the app runs, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const SOURCE_KINDS: Readonly<Record<string, { label: string; section?: Destination['section'] }>> = {
  invoices: { label: 'Invoice', section: 'invoices' },
  bills: { label: 'Bill', section: 'bills' },
  credit_notes: { label: 'Credit note' },
  bank_transaction_explanations: { label: 'Bank transaction' },
  expenses: { label: 'Expense' },
  journal_sets: { label: 'Journal' },
};

/** The document a posting came from: its kind in words and, where a section opens it, where to go. */
export function sourceDocument(sourceItemUrl: string): { label: string; destination: Destination | null } {
  const resource = new URL(sourceItemUrl).pathname.split('/')[2] ?? '';
  const kind = SOURCE_KINDS[resource];
  if (!kind) return { label: resource.replaceAll('_', ' '), destination: null };
  return { label: kind.label, destination: kind.section ? { section: kind.section, detail: sourceItemUrl } : null };
}

/** Boxes 6 to 9 are whole pounds on HMRC's form; the postings behind them are exact. */
export const isWholePoundBox = (box: number) => box >= 6;

/** A UK tax year by its first day: "2025-04-06" -> "2025/26". */
export function taxYearLabel(startsOn: string): string {
  const start = Number(startsOn.slice(0, 4));
  return `${start}/${String((start + 1) % 100).padStart(2, '0')}`;
}
