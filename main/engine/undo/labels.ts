import type Database from 'better-sqlite3';

/** A change-log entry of one change set. */
export interface LoggedChange {
  resource: string;
  recordId: string;
  operation: 'create' | 'update' | 'delete';
}

type Image = Record<string, unknown>;

interface Family {
  /** The table its records live in. */
  table: string;
  noun: string;
  plural: string;
  /** What the person calls the record, read from its row. */
  name?: (row: Image) => string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
const field = (key: string) => (row: Image) => text(row[key]);
const person = (row: Image) => text([row.first_name, row.last_name].filter((part) => typeof part === 'string' && part !== '').join(' '));

/** Families named in undo labels, by change-log resource; anything else is named by its resource. */
export const FAMILY_LABELS: Record<string, Family> = {
  invoices: { table: 'invoices', noun: 'invoice', plural: 'invoices', name: field('reference') },
  estimates: { table: 'invoices', noun: 'estimate', plural: 'estimates', name: field('reference') },
  credit_notes: { table: 'invoices', noun: 'credit note', plural: 'credit notes', name: field('reference') },
  recurring_invoices: { table: 'recurring_invoices', noun: 'recurring invoice', plural: 'recurring invoices' },
  bills: { table: 'bills', noun: 'bill', plural: 'bills', name: field('reference') },
  expenses: { table: 'expenses', noun: 'expense', plural: 'expenses', name: field('description') },
  journal_sets: { table: 'journal_sets', noun: 'journal', plural: 'journals', name: field('description') },
  bank_transaction_explanations: { table: 'bank_transaction_explanations', noun: 'explanation', plural: 'explanations', name: field('description') },
  bank_transactions: { table: 'bank_transactions', noun: 'bank transaction', plural: 'bank transactions', name: field('description') },
  bank_accounts: { table: 'bank_accounts', noun: 'bank account', plural: 'bank accounts', name: field('name') },
  contacts: { table: 'contacts', noun: 'contact', plural: 'contacts', name: (row) => text(row.organisation_name) ?? person(row) },
  projects: { table: 'projects', noun: 'project', plural: 'projects', name: field('name') },
  categories: { table: 'categories', noun: 'category', plural: 'categories', name: field('description') },
  users: { table: 'users', noun: 'user', plural: 'users', name: person },
  company: { table: 'company', noun: 'company settings', plural: 'company settings' },
  account_locks: { table: 'account_locks', noun: 'lock date', plural: 'lock dates', name: field('locked_to_date') },
  statement_uploads: { table: 'statement_uploads', noun: 'statement import', plural: 'statement imports', name: field('file_name') },
  attachments: { table: 'attachments', noun: 'attachment', plural: 'attachments', name: field('file_name') },
  notes: { table: 'notes', noun: 'note', plural: 'notes' },
  capital_asset_types: { table: 'capital_asset_types', noun: 'capital asset type', plural: 'capital asset types', name: field('name') },
  capital_assets: { table: 'capital_assets', noun: 'capital asset', plural: 'capital assets', name: field('description') },
  properties: { table: 'properties', noun: 'property', plural: 'properties', name: field('name') },
  bank_reconciliations: { table: 'bank_reconciliations', noun: 'bank reconciliation', plural: 'bank reconciliations', name: field('statement_date') },
  credit_note_reconciliations: { table: 'credit_note_reconciliations', noun: 'credit note refund', plural: 'credit note refunds' },
};

const VERBS = { create: 'created', update: 'changed', delete: 'deleted' } as const;

/** Which table a change-log resource's records live in (estimates and credit notes share invoices'). */
export function tableOfResource(resource: string): string {
  return FAMILY_LABELS[resource]?.table ?? resource;
}

function imageOf(sqlite: Database.Database, setId: number, table: string, key: string): Image | null {
  const row = sqlite
    .prepare('SELECT coalesce(after, before) AS image FROM change_set_rows WHERE set_id = ? AND tbl = ? AND row_key = ? ORDER BY id DESC LIMIT 1')
    .get(setId, table, key) as { image: string | null } | undefined;
  return row?.image ? (JSON.parse(row.image) as Image) : null;
}

/**
 * Says in a few words what a change set did, for the undo menu: "deleted invoice 004", "created 3
 * explanations". The first entry of the change log names it: handlers record the record the person
 * acted on before the ones it moved along with it.
 */
export function labelChangeSet(sqlite: Database.Database, setId: number, logged: readonly LoggedChange[]): string {
  const first = logged[0];
  if (!first) return 'edit';
  const family = FAMILY_LABELS[first.resource] ?? { table: first.resource, noun: first.resource.replace(/_/g, ' ').replace(/s$/, ''), plural: first.resource.replace(/_/g, ' ') };
  const ofFamily = logged.filter((change) => change.resource === first.resource);
  // Records of the family taken away and others written in one action (a split saved): say what stands.
  if (new Set(ofFamily.map((change) => change.operation)).size > 1 && ofFamily.some((change) => change.operation === 'delete')) {
    const kept = new Set(ofFamily.filter((change) => change.operation !== 'delete').map((change) => change.recordId));
    return `saved ${kept.size} ${kept.size === 1 ? family.noun : family.plural}`;
  }
  const same = new Set(ofFamily.filter((change) => change.operation === first.operation).map((change) => change.recordId));
  const verb = VERBS[first.operation];
  if (same.size > 1) return `${verb} ${same.size} ${family.plural}`;
  const image = imageOf(sqlite, setId, family.table, first.recordId);
  const name = image && family.name ? family.name(image) : null;
  return name ? `${verb} ${family.noun} ${name}` : `${verb} ${family.noun}`;
}
