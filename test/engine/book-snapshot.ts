import type { TestBook } from './harness';

/**
 * Every row of every table, for proving that a refused request changed nothing at all: counts alone
 * would miss an update that was not rolled back.
 */
export function bookSnapshot(t: TestBook): Record<string, unknown[]> {
  const tables = t.book.sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const snapshot: Record<string, unknown[]> = {};
  for (const table of tables) snapshot[table] = t.book.sqlite.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all();
  return snapshot;
}

/** Row counts per table, for messages that say what grew. */
export function rowCounts(t: TestBook): Record<string, number> {
  return Object.fromEntries(Object.entries(bookSnapshot(t)).map(([table, rows]) => [table, rows.length]));
}

/**
 * A cheaper check for loops of hundreds of requests: row counts everywhere, plus every row of the
 * tables those requests edit in place. A refused write that slipped a row in or changed a record shows.
 */
export function bookFingerprint(t: TestBook): Record<string, unknown> {
  const all = (table: string) => t.book.sqlite.prepare(`SELECT * FROM "${table}" ORDER BY rowid`).all();
  const tables = t.book.sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .pluck()
    .all() as string[];
  const counts = Object.fromEntries(tables.map((table) => [table, t.book.sqlite.prepare(`SELECT count(*) FROM "${table}"`).pluck().get()]));
  return { counts, users: all('users'), bank_accounts: all('bank_accounts'), company: all('company') };
}
