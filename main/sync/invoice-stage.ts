import type { SyncRecord } from './family';
import type { TransitionField } from './family';

/** Statuses the server works out from a sent invoice's payments and due date: all of them are "sent". */
const SENT = ['Sent', 'Open', 'Overdue', 'Part paid', 'Paid', 'Zero Value', 'Refunded', 'Written off'];

/**
 * An invoice's stage: Draft, Sent or Cancelled, the part of its status a person sets. The rest of the
 * status (paid, overdue) follows payments and dates on each side and is never compared. A status this
 * app does not know (the live service's "Scheduled To Email") has no stage and is never moved.
 */
function stageOf(record: SyncRecord): string | null {
  const status = typeof record.status === 'string' ? record.status : null;
  if (status === 'Draft' || status === 'Cancelled') return status;
  return status !== null && SENT.includes(status) ? 'Sent' : null;
}

export const invoiceStage: TransitionField = {
  field: 'stage',
  of: stageOf,
  to: { Draft: 'mark_as_draft', Sent: 'mark_as_sent', Cancelled: 'mark_as_cancelled' },
  created: 'Draft',
  // Nothing a client writes, on either side. The spec names no effect ("Invoice status: Draft is a value
  // used on create. Transitions: not shown", api-reference.md section 3); the recorded exchanges
  // (corpora/freeagent) hold no transition, and every invoice and credit note in their answers is a
  // draft, so none shows a field a move filled in. The book's own engine moves status,
  // sent_at and updated_at (main/engine/sales/transitions.ts): the status is this stage, the rest are
  // never written. due_on is not written either (it follows dated_on and the terms). So after a move the
  // base takes only the stage and the fields the round wrote from the answer: anything else the answer
  // holds changed was changed by someone while the move was out, and travels at the next round.
  alsoMoves: [],
};

export const withStage = (record: SyncRecord): SyncRecord => ({ ...record, stage: stageOf(record) });
