import { eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { ReconciliationInput } from '../../../shared/api/credit_note_reconciliations';
import { MoneyError, toMinor } from '../../../shared/money';
import { creditNoteReconciliations } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { assertUnlocked } from '../ledger/locks';
import { removePostings } from '../ledger/postings';
import { idFromUrl } from '../urls';
import { documentById, type DocumentRow } from './documents';
import { repostSettlements } from './settlement-postings';
import { receivableMinor, RECONCILIATIONS, settledMinor, settlementsOf } from './settlements';

export type ReconciliationRow = typeof creditNoteReconciliations.$inferSelect;

function linkedDocument(ctx: EngineContext, value: string | number, kind: 'invoice' | 'credit_note'): DocumentRow {
  const resource = kind === 'invoice' ? 'invoices' : 'credit_notes';
  const row = documentById(ctx, idFromUrl(value, resource, kind));
  if (!row || row.kind !== kind) throw unprocessable(`${kind} is not a${kind === 'invoice' ? 'n invoice' : ' credit note'} of this company`);
  if (row.status !== 'Sent') throw unprocessable(`${kind} must be sent (not a draft or cancelled) before it can be reconciled`);
  return row;
}

/** What is left to settle on a document, without this reconciliation's own share (on update). */
function remaining(ctx: EngineContext, doc: DocumentRow, exceptId: number | null): number {
  const others = settlementsOf(ctx, doc.id).filter((entry) => !(entry.source === RECONCILIATIONS && entry.id === exceptId));
  return Math.abs(receivableMinor(doc) - settledMinor(others));
}

/**
 * Reconciling sets part of a credit note against an invoice of the same contact and currency.
 * gross_value is positive and may not exceed what remains due on the invoice or unused on the credit
 * note; it takes effect on dated_on (by default the later of the two documents' dates, never before
 * either). Both documents' due values, statuses and postings follow.
 */
export function writeReconciliation(ctx: EngineContext, input: ReconciliationInput, current: ReconciliationRow | null): ReconciliationRow {
  const invoice = input.invoice !== undefined ? linkedDocument(ctx, input.invoice, 'invoice') : documentById(ctx, current!.invoiceId)!;
  const creditNote = input.credit_note !== undefined ? linkedDocument(ctx, input.credit_note, 'credit_note') : documentById(ctx, current!.creditNoteId)!;
  if (invoice.contactId !== creditNote.contactId) throw unprocessable('The invoice and the credit note must be for the same contact');
  if (invoice.currency !== creditNote.currency) throw unprocessable(`The invoice (${invoice.currency}) and the credit note (${creditNote.currency}) must be in the same currency`);
  if (input.currency !== undefined && input.currency !== invoice.currency) throw unprocessable(`currency is the invoice's, ${invoice.currency}`);
  if (input.exchange_rate !== undefined && !new Decimal(input.exchange_rate).equals(invoice.exchangeRate)) {
    throw unprocessable(`exchange_rate is the invoice's, ${invoice.exchangeRate}`);
  }
  let grossMinor: number;
  try {
    grossMinor = input.gross_value !== undefined ? toMinor(input.gross_value, invoice.currency) : current!.grossMinor;
  } catch (error) {
    if (error instanceof MoneyError) throw unprocessable(`gross_value ${error.message}`);
    throw error;
  }
  if (grossMinor <= 0) throw unprocessable('gross_value must be more than 0');
  const exceptId = current?.id ?? null;
  if (grossMinor > remaining(ctx, invoice, exceptId)) throw unprocessable('gross_value is more than remains due on the invoice');
  if (grossMinor > remaining(ctx, creditNote, exceptId)) throw unprocessable('gross_value is more than remains on the credit note');
  const earliest = invoice.datedOn > creditNote.datedOn ? invoice.datedOn : creditNote.datedOn;
  const datedOn = input.dated_on ?? current?.datedOn ?? earliest;
  if (datedOn < earliest) throw unprocessable(`dated_on must not be before the invoice and the credit note (${earliest})`);
  assertUnlocked(ctx, current?.datedOn, datedOn);
  const values = { invoiceId: invoice.id, creditNoteId: creditNote.id, grossMinor, datedOn, currency: invoice.currency, exchangeRate: invoice.exchangeRate };
  const row = current
    ? ctx.db.update(creditNoteReconciliations).set({ ...values, updatedAt: ctx.now }).where(eq(creditNoteReconciliations.id, current.id)).returning().get()
    : ctx.db.insert(creditNoteReconciliations).values({ ...values, createdAt: ctx.now, updatedAt: ctx.now }).returning().get();
  ctx.recordChange(RECONCILIATIONS, row.id, current ? 'update' : 'create');
  settleAll(ctx, [current?.invoiceId, current?.creditNoteId, invoice.id, creditNote.id]);
  return row;
}

export function deleteReconciliation(ctx: EngineContext, row: ReconciliationRow): void {
  assertUnlocked(ctx, row.datedOn);
  removePostings(ctx, RECONCILIATIONS, row.id);
  ctx.db.delete(creditNoteReconciliations).where(eq(creditNoteReconciliations.id, row.id)).run();
  ctx.recordChange(RECONCILIATIONS, row.id, 'delete');
  settleAll(ctx, [row.invoiceId, row.creditNoteId]);
}

/** Re-posts what settles each document touched, once each (a reconciliation's postings go with them). */
function settleAll(ctx: EngineContext, ids: readonly (number | undefined)[]): void {
  for (const id of new Set(ids.filter((value): value is number => value !== undefined))) repostSettlements(ctx, id);
}
