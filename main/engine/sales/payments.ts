import { eq } from 'drizzle-orm';
import { bankAccounts } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { idFromUrl } from '../urls';
import { documentById, KINDS } from './documents';
import { repostSettlements } from './settlement-postings';
import { PAYMENTS, receivableMinor, settledMinor, settlementsOf } from './settlements';

type Link = string | number;

/** The invoice or credit note a link names: /v2/invoices/N, /v2/credit_notes/N or a bare id. */
function paidDocumentId(ctx: EngineContext, value: Link): number {
  const fail = () => unprocessable('paid_invoice must be the url of a sent invoice or credit note of this company');
  let id: number;
  try {
    id = idFromUrl(value, 'invoices', 'paid_invoice');
  } catch {
    try {
      id = idFromUrl(value, 'credit_notes', 'paid_invoice');
    } catch {
      throw fail();
    }
  }
  const row = documentById(ctx, id);
  if (!row || (row.kind !== 'invoice' && row.kind !== 'credit_note')) throw fail();
  return row.id;
}

/**
 * The document an explanation pays, as the payload and the current explanation say. paid_invoice,
 * paid_bill, category and transfer_bank_account are alternatives: giving another one stops it paying
 * the invoice, giving two at once is refused.
 */
export function paidInvoiceTarget(
  ctx: EngineContext,
  input: { paid_invoice?: Link | null; paid_bill?: Link | null; category?: Link | null; transfer_bank_account?: Link | null },
  current: { paidInvoiceId: number | null } | null,
): number | null {
  const other = input.category != null || input.transfer_bank_account != null || input.paid_bill != null;
  if (input.paid_invoice != null) {
    if (other) throw unprocessable('An explanation pays an invoice (paid_invoice), pays a bill (paid_bill), has a category or is a transfer: only one of them');
    return paidDocumentId(ctx, input.paid_invoice);
  }
  if (input.paid_invoice === null || other) return null;
  return current?.paidInvoiceId ?? null;
}

/**
 * An invoice is paid with money in and a credit note refunded with money out, from a bank account in
 * the document's own currency, once it is sent, and never for more than is still due on it.
 */
export function checkInvoicePayment(ctx: EngineContext, documentId: number, payment: { grossMinor: number; foreignGrossMinor: number | null; bankAccountId: number; exceptId: number | null }): void {
  const doc = documentById(ctx, documentId)!;
  const label = KINDS[doc.kind].label.toLowerCase();
  if (doc.status !== 'Sent') throw unprocessable(`paid_invoice: a ${label} is paid once it is sent, not while it is ${doc.status.toLowerCase()}`);
  const account = ctx.db.select({ currency: bankAccounts.currency }).from(bankAccounts).where(eq(bankAccounts.id, payment.bankAccountId)).get()!;
  if (account.currency !== doc.currency) throw unprocessable(`paid_invoice: the ${label} is in ${doc.currency}; pay it from a ${doc.currency} bank account`);
  const amount = payment.foreignGrossMinor ?? payment.grossMinor;
  if (doc.kind === 'invoice' && amount < 0) throw unprocessable('gross_value must be positive: an invoice is paid with money in');
  if (doc.kind === 'credit_note' && amount > 0) throw unprocessable('gross_value must be negative: a credit note is refunded with money out');
  const others = settlementsOf(ctx, doc.id).filter((entry) => !(entry.source === PAYMENTS && entry.id === payment.exceptId));
  const due = receivableMinor(doc) - settledMinor(others);
  if (Math.abs(amount) > Math.abs(due)) throw unprocessable(`gross_value is more than is due on the ${label}`);
}

/** The live service's type for an explanation that pays an invoice or refunds a credit note. */
export const invoicePaymentEntryType = (grossMinor: number) => (grossMinor > 0 ? 'Invoice Receipt' : 'Credit Note Refund');

/** Re-posts what settles each document a changed explanation paid (before or after), once each. */
export function settleInvoices(ctx: EngineContext, ...ids: (number | null)[]): void {
  for (const id of new Set(ids.filter((value): value is number => value !== null))) repostSettlements(ctx, id);
}

/** The url of the document an explanation pays, for its record. */
export function paidInvoiceUrl(ctx: EngineContext, documentId: number): string | undefined {
  const row = documentById(ctx, documentId);
  return row ? `${ctx.origin}/v2/${KINDS[row.kind].resource}/${row.id}` : undefined;
}
