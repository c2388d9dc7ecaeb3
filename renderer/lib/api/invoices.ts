/**
 * Typed calls for /v2/invoices: the list by view, one invoice with its items, create, update,
 * delete, the transitions, and its PDF. Records keep only what the desk shows.
 */
import { z } from 'zod';
import { decode, getOne, headerValue, pathOf, send, type ApiResult } from '../api';
import { documentPdf } from './pdf';

export const invoiceItemSchema = z.object({
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
export type InvoiceItem = z.infer<typeof invoiceItemSchema>;

export const invoiceSchema = z.object({
  url: z.string(),
  contact: z.string(),
  contact_name: z.string().default(''),
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
  due_value: z.string(),
  status: z.string(),
  long_status: z.string().default(''),
  discount_percent: z.string().optional(),
  comments: z.string().optional(),
  ec_status: z.string().optional(),
  /** The estimate it was raised from, if any. */
  estimate: z.string().optional(),
  invoice_items: z.array(invoiceItemSchema).optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** The engine's list views (api-notes: invoices). */
export type InvoiceView = 'all' | 'draft' | 'open' | 'overdue' | 'open_or_overdue' | 'paid' | 'cancelled';

export interface InvoicePage {
  rows: Invoice[];
  total: number;
}

export const INVOICE_PAGE_SIZE = 100;

export async function listInvoicePage(view: InvoiceView, page: number): Promise<ApiResult<InvoicePage>> {
  const sent = await send('GET', '/v2/invoices', { query: { view, page: String(page), per_page: String(INVOICE_PAGE_SIZE), sort: '-dated_on' } });
  if (!sent.ok) return sent;
  const rows = decode(sent.value, 'invoices', invoiceSchema.array());
  if (!rows.ok) return rows;
  return { ok: true, value: { rows: rows.value, total: Number(headerValue(sent.value.headers, 'x-total-count') ?? rows.value.length) } };
}

/** Every invoice of a view, newest first (a small company's invoices fit in a few pages). */
export async function listInvoices(view: InvoiceView): Promise<ApiResult<Invoice[]>> {
  const rows: Invoice[] = [];
  for (let page = 1; ; page++) {
    const read = await listInvoicePage(view, page);
    if (!read.ok) return read;
    rows.push(...read.value.rows);
    if (rows.length >= read.value.total || read.value.rows.length === 0) return { ok: true, value: rows };
  }
}

/** How many invoices a view holds, for the tab counts. */
export async function countInvoices(view: InvoiceView): Promise<ApiResult<number>> {
  const sent = await send('GET', '/v2/invoices', { query: { view, per_page: '1' } });
  if (!sent.ok) return sent;
  return { ok: true, value: Number(headerValue(sent.value.headers, 'x-total-count') ?? '0') };
}

export function getInvoice(url: string): Promise<ApiResult<Invoice>> {
  return getOne('GET', pathOf(url), 'invoice', invoiceSchema);
}

/** An item as the editor sends it: url to change one, _destroy to remove it, neither to add one. */
export interface InvoiceItemFields {
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

export interface InvoiceFields {
  contact?: string;
  reference?: string;
  dated_on?: string;
  payment_terms_in_days?: number;
  currency?: string;
  exchange_rate?: string;
  discount_percent?: string | null;
  comments?: string | null;
  invoice_items?: InvoiceItemFields[];
}

export function createInvoice(fields: InvoiceFields): Promise<ApiResult<Invoice>> {
  return getOne('POST', '/v2/invoices', 'invoice', invoiceSchema, { body: { invoice: fields } });
}

export function updateInvoice(url: string, fields: InvoiceFields): Promise<ApiResult<Invoice>> {
  return getOne('PUT', pathOf(url), 'invoice', invoiceSchema, { body: { invoice: fields } });
}

export async function deleteInvoice(url: string): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url));
  return sent.ok ? { ok: true, value: null } : sent;
}

export type InvoiceTransition = 'mark_as_sent' | 'mark_as_draft' | 'mark_as_cancelled';

export function transitionInvoice(url: string, transition: InvoiceTransition): Promise<ApiResult<Invoice>> {
  return getOne('PUT', `${pathOf(url)}/transitions/${transition}`, 'invoice', invoiceSchema);
}

/** The invoice as its customer receives it: PDF bytes. */
export const invoicePdf = documentPdf;
