import type Database from 'better-sqlite3';
import type { EngineContext } from './context';
import { preparedPerConnection } from './prepared';
import { inWriteTransaction } from './read-snapshot';

/**
 * Whole-list reads (a list's X-Total-Count, an import's counts) kept until the book next changes.
 * The register of a 100,000-line account reads its pages one after another, and each page's
 * X-Total-Count cost a count of every line (7-15 ms) that was the same each time; the next request
 * of the person at the window waited behind it.
 *
 * The book's version is the newest change-log id: every write appends to the change log in its
 * transaction (app.ts refuses a write that does not), including another process's (the CLI's sync),
 * so a new id means the answers may have changed. Ids only grow once committed. A read made inside a
 * write transaction is never cached: it might still roll back and its change id be reused (a read
 * request's snapshot, read-snapshot.ts, is not one).
 */

const MAX_ENTRIES = 500;

interface Cache {
  version: number;
  entries: Map<string, unknown>;
}

const caches = new WeakMap<Database.Database, Cache>();
const newestChange = preparedPerConnection((sqlite: Database.Database) => sqlite.prepare('SELECT coalesce(max(id), 0) FROM changes').pluck());

/** `read()`'s answer for `key`, computed again only when the book has changed since it was kept. */
export function readWhileUnchanged<T>(ctx: EngineContext, key: string, read: () => T): T {
  const { sqlite } = ctx.book;
  if (inWriteTransaction(sqlite)) return read();
  const version = newestChange(sqlite).get() as number;
  let cache = caches.get(sqlite);
  if (!cache || cache.version !== version) {
    cache = { version, entries: new Map() };
    caches.set(sqlite, cache);
  }
  if (cache.entries.has(key)) return cache.entries.get(key) as T;
  const value = read();
  // Distinct filters are few in practice; a bound keeps a script that pages through dates from growing it.
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
  cache.entries.set(key, value);
  return value;
}

/** `SELECT count(*) ...` with its parameters, kept while the book is unchanged. */
export function countWhileUnchanged(ctx: EngineContext, sql: string, params: Readonly<Record<string, unknown>> = {}): number {
  return readWhileUnchanged(ctx, `count\u0000${sql}\u0000${JSON.stringify(params)}`, () => ctx.book.sqlite.prepare(sql).pluck().get(params) as number);
}
