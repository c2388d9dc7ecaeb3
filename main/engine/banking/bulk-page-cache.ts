import type Database from 'better-sqlite3';

/**
 * SQLite's page cache while a bulk import runs: 64 MB, where the connection keeps its default 2 MB.
 * Deduplicating 100,000 lines against an account of 1,000,000 and inserting them walks indexes of
 * ~100 MB in scattered key order; in 2 MB nearly every step read its page from the file again.
 * Only for the import's duration, so the book's other work keeps the memory it had.
 */
export const BULK_CACHE_KIB = 64 * 1024;

export function withBulkPageCache<T>(sqlite: Database.Database, run: () => T): T {
  const before = sqlite.pragma('cache_size', { simple: true }) as number;
  // A negative size is in KiB, a positive one in pages (of 4 KiB here); never make it smaller.
  const beforeKib = before < 0 ? -before : before * 4;
  if (beforeKib >= BULK_CACHE_KIB) return run();
  sqlite.pragma(`cache_size = -${BULK_CACHE_KIB}`);
  try {
    return run();
  } finally {
    sqlite.pragma(`cache_size = ${before}`);
  }
}
