/**
 * Saving a split (or an explanation with its receipts) is one engine request, the explanations batch:
 * the engine writes every part and file or none (DESIGN: a screen never orchestrates several writes
 * with its own rollback), and it is one change set, so the engine's Undo takes the whole of it back.
 * A plan is the list of steps in the order the engine must run them; a refusal names its step, which
 * this maps back to the part (or the file) it concerns.
 */
import type { ExplanationBatchStep } from '../../../shared/api/explanation_batch';
import { toMinor } from '../../../shared/money';
import type { ApiError } from '../../lib/api';
import type { NewAttachment } from '../../lib/api/attachments';
import type { Explanation, ExplanationFields } from '../../lib/api/bank_transactions';
import { saveExplanationBatch } from '../../lib/api/explanation_batch';

export type PlanStep =
  | { kind: 'create'; part: number; fields: ExplanationFields }
  /** `before` only orders the steps (amounts that shrink go first). */
  | { kind: 'update'; part: number; url: string; before: ExplanationFields; after: ExplanationFields }
  | { kind: 'delete'; url: string }
  /** A receipt for the explanation another step creates or updates (one file a step, so a refusal names it). */
  | { kind: 'attach'; part: number; owner: OwnerStep; file: NewAttachment };

type OwnerStep = Extract<PlanStep, { kind: 'create' | 'update' }>;

export type PlanResult =
  | { ok: true; value: Explanation[] }
  | { ok: false; error: ApiError; /** The part whose step was refused, when it was a part's. */ part: number | null; /** The refused step, when the engine named one. */ step: PlanStep | null };

/** An explanation's own fields, enough to compare what a part covered before and after. */
export function fieldsOfExplanation(explanation: Explanation): ExplanationFields {
  return {
    dated_on: explanation.dated_on,
    gross_value: explanation.gross_value,
    // An account in another currency gives the amount it covers too (zero on a company-currency account).
    ...(explanation.foreign_currency_value && !/^-?0(\.0*)?$/.test(explanation.foreign_currency_value) ? { foreign_currency_value: explanation.foreign_currency_value } : {}),
  };
}

/** An update leaves out what the engine must not be told again on an existing explanation. */
function updateFields(fields: ExplanationFields): ExplanationFields {
  const { bank_transaction: _transaction, ...rest } = fields;
  return rest;
}

/**
 * The steps that turn the line's current explanations into the parts: removals first and amounts that
 * shrink before those that grow, since each step is checked as the single endpoint checks it and must
 * never explain more than the line holds at that moment.
 */
export function planSplit(current: readonly Explanation[], parts: readonly { existing?: Explanation; fields: ExplanationFields }[], currency: string): PlanStep[] {
  const kept = new Set(parts.map((part) => part.existing?.url).filter((url): url is string => url !== undefined));
  const deletes: PlanStep[] = current.filter((explanation) => !kept.has(explanation.url)).map((explanation) => ({ kind: 'delete', url: explanation.url }));
  const updates = parts.flatMap((part, index) =>
    part.existing ? [{ kind: 'update' as const, part: index, url: part.existing.url, before: fieldsOfExplanation(part.existing), after: part.fields }] : [],
  );
  // What a part covers of the line: in the account's currency (foreign_currency_value when there is one).
  const size = (fields: ExplanationFields) => Math.abs(toMinor(fields.foreign_currency_value ?? fields.gross_value ?? '0', currency));
  const shrinking = updates.filter((step) => size(step.after) <= size(step.before));
  const growing = updates.filter((step) => size(step.after) > size(step.before));
  const creates: PlanStep[] = parts.flatMap((part, index) => (part.existing ? [] : [{ kind: 'create' as const, part: index, fields: part.fields }]));
  return [...deletes, ...shrinking, ...growing, ...creates];
}

/** Adds a step per file to go with the explanation `owner` saves. */
export function withFiles(steps: PlanStep[], owner: PlanStep | undefined, files: readonly NewAttachment[]): PlanStep[] {
  if (!owner || (owner.kind !== 'create' && owner.kind !== 'update')) return steps;
  return [...steps, ...files.map((file): PlanStep => ({ kind: 'attach', part: owner.part, owner, file }))];
}

/** The plan as the engine's batch steps (an attach step names its owner by index). */
export function batchSteps(steps: readonly PlanStep[]): ExplanationBatchStep[] {
  return steps.map((step): ExplanationBatchStep => {
    if (step.kind === 'delete') return { op: 'delete', url: step.url };
    if (step.kind === 'create') return { op: 'create', bank_transaction_explanation: { ...step.fields } };
    if (step.kind === 'update') return { op: 'update', url: step.url, bank_transaction_explanation: { ...updateFields(step.after) } };
    const file = step.file;
    return { op: 'attach', to: steps.indexOf(step.owner), attachments: [{ file_name: file.file_name, content_type: file.content_type, data: file.data }] };
  });
}

/**
 * Sends the plan as one request: every step is kept, or none. `confirmed`: the line is reconciled and
 * the person said to change it anyway (each step is checked as its single request would be).
 */
export async function applyPlan(steps: readonly PlanStep[], confirmed = false): Promise<PlanResult> {
  const result = await saveExplanationBatch(batchSteps(steps), confirmed);
  if (result.ok) return result;
  const step = result.step === null ? null : (steps[result.step] ?? null);
  return { ok: false, error: result.error, part: step && step.kind !== 'delete' ? step.part : null, step };
}
