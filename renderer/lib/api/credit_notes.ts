/**
 * Typed calls for credit notes beyond the ones shared with invoices: their list views and setting a
 * credit note against an invoice (/v2/credit_note_reconciliations).
 */
import { z } from 'zod';
import { getAll, getOne, pathOf, send, type ApiResult } from '../api';

/** The engine's list views of credit notes (api-notes: invoices and credit notes). */
export type CreditNoteView = 'all' | 'draft' | 'open' | 'overdue' | 'open_or_overdue' | 'refunded' | 'cancelled';

export const reconciliationSchema = z.object({
  url: z.string(),
  gross_value: z.string(),
  dated_on: z.string(),
  currency: z.string(),
  invoice: z.string(),
  credit_note: z.string(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

export interface ReconciliationFields {
  invoice: string;
  credit_note: string;
  gross_value: string;
  dated_on?: string;
}

/** What is set against one credit note (or one invoice), oldest first. */
export function listReconciliations(filter: { credit_note?: string; invoice?: string }): Promise<ApiResult<Reconciliation[]>> {
  const query = Object.fromEntries(Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return getAll('/v2/credit_note_reconciliations', 'credit_note_reconciliations', reconciliationSchema, query);
}

export function createReconciliation(fields: ReconciliationFields): Promise<ApiResult<Reconciliation>> {
  return getOne('POST', '/v2/credit_note_reconciliations', 'credit_note_reconciliation', reconciliationSchema, { body: { credit_note_reconciliation: fields } });
}

export async function deleteReconciliation(url: string): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url));
  return sent.ok ? { ok: true, value: null } : sent;
}
