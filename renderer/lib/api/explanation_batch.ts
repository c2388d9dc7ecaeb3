/**
 * POST /v2/bank_transaction_explanations/batch (a Ledgerdesk extension, api-notes "Undo and redo"):
 * several explanations of a line (a split's parts) and their receipts, written by the engine all or
 * nothing in one transaction, and one change set, so one Undo takes the whole action back.
 */
import type { ExplanationBatchStep } from '../../../shared/api/explanation_batch';
import { BATCH_STEP_PREFIX } from '../../../shared/api/explanation_batch';
import { ApiError, getOne, type ApiResult } from '../api';
import { explanationSchema, type Explanation } from './bank_transactions';

// The attach step needs the attachments endpoints' version, as lib/api/attachments does.
const VERSION = { 'X-Api-Version': '2026-09-01' };

export type BatchResult = { ok: true; value: Explanation[] } | { ok: false; error: ApiError; /** The step the engine refused, when it named one. */ step: number | null };

/** Sends the steps; a refusal comes back with the index of the step it concerns and its prefix taken off. */
export async function saveExplanationBatch(steps: readonly ExplanationBatchStep[], confirmed = false): Promise<BatchResult> {
  const result: ApiResult<Explanation[]> = await getOne('POST', '/v2/bank_transaction_explanations/batch', 'bank_transaction_explanations', explanationSchema.array(), {
    headers: VERSION,
    body: { batch: { steps } },
    // A reconciled line's change, confirmed by the person (api-notes, "Reconcile to the statement").
    ...(confirmed ? { query: { confirm_reconciled: 'true' } } : {}),
  });
  if (result.ok) return result;
  let step: number | null = null;
  const messages = result.error.messages.map((message) => {
    const match = BATCH_STEP_PREFIX.exec(message);
    if (!match) return message;
    step ??= Number(match[1]);
    return message.slice(match[0].length);
  });
  return { ok: false, error: new ApiError(result.error.status, messages), step };
}
