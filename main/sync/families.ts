import { bankAccountUpdateSchema } from '../../shared/api/bank_accounts';
import { explanationUpdateSchema } from '../../shared/api/bank_transaction_explanations';
import { contactSchema } from '../../shared/api/contacts';
import { billUpdateSchema } from '../../shared/api/bills';
import { invoiceSchema } from '../../shared/api/invoices';
import { Level } from '../../shared/api/permissions';
import { projectUpdateSchema } from '../../shared/api/projects';
import { capitalAssetTypesFamily } from './family-capital-asset-types';
import { categoriesFamily } from './family-categories';
import { creditNoteReconciliationsFamily, creditNotesFamily } from './family-credit-notes';
import { estimatesFamily } from './family-estimates';
import { expensesFamily } from './family-expenses';
import { journalSetsFamily } from './family-journal-sets';
import { propertiesFamily } from './family-properties';
import { invoiceStage, withStage } from './invoice-stage';
import { statementLineKey } from './line-key';
import { comparable } from './normalize';
import type { Family, SyncRecord } from './family';
import { numberedDocumentKey } from './document-key';

export type { Family, SyncRecord, TransportKind, TransitionField } from './family';

const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

function contactName(record: SyncRecord): string {
  const person = [record.first_name, record.last_name].filter((part) => typeof part === 'string' && part).join(' ');
  return (typeof record.organisation_name === 'string' && record.organisation_name) || person;
}

const keysOf = (schema: { shape: Record<string, unknown> }, except: readonly string[] = []) => Object.keys(schema.shape).filter((key) => !except.includes(key));

/** In dependency order: a family's links point only to families before it. Deletes run in reverse. */
export const FAMILIES: readonly Family[] = [
  categoriesFamily,
  {
    name: 'contacts',
    path: '/v2/contacts',
    one: 'contact',
    many: 'contacts',
    writable: keysOf(contactSchema),
    createOnly: [],
    links: {},
    listQuery: { view: 'all' },
    matchKey: (record) => `${lower(contactName(record))}|${lower(record.email)}`,
    label: (record) => `Contact ${contactName(record)}`,
    level: Level.ContactsAndProjects,
  },
  {
    name: 'projects',
    path: '/v2/projects',
    one: 'project',
    many: 'projects',
    writable: keysOf(projectUpdateSchema),
    createOnly: [],
    links: { contact: 'contacts' },
    needs: ['contacts'],
    listQuery: { view: 'all' },
    matchKey: (record) => `${lower(record.name)}|${lower(record.contact)}`,
    label: (record) => `Project ${String(record.name ?? '')}`,
    level: Level.ContactsAndProjects,
  },
  {
    name: 'bank_accounts',
    path: '/v2/bank_accounts',
    one: 'bank_account',
    many: 'bank_accounts',
    // is_primary moves between accounts as the server decides: setting it on one clears another.
    writable: keysOf(bankAccountUpdateSchema, ['is_primary']),
    createOnly: ['type', 'currency'],
    links: {},
    listQuery: {},
    matchKey: (record) => {
      const number = lower(record.account_number).replace(/\s+/g, '') || lower(record.iban).replace(/\s+/g, '');
      return number ? `number:${lower(record.sort_code).replace(/-/g, '')}|${number}` : `name:${lower(record.name)}|${lower(record.currency)}`;
    },
    label: (record) => `Bank account ${String(record.name ?? '')}`,
    level: Level.Banking,
    figures: ['current_balance', 'unexplained_transaction_count'],
  },
  // Journal entries name them.
  capitalAssetTypesFamily,
  propertiesFamily,
  {
    name: 'invoices',
    path: '/v2/invoices',
    one: 'invoice',
    many: 'invoices',
    // Status moves only by transitions (its stage is compared, and sent as a transition); due_on follows
    // dated_on and the terms: neither is written as a field.
    writable: [...keysOf(invoiceSchema, ['status', 'due_on']), 'stage'],
    createOnly: [],
    links: { contact: 'contacts', project: 'projects' },
    needs: ['contacts'],
    // Lists leave items out unless asked, and a record without them would read as one with none.
    listQuery: { view: 'all', nested_invoice_items: 'true' },
    // The number with its customer (document-key.ts): numbers are not unique on the remote.
    matchKey: numberedDocumentKey,
    uniqueOnline: 'reference',
    label: (record) => `Invoice ${String(record.reference ?? '')}`,
    level: Level.InvoicesEstimatesAndFiles,
    figures: ['total_value', 'status'],
    nested: { invoice_items: ['position', 'description', 'item_type', 'price', 'quantity', 'sales_tax_rate', 'sales_tax_status', 'category', 'suffers_cis_deduction'] },
    normalize: withStage,
    transition: invoiceStage,
  },
  estimatesFamily,
  creditNotesFamily,
  // After both documents it sets against each other.
  creditNoteReconciliationsFamily,
  {
    name: 'bills',
    path: '/v2/bills',
    one: 'bill',
    many: 'bills',
    // Status, paid and due values follow the payments: the payload has none of them.
    writable: keysOf(billUpdateSchema),
    createOnly: [],
    links: { contact: 'contacts', project: 'projects' },
    needs: ['contacts'],
    listQuery: { view: 'all', nested_bill_items: 'true' },
    // A bill's reference is the supplier's own number: two suppliers may both send "INV-1", so the key is
    // the reference with its supplier.
    matchKey: (record) => (typeof record.reference === 'string' && record.reference.trim() ? `reference:${lower(record.reference)}|${lower(record.contact)}` : null),
    label: (record) => `Bill ${String(record.reference ?? '')}`,
    level: Level.Bills,
    figures: ['total_value', 'status'],
    nested: { bill_items: ['category', 'description', 'total_value', 'sales_tax_rate', 'manual_sales_tax_amount', 'sales_tax_status'] },
  },
  expensesFamily,
  journalSetsFamily,
  {
    // Statement lines: made by statement upload, never changed after, deleted one by one (statement-lines.ts).
    name: 'bank_transactions',
    path: '/v2/bank_transactions',
    one: 'bank_transaction',
    many: 'bank_transactions',
    writable: [],
    createOnly: ['bank_account', 'dated_on', 'amount', 'description', 'transaction_id'],
    links: { bank_account: 'bank_accounts' },
    listQuery: {},
    matchKey: statementLineKey,
    label: (record) => `Statement line ${String(record.dated_on ?? '')} ${String(record.amount ?? '')} ${String(record.description ?? '')}`,
    level: Level.Banking,
    scope: 'bank_account',
    transport: 'statement-upload',
    madeWithParent: (record) => record.is_manual === true,
    // Every line carries its explanations (as the live service's list does: recorded-exchanges).
    childrenInside: { family: 'bank_transaction_explanations', field: 'bank_transaction_explanations' },
  },
  {
    name: 'bank_transaction_explanations',
    path: '/v2/bank_transaction_explanations',
    one: 'bank_transaction_explanation',
    many: 'bank_transaction_explanations',
    // Attachments travel on their own; the line and account an explanation belongs to do not move.
    writable: keysOf(explanationUpdateSchema, ['attachment', 'bank_transaction', 'bank_account']),
    createOnly: ['bank_transaction', 'bank_account'],
    links: { bank_transaction: 'bank_transactions', bank_account: 'bank_accounts', paid_invoice: ['invoices', 'credit_notes'], paid_bill: 'bills', transfer_bank_account: 'bank_accounts', project: 'projects' },
    listQuery: {},
    // Not the line: an explanation that made its own (manual) line has none linked until it is made.
    matchKey: (record) => `${String(record.bank_account ?? '')}|${String(record.dated_on ?? '')}|${String(comparable(record.gross_value) ?? '0')}|${lower(record.description)}`,
    label: (record) => `Explanation ${String(record.dated_on ?? '')} ${String(record.gross_value ?? '')} ${String(record.description ?? '')}`,
    level: Level.Banking,
    scope: 'bank_account',
    // A transfer's other half is made by the side that records the transfer (is_deletable false).
    skip: (record) => record.is_deletable === false,
    byPath: ['category'],
    ownLine: 'bank_transaction',
    remadeOnline: true,
    carriesAttachments: true,
  },
];

/** The family a link points into: the one named, or of several, the one whose path the link's value has. */
export function linkTarget(target: string | readonly string[], value: string): string {
  if (typeof target === 'string') return target;
  const path = value.replace(/^[a-z]+:\/\/[^/]+/, '');
  return target.find((name) => path.startsWith(`/v2/${name}/`)) ?? target[0]!;
}

export function familyNamed(name: string): Family {
  const family = FAMILIES.find((candidate) => candidate.name === name);
  if (!family) throw new Error(`Unknown sync family ${name}`);
  return family;
}

/**
 * Whether a family's records are the scope other families are listed by (bank accounts, for lines and
 * explanations): read by the first link's plan before the scoped families.
 */
export const isScopeOfOthers = (family: Family): boolean => FAMILIES.some((other) => other.scope !== undefined && other.links[other.scope] === family.name);

export const isSyncedResource = (resource: string) => FAMILIES.some((family) => family.name === resource);

/** Whether a company of this type can hold the family's records at all (a landlord's properties); an unknown type can. */
export const companyHolds = (family: Family, companyType: string | null | undefined): boolean => !family.companyTypes || !companyType || family.companyTypes.includes(companyType);

/**
 * The families a user at this level may sync, of those the company can hold; changes to the others wait
 * in the outbox. A family the company's type cannot hold is not asked for: its list is empty on both sides.
 */
export const familiesFor = (permissionLevel: number, companyType?: string | null): readonly Family[] =>
  FAMILIES.filter((family) => family.level <= permissionLevel && companyHolds(family, companyType));
