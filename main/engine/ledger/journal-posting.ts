import { journalSets } from '../../db/schema';
import type { EngineContext } from '../context';
import { entriesOf } from './journal-edits';
import { replacePostings, type PostingLine } from './postings';

export type JournalSetRow = typeof journalSets.$inferSelect;

/** The source_resource of a journal set's postings, and the path segment of its url. */
export const JOURNAL_SETS = 'journal_sets';

/** One posting per entry, dated the set's day; an entry without a description takes the set's. */
export function entryLines(ctx: EngineContext, set: JournalSetRow, datedOn: string): PostingLine[] {
  return entriesOf(ctx, set.id).map((entry) => ({
    categoryId: entry.categoryId,
    debitMinor: entry.debitMinor,
    datedOn,
    description: entry.description ?? set.description,
  }));
}

/**
 * Posts a dated journal set: its entries are its postings. The caller has checked that they balance, so
 * replacePostings refusing them would be a bug, not bad input.
 */
export function postJournalSet(ctx: EngineContext, set: JournalSetRow & { datedOn: string }): void {
  replacePostings(ctx, JOURNAL_SETS, set.id, entryLines(ctx, set, set.datedOn));
}
