/**
 * Saving a split is several engine calls (the engine has no batch write for explanations), yet the
 * person sees one save: either every part is kept or none is. A plan is the list of calls; when one is
 * refused, the calls made before it are reversed in the opposite order, and the refusal is reported
 * with the step it came from. The same reversal is the undo of the whole split, and applying the plan
 * again its redo.
 */
import { toMinor } from '../../../shared/money';
import { ApiError, type ApiResult } from '../../lib/api';
import { removeFiles, uploadFiles, type NewAttachment } from '../../lib/api/attachments';
import { createExplanation, deleteExplanation, updateExplanation, type Explanation, type ExplanationFields } from '../../lib/api/bank_transactions';

export type PlanStep =
  /** A new part; `url` is filled in once it exists. */
  | { kind: 'create'; part: number; fields: ExplanationFields; url?: string }
  | { kind: 'update'; part: number; url: string; before: ExplanationFields; after: ExplanationFields }
  /** A part taken off; `fields` recreate it (under a new url) when the removal is reversed. */
  | { kind: 'delete'; url: string; fields: ExplanationFields }
  /** A receipt for the explanation another step creates or updates (one file a call, so a refusal names it). */
  | { kind: 'attach'; part: number; owner: OwnerStep; file: NewAttachment; urls?: string[] };

type OwnerStep = Extract<PlanStep, { kind: 'create' | 'update' }>;

export type PlanResult =
  | { ok: true; value: Explanation[] }
  | { ok: false; error: ApiError; /** The part whose call was refused, when it was a part's. */ part: number | null; /** The refused call. */ step: PlanStep };

/** An explanation's own fields, enough to create it again or put its old values back. */
export function fieldsOfExplanation(explanation: Explanation): ExplanationFields {
  const tax: ExplanationFields = explanation.manual_sales_tax_amount
    ? { manual_sales_tax_amount: explanation.manual_sales_tax_amount }
    : explanation.sales_tax_status && explanation.sales_tax_status !== 'TAXABLE'
      ? { sales_tax_status: explanation.sales_tax_status }
      : explanation.sales_tax_rate
        ? { sales_tax_rate: explanation.sales_tax_rate }
        : // Said outright, so putting old values back also takes off a rate or manual amount set since.
          { sales_tax_rate: 'Auto' };
  return {
    ...tax,
    ...(explanation.bank_transaction ? { bank_transaction: explanation.bank_transaction } : {}),
    dated_on: explanation.dated_on,
    gross_value: explanation.gross_value,
    // An account in another currency gives the amount it covers too (zero on a company-currency account).
    ...(explanation.foreign_currency_value && !/^-?0(\.0*)?$/.test(explanation.foreign_currency_value) ? { foreign_currency_value: explanation.foreign_currency_value } : {}),
    description: explanation.description ?? '',
    category: explanation.category ?? null,
    marked_for_review: explanation.marked_for_review ?? false,
    ...(explanation.ec_status ? { ec_status: explanation.ec_status, place_of_supply: explanation.place_of_supply ?? null } : {}),
  };
}

/** An update leaves out what the engine must not be told again on an existing explanation. */
function updateFields(fields: ExplanationFields): ExplanationFields {
  const { bank_transaction: _transaction, ...rest } = fields;
  return rest;
}

/**
 * The calls that turn the line's current explanations into the parts: removals first and amounts that
 * shrink before those that grow, so no call ever explains more than the line holds at that moment.
 */
export function planSplit(current: readonly Explanation[], parts: readonly { existing?: Explanation; fields: ExplanationFields }[], currency: string): PlanStep[] {
  const kept = new Set(parts.map((part) => part.existing?.url).filter((url): url is string => url !== undefined));
  const deletes: PlanStep[] = current.filter((explanation) => !kept.has(explanation.url)).map((explanation) => ({ kind: 'delete', url: explanation.url, fields: fieldsOfExplanation(explanation) }));
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

async function run(step: PlanStep, confirmed: boolean): Promise<ApiResult<Explanation | null>> {
  if (step.kind === 'attach') {
    if (!step.owner.url) return { ok: false, error: new ApiError(0, ['The explanation for these files was not saved.']) };
    const result = await uploadFiles(step.owner.url, [step.file]);
    if (!result.ok) return result;
    step.urls = result.urls;
    return { ok: true, value: null };
  }
  if (step.kind === 'create') {
    const result = await createExplanation(step.fields, confirmed);
    if (result.ok) step.url = result.value.url;
    return result;
  }
  if (step.kind === 'update') return updateExplanation(step.url, updateFields(step.after), confirmed);
  return deleteExplanation(step.url, confirmed);
}

async function reverse(step: PlanStep, confirmed: boolean): Promise<ApiResult<unknown>> {
  if (step.kind === 'attach') {
    // One removed by hand since (the panel's Remove) counts as removed.
    const removed = await removeFiles(step.urls ?? []);
    if (removed.ok) step.urls = [];
    return removed;
  }
  if (step.kind === 'create') return step.url ? deleteExplanation(step.url, confirmed) : { ok: true, value: null };
  if (step.kind === 'update') return updateExplanation(step.url, updateFields(step.before), confirmed);
  const again = await createExplanation(step.fields, confirmed);
  if (again.ok) step.url = again.value.url;
  return again;
}

/**
 * Reverses steps (the last first); stops at a refusal and reports it. `confirmed`: the line is
 * reconciled and the person said to change it anyway.
 */
export async function revertPlan(steps: readonly PlanStep[], confirmed = false): Promise<ApiResult<null>> {
  for (const step of [...steps].reverse()) {
    const result = await reverse(step, confirmed);
    if (!result.ok) return result;
  }
  return { ok: true, value: null };
}

/** Makes every call; on a refusal, reverses those made so far so the line is as it was. */
export async function applyPlan(steps: readonly PlanStep[], confirmed = false): Promise<PlanResult> {
  const saved: Explanation[] = [];
  for (const [index, step] of steps.entries()) {
    const result = await run(step, confirmed);
    if (!result.ok) {
      const undone = await revertPlan(steps.slice(0, index), confirmed);
      const messages = undone.ok ? result.error.messages : [...result.error.messages, `The parts saved before it could not be taken off again: ${undone.error.messages.join(' ')}`];
      return { ok: false, error: new ApiError(result.error.status, messages), part: step.kind === 'delete' ? null : step.part, step };
    }
    if (result.value) saved.push(result.value);
  }
  return { ok: true, value: saved };
}
