/**
 * Typed calls for /v2/recurring_invoices: the schedules that issue an invoice again and again, each
 * made from an invoice (copied into the schedule's template), changed, stopped or removed.
 */
import { z } from 'zod';
import { getAll, getOne, pathOf, send, type ApiResult } from '../api';

/** The engine's frequencies, in the order a person thinks of them. */
export const FREQUENCIES = ['Weekly', 'Two Weekly', 'Four Weekly', 'Monthly', 'Two Monthly', 'Quarterly', 'Biannually', 'Annually', 'Two Yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Draft: set up, not issuing; Active: issuing on its next date; Inactive: stopped or past its end. */
export type RecurringStatus = 'Draft' | 'Active' | 'Inactive';
export type RecurringView = 'all' | 'draft' | 'active' | 'inactive';

export const recurringSchema = z.object({
  url: z.string(),
  contact: z.string(),
  contact_name: z.string().default(''),
  reference: z.string().default(''),
  dated_on: z.string(),
  currency: z.string(),
  total_value: z.string(),
  frequency: z.string(),
  recurring_status: z.string(),
  recurring_end_date: z.string().optional(),
  next_recurs_on: z.string().optional(),
});
export type RecurringInvoice = z.infer<typeof recurringSchema>;

export interface ScheduleFields {
  frequency?: string;
  next_recurs_on?: string;
  recurring_end_date?: string | null;
  recurring_status?: RecurringStatus;
}

export function listRecurring(view: RecurringView, contact?: string): Promise<ApiResult<RecurringInvoice[]>> {
  return getAll('/v2/recurring_invoices', 'recurring_invoices', recurringSchema, { view, ...(contact ? { contact } : {}) });
}

/** Makes a schedule from an invoice; dates already due are issued at once. */
export function createRecurring(invoice: string, fields: ScheduleFields): Promise<ApiResult<RecurringInvoice>> {
  return getOne('POST', '/v2/recurring_invoices', 'recurring_invoice', recurringSchema, { body: { recurring_invoice: { invoice, ...fields } } });
}

/** One schedule, or a 404 when it is gone (its creation undone). */
export function getRecurring(url: string): Promise<ApiResult<RecurringInvoice>> {
  return getOne('GET', pathOf(url), 'recurring_invoice', recurringSchema);
}

export function updateRecurring(url: string, fields: ScheduleFields): Promise<ApiResult<RecurringInvoice>> {
  return getOne('PUT', pathOf(url), 'recurring_invoice', recurringSchema, { body: { recurring_invoice: fields } });
}

/** Removes the schedule; the invoices it issued stay. */
export async function deleteRecurring(url: string): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url));
  return sent.ok ? { ok: true, value: null } : sent;
}
