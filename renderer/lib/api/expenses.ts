/**
 * Typed calls for /v2/expenses: every expense the acting user may see, one, create, update and
 * delete. Money the claimant spent is a negative gross_value, a refund they owe positive (api-notes).
 */
import { z } from 'zod';
import { getAll, getOne, pathOf, send, type ApiResult } from '../api';
import { ATTACHMENTS_VERSION, type NewAttachment } from './attachments';

export const expenseSchema = z.object({
  url: z.string(),
  user: z.string(),
  category: z.string(),
  dated_on: z.string(),
  currency: z.string(),
  gross_value: z.string(),
  native_gross_value: z.string(),
  sales_tax_rate: z.string().optional(),
  sales_tax_value: z.string().optional(),
  native_sales_tax_value: z.string().optional(),
  manual_sales_tax_amount: z.string().optional(),
  sales_tax_status: z.string().optional(),
  ec_status: z.string().optional(),
  description: z.string().default(''),
  receipt_reference: z.string().optional(),
});
export type Expense = z.infer<typeof expenseSchema>;

/** What the expense editor sends; null clears a field. */
export interface ExpenseFields {
  user?: string;
  category?: string;
  dated_on?: string;
  description?: string;
  currency?: string;
  gross_value?: string;
  native_gross_value?: string;
  sales_tax_rate?: string | null;
  manual_sales_tax_amount?: string | null;
  sales_tax_status?: string | null;
  receipt_reference?: string | null;
}

/** Every expense, newest first (the engine's order). */
export function listExpenses(): Promise<ApiResult<Expense[]>> {
  return getAll('/v2/expenses', 'expenses', expenseSchema);
}

export function getExpense(url: string): Promise<ApiResult<Expense>> {
  return getOne('GET', pathOf(url), 'expense', expenseSchema);
}

/**
 * The expense with its new receipts, as one request (api-notes "An expense and its receipts in one
 * request"): the engine writes both or neither. A refused file's sentence starts `attachments[N]: `.
 */
function withFiles(fields: ExpenseFields, files: readonly NewAttachment[]) {
  if (files.length === 0) return { body: { expense: fields } };
  const attachments = files.map((file) => ({ file_name: file.file_name, content_type: file.content_type, data: file.data }));
  return { body: { expense: { ...fields, attachments } }, headers: { 'X-Api-Version': ATTACHMENTS_VERSION } };
}

export function createExpense(fields: ExpenseFields, files: readonly NewAttachment[] = []): Promise<ApiResult<Expense>> {
  return getOne('POST', '/v2/expenses', 'expense', expenseSchema, withFiles(fields, files));
}

export function updateExpense(url: string, fields: ExpenseFields, files: readonly NewAttachment[] = []): Promise<ApiResult<Expense>> {
  return getOne('PUT', pathOf(url), 'expense', expenseSchema, withFiles(fields, files));
}

export async function deleteExpense(url: string): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url));
  return sent.ok ? { ok: true, value: null } : sent;
}
