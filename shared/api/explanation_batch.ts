import { z } from 'zod';

/**
 * POST /v2/bank_transaction_explanations/batch (a Ledgerdesk extension, docs/api-notes.md "Undo and
 * redo"): the steps that save a split line, its parts and their receipts, written all or nothing in
 * one transaction. Each step's fields are exactly what the single-record endpoint takes.
 */
const fields = z.record(z.string(), z.unknown());

export const explanationBatchStepSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('delete'), url: z.string() }).strict(),
  z.object({ op: z.literal('update'), url: z.string(), bank_transaction_explanation: fields }).strict(),
  z.object({ op: z.literal('create'), bank_transaction_explanation: fields }).strict(),
  /** Files for the explanation that step `to` (an earlier create or update) saves. */
  z.object({ op: z.literal('attach'), to: z.number().int().nonnegative(), attachments: z.array(fields).min(1) }).strict(),
]);

export const explanationBatchSchema = z.object({ steps: z.array(explanationBatchStepSchema).min(1).max(200) }).strict();

export type ExplanationBatchStep = z.infer<typeof explanationBatchStepSchema>;

/** A refusal names the step it came from as "steps[N]: ..." so a client can point at the part. */
export const BATCH_STEP_PREFIX = /^steps\[(\d+)\]: /;
