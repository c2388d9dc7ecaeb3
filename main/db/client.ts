import { rmSync } from 'node:fs';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { backUp, DEFAULT_ROTATION, hasDailyBackupOn, latestBackup, rotateBackups, type RotationPolicy } from './backups';
import { BookFileError, MissingBookError } from './book-errors';
import { checkIntegrity, checkIsLedgerdeskBook, inspectBookFile } from './book-file';
import { assertNotNewer, migrateDatabase, type MigrateOptions } from './migrate';
import { bookFault } from './faults';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = BetterSQLite3Database<Schema>;

export interface Book {
  /** drizzle over the connection, for everyday queries. */
  db: Db;
  /** The raw connection, for transactions and prepared bulk statements. */
  sqlite: Database.Database;
  /** The book's file, or ":memory:". */
  file: string;
  close(): void;
}

export interface OpenBookOptions extends MigrateOptions {
  /** False refuses to create a book where there is none (cli token, restore targets). Default true. */
  create?: boolean;
  /** How long a write waits for another process's write to finish before the book counts as busy. */
  busyTimeoutMs?: number;
  /** 'full' runs integrity_check (also checks indexes; slower) instead of quick_check. */
  integrity?: 'quick' | 'full';
  /** The time backups are named by; the clock is not read here so that tests can fix it. */
  now?: () => Date;
  /** Automatic backups (before migrating, first open each day) and their rotation; false for none. */
  backups?: RotationPolicy | false;
}

export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/**
 * Every transaction on a book starts IMMEDIATE: it takes the write lock at BEGIN, waiting up to the
 * busy timeout. A deferred transaction that reads and then writes fails with SQLITE_BUSY_SNAPSHOT
 * whenever another process (serve, cli, a second window) wrote in between, and no wait helps it.
 * drizzle asks for `.deferred` explicitly, so that variant is made immediate too.
 */
function immediateTransactions(sqlite: Database.Database): void {
  const make = sqlite.transaction.bind(sqlite);
  const transaction = ((fn: (...args: never[]) => unknown) => {
    const made = make(fn);
    const run = (...args: never[]) => made.immediate(...args);
    return Object.assign(run, { default: made.immediate, deferred: made.immediate, immediate: made.immediate, exclusive: made.exclusive, database: sqlite });
  }) as unknown as Database.Database['transaction'];
  sqlite.transaction = transaction;
}

function finish(sqlite: Database.Database, file: string): Book {
  immediateTransactions(sqlite);
  return { db: drizzle(sqlite, { schema }), sqlite, file, close: () => sqlite.close() };
}

/**
 * A book may come from anywhere (a file association, Open Book…, an email): its schema is the
 * sender's. With trusted_schema off, SQLite runs no function with side effects (load_extension,
 * fts3_tokenizer, an app-defined one not marked innocuous) from a view, trigger, CHECK or default in
 * it; our own triggers use only innocuous built-ins. Set before the first read of the schema.
 */
function distrustSchema(sqlite: Database.Database): void {
  sqlite.pragma('trusted_schema = OFF');
}

/**
 * Opens (creating if needed) a book file, or ":memory:" for tests, and brings its schema up to date.
 * Nothing is written to an existing file until it has been shown to be a whole Ledgerdesk book that
 * this app understands: not a stray file, not damaged, not from a newer version. Only then is it put
 * in WAL mode (which rewrites its header), backed up if a migration is due, and migrated.
 */
export function openBook(file: string, options: OpenBookOptions = {}): Book {
  if (file === ':memory:') {
    const sqlite = new Database(file);
    distrustSchema(sqlite);
    sqlite.pragma('foreign_keys = ON');
    migrateDatabase(sqlite, options);
    return finish(sqlite, file);
  }
  const state = inspectBookFile(file);
  if (state === 'absent' && options.create === false) throw new MissingBookError(file);
  const now = options.now ?? (() => new Date());
  const sqlite = new Database(file, { fileMustExist: state === 'present', timeout: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS });
  try {
    distrustSchema(sqlite);
    if (state === 'present') {
      checkIntegrity(sqlite, file, options.integrity ?? 'quick', () => latestBackup(file));
      checkIsLedgerdeskBook(sqlite, file);
      assertNotNewer(sqlite, options.migrationsFolder);
    }
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    const policy = options.backups === undefined ? DEFAULT_ROTATION : options.backups;
    migrateDatabase(sqlite, { ...options, beforeMigrating: policy ? () => backUp(sqlite, file, 'pre-migration', now()) : undefined });
    if (policy && state === 'present') dailyBackup(sqlite, file, now(), policy);
  } catch (error) {
    sqlite.close();
    // A book this call began on a full or failing disk is removed rather than left half made.
    if (state === 'absent') for (const path of [file, `${file}-wal`, `${file}-shm`]) rmSync(path, { force: true });
    const fault = bookFault(error);
    throw fault ? new BookFileError(fault.message.replace('Nothing was changed', `The book ${file} could not be opened`), file) : error;
  }
  return finish(sqlite, file);
}

/**
 * The first open of a day backs the book up and rotates the dailies. A backup that cannot be made
 * (a full disk) does not stop the book opening: it is reported, and tried again next open.
 */
function dailyBackup(sqlite: Database.Database, file: string, at: Date, policy: RotationPolicy): void {
  try {
    if (hasDailyBackupOn(file, at.toISOString().slice(0, 10))) return;
    backUp(sqlite, file, 'daily', at);
    rotateBackups(file, policy);
  } catch (error) {
    console.warn(`ledgerdesk: the daily backup of ${file} could not be made: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * A second, read-only connection to a book another connection has already opened (checked, migrated,
 * in WAL mode). Under WAL it reads the last committed state while the writer works, so reads are
 * answered during a long write; each read sees every write committed before it began. Its
 * transactions stay deferred (read snapshots): it never takes the write lock.
 */
export function openBookReader(file: string, options: Pick<OpenBookOptions, 'busyTimeoutMs'> = {}): Book {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true, timeout: options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS });
  try {
    distrustSchema(sqlite);
    sqlite.pragma('foreign_keys = ON');
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return { db: drizzle(sqlite, { schema }), sqlite, file, close: () => sqlite.close() };
}
