import { creditNoteSchema } from '../../shared/api/credit_notes';
import { reconciliationUpdateSchema } from '../../shared/api/credit_note_reconciliations';
import { Level } from '../../shared/api/permissions';
import type { Family, SyncRecord } from './family';
import { invoiceStage, withStage } from './invoice-stage';
import { comparable } from './normalize';
import { numberedDocumentKey } from './document-key';

/**
 * Credit notes, the mirror of invoices: the reference is the number in the book's own credit note series
 * (the correlation key, sent explicitly), the stage (Draft, Sent, Cancelled) moves only by transitions,
 * items are one field written by replacement, and refunded/due values and statuses are never compared.
 */
export const creditNotesFamily: Family = {
  name: 'credit_notes',
  path: '/v2/credit_notes',
  one: 'credit_note',
  many: 'credit_notes',
  writable: [...Object.keys(creditNoteSchema.shape).filter((key) => key !== 'status' && key !== 'due_on'), 'stage'],
  createOnly: [],
  links: { contact: 'contacts', project: 'projects' },
  needs: ['contacts'],
  listQuery: { view: 'all', nested_credit_note_items: 'true' },
  matchKey: numberedDocumentKey,
  uniqueOnline: 'reference',
  label: (record) => `Credit note ${String(record.reference ?? '')}`,
  level: Level.InvoicesEstimatesAndFiles,
  figures: ['total_value', 'status'],
  nested: { credit_note_items: ['position', 'description', 'item_type', 'price', 'quantity', 'sales_tax_rate', 'sales_tax_status', 'category', 'suffers_cis_deduction'] },
  normalize: withStage,
  transition: invoiceStage,
};

/**
 * The correlation key of a reconciliation: the two documents it sets against each other (in the book's
 * terms, through the id map), its date and amount. Two identical reconciliations of the same pair on the
 * same day are one for every purpose a person has.
 */
function reconciliationKey(record: SyncRecord): string | null {
  if (typeof record.invoice !== 'string' || typeof record.credit_note !== 'string') return null;
  return `${record.credit_note}|${record.invoice}|${String(record.dated_on ?? '')}|${String(comparable(record.gross_value) ?? '')}`;
}

/**
 * Credit note reconciliations, after both their documents. Currency and exchange rate are the invoice's
 * (the server refuses any other), so only the amount, the date and the two links are written.
 */
export const creditNoteReconciliationsFamily: Family = {
  name: 'credit_note_reconciliations',
  path: '/v2/credit_note_reconciliations',
  one: 'credit_note_reconciliation',
  many: 'credit_note_reconciliations',
  writable: Object.keys(reconciliationUpdateSchema.shape).filter((key) => key !== 'currency' && key !== 'exchange_rate'),
  createOnly: [],
  links: { invoice: 'invoices', credit_note: 'credit_notes' },
  needs: ['invoices', 'credit_notes'],
  listQuery: {},
  matchKey: reconciliationKey,
  label: (record) => `Credit note reconciliation ${String(record.dated_on ?? '')} ${String(record.gross_value ?? '')}`.trim(),
  level: Level.InvoicesEstimatesAndFiles,
};
