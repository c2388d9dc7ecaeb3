import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, invoiceItems, invoices } from '../../db/schema';
import type { EngineContext } from '../context';
import { notFound } from '../errors';
import { preparedPerConnection, statementFor } from '../prepared';
import { recordUrl } from '../urls';

export type DocumentRow = typeof invoices.$inferSelect;
export type ItemRow = typeof invoiceItems.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
export type DocumentKind = DocumentRow['kind'];

/** How each kind of sales document is addressed and written. */
export interface KindInfo {
  kind: DocumentKind;
  /** The /v2 path segment and change-log resource name. */
  resource: string;
  /** The singular root key. */
  singular: string;
  /** The key its items travel under. */
  itemsKey: string;
  /** The path segment of its items' urls. */
  itemResource: string;
  /** What the document is called in messages. */
  label: string;
}

export const KINDS: Readonly<Record<DocumentKind, KindInfo>> = {
  invoice: { kind: 'invoice', resource: 'invoices', singular: 'invoice', itemsKey: 'invoice_items', itemResource: 'invoice_items', label: 'Invoice' },
  credit_note: { kind: 'credit_note', resource: 'credit_notes', singular: 'credit_note', itemsKey: 'credit_note_items', itemResource: 'credit_note_items', label: 'Credit note' },
  recurring_template: { kind: 'recurring_template', resource: 'recurring_invoices', singular: 'recurring_invoice', itemsKey: 'invoice_items', itemResource: 'invoice_items', label: 'Recurring invoice' },
  estimate: { kind: 'estimate', resource: 'estimates', singular: 'estimate', itemsKey: 'estimate_items', itemResource: 'estimate_items', label: 'Estimate' },
};

// A list page builds its records one document at a time (the document, its items, its contact): each
// read is built and prepared once per connection, not once per row (a page of 100 invoices prepared 700
// statements, most of its time on a two-year book).
const documentQuery = preparedPerConnection((db: Db) => db.select().from(invoices).where(eq(invoices.id, sql.placeholder('id'))).prepare());
const itemsQuery = preparedPerConnection((db: Db) =>
  db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, sql.placeholder('documentId'))).orderBy(asc(invoiceItems.position), asc(invoiceItems.id)).prepare(),
);
const contactQuery = preparedPerConnection((db: Db) => db.select().from(contacts).where(eq(contacts.id, sql.placeholder('id'))).prepare());

export function documentById(ctx: EngineContext, id: number): DocumentRow | undefined {
  return documentQuery(ctx.db).get({ id });
}

/** A document of one kind by the id in its url; anything else is a 404. */
export function findDocument(ctx: EngineContext, kind: DocumentKind, id: string): DocumentRow {
  const row = /^\d+$/.test(id) ? documentById(ctx, Number(id)) : undefined;
  if (!row || row.kind !== kind) throw notFound(`${KINDS[kind].label} not found`);
  return row;
}

export function itemsOf(ctx: EngineContext, documentId: number): ItemRow[] {
  return itemsQuery(ctx.db).all({ documentId });
}

export function contactOf(ctx: EngineContext, contactId: number): ContactRow {
  return contactQuery(ctx.db).get({ id: contactId })!;
}

export function documentUrl(ctx: EngineContext, row: Pick<DocumentRow, 'id' | 'kind'>): string {
  return recordUrl(ctx, KINDS[row.kind].resource, row.id);
}

/** Whether the document stands in the ledger: a sent invoice or credit note (templates and estimates never do). */
export const isPosted = (row: Pick<DocumentRow, 'kind' | 'status'>) => (row.kind === 'invoice' || row.kind === 'credit_note') && row.status === 'Sent';

/** A touched document shows a new updated_at and is picked up by sync. */
export function touchDocument(ctx: EngineContext, row: Pick<DocumentRow, 'id' | 'kind'>): void {
  ctx.db.update(invoices).set({ updatedAt: ctx.now }).where(eq(invoices.id, row.id)).run();
  ctx.recordChange(KINDS[row.kind].resource, row.id, 'update');
}

/** The estimate an invoice was converted from, if any: the invoice's half of the link both ways. */
export function estimateOfInvoice(ctx: EngineContext, invoiceId: number): number | undefined {
  return statementFor(ctx.book.sqlite, "SELECT id FROM invoices WHERE kind = 'estimate' AND converted_invoice_id = ?").pluck().get(invoiceId) as number | undefined;
}
