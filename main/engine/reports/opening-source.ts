import type Database from 'better-sqlite3';

/**
 * The postings of the opening balances (one journal set, spec 2.2) are where the books start, not
 * something that happened in them: reports keep them out of the period's movements (money in, the
 * year's profit) and count them as brought forward. Null when the book has no opening balances.
 */
export function openingSetId(sqlite: Database.Database): number | null {
  const id = sqlite.prepare('SELECT id FROM journal_sets WHERE is_opening_balances = 1').pluck().get() as number | undefined;
  return id ?? null;
}

/** SQL matching the opening set's postings (alias `p`), bound to @opening; read by the postings_source index. */
export const OPENING_POSTINGS_SQL = "p.source_resource = 'journal_sets' AND p.source_id = @opening";
