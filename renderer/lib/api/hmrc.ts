/**
 * Typed calls for /v2/hmrc (main's HMRC door, docs/api-notes.md "Filing with HMRC"): the connection,
 * HMRC's obligations beside the book's returns, submitting a return, liabilities and payments. Each
 * call tells main the window's screens and size for HMRC's fraud prevention headers.
 */
import { z } from 'zod';
import type { DeviceFacts } from '../../../shared/api/hmrc';
import { getOne, type ApiResult } from '../api';
import { vatReturnSchema } from './vat_returns';

const statusSchema = z.object({
  connected: z.boolean(),
  mode: z.enum(['token', 'oauth']).optional(),
  base_url: z.string().optional(),
  vrn: z.string().optional(),
  reconnect_needed: z.boolean().optional(),
  sign_in_failed: z.string().optional(),
  sign_in_waiting: z.object({ authorize_url: z.string() }).optional(),
});
export type HmrcStatus = z.infer<typeof statusSchema>;

const obligationSchema = z.object({
  period_key: z.string(),
  start: z.string(),
  end: z.string(),
  due: z.string(),
  status: z.enum(['O', 'F']),
  received: z.string().optional(),
  book_period_ends_on: z.string().optional(),
});
export type Obligation = z.infer<typeof obligationSchema>;

export const receiptSchema = z.object({
  form_bundle_number: z.string().optional(),
  processing_date: z.string(),
  payment_indicator: z.string().optional(),
  charge_ref_number: z.string().optional(),
  receipt_id: z.string().optional(),
  receipt_timestamp: z.string().optional(),
  found_by_lookup: z.boolean().optional(),
});
export type HmrcReceipt = z.infer<typeof receiptSchema>;

const liabilitySchema = z.object({ from: z.string().optional(), to: z.string().optional(), type: z.string(), original_amount: z.string(), outstanding_amount: z.string().optional(), due: z.string().optional() });
export type Liability = z.infer<typeof liabilitySchema>;
const paymentSchema = z.object({ amount: z.string(), received: z.string().optional() });
export type HmrcPayment = z.infer<typeof paymentSchema>;

const submittedSchema = z.object({ vat_return: vatReturnSchema, hmrc_receipt: receiptSchema, already_filed: z.boolean() });

/** The screens and window as the browser reports them (Gov-Client-Screens, Gov-Client-Window-Size). */
function deviceFacts(): DeviceFacts {
  return {
    screens: [{ width: Math.round(screen.width), height: Math.round(screen.height), scaling_factor: window.devicePixelRatio || 1, colour_depth: screen.colorDepth }],
    window: { width: Math.round(window.innerWidth), height: Math.round(window.innerHeight) },
  };
}
const withDevice = () => ({ headers: { 'Ledgerdesk-Device': JSON.stringify(deviceFacts()) } });

export function getHmrcStatus(): Promise<ApiResult<HmrcStatus>> {
  return getOne('GET', '/v2/hmrc', 'hmrc_status', statusSchema);
}

/** For scripts and tests: HMRC (or a simulator) at a base URL with a bearer token, without OAuth. */
export function connectHmrcWithToken(baseUrl: string, token: string): Promise<ApiResult<HmrcStatus>> {
  return getOne('POST', '/v2/hmrc/connect/token', 'hmrc_status', statusSchema, { body: { base_url: baseUrl, token } });
}

/** Starts signing in with HMRC in the system browser; answers the status, waiting on the page it opened. */
export function connectHmrcInBrowser(environment: 'sandbox' | 'production'): Promise<ApiResult<HmrcStatus>> {
  return getOne('POST', '/v2/hmrc/connect/browser', 'hmrc_status', statusSchema, { body: { environment } });
}

/** Ends a sign-in through the browser that is still waiting; answers the status. */
export function cancelHmrcSignIn(): Promise<ApiResult<HmrcStatus>> {
  return getOne('POST', '/v2/hmrc/connect/browser/cancel', 'hmrc_status', statusSchema);
}

export function disconnectHmrc(): Promise<ApiResult<HmrcStatus>> {
  return getOne('POST', '/v2/hmrc/disconnect', 'hmrc_status', statusSchema);
}

/** HMRC's obligations of the year around today; `'O'` alone: every open one, however old. */
export function listObligations(status?: 'O'): Promise<ApiResult<Obligation[]>> {
  return getOne('GET', '/v2/hmrc/obligations', 'obligations', z.array(obligationSchema), { ...withDevice(), ...(status ? { query: { status } } : {}) });
}

/** Sends the return once the declaration is confirmed; answers the return (filed) and HMRC's receipt. */
export function submitToHmrc(periodEndsOn: string, periodKey: string): Promise<ApiResult<z.infer<typeof submittedSchema>>> {
  return getOne('POST', '/v2/hmrc/returns', null, submittedSchema, { body: { period_ends_on: periodEndsOn, period_key: periodKey, declared: true, device: deviceFacts() } });
}

export function listLiabilities(): Promise<ApiResult<Liability[]>> {
  return getOne('GET', '/v2/hmrc/liabilities', 'liabilities', z.array(liabilitySchema), withDevice());
}

export function listHmrcPayments(): Promise<ApiResult<HmrcPayment[]>> {
  return getOne('GET', '/v2/hmrc/payments', 'payments', z.array(paymentSchema), withDevice());
}
