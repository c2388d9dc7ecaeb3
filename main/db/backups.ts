import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Backups of a book live in a folder beside it ("<book file> backups"), so they travel with the book
 * and every program that opens it (the app, serve, cli) finds the same ones.
 */
export type BackupKind = 'daily' | 'manual' | 'pre-migration' | 'pre-restore';

export interface BackupFile {
  path: string;
  kind: BackupKind;
  /** When it was taken (UTC), from its name. */
  takenAt: Date;
}

export interface RotationPolicy {
  /** How many of the most recent days keep their daily backup. */
  keepDailies: number;
  /** How many of the most recent months keep one daily backup (the month's last). */
  keepMonthlies: number;
}

export const DEFAULT_ROTATION: RotationPolicy = { keepDailies: 14, keepMonthlies: 12 };

const NAME = /^backup-(\d{4})-(\d{2})-(\d{2})-(\d{2})(\d{2})(\d{2})-(\d{3})-(daily|manual|pre-migration|pre-restore)\.ledgerdesk$/;

export const backupFolder = (file: string) => join(dirname(file), `${basename(file)} backups`);

function stamp(at: Date): string {
  const iso = at.toISOString(); // 2026-11-24T12:11:36.123Z
  return `${iso.slice(0, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}-${iso.slice(20, 23)}`;
}

function parse(folder: string, name: string): BackupFile | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, ms, kind] = match;
  return { path: join(folder, name), kind: kind as BackupKind, takenAt: new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`) };
}

/** The book's backups, newest first. */
export function listBackups(file: string): BackupFile[] {
  const folder = backupFolder(file);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .map((name) => parse(folder, name))
    .filter((entry): entry is BackupFile => entry !== null)
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.path.localeCompare(a.path));
}

export const latestBackup = (file: string): string | null => listBackups(file)[0]?.path ?? null;

/** A path for a new backup; never one that exists (two programs may back up in the same millisecond). */
function freshPath(file: string, kind: BackupKind, at: Date): string {
  const folder = backupFolder(file);
  mkdirSync(folder, { recursive: true });
  for (let offset = 0; ; offset += 1) {
    const path = join(folder, `backup-${stamp(new Date(at.getTime() + offset))}-${kind}.ledgerdesk`);
    if (!existsSync(path)) return path;
  }
}

/**
 * A consistent copy of the open book, made with VACUUM INTO: a reader's snapshot, so writers in
 * other processes go on and the copy is a whole, compact book.
 */
export function backUp(sqlite: Database.Database, file: string, kind: BackupKind, at: Date): string {
  const target = freshPath(file, kind, at);
  try {
    sqlite.prepare('VACUUM INTO ?').run(target);
  } catch (error) {
    // A copy cut short (a full disk) would look like a backup in the list; none is left behind.
    rmSync(target, { force: true });
    throw error;
  }
  return target;
}

/** A copy of a file that SQLite cannot read any more (a damaged book): its bytes as they are. */
export function copyAsIs(file: string, kind: BackupKind, at: Date): string {
  const target = freshPath(file, kind, at);
  copyFileSync(file, target);
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${target}-wal`);
  return target;
}

export const hasDailyBackupOn = (file: string, day: string) => listBackups(file).some((entry) => entry.kind === 'daily' && entry.takenAt.toISOString().startsWith(day));

/**
 * Keeps the newest daily backup of each of the last `keepDailies` days that have one, and the newest
 * of each of the last `keepMonthlies` months; deletes the other dailies. Backups taken by hand,
 * before a migration or before a restore are never deleted here. Returns the paths deleted.
 */
export function rotateBackups(file: string, policy: RotationPolicy = DEFAULT_ROTATION): string[] {
  const dailies = listBackups(file).filter((entry) => entry.kind === 'daily');
  const keep = new Set<string>();
  const days = new Set<string>();
  const months = new Set<string>();
  for (const entry of dailies) {
    const day = entry.takenAt.toISOString().slice(0, 10);
    const month = day.slice(0, 7);
    if (!days.has(day) && days.size < policy.keepDailies) {
      days.add(day);
      keep.add(entry.path);
    }
    if (!months.has(month) && months.size < policy.keepMonthlies) {
      months.add(month);
      keep.add(entry.path);
    }
  }
  const removed = dailies.filter((entry) => !keep.has(entry.path)).map((entry) => entry.path);
  for (const path of removed) unlinkSync(path);
  return removed;
}

export interface BackupDetails extends BackupFile {
  company: string;
}

/** The company a backup belongs to, read without changing the copy. */
export function describeBackup(entry: BackupFile): BackupDetails {
  let company = 'unreadable copy';
  try {
    const copy = new Database(entry.path, { readonly: true, fileMustExist: true });
    try {
      company = (copy.prepare('SELECT name FROM company LIMIT 1').pluck().get() as string | undefined) ?? 'no company';
    } finally {
      copy.close();
    }
  } catch {
    // A damaged copy still appears in the list, marked as such, rather than hiding the others.
  }
  return { ...entry, company };
}
