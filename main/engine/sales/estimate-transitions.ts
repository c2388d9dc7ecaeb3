import { eq } from 'drizzle-orm';
import { ESTIMATE_TRANSITIONS, type EstimateStatus, type EstimateTransition } from '../../../shared/api/estimates';
import type { DocumentFields, ItemInput } from '../../../shared/api/invoices';
import { categories, invoices } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { writeDocument } from './document-write';
import { itemsOf, type DocumentRow } from './documents';

type Move = { from: readonly EstimateStatus[]; to: EstimateStatus };

/**
 * Which statuses each transition may start from (api-notes: Estimates). An estimate goes out (Sent),
 * the customer answers (Approved or Rejected, and may change their mind), and an answered or sent one
 * can be taken back to Draft to rework it. Once invoiced it stays so while its invoice exists.
 */
const MOVES: Readonly<Record<EstimateTransition, Move>> = {
  mark_as_sent: { from: ['Draft'], to: 'Sent' },
  mark_as_draft: { from: ['Sent', 'Approved', 'Rejected'], to: 'Draft' },
  mark_as_approved: { from: ['Sent', 'Rejected'], to: 'Approved' },
  mark_as_rejected: { from: ['Sent', 'Approved'], to: 'Rejected' },
  convert_to_invoice: { from: ['Sent', 'Approved'], to: 'Invoiced' },
};

const DONE: Readonly<Record<EstimateTransition, string>> = {
  mark_as_sent: 'marked as sent',
  mark_as_draft: 'taken back to draft',
  mark_as_approved: 'marked as approved',
  mark_as_rejected: 'marked as rejected',
  convert_to_invoice: 'converted to an invoice',
};

function why(status: string, name: EstimateTransition): string {
  if (status === 'Invoiced') return ' while its invoice exists; delete the invoice first';
  if (name === 'convert_to_invoice' && status === 'Draft') return '; mark it as sent (or approved) first';
  if (name === 'convert_to_invoice' && status === 'Rejected') return '; mark it as approved first';
  return '';
}

/** The estimate's items as an invoice's payload: the same lines at the same VAT, in the same category. */
function invoiceItems(ctx: EngineContext, estimate: DocumentRow): ItemInput[] {
  return itemsOf(ctx, estimate.id).map((item) => {
    const category = item.categoryId !== null ? ctx.db.select({ code: categories.nominalCode }).from(categories).where(eq(categories.id, item.categoryId)).get() : undefined;
    return {
      position: item.position,
      description: item.description,
      item_type: item.itemType as ItemInput['item_type'],
      price: item.price,
      quantity: item.quantity,
      sales_tax_rate: item.salesTaxRate,
      sales_tax_status: item.salesTaxStatus,
      category: category?.code ?? null,
    };
  });
}

/**
 * A draft invoice raised today from the estimate: its contact, project, currency and rate, discount,
 * EC status and place of supply, and its lines. The invoice is numbered in the invoices' own sequence
 * and falls due by the contact's terms; it posts nothing until it is sent.
 */
function raiseInvoice(ctx: EngineContext, estimate: DocumentRow): DocumentRow {
  return writeDocument(
    ctx,
    'invoice',
    {
      contact: estimate.contactId,
      project: estimate.projectId,
      dated_on: ctx.today,
      currency: estimate.currency,
      exchange_rate: estimate.exchangeRate,
      discount_percent: estimate.discountPercent,
      is_interim_uk_vat: estimate.isInterimUkVat,
      ec_status: estimate.ecStatus as DocumentFields['ec_status'],
      place_of_supply: estimate.placeOfSupply,
    },
    invoiceItems(ctx, estimate),
    null,
  );
}

/**
 * Moves an estimate between its statuses; convert_to_invoice also raises the invoice and keeps the
 * link both ways. Estimates post nothing, so no transition touches the ledger. Anything else, or a
 * move from a status it does not start from, is a 422 that says what to do instead.
 */
export function estimateTransition(ctx: EngineContext, row: DocumentRow, name: string): DocumentRow {
  if (!(ESTIMATE_TRANSITIONS as readonly string[]).includes(name)) {
    throw unprocessable(`${name} is not a transition of an estimate; the transitions are ${ESTIMATE_TRANSITIONS.join(', ')}`);
  }
  const transition = name as EstimateTransition;
  const move = MOVES[transition];
  if (!move.from.includes(row.status as EstimateStatus)) {
    throw unprocessable(`An estimate that is ${row.status.toLowerCase()} cannot be ${DONE[transition]}${why(row.status, transition)}`);
  }
  const invoice = transition === 'convert_to_invoice' ? raiseInvoice(ctx, row) : null;
  const updated = ctx.db
    .update(invoices)
    .set({ status: move.to, sentAt: move.to === 'Sent' ? ctx.now : row.sentAt, convertedInvoiceId: invoice?.id ?? row.convertedInvoiceId, updatedAt: ctx.now })
    .where(eq(invoices.id, row.id))
    .returning()
    .get();
  ctx.recordChange('estimates', row.id, 'update');
  return updated;
}

/**
 * When the invoice an estimate became is deleted, the estimate is approved again (the customer's
 * answer stands) and can be converted anew.
 */
export function releaseEstimateOf(ctx: EngineContext, invoiceId: number): void {
  const estimate = ctx.db.select().from(invoices).where(eq(invoices.convertedInvoiceId, invoiceId)).get();
  if (!estimate) return;
  ctx.db.update(invoices).set({ status: 'Approved', convertedInvoiceId: null, updatedAt: ctx.now }).where(eq(invoices.id, estimate.id)).run();
  ctx.recordChange('estimates', estimate.id, 'update');
}
