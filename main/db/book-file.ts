import { accessSync, closeSync, constants, existsSync, openSync, readSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import { DamagedBookError, MissingFolderError, NotABookError, ReadOnlyBookError } from './book-errors';

const SQLITE_HEADER = 'SQLite format 3\u0000';

/** Whether there is a book to open at `file` or one to create; throws when neither is safe. */
export type BookFileState = 'absent' | 'present';

function readHeader(file: string): string {
  const handle = openSync(file, 'r');
  try {
    const bytes = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(handle, bytes, 0, bytes.length, 0);
    return bytes.subarray(0, read).toString('latin1');
  } finally {
    closeSync(handle);
  }
}

/**
 * Looks at the file without opening it as a database, so that nothing is written to something
 * that is not a book: a 0-byte file would otherwise become a new empty company, and a document
 * given the wrong name would be overwritten by SQLite's own header.
 */
function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

export function inspectBookFile(file: string): BookFileState {
  const folder = dirname(file);
  if (!existsSync(folder)) throw new MissingFolderError(file, folder);
  // SQLite keeps its -wal and -shm files beside the book, so the folder must take new files too;
  // access(2) sees a read-only file system (a locked USB stick, a read-only share) even for root.
  if (!writable(folder)) throw new ReadOnlyBookError(file, folder);
  if (!existsSync(file)) return 'absent';
  const info = statSync(file);
  if (!info.isFile()) throw new NotABookError(file, 'it is a folder, not a file');
  if (info.size === 0) throw new NotABookError(file, 'the file is empty');
  if (readHeader(file) !== SQLITE_HEADER) throw new NotABookError(file, 'it is not a database file');
  // The write bits, not access(2): an administrator may write anything, but a file the user marked
  // read-only is one they meant not to change.
  if ((info.mode & (constants.S_IWUSR | constants.S_IWGRP | constants.S_IWOTH)) === 0 || !writable(file)) throw new ReadOnlyBookError(file);
  return 'present';
}

function isCorruption(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/**
 * PRAGMA quick_check (or the slower, index-checking integrity_check): a damaged book is refused
 * before anything is written to it, naming the backup that is the way back.
 */
export function checkIntegrity(sqlite: Database.Database, file: string, mode: 'quick' | 'full', latestBackup: () => string | null): void {
  let problems: string[];
  try {
    problems = sqlite.prepare(mode === 'full' ? 'PRAGMA integrity_check(20)' : 'PRAGMA quick_check(20)').pluck().all() as string[];
  } catch (error) {
    if (!isCorruption(error)) throw error;
    problems = [error instanceof Error ? error.message : String(error)];
  }
  if (problems.length === 1 && problems[0] === 'ok') return;
  throw new DamagedBookError(file, problems[0] ?? 'the integrity check failed', latestBackup());
}

/** A SQLite file from another program has no migration journal of ours; it is refused, not adopted. */
export function checkIsLedgerdeskBook(sqlite: Database.Database, file: string): void {
  const journal = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  if (!journal) throw new NotABookError(file, 'it is a database, but not one of Ledgerdesk’s');
}
