/**
 * How an estimate moves, as the desk says it and undoes it. The engine's transitions (api-notes:
 * Estimates) go Draft → Sent → Approved/Rejected and back to Draft; returning to an earlier status
 * for an undo is a short walk of those same transitions.
 */
import type { ApiResult } from '../../lib/api';
import { transitionEstimate, type Estimate, type EstimateTransition } from '../../lib/api/estimates';

/** What the person is told about where the estimate stands and what its buttons do. */
export const STATUS_WORDS: Readonly<Record<string, string>> = {
  Draft: 'Not with the customer yet. Mark as sent once they have it. An estimate never goes into the books, whatever its status.',
  Sent: 'With the customer. Mark it approved or rejected when they answer; Convert to invoice raises a draft invoice with these lines.',
  Approved: 'The customer accepted it. Convert to invoice raises a draft invoice with these lines, for you to check and send.',
  Rejected: 'The customer turned it down. Mark as approved if they change their mind, or take it back to draft to rework it.',
  Invoiced: 'An invoice was raised from it, so it can no longer change. Deleting that invoice makes the estimate approved again.',
};

/** What each transition did, for the toast and the undo menu; {ref} is the estimate's reference. */
export const DONE_WORDS: Readonly<Record<EstimateTransition, string>> = {
  mark_as_sent: 'Marked estimate {ref} as sent',
  mark_as_draft: 'Took estimate {ref} back to draft',
  mark_as_approved: 'Marked estimate {ref} as approved',
  mark_as_rejected: 'Marked estimate {ref} as rejected',
  convert_to_invoice: 'Converted estimate {ref} to an invoice',
};

/** The transitions that bring an estimate from `from` back to `to` (one of Draft, Sent, Approved, Rejected). */
export function stepsBack(from: string, to: string): EstimateTransition[] {
  if (from === to) return [];
  const steps: EstimateTransition[] = [];
  if (to === 'Draft') return ['mark_as_draft'];
  if (to === 'Sent') return from === 'Draft' ? ['mark_as_sent'] : ['mark_as_draft', 'mark_as_sent'];
  if (from === 'Draft') steps.push('mark_as_sent');
  steps.push(to === 'Approved' ? 'mark_as_approved' : 'mark_as_rejected');
  return steps;
}

/** Runs transitions in order, stopping at the first the engine refuses. */
export async function walk(url: string, steps: readonly EstimateTransition[], start: Estimate): Promise<ApiResult<Estimate>> {
  let result: ApiResult<Estimate> = { ok: true, value: start };
  for (const step of steps) {
    result = await transitionEstimate(url, step);
    if (!result.ok) return result;
  }
  return result;
}
