import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { backUp, copyAsIs, describeBackup, type BackupDetails, type BackupFile } from './backups';
import { BookFileError, MissingFolderError } from './book-errors';
import { checkIntegrity, checkIsLedgerdeskBook, inspectBookFile } from './book-file';
import { openBook, type OpenBookOptions } from './client';
import { assertNotNewer } from './migrate';

export interface RestoreResult {
  /** What was restored: the copy, with its company and date. */
  restored: BackupDetails;
  /** The backup of the book as it was just before, or null when there was no book. */
  previous: string | null;
}

/** A backup is checked as strictly as a book being opened, without writing to it. */
function checkCopy(from: string, options: OpenBookOptions): void {
  if (inspectBookFile(from) === 'absent') throw new BookFileError(`There is no backup at ${from}.`, from);
  const copy = new Database(from, { readonly: true, fileMustExist: true });
  try {
    checkIntegrity(copy, from, 'quick', () => null);
    checkIsLedgerdeskBook(copy, from);
    assertNotNewer(copy, options.migrationsFolder);
  } finally {
    copy.close();
  }
}

/** The book as it is now, kept before it is replaced; a book too damaged to read is kept byte for byte. */
function keepCurrent(file: string, at: Date): string | null {
  if (!existsSync(file)) return null;
  try {
    const current = new Database(file, { fileMustExist: true });
    try {
      return backUp(current, file, 'pre-restore', at);
    } finally {
      current.close();
    }
  } catch {
    return copyAsIs(file, 'pre-restore', at);
  }
}

/**
 * Puts a backup in the book's place. The copy must be a whole Ledgerdesk book no newer than this
 * app; the current book is backed up first ("pre-restore"); the pages are copied with SQLite's
 * backup API so another process with the book open sees the restored book, never a torn file. The
 * restored book is then opened once, which migrates a copy from an older version.
 */
export async function restoreBook(file: string, from: string, takenFrom: BackupFile | null, options: OpenBookOptions = {}): Promise<RestoreResult> {
  checkCopy(from, options);
  if (!existsSync(dirname(file))) throw new MissingFolderError(file, dirname(file));
  const now = options.now ?? (() => new Date());
  const restored = describeBackup(takenFrom ?? { path: from, kind: 'manual', takenAt: now() });
  const previous = keepCurrent(file, now());
  const copy = new Database(from, { readonly: true, fileMustExist: true });
  try {
    await copy.backup(file);
  } finally {
    copy.close();
  }
  openBook(file, { ...options, backups: false }).close();
  return { restored, previous };
}
