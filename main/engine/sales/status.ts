// The live service words spans of days as bills already do ("due in about 1 month").
import { daysInWords } from '../purchases/bill-status';
import { daysBetween } from './dates';
import type { DocumentRow } from './documents';
import { receivableMinor } from './settlements';

export interface DocumentState {
  status: string;
  longStatus: string;
  /** What is still owed in the document's currency (negative on a credit note). */
  dueMinor: number;
}

function dueWhen(row: DocumentRow, today: string): string {
  const ahead = daysBetween(today, row.dueOn);
  return ahead === 0 ? 'due today' : `due in ${daysInWords(ahead)}`;
}

/**
 * The status a client sees. Only Draft, Sent and Cancelled are stored; the rest is worked out from
 * what has been settled and the engine clock: nothing owed on a zero total is Zero Value, nothing
 * left is Paid (a credit note: Refunded), past due_on is Overdue (even when part paid), something
 * paid is Part paid, otherwise Open.
 */
export function documentState(row: DocumentRow, settled: number, today: string): DocumentState {
  const dueMinor = receivableMinor(row) - settled;
  if (row.status !== 'Sent') return { status: row.status, longStatus: row.status, dueMinor: row.status === 'Draft' ? dueMinor : 0 };
  if (receivableMinor(row) === 0) return { status: 'Zero Value', longStatus: 'Zero Value', dueMinor };
  if (dueMinor === 0) {
    const status = row.kind === 'credit_note' ? 'Refunded' : 'Paid';
    return { status, longStatus: status, dueMinor };
  }
  if (row.dueOn < today) return { status: 'Overdue', longStatus: `Overdue - ${daysInWords(daysBetween(row.dueOn, today))} overdue`, dueMinor };
  const status = settled !== 0 && row.kind === 'invoice' ? 'Part paid' : 'Open';
  return { status, longStatus: `${status} - ${dueWhen(row, today)}`, dueMinor };
}

/** The same in SQL, for list views; alias names the invoices row and @today is the engine's date. */
export function settledSql(alias: string): string {
  return `(COALESCE((SELECT SUM(COALESCE(e.foreign_gross_minor, e.gross_minor)) FROM bank_transaction_explanations e WHERE e.paid_invoice_id = ${alias}.id), 0)
    + COALESCE((SELECT SUM(r.gross_minor) FROM credit_note_reconciliations r WHERE r.invoice_id = ${alias}.id), 0)
    - COALESCE((SELECT SUM(r.gross_minor) FROM credit_note_reconciliations r WHERE r.credit_note_id = ${alias}.id), 0))`;
}

export function dueSql(alias: string): string {
  return `(${alias}.total_minor - ${alias}.cis_deduction_minor - ${settledSql(alias)})`;
}

/** SQL for a list view; unknown views are refused before this is reached. */
export function viewSql(view: string, alias: string): string {
  const sent = `${alias}.status = 'Sent'`;
  const owing = `${sent} AND ${dueSql(alias)} <> 0`;
  switch (view) {
    case 'draft':
      return `${alias}.status = 'Draft'`;
    case 'cancelled':
      return `${alias}.status = 'Cancelled'`;
    case 'open':
      return `${owing} AND ${alias}.due_on >= @today`;
    case 'overdue':
      return `${owing} AND ${alias}.due_on < @today`;
    case 'open_or_overdue':
      return owing;
    case 'paid':
    case 'refunded':
      return `${sent} AND ${dueSql(alias)} = 0 AND ${alias}.total_minor - ${alias}.cis_deduction_minor <> 0`;
    default:
      return '1';
  }
}
