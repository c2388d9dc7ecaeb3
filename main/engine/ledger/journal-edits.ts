import { asc, eq } from 'drizzle-orm';
import type { JournalEntryInput } from '../../../shared/api/journal_sets';
import { fromMinor, sumMinor } from '../../../shared/money';
import { journalEntries } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { resolveEntry, type EntrySetting, type EntryValues, type JournalEntryRow } from './journal-entries';

/** A set's entries in the order they were made. */
export function entriesOf(ctx: EngineContext, setId: number): JournalEntryRow[] {
  return ctx.db.select().from(journalEntries).where(eq(journalEntries.journalSetId, setId)).orderBy(asc(journalEntries.id)).all();
}

/** The id in an entry's url (/v2/journal_sets/4/journal_entries/17), or a bare id. */
function entryIdOf(value: string | number, setId: number, where: string): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  const text = String(value).trim();
  if (/^\d{1,15}$/.test(text)) return Number(text);
  let path: string;
  try {
    path = new URL(text, 'ledgerdesk://local').pathname;
  } catch {
    throw unprocessable(`${where}.url must be the url of a journal entry`);
  }
  const match = /^\/v2\/journal_sets\/(\d+|opening_balances)\/journal_entries\/(\d+)\/?$/.exec(path);
  if (!match) throw unprocessable(`${where}.url must be the url of a journal entry`);
  if (match[1] !== 'opening_balances' && Number(match[1]) !== setId) throw unprocessable(`${where}.url is an entry of another journal set`);
  return Number(match[2]);
}

type Edit = { kind: 'add'; values: EntryValues } | { kind: 'change'; id: number; values: EntryValues } | { kind: 'remove'; id: number };

export interface EditOptions {
  setting: EntrySetting;
  /** POST makes every entry new: an item with a url there is a mistake. */
  urlsAllowed: boolean;
  /** An entry the engine keeps itself (the opening balances' balancing entry): items naming it are ignored. */
  managedEntryId?: number | null;
}

/**
 * Applies a payload's entries to a set (spec 4.2): an item with url and `_destroy: true` removes that
 * entry, an item with url and other fields changes it, an item without url adds one. Every item is
 * checked before anything is written; a broken rule anywhere refuses the whole request.
 */
export function applyEntryItems(ctx: EngineContext, setId: number, items: readonly JournalEntryInput[], options: EditOptions): void {
  const current = new Map(entriesOf(ctx, setId).map((row) => [row.id, row]));
  const named = new Set<number>();
  const edits: Edit[] = [];
  items.forEach((item, index) => {
    const where = `journal_entries.${index}`;
    if (item.url === undefined) {
      if (item._destroy === true) throw unprocessable(`${where}._destroy needs the url of the entry to remove`);
      edits.push({ kind: 'add', values: resolveEntry(ctx, item, null, options.setting, where) });
      return;
    }
    if (!options.urlsAllowed) throw unprocessable(`${where}.url: a new journal set's entries are all new; leave url out`);
    const id = entryIdOf(item.url, setId, where);
    const row = current.get(id);
    if (!row) throw unprocessable(`${where}.url is not an entry of this journal set`);
    if (named.has(id)) throw unprocessable(`${where}.url names an entry already changed in this request`);
    named.add(id);
    if (id === options.managedEntryId) return;
    if (item._destroy === true) edits.push({ kind: 'remove', id });
    else edits.push({ kind: 'change', id, values: resolveEntry(ctx, item, row, options.setting, where) });
  });
  for (const edit of edits) {
    if (edit.kind === 'remove') ctx.db.delete(journalEntries).where(eq(journalEntries.id, edit.id)).run();
    else if (edit.kind === 'change') ctx.db.update(journalEntries).set({ ...edit.values, updatedAt: ctx.now }).where(eq(journalEntries.id, edit.id)).run();
    else ctx.db.insert(journalEntries).values({ ...edit.values, journalSetId: setId, createdAt: ctx.now, updatedAt: ctx.now }).run();
  }
}

/** A dated set must hold entries and balance: debits and credits equal, to the penny. */
export function checkBalanced(entries: readonly JournalEntryRow[], currency: string): void {
  if (entries.length === 0) throw unprocessable('journal_entries must hold at least one entry (delete the journal set to remove it all)');
  // sumMinor refuses totals past what a double holds exactly (a 422) rather than compare rounded ones.
  const debits = sumMinor(entries.filter((row) => row.debitMinor > 0).map((row) => row.debitMinor));
  const credits = sumMinor(entries.filter((row) => row.debitMinor < 0).map((row) => -row.debitMinor));
  if (debits !== credits) {
    throw unprocessable(
      `journal_entries must balance: debits total ${fromMinor(debits, currency)} and credits ${fromMinor(credits, currency)}, a difference of ${fromMinor(debits - credits, currency)}`,
    );
  }
}

/** Each contact has at most one opening balance per category (Trade Debtors, Trade Creditors). */
export function checkOneEntryPerContact(entries: readonly JournalEntryRow[]): void {
  const seen = new Set<string>();
  for (const row of entries) {
    if (row.contactId === null) continue;
    const key = `${row.contactId}:${row.categoryId}`;
    if (seen.has(key)) throw unprocessable('journal_entries: a contact may have only one opening balance entry per category');
    seen.add(key);
  }
}
