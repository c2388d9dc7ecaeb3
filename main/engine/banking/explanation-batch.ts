import { BATCH_STEP_PREFIX, explanationBatchSchema, type ExplanationBatchStep } from '../../../shared/api/explanation_batch';
import { ApiError, unprocessable } from '../errors';
import { payload, ValidationError } from '../payload';
import { ok, type Route, type RouteRequest, type RouteResult } from '../route';
import { idFromUrl } from '../urls';
import type { ApiRecord } from '../values';

/** The single-record explanation endpoints a batch step stands for, found by method and path. */
export interface BatchEndpoints {
  create: Route;
  update: Route;
  remove: Route;
  attach: Route;
  read: Route;
}

function stepError(index: number, error: unknown): unknown {
  const prefix = (message: string) => (BATCH_STEP_PREFIX.test(message) ? message : `steps[${index}]: ${message}`);
  if (error instanceof ApiError) return new ApiError(error.status, prefix(error.message), error.headers);
  if (error instanceof ValidationError) return new ValidationError(error.messages.map(prefix));
  return error;
}

/**
 * Runs each step through the very endpoint a single request would use (same checks, same postings,
 * same change log), inside the one transaction the engine opens for this request: a step refused
 * rolls back the steps before it, so the line is either as it was or as the person saved it.
 */
export function runExplanationBatch(request: RouteRequest, endpoints: BatchEndpoints): RouteResult {
  const input = payload(request, 'batch', explanationBatchSchema);
  const saved: (string | null)[] = [];
  const call = (route: Route, params: Record<string, string>, value: unknown): RouteResult => route.handle({ ...request, params, body: { value, files: {}, fields: {} } });
  const idOf = (url: string) => String(idFromUrl(url, 'bank_transaction_explanations', 'url'));
  input.steps.forEach((step: ExplanationBatchStep, index: number) => {
    try {
      if (step.op === 'delete') {
        call(endpoints.remove, { id: idOf(step.url) }, undefined);
        saved.push(null);
        return;
      }
      if (step.op === 'attach') {
        const owner = saved[step.to];
        if (step.to >= index || !owner) throw unprocessable('to must be an earlier create or update step');
        call(endpoints.attach, { id: idOf(owner) }, { attachments: step.attachments });
        saved.push(null);
        return;
      }
      const result =
        step.op === 'create'
          ? call(endpoints.create, {}, { bank_transaction_explanation: step.bank_transaction_explanation })
          : call(endpoints.update, { id: idOf(step.url) }, { bank_transaction_explanation: step.bank_transaction_explanation });
      saved.push((result.body?.bank_transaction_explanation as ApiRecord).url as string);
    } catch (error) {
      throw stepError(index, error);
    }
  });
  // Each part as it stands after every step (files were added after it was first rendered), once.
  const urls = [...new Set(saved.filter((url): url is string => url !== null))];
  const records = urls.map((url) => call(endpoints.read, { id: idOf(url) }, undefined).body?.bank_transaction_explanation as ApiRecord);
  return ok({ bank_transaction_explanations: records });
}
