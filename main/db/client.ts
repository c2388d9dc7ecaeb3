import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema';
import { migrateDatabase, type MigrateOptions } from './migrate';

export type Schema = typeof schema;
export type Db = BetterSQLite3Database<Schema>;

export interface Book {
  /** drizzle over the connection, for everyday queries. */
  db: Db;
  /** The raw connection, for transactions and prepared bulk statements. */
  sqlite: Database.Database;
  close(): void;
}

/**
 * Opens (creating if needed) a book file, or ":memory:" for tests, and brings its schema up to date.
 * One connection is the one writer; WAL lets readers go on while it writes.
 */
export function openBook(file: string, options: MigrateOptions = {}): Book {
  const sqlite = new Database(file);
  try {
    sqlite.pragma('foreign_keys = ON');
    if (file !== ':memory:') sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    migrateDatabase(sqlite, file, options);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return { db: drizzle(sqlite, { schema }), sqlite, close: () => sqlite.close() };
}
