/**
 * Setting a credit note against an invoice, worked out before it is sent: how much can be set (what is
 * left on both, the smaller), and what each document will have left after, in exact minor units.
 * A credit note's due value is negative in the engine; here it is "left to use", positive.
 */
import Decimal from 'decimal.js';
import { fromMinor, minorDigits, toMinor } from '../../../shared/money';
import type { SalesDocument } from '../../lib/api/sales_documents';
import { padDecimal } from '../../lib/format';

/** The kind of the set-against dialog's drafts (lib/drafts): one per credit note, reopened over it. */
export const RECONCILIATION_DRAFT = 'credit_note_reconciliation';

export const leftMinor = (document: SalesDocument): number => Math.abs(toMinor(document.due_value, document.currency));

/** The most that can be set: what remains due on the invoice or unused on the credit note, the smaller. */
export function mostMinor(creditNote: SalesDocument, invoice: SalesDocument): number {
  return Math.min(leftMinor(creditNote), leftMinor(invoice));
}

/** The most that can be set, as the amount field shows it ("40.00"). */
export function defaultAmount(creditNote: SalesDocument, invoice: SalesDocument | undefined): string {
  return invoice ? padDecimal(fromMinor(mostMinor(creditNote, invoice), invoice.currency), minorDigits(invoice.currency)) : '';
}

export interface ReconcileEffect {
  invoiceLeft: string;
  creditLeft: string;
}

/**
 * What each will have left once the amount typed is set; null while the amount does not read or is
 * more than can be set (the engine says why when it is sent).
 */
export function effectOf(creditNote: SalesDocument, invoice: SalesDocument, amount: string): ReconcileEffect | null {
  const cleaned = amount.replace(/,/g, '').trim();
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  const minor = new Decimal(cleaned).times(new Decimal(10).pow(minorDigits(invoice.currency))).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  if (minor <= 0 || minor > mostMinor(creditNote, invoice)) return null;
  return {
    invoiceLeft: fromMinor(leftMinor(invoice) - minor, invoice.currency),
    creditLeft: fromMinor(leftMinor(creditNote) - minor, creditNote.currency),
  };
}
