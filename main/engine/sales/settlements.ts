import { and, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankTransactionExplanations, creditNoteReconciliations } from '../../db/schema';
import type { EngineContext } from '../context';
import { preparedPerConnection } from '../prepared';
import { proportion } from './currency';
import type { DocumentRow } from './documents';

export const PAYMENTS = 'bank_transaction_explanations';
export const RECONCILIATIONS = 'credit_note_reconciliations';

/**
 * Something that settles part of a document: a bank explanation paying it (or refunding a credit
 * note) or a credit note reconciliation. The amount is in the document's currency with the
 * document's own sign, so what is still due is the receivable less the settled sum.
 */
export interface Settlement {
  source: typeof PAYMENTS | typeof RECONCILIATIONS;
  id: number;
  datedOn: string;
  amountMinor: number;
}

export const settlementKey = (source: Settlement['source'], id: number) => `${source}:${id}`;

type PaymentRow = typeof bankTransactionExplanations.$inferSelect;
type ReconciliationRow = typeof creditNoteReconciliations.$inferSelect;

// The bank account is in the document's currency, so its own amount is what the payment covers.
const paymentSettlement = (row: PaymentRow): Settlement => ({ source: PAYMENTS, id: row.id, datedOn: row.datedOn, amountMinor: row.foreignGrossMinor ?? row.grossMinor });
const asInvoiceSettlement = (row: ReconciliationRow): Settlement => ({ source: RECONCILIATIONS, id: row.id, datedOn: row.datedOn, amountMinor: row.grossMinor });
const asCreditNoteSettlement = (row: ReconciliationRow): Settlement => ({ source: RECONCILIATIONS, id: row.id, datedOn: row.datedOn, amountMinor: -row.grossMinor });
const inOrder = (a: Settlement, b: Settlement) => a.datedOn.localeCompare(b.datedOn) || a.source.localeCompare(b.source) || a.id - b.id;

// Asked for every document a list page shows: built and prepared once per connection.
const paymentsQuery = preparedPerConnection((db: Db) => db.select().from(bankTransactionExplanations).where(eq(bankTransactionExplanations.paidInvoiceId, sql.placeholder('documentId'))).prepare());
const asInvoiceQuery = preparedPerConnection((db: Db) => db.select().from(creditNoteReconciliations).where(eq(creditNoteReconciliations.invoiceId, sql.placeholder('documentId'))).prepare());
const asCreditNoteQuery = preparedPerConnection((db: Db) => db.select().from(creditNoteReconciliations).where(eq(creditNoteReconciliations.creditNoteId, sql.placeholder('documentId'))).prepare());

/** The settlements of a document in the order they count: by date, then by kind and id. */
export function settlementsOf(ctx: EngineContext, documentId: number): Settlement[] {
  const payments = paymentsQuery(ctx.db).all({ documentId });
  const asInvoice = asInvoiceQuery(ctx.db).all({ documentId });
  const asCreditNote = asCreditNoteQuery(ctx.db).all({ documentId });
  return [...payments.map(paymentSettlement), ...asInvoice.map(asInvoiceSettlement), ...asCreditNote.map(asCreditNoteSettlement)].sort(inOrder);
}

/**
 * Every document's settlements dated on or before `asAt`, by document id, each list in the order
 * settlementsOf gives: three reads for the whole book, where a report over every document would
 * otherwise ask three per document (1,800 reads for 600 invoices, most of the aged debtors' second).
 */
export function settlementsByDocument(ctx: EngineContext, asAt: string): Map<number, Settlement[]> {
  const byDocument = new Map<number, Settlement[]>();
  const add = (documentId: number | null, settlement: Settlement) => {
    if (documentId === null) return;
    const list = byDocument.get(documentId);
    if (list) list.push(settlement);
    else byDocument.set(documentId, [settlement]);
  };
  const payments = ctx.db
    .select()
    .from(bankTransactionExplanations)
    .where(and(isNotNull(bankTransactionExplanations.paidInvoiceId), lte(bankTransactionExplanations.datedOn, asAt)))
    .all();
  for (const row of payments) add(row.paidInvoiceId, paymentSettlement(row));
  for (const row of ctx.db.select().from(creditNoteReconciliations).where(lte(creditNoteReconciliations.datedOn, asAt)).all()) {
    add(row.invoiceId, asInvoiceSettlement(row));
    add(row.creditNoteId, asCreditNoteSettlement(row));
  }
  for (const list of byDocument.values()) list.sort(inOrder);
  return byDocument;
}

export const settledMinor = (list: readonly Settlement[]) => list.reduce((sum, entry) => sum + entry.amountMinor, 0);

/** What the customer owes on the document in its currency: the total less any CIS deduction. */
export const receivableMinor = (row: Pick<DocumentRow, 'totalMinor' | 'cisDeductionMinor'>) => row.totalMinor - row.cisDeductionMinor;

/**
 * The native value each settlement takes off trade debtors. Shares come from the running total
 * (round(settled so far x native / document) less the same before it), so when a document is
 * settled in full its native receivable is cleared exactly, whatever rates the payments came at.
 */
export function nativeShares(list: readonly Settlement[], receivable: number, nativeReceivable: number): Map<string, number> {
  const shares = new Map<string, number>();
  let running = 0;
  let before = 0;
  for (const entry of list) {
    running += entry.amountMinor;
    const upTo = proportion(running, nativeReceivable, receivable);
    shares.set(settlementKey(entry.source, entry.id), upTo - before);
    before = upTo;
  }
  return shares;
}
