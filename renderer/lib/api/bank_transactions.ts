/**
 * Typed calls for /v2/bank_transactions and /v2/bank_transaction_explanations: the register's pages,
 * a hand-added line (an explanation given a bank account and no transaction, as the live web app
 * does), explaining, and deleting. Records keep only what the desk shows.
 */
import { z } from 'zod';
import { decode, getOne, headerValue, pathOf, send, type ApiResult } from '../api';

export const explanationSchema = z.object({
  url: z.string(),
  bank_transaction: z.string().optional(),
  bank_account: z.string(),
  dated_on: z.string(),
  description: z.string().optional(),
  category: z.string().optional(),
  transfer_bank_account: z.string().optional(),
  paid_bill: z.string().optional(),
  paid_invoice: z.string().optional(),
  gross_value: z.string(),
  /** On an account in another currency than the company's: the amount in the account's currency (gross_value is then native). */
  foreign_currency_value: z.string().optional(),
  sales_tax_status: z.string().optional(),
  sales_tax_rate: z.string().optional(),
  sales_tax_value: z.string().optional(),
  manual_sales_tax_amount: z.string().optional(),
  ec_status: z.string().optional(),
  place_of_supply: z.string().optional(),
  detail: z.string().optional(),
  is_deletable: z.boolean().optional(),
  marked_for_review: z.boolean().optional(),
});
export type Explanation = z.infer<typeof explanationSchema>;

/**
 * The engine's guess at a line's explanation (Ledgerdesk's extension, api-notes "Suggestions, bank
 * rules and bulk accept"); fields it does not know are left out, confidence is "0.00" to "1.00".
 */
export const suggestionSchema = z.object({
  category: z.string().optional(),
  sales_tax_rate: z.string().optional(),
  /** The rest of the VAT treatment, each left out when the suggestion does not say it. */
  manual_sales_tax_amount: z.string().optional(),
  sales_tax_status: z.string().optional(),
  ec_status: z.string().optional(),
  place_of_supply: z.string().optional(),
  description: z.string().optional(),
  contact: z.string().optional(),
  project: z.string().optional(),
  transfer_bank_account: z.string().optional(),
  paid_invoice: z.string().optional(),
  paid_bill: z.string().optional(),
  source: z.enum(['rule', 'history', 'match']),
  confidence: z.string(),
  rule: z.string().optional(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const bankTransactionSchema = z.object({
  url: z.string(),
  amount: z.string(),
  bank_account: z.string(),
  dated_on: z.string(),
  description: z.string().default(''),
  unexplained_amount: z.string(),
  is_manual: z.boolean(),
  uploaded_at: z.string().optional(),
  /** The account's balance after this line (Ledgerdesk's list extension); absent on a line read alone. */
  running_balance: z.string().optional(),
  /** The statement date it was reconciled to (Ledgerdesk's extension); changing it then asks first. */
  reconciled_on: z.string().optional(),
  bank_transaction_explanations: z.array(explanationSchema).default([]),
  /** A line with something left to explain: the engine's guess, or null when it has none. */
  suggested_explanation: suggestionSchema.nullable().optional(),
});
export type BankTransaction = z.infer<typeof bankTransactionSchema>;

/** The engine's list views (api-notes: bank transactions). */
export type TransactionView = 'all' | 'unexplained' | 'explained' | 'manual' | 'imported' | 'marked_for_review';

export interface TransactionQuery {
  accountUrl: string;
  view: TransactionView;
  fromDate?: string;
  toDate?: string;
}

export interface TransactionPage {
  rows: BankTransaction[];
  /** Lines in the whole list (X-Total-Count), for the table's length before the rest is read. */
  total: number;
}

export const PAGE_SIZE = 100;

/** One page (1-based, newest first) of an account's lines, each with the account's balance after it. */
export async function listTransactionPage(query: TransactionQuery, page: number): Promise<ApiResult<TransactionPage>> {
  const params: Record<string, string> = { bank_account: query.accountUrl, view: query.view, page: String(page), per_page: String(PAGE_SIZE), running_balance: 'true' };
  if (query.fromDate) params.from_date = query.fromDate;
  if (query.toDate) params.to_date = query.toDate;
  const sent = await send('GET', '/v2/bank_transactions', { query: params });
  if (!sent.ok) return sent;
  const rows = decode(sent.value, 'bank_transactions', bankTransactionSchema.array());
  if (!rows.ok) return rows;
  const total = Number(headerValue(sent.value.headers, 'x-total-count') ?? rows.value.length);
  return { ok: true, value: { rows: rows.value, total } };
}

/** How many lines of the view there are, without reading them. */
export async function countTransactions(query: TransactionQuery): Promise<ApiResult<number>> {
  const params: Record<string, string> = { bank_account: query.accountUrl, view: query.view, per_page: '1' };
  const sent = await send('GET', '/v2/bank_transactions', { query: params });
  if (!sent.ok) return sent;
  return { ok: true, value: Number(headerValue(sent.value.headers, 'x-total-count') ?? '0') };
}

export function getTransaction(url: string): Promise<ApiResult<BankTransaction>> {
  return getOne('GET', pathOf(url), 'bank_transaction', bankTransactionSchema);
}

/**
 * A change to a reconciled line is refused (409) unless the request says the person confirmed it
 * (api-notes, "Reconcile to the statement"); `confirmed` adds that.
 */
const confirming = (confirmed: boolean) => (confirmed ? { query: { confirm_reconciled: 'true' } } : {});

export async function deleteTransaction(url: string, confirmed = false): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url), confirming(confirmed));
  return sent.ok ? { ok: true, value: null } : sent;
}

/** The fields the desk sends for an explanation (decimal text for money, urls for links). */
export interface ExplanationFields {
  bank_transaction?: string;
  bank_account?: string;
  dated_on?: string;
  description?: string;
  category?: string | null;
  transfer_bank_account?: string | null;
  paid_bill?: string | null;
  paid_invoice?: string | null;
  gross_value?: string;
  foreign_currency_value?: string;
  sales_tax_status?: string | null;
  sales_tax_rate?: string | null;
  manual_sales_tax_amount?: string | null;
  ec_status?: string;
  place_of_supply?: string | null;
  marked_for_review?: boolean;
}

export function createExplanation(fields: ExplanationFields, confirmed = false): Promise<ApiResult<Explanation>> {
  return getOne('POST', '/v2/bank_transaction_explanations', 'bank_transaction_explanation', explanationSchema, { body: { bank_transaction_explanation: fields }, ...confirming(confirmed) });
}

export function updateExplanation(url: string, fields: ExplanationFields, confirmed = false): Promise<ApiResult<Explanation>> {
  return getOne('PUT', pathOf(url), 'bank_transaction_explanation', explanationSchema, { body: { bank_transaction_explanation: fields }, ...confirming(confirmed) });
}

export async function deleteExplanation(url: string, confirmed = false): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url), confirming(confirmed));
  return sent.ok ? { ok: true, value: null } : sent;
}

/**
 * A statement line's description as the live service stores it, "text/reference/TYPE/" (api-notes:
 * bank transactions), read back into its parts; other text is all `text`.
 */
export function lineParts(description: string): { text: string; reference: string; type: string } {
  const match = /^(.*)\/([^/]*)\/([A-Z_]*)\/$/s.exec(description);
  return match ? { text: match[1]!, reference: match[2]!, type: match[3]! } : { text: description, reference: '', type: '' };
}

/**
 * What the register shows for a line: its statement text, else (a line added by hand, stored "///" as
 * the live service does) what its explanations say.
 */
export function registerDescription(line: Pick<BankTransaction, 'description' | 'bank_transaction_explanations'>): string {
  const own = lineDescription(line.description);
  if (own) return own;
  return line.bank_transaction_explanations.map((explanation) => explanation.description ?? '').filter(Boolean).join(' · ');
}

/** What the register shows: the text, then the reference when there is one. */
export function lineDescription(description: string): string {
  const parts = lineParts(description);
  return [parts.text, parts.reference].filter(Boolean).join(' · ');
}
