import type { Db } from '../db/client';

/**
 * Wraps a query builder so that it runs once per database connection and its result (a drizzle
 * prepared query, a better-sqlite3 statement) is reused. On the hot read paths building the SQL and
 * preparing the statement cost several times more than running it (see `npm run bench`).
 */
export function preparedPerDb<T extends object>(build: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = build(db)));
    return query;
  };
}
