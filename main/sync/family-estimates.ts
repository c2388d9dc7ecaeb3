import { estimateSchema } from '../../shared/api/estimates';
import { Level } from '../../shared/api/permissions';
import type { Family, SyncRecord } from './family';
import type { TransitionField } from './family';
import { numberedDocumentKey } from './document-key';

/**
 * An estimate's stage is its status, moved only by transitions. Invoiced is reached by converting it
 * into an invoice (a new record, made by whoever converts): it has no stage here and is never moved.
 */
const STAGES = ['Draft', 'Sent', 'Approved', 'Rejected'];
const stageOf = (record: SyncRecord): string | null => (typeof record.status === 'string' && STAGES.includes(record.status) ? record.status : null);

const estimateStage: TransitionField = {
  field: 'stage',
  of: stageOf,
  to: { Draft: 'mark_as_draft', Sent: 'mark_as_sent', Approved: 'mark_as_approved', Rejected: 'mark_as_rejected' },
  created: 'Draft',
  through: { Approved: 'Sent', Rejected: 'Sent' },
  // Nothing a client writes: the spec and the recorded exchanges show no effect of a move besides the
  // status (the one recorded estimate, Approved, was made so: created_at equals updated_at), and the
  // book's engine moves only status, sent_at and updated_at (main/engine/sales/estimate-transitions.ts).
  // status is written on create only and read as Draft (normalize, below), so it never differs.
  alsoMoves: [],
};

/**
 * The live service refuses an estimate created without a status (api-quirks.md), and a status sent
 * later is not how it moves: every record reads as status Draft, sent on create only, and its real
 * status travels as the stage.
 */
const normalize = (record: SyncRecord): SyncRecord => ({ ...record, status: 'Draft', stage: stageOf(record) });

/** Estimates: like invoices, numbered by reference (the correlation key), their items replaced as one list. */
export const estimatesFamily: Family = {
  name: 'estimates',
  path: '/v2/estimates',
  one: 'estimate',
  many: 'estimates',
  writable: [...Object.keys(estimateSchema.shape).filter((key) => key !== 'status'), 'stage'],
  createOnly: ['status'],
  links: { contact: 'contacts', project: 'projects' },
  needs: ['contacts'],
  listQuery: { view: 'all', nested_estimate_items: 'true' },
  matchKey: numberedDocumentKey,
  uniqueOnline: 'reference',
  label: (record) => `Estimate ${String(record.reference ?? '')}`,
  level: Level.InvoicesEstimatesAndFiles,
  figures: ['total_value', 'status'],
  nested: { estimate_items: ['position', 'description', 'item_type', 'price', 'quantity', 'sales_tax_rate', 'sales_tax_status', 'category'] },
  normalize,
  transition: estimateStage,
  // "An Approved estimate cannot be deleted (409) ... Return the estimate to draft first" (api-quirks.md).
  deletedFrom: 'Draft',
};
