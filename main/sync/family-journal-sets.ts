import type Database from 'better-sqlite3';
import { Level } from '../../shared/api/permissions';
import type { Family, SyncRecord } from './family';
import { comparable } from './normalize';

const text = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/**
 * The correlation key: the tag with the date, as an application tags the sets it makes (spec 2.2). A set
 * without a tag is known by its date, description and the amounts of its entries, which two different
 * sets made the same day rarely share (and if they do, they are the same journal for every purpose).
 */
function matchKey(record: SyncRecord): string | null {
  if (typeof record.dated_on !== 'string') return null;
  if (text(record.tag)) return `tag:${text(record.tag)}|${record.dated_on}`;
  const amounts = (Array.isArray(record.journal_entries) ? (record.journal_entries as SyncRecord[]) : []).map((row) => String(comparable(row.debit_value))).sort();
  return `untagged:${record.dated_on}|${text(record.description)}|${amounts.join(',')}`;
}

/** The opening balances are not synced (see api-notes): their changes stay here. */
function changedId(sqlite: Database.Database, recordId: string): number | null {
  const row = sqlite.prepare('SELECT is_opening_balances AS opening FROM journal_sets WHERE id = ?').get(Number(recordId)) as { opening: number } | undefined;
  // A deleted set has no row; the opening balances can never be deleted, so a gone row was an ordinary set.
  return row?.opening ? null : Number(recordId);
}

/** Journal sets with their entries; an entry's links (category, user, contact, ...) go through the id map. */
export const journalSetsFamily: Family = {
  name: 'journal_sets',
  path: '/v2/journal_sets',
  one: 'journal_set',
  many: 'journal_sets',
  writable: ['dated_on', 'description', 'tag', 'journal_entries'],
  createOnly: [],
  links: {},
  listQuery: {},
  matchKey,
  label: (record) => `Journal ${String(record.dated_on ?? '')} ${String(record.description ?? '')}`.trim(),
  level: Level.TaxAccountingAndUsers,
  nested: { journal_entries: ['category', 'debit_value', 'description', 'user', 'capital_asset_type', 'property', 'contact', 'bank_account', 'stock_item', 'stock_altering_quantity'] },
  nestedLinks: {
    journal_entries: { category: 'categories', user: 'users', contact: 'contacts', bank_account: 'bank_accounts', capital_asset_type: 'capital_asset_types', property: 'properties', stock_item: 'stock_items' },
  },
  // The opening balances carry no date: they are the book's own (one per company, balanced by the engine).
  keep: (record) => typeof record.dated_on === 'string' && record.dated_on !== '',
  changedId,
};
