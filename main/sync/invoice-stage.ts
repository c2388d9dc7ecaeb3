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
};

export const withStage = (record: SyncRecord): SyncRecord => ({ ...record, stage: stageOf(record) });
