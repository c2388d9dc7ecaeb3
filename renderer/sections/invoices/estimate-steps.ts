/**
 * How an estimate moves, as the desk says it. The engine's transitions (api-notes: Estimates) go
 * Draft → Sent → Approved/Rejected and back to Draft; an undo is the engine's, like any edit's.
 */
import type { EstimateTransition } from '../../lib/api/estimates';

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
