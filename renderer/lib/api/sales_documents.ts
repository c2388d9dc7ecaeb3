/**
 * Typed calls shared by /v2/invoices and /v2/credit_notes, which differ only in their names and
 * views: the list (by view, contact or project), one document with its items, create, update,
 * delete, the transitions and the PDF. A record's items arrive under invoice_items or
 * credit_note_items and are kept under `items` either way, so one editor serves both.
 */
import { z } from 'zod';
import { decode, getOne, headerValue, pathOf, send, type ApiResult } from '../api';

export type DocumentKind = 'invoice' | 'credit_note';

interface KindNames {
  path: string;
  singular: string;
  plural: string;
  itemsKey: string;
}

export const DOCUMENT_NAMES: Readonly<Record<DocumentKind, KindNames>> = {
  invoice: { path: '/v2/invoices', singular: 'invoice', plural: 'invoices', itemsKey: 'invoice_items' },
  credit_note: { path: '/v2/credit_notes', singular: 'credit_note', plural: 'credit_notes', itemsKey: 'credit_note_items' },
};

/** The kind of a document from its url: credit notes live under /v2/credit_notes. */
export const kindOfUrl = (url: string): DocumentKind => (pathOf(url).startsWith('/v2/credit_notes/') ? 'credit_note' : 'invoice');

export const documentItemSchema = z.object({
  url: z.string(),
  position: z.number().optional(),
  description: z.string().default(''),
  item_type: z.string().default('-no unit-'),
  price: z.string(),
  quantity: z.string(),
  sales_tax_rate: z.string().optional(),
  sales_tax_status: z.string().optional(),
  category: z.string().optional(),
});
export type DocumentItem = z.infer<typeof documentItemSchema>;

export const salesDocumentSchema = z
  .object({
    url: z.string(),
    contact: z.string(),
    contact_name: z.string().default(''),
    project: z.string().optional(),
    reference: z.string(),
    dated_on: z.string(),
    due_on: z.string(),
    payment_terms_in_days: z.number(),
    currency: z.string(),
    exchange_rate: z.string(),
    net_value: z.string(),
    sales_tax_value: z.string(),
    total_value: z.string(),
    paid_value: z.string().optional(),
    refunded_value: z.string().optional(),
    due_value: z.string(),
    status: z.string(),
    long_status: z.string().default(''),
    discount_percent: z.string().optional(),
    comments: z.string().optional(),
    ec_status: z.string().optional(),
    /** The estimate an invoice was raised from, if any. */
    estimate: z.string().optional(),
    invoice_items: z.array(documentItemSchema).optional(),
    credit_note_items: z.array(documentItemSchema).optional(),
  })
  .transform(({ invoice_items, credit_note_items, ...record }) => ({ ...record, items: invoice_items ?? credit_note_items }));
export type SalesDocument = z.infer<typeof salesDocumentSchema>;

/** An item as the editor sends it: url to change one, _destroy to remove it, neither to add one. */
export interface DocumentItemFields {
  url?: string;
  _destroy?: boolean;
  position?: number;
  description?: string;
  item_type?: string;
  price?: string;
  quantity?: string;
  sales_tax_rate?: string | null;
  sales_tax_status?: string | null;
  category?: string | null;
}

export interface DocumentFields {
  contact?: string;
  project?: string | null;
  reference?: string;
  dated_on?: string;
  payment_terms_in_days?: number;
  currency?: string;
  exchange_rate?: string;
  discount_percent?: string | null;
  comments?: string | null;
  items?: DocumentItemFields[];
}

/** What narrows a list besides its view: one contact's or one project's documents, or those named. */
export interface DocumentFilter {
  contact?: string;
  project?: string;
  /** Up to 100 documents' urls, separated by commas (the engine's urls= filter). */
  urls?: string;
}

export const DOCUMENT_PAGE_SIZE = 100;

async function listPage(kind: DocumentKind, view: string, page: number, filter: DocumentFilter): Promise<ApiResult<{ rows: SalesDocument[]; total: number }>> {
  const names = DOCUMENT_NAMES[kind];
  const sent = await send('GET', names.path, { query: { view, page: String(page), per_page: String(DOCUMENT_PAGE_SIZE), sort: '-dated_on', ...filter } });
  if (!sent.ok) return sent;
  const rows = decode(sent.value, names.plural, salesDocumentSchema.array());
  if (!rows.ok) return rows;
  return { ok: true, value: { rows: rows.value, total: Number(headerValue(sent.value.headers, 'x-total-count') ?? rows.value.length) } };
}

/** Every document of a view, newest first (a small company's documents fit in a few pages). */
export async function listDocuments(kind: DocumentKind, view: string, filter: DocumentFilter = {}): Promise<ApiResult<SalesDocument[]>> {
  const rows: SalesDocument[] = [];
  for (let page = 1; ; page++) {
    const read = await listPage(kind, view, page, filter);
    if (!read.ok) return read;
    rows.push(...read.value.rows);
    if (rows.length >= read.value.total || read.value.rows.length === 0) return { ok: true, value: rows };
  }
}

/** How many documents a view holds, for the tab counts. */
export async function countDocuments(kind: DocumentKind, view: string): Promise<ApiResult<number>> {
  const sent = await send('GET', DOCUMENT_NAMES[kind].path, { query: { view, per_page: '1' } });
  if (!sent.ok) return sent;
  return { ok: true, value: Number(headerValue(sent.value.headers, 'x-total-count') ?? '0') };
}

export function getDocument(url: string): Promise<ApiResult<SalesDocument>> {
  return getOne('GET', pathOf(url), DOCUMENT_NAMES[kindOfUrl(url)].singular, salesDocumentSchema);
}

/** The body the engine reads: the items under the kind's own key. */
function body(kind: DocumentKind, { items, ...fields }: DocumentFields) {
  const names = DOCUMENT_NAMES[kind];
  return { [names.singular]: { ...fields, ...(items ? { [names.itemsKey]: items } : {}) } };
}

export function createDocument(kind: DocumentKind, fields: DocumentFields): Promise<ApiResult<SalesDocument>> {
  const names = DOCUMENT_NAMES[kind];
  return getOne('POST', names.path, names.singular, salesDocumentSchema, { body: body(kind, fields) });
}

export function updateDocument(url: string, fields: DocumentFields): Promise<ApiResult<SalesDocument>> {
  const kind = kindOfUrl(url);
  return getOne('PUT', pathOf(url), DOCUMENT_NAMES[kind].singular, salesDocumentSchema, { body: body(kind, fields) });
}

export async function deleteDocument(url: string): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url));
  return sent.ok ? { ok: true, value: null } : sent;
}

export type DocumentTransition = 'mark_as_sent' | 'mark_as_draft' | 'mark_as_cancelled';

export function transitionDocument(url: string, transition: DocumentTransition): Promise<ApiResult<SalesDocument>> {
  return getOne('PUT', `${pathOf(url)}/transitions/${transition}`, DOCUMENT_NAMES[kindOfUrl(url)].singular, salesDocumentSchema);
}

/** The document as its customer receives it: PDF bytes. */
export { documentPdf } from './pdf';
