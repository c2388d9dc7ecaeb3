/**
 * Typed calls for /v2/vat_returns: the periods (newest first), one return with its nine boxes, the
 * postings behind a box (a Ledgerdesk extension, docs/api-notes.md), filing and unfiling, and marking
 * the payment paid or unpaid. A return is named by its period end, its payment by its due date.
 */
import { z } from 'zod';
import { FILING_STATUSES, PAYMENT_STATUSES } from '../../../shared/api/returns';
import { getAll, getOne, pathOf, type ApiResult } from '../api';

export const returnPaymentSchema = z.object({
  label: z.string(),
  due_on: z.string(),
  amount_due: z.string(),
  status: z.enum(PAYMENT_STATUSES).optional(),
});
export type ReturnPayment = z.infer<typeof returnPaymentSchema>;

const vatBoxRowSchema = z.object({
  title: z.string(),
  value: z.string(),
  key: z.string(),
  box_number: z.number().int(),
});
export type VatBoxRow = z.infer<typeof vatBoxRowSchema>;

export const vatReturnSchema = z.object({
  url: z.string(),
  period_starts_on: z.string(),
  period_ends_on: z.string(),
  filing_due_on: z.string(),
  filing_status: z.enum(FILING_STATUSES),
  filed_at: z.string().optional(),
  filed_reference: z.string().optional(),
  payments: z.array(returnPaymentSchema).default([]),
  breakdown: z.object({ title: z.string(), rows: z.array(vatBoxRowSchema) }).optional(),
  hmrc_period_key: z.string().optional(),
  hmrc_receipt: z
    .object({
      form_bundle_number: z.string().optional(),
      processing_date: z.string(),
      payment_indicator: z.string().optional(),
      charge_ref_number: z.string().optional(),
      receipt_id: z.string().optional(),
      receipt_timestamp: z.string().optional(),
      found_by_lookup: z.boolean().optional(),
    })
    .optional(),
  hmrc_message: z.string().optional(),
  /** The schemes the return is worked under, once the company is off the normal method (single reads). */
  scheme_note: z.string().optional(),
});
export type VatReturn = z.infer<typeof vatReturnSchema>;

const boxPostingSchema = z.object({
  url: z.string(),
  dated_on: z.string(),
  description: z.string(),
  nominal_code: z.string(),
  category_name: z.string(),
  source_item_url: z.string(),
  amount: z.string(),
});
export type VatBoxPosting = z.infer<typeof boxPostingSchema>;

const vatBoxSchema = z.object({
  vat_return: z.string(),
  box_number: z.number().int(),
  key: z.string(),
  title: z.string(),
  value: z.string(),
  transactions_total: z.string(),
  transactions: z.array(boxPostingSchema),
});
export type VatBox = z.infer<typeof vatBoxSchema>;

/** Every period from registration to the current one, newest first; none when not VAT registered. */
export function listVatReturns(): Promise<ApiResult<VatReturn[]>> {
  return getAll('/v2/vat_returns', 'vat_returns', vatReturnSchema);
}

/** One return with its breakdown (boxes 1 to 9); `url` is the record's url. */
export function getVatReturn(url: string): Promise<ApiResult<VatReturn>> {
  return getOne('GET', pathOf(url), 'vat_return', vatReturnSchema);
}

/** The postings that make one box, each with what it adds to the box. */
export function getVatBox(returnUrl: string, box: number): Promise<ApiResult<VatBox>> {
  return getOne('GET', `${pathOf(returnUrl)}/boxes/${box}/transactions`, 'vat_return_box', vatBoxSchema);
}

/** Freezes the figures and locks the books to the period end (Full access). */
export function markVatReturnFiled(url: string): Promise<ApiResult<VatReturn>> {
  return getOne('PUT', `${pathOf(url)}/mark_as_filed`, 'vat_return', vatReturnSchema);
}

/** Undoes a filing made by mistake: the figures follow the books again and the lock lifts (Full access). */
export function markVatReturnUnfiled(url: string): Promise<ApiResult<VatReturn>> {
  return getOne('PUT', `${pathOf(url)}/mark_as_unfiled`, 'vat_return', vatReturnSchema);
}

/** Marks the payment due on `dueOn` paid or unpaid; answers the whole return. */
export function markVatPayment(url: string, dueOn: string, paid: boolean): Promise<ApiResult<VatReturn>> {
  return getOne('PUT', `${pathOf(url)}/payments/${dueOn}/${paid ? 'mark_as_paid' : 'mark_as_unpaid'}`, 'vat_return', vatReturnSchema);
}
