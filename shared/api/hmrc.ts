import { z } from 'zod';

/**
 * What the renderer, the engine and main/hmrc share about filing with HMRC (Making Tax Digital for
 * VAT, ../shared/spec/hmrc/): the declaration, the records of the /v2/hmrc door, and the period keys.
 */

/**
 * The declaration the person confirms before a return is sent, in HMRC's words: the VAT (MTD) end-to-end
 * service guide's "Declaration text to use when a business confirms submission" (github.com/hmrc/
 * vat-service-guide, source/documentation/obligations.html.md, "Submit a VAT Return with a declaration
 * through software"): software must show it and have it confirmed; the API's `finalised: true` records
 * that it was. Checked word for word by test/lint/hmrc-declaration.test.ts. See docs/api-notes.md,
 * "Filing with HMRC".
 */
export const HMRC_DECLARATION =
  'When you submit this VAT information you are making a legal declaration that the information is true and complete. A false declaration can result in prosecution.';

/** HMRC's period key: four of digits, capitals and "#" (vat-api-rules.md section 4). */
export const PERIOD_KEY = /^[#0-9A-Z]{4}$/;

export const OBLIGATION_STATUSES = ['O', 'F'] as const;
export type ObligationStatus = (typeof OBLIGATION_STATUSES)[number];

/** One of HMRC's obligations (a VAT period to file), with the book's return it matches, if any. */
export interface ObligationRecord {
  period_key: string;
  start: string;
  end: string;
  due: string;
  status: ObligationStatus;
  received?: string;
  /** The book's VAT period with the same start and end; absent when the book's periods differ. */
  book_period_ends_on?: string;
}

/** What HMRC hands back for an accepted return (vat-api-rules.md section 7), kept with the return. */
export interface HmrcReceiptRecord {
  form_bundle_number?: string;
  processing_date: string;
  payment_indicator?: string;
  charge_ref_number?: string;
  receipt_id?: string;
  receipt_timestamp?: string;
  /** True when the return was found filed on HMRC by a look-up, so HMRC's receipt was never seen. */
  found_by_lookup?: boolean;
}

export interface LiabilityRecord {
  from?: string;
  to?: string;
  type: string;
  /** Decimal text. */
  original_amount: string;
  outstanding_amount?: string;
  due?: string;
}

export interface PaymentRecord {
  amount: string;
  received?: string;
}

export interface HmrcStatusRecord {
  connected: boolean;
  /** "token" for a base URL and a bearer token (scripts, tests), "oauth" after signing in with HMRC. */
  mode?: 'token' | 'oauth';
  base_url?: string;
  vrn?: string;
  /** Set when HMRC's grant has ended (18 months, or revoked): the person must connect again. */
  reconnect_needed?: boolean;
  /** Why the last sign-in through the browser did not connect (declined, HMRC refused the code, not finished in time), until one does. */
  sign_in_failed?: string;
  /** A sign-in through the browser is under way: the page it opened, until it connects, fails, is cancelled or times out. */
  sign_in_waiting?: { authorize_url: string };
}

/** What the window tells main about itself for the fraud prevention headers (Gov-Client-Screens, -Window-Size). */
export const deviceFactsSchema = z.object({
  screens: z
    .array(z.object({ width: z.number().int().positive(), height: z.number().int().positive(), scaling_factor: z.number().positive(), colour_depth: z.number().int().positive() }))
    .max(16),
  window: z.object({ width: z.number().int().positive(), height: z.number().int().positive() }).optional(),
});
export type DeviceFacts = z.infer<typeof deviceFactsSchema>;

export const submitSchema = z.object({
  period_ends_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date (YYYY-MM-DD)' }),
  period_key: z.string().regex(PERIOD_KEY, { error: 'must be HMRC\'s period key: four of digits, capitals and #' }),
  declared: z.literal(true, { error: 'must be true: the declaration has to be confirmed before the return is sent' }),
  device: deviceFactsSchema.optional(),
});

export const connectTokenSchema = z.object({
  base_url: z.url({ error: 'must be a URL' }),
  token: z.string().trim().min(1, { error: "can't be blank" }),
});

export const connectBrowserSchema = z.object({ environment: z.enum(['sandbox', 'production'], { error: 'must be sandbox or production' }) });
