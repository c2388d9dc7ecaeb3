import type Database from 'better-sqlite3';
import { preparedPerConnection } from './prepared';

/**
 * A read request's queries in one read transaction. Outside a transaction every statement that reads
 * a table begins and ends a read transaction of its own (in WAL: the wal-index header is read and a
 * read lock taken and released), ~5 us each on this machine, and a GET by id ran four of them (the
 * token, the book's version, the row, its activity). Inside one they share a snapshot, which is also
 * what a request should see: one moment of the book, not a write landing between two of its queries.
 *
 * The snapshot never writes. Code that asks whether a request may still roll back (caches that must
 * not keep what a write sees) asks `inWriteTransaction`, which is false inside a snapshot.
 */

const snapshots = new WeakSet<Database.Database>();
const begin = preparedPerConnection((sqlite: Database.Database) => sqlite.prepare('BEGIN DEFERRED'));
const commit = preparedPerConnection((sqlite: Database.Database) => sqlite.prepare('COMMIT'));

/** Runs `read` (synchronous: nothing else may use the connection meanwhile) in one read transaction. */
export function inReadSnapshot<T>(sqlite: Database.Database, read: () => T): T {
  // Already in a transaction (a caller's own): its snapshot is the one to read.
  if (sqlite.inTransaction) return read();
  begin(sqlite).run();
  snapshots.add(sqlite);
  try {
    return read();
  } finally {
    snapshots.delete(sqlite);
    // COMMIT ends a read transaction as ROLLBACK would; it is always possible, nothing was written.
    if (sqlite.inTransaction) commit(sqlite).run();
  }
}

/**
 * Runs `write` outside the current read snapshot (for the rare write a read request sets off, the
 * day's recurring invoices): it ends the snapshot, writes in transactions of its own, and begins a
 * new snapshot that sees what it wrote.
 */
export function outsideReadSnapshot<T>(sqlite: Database.Database, write: () => T): T {
  if (!snapshots.has(sqlite)) return write();
  snapshots.delete(sqlite);
  commit(sqlite).run();
  try {
    return write();
  } finally {
    begin(sqlite).run();
    snapshots.add(sqlite);
  }
}

/** Whether the connection is inside a transaction that may write (and so may still roll back). */
export function inWriteTransaction(sqlite: Database.Database): boolean {
  return sqlite.inTransaction && !snapshots.has(sqlite);
}
