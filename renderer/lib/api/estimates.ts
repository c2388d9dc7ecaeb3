/**
 * Typed calls for /v2/estimates: the list by view, one estimate with its items, create, update,
 * delete, the transitions (convert_to_invoice among them) and its PDF.
 */
import { z } from 'zod';
import type { EstimateTransition, EstimateType, EstimateView } from '../../../shared/api/estimates';
import { decode, getOne, headerValue, pathOf, send, type ApiResult } from '../api';
import { invoiceItemSchema, type InvoiceItemFields } from './invoices';
import { documentPdf } from './pdf';

export type { EstimateTransition, EstimateType, EstimateView };

export const estimateSchema = z.object({
  url: z.string(),
  contact: z.string(),
  contact_name: z.string().default(''),
  reference: z.string(),
  estimate_type: z.string().default('Estimate'),
  status: z.string(),
  dated_on: z.string(),
  currency: z.string(),
  exchange_rate: z.string().optional(),
  net_value: z.string(),
  sales_tax_value: z.string(),
  total_value: z.string(),
  discount_percent: z.string().optional(),
  notes: z.string().optional(),
  /** The invoice it became, once invoiced. */
  invoice: z.string().optional(),
  estimate_items: z.array(invoiceItemSchema).optional(),
});
export type Estimate = z.infer<typeof estimateSchema>;

const PAGE_SIZE = 100;

/** Every estimate of a view (of one contact, if named), newest first. */
export async function listEstimates(view: EstimateView, filter: { contact?: string } = {}): Promise<ApiResult<Estimate[]>> {
  const rows: Estimate[] = [];
  // A contact's estimates only, when one is named (a contact's page).
  const only: Record<string, string> = filter.contact ? { contact: filter.contact } : {};
  for (let page = 1; ; page++) {
    const sent = await send('GET', '/v2/estimates', { query: { view, page: String(page), per_page: String(PAGE_SIZE), sort: '-dated_on', ...only } });
    if (!sent.ok) return sent;
    const read = decode(sent.value, 'estimates', estimateSchema.array());
    if (!read.ok) return read;
    rows.push(...read.value);
    const total = Number(headerValue(sent.value.headers, 'x-total-count') ?? rows.length);
    if (rows.length >= total || read.value.length === 0) return { ok: true, value: rows };
  }
}

/** How many estimates a view holds, for the tab counts. */
export async function countEstimates(view: EstimateView): Promise<ApiResult<number>> {
  const sent = await send('GET', '/v2/estimates', { query: { view, per_page: '1' } });
  if (!sent.ok) return sent;
  return { ok: true, value: Number(headerValue(sent.value.headers, 'x-total-count') ?? '0') };
}

export function getEstimate(url: string): Promise<ApiResult<Estimate>> {
  return getOne('GET', pathOf(url), 'estimate', estimateSchema);
}

export interface EstimateFields {
  status?: 'Draft';
  contact?: string;
  reference?: string;
  estimate_type?: EstimateType;
  dated_on?: string;
  currency?: string;
  exchange_rate?: string;
  discount_percent?: string | null;
  notes?: string | null;
  estimate_items?: InvoiceItemFields[];
}

export function createEstimate(fields: EstimateFields): Promise<ApiResult<Estimate>> {
  return getOne('POST', '/v2/estimates', 'estimate', estimateSchema, { body: { estimate: { ...fields, status: 'Draft' } } });
}

export function updateEstimate(url: string, fields: EstimateFields): Promise<ApiResult<Estimate>> {
  return getOne('PUT', pathOf(url), 'estimate', estimateSchema, { body: { estimate: fields } });
}

export async function deleteEstimate(url: string): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url));
  return sent.ok ? { ok: true, value: null } : sent;
}

export function transitionEstimate(url: string, transition: EstimateTransition): Promise<ApiResult<Estimate>> {
  return getOne('PUT', `${pathOf(url)}/transitions/${transition}`, 'estimate', estimateSchema);
}

export const estimatePdf = documentPdf;
