/**
 * Typed calls for /v2/bills: the list by view, one bill with its items, create, update and delete.
 * A bill's items carry their value including VAT (the engine works the VAT out of it).
 */
import { z } from 'zod';
import { decode, getOne, headerValue, pathOf, send, type ApiResult } from '../api';

export const billItemSchema = z.object({
  url: z.string(),
  category: z.string().optional(),
  description: z.string().default(''),
  total_value: z.string(),
  sales_tax_rate: z.string().optional(),
  sales_tax_status: z.string().optional(),
  manual_sales_tax_amount: z.string().optional(),
});
export type BillItem = z.infer<typeof billItemSchema>;

export const billSchema = z.object({
  url: z.string(),
  contact: z.string(),
  contact_name: z.string().default(''),
  reference: z.string(),
  dated_on: z.string(),
  due_on: z.string(),
  currency: z.string(),
  exchange_rate: z.string().optional(),
  total_value: z.string(),
  net_value: z.string().optional(),
  paid_value: z.string().default('0.0'),
  due_value: z.string(),
  status: z.string(),
  long_status: z.string().default(''),
  is_locked: z.boolean().optional(),
  comments: z.string().optional(),
  bill_items: z.array(billItemSchema).optional(),
});
export type Bill = z.infer<typeof billSchema>;

export type BillView = 'all' | 'open' | 'overdue' | 'open_or_overdue' | 'paid';

/** Every bill of a view, newest first. */
export async function listBills(view: BillView): Promise<ApiResult<Bill[]>> {
  const rows: Bill[] = [];
  for (let page = 1; ; page++) {
    const sent = await send('GET', '/v2/bills', { query: { view, page: String(page), per_page: '100' } });
    if (!sent.ok) return sent;
    const decoded = decode(sent.value, 'bills', billSchema.array());
    if (!decoded.ok) return decoded;
    rows.push(...decoded.value);
    const total = Number(headerValue(sent.value.headers, 'x-total-count') ?? rows.length);
    if (rows.length >= total || decoded.value.length === 0) return { ok: true, value: rows };
  }
}

/** The bills named by url (at most 100), newest first; a bill no longer in the book is not in the answer. */
export async function listBillsByUrl(urls: readonly string[]): Promise<ApiResult<Bill[]>> {
  const sent = await send('GET', '/v2/bills', { query: { view: 'all', per_page: '100', urls: urls.join(',') } });
  if (!sent.ok) return sent;
  return decode(sent.value, 'bills', billSchema.array());
}

export async function countBills(view: BillView): Promise<ApiResult<number>> {
  const sent = await send('GET', '/v2/bills', { query: { view, per_page: '1' } });
  if (!sent.ok) return sent;
  return { ok: true, value: Number(headerValue(sent.value.headers, 'x-total-count') ?? '0') };
}

export function getBill(url: string): Promise<ApiResult<Bill>> {
  return getOne('GET', pathOf(url), 'bill', billSchema);
}

export interface BillItemFields {
  url?: string;
  _destroy?: boolean;
  category?: string | null;
  description?: string;
  total_value?: string;
  sales_tax_rate?: string | null;
  sales_tax_status?: string | null;
}

export interface BillFields {
  contact?: string;
  reference?: string;
  dated_on?: string;
  due_on?: string;
  currency?: string;
  exchange_rate?: string;
  comments?: string | null;
  bill_items?: BillItemFields[];
}

export function createBill(fields: BillFields): Promise<ApiResult<Bill>> {
  return getOne('POST', '/v2/bills', 'bill', billSchema, { body: { bill: fields } });
}

export function updateBill(url: string, fields: BillFields): Promise<ApiResult<Bill>> {
  return getOne('PUT', pathOf(url), 'bill', billSchema, { body: { bill: fields } });
}

export async function deleteBill(url: string): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url));
  return sent.ok ? { ok: true, value: null } : sent;
}
