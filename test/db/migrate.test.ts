import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openBook } from '../../main/db/client';
import { listBackups } from '../../main/db/backups';
import { defaultMigrationsFolder, NewerDatabaseError } from '../../main/db/migrate';

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-migrate-'));
  dirs.push(dir);
  return dir;
}

const journalOf = (folder: string): Journal => JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
const newestWhen = (folder: string) => Math.max(...journalOf(folder).entries.map((entry) => entry.when));
/** The kinds of the backups made of a book, oldest first. */
const backupKinds = (file: string) => listBackups(file).map((entry) => entry.kind).reverse();
const appliedCount = (sqlite: Database.Database) => sqlite.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get() as number;
const tableNames = (sqlite: Database.Database) => sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];

/** A copy of the app's migrations that a test can add a migration to, as a newer app version would. */
function copiedMigrations(): string {
  const folder = join(tempDir(), 'migrations');
  cpSync(defaultMigrationsFolder(), folder, { recursive: true });
  return folder;
}

function addMigration(folder: string, sql: string): string {
  const journal = journalOf(folder);
  const idx = journal.entries.length;
  const tag = `${String(idx).padStart(4, '0')}_test_added`;
  journal.entries.push({ idx, version: '6', when: newestWhen(folder) + 60_000, tag, breakpoints: true });
  writeFileSync(join(folder, `${tag}.sql`), sql);
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal, null, 2));
  return tag;
}

describe('migrations on open', () => {
  it('apply every known migration to a new book', () => {
    const dir = tempDir();
    const book = openBook(join(dir, 'new.ledgerdesk'));
    expect(appliedCount(book.sqlite)).toBe(journalOf(defaultMigrationsFolder()).entries.length);
    expect(tableNames(book.sqlite)).toEqual(expect.arrayContaining(['company', 'users', 'bank_accounts', 'changes']));
    book.close();
    // A new book has nothing worth a backup.
    expect(backupKinds(join(dir, 'new.ledgerdesk'))).toEqual([]);
  });

  it('run nothing and make no pre-migration backup when a migrated book is opened again', () => {
    const dir = tempDir();
    const file = join(dir, 'book.ledgerdesk');
    const first = openBook(file);
    first.sqlite.prepare("INSERT INTO changes (resource, record_id, operation, at) VALUES ('users', '1', 'create', 'then')").run();
    const applied = first.sqlite.prepare('SELECT id, hash, created_at FROM __drizzle_migrations ORDER BY id').all();
    first.close();

    const again = openBook(file);
    expect(again.sqlite.prepare('SELECT id, hash, created_at FROM __drizzle_migrations ORDER BY id').all()).toEqual(applied);
    expect(again.sqlite.prepare('SELECT count(*) FROM changes').pluck().get()).toBe(1);
    again.close();
    // Only the first open of the day's backup, no migration one.
    expect(backupKinds(file)).toEqual(['daily']);
  });

  it('refuse a book written by a newer app with NewerDatabaseError and leave it untouched', () => {
    const dir = tempDir();
    const file = join(dir, 'newer.ledgerdesk');
    openBook(file).close();
    const raw = new Database(file);
    raw.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('from-the-future', newestWhen(defaultMigrationsFolder()) + 86_400_000);
    raw.close();
    const bytes = readFileSync(file);
    const files = readdirSync(dir).sort();

    expect(() => openBook(file)).toThrow(NewerDatabaseError);
    expect(() => openBook(file)).toThrow(/newer version of Ledgerdesk/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(files);

    const check = new Database(file, { readonly: true });
    expect(check.prepare("SELECT count(*) FROM __drizzle_migrations WHERE hash = 'from-the-future'").pluck().get()).toBe(1);
    check.close();
  });

  it('back the book up before running a pending migration, keeping the old schema and data in the copy', () => {
    const dir = tempDir();
    const file = join(dir, 'book.ledgerdesk');
    const migrations = copiedMigrations();
    const before = openBook(file, { migrationsFolder: migrations });
    before.sqlite.prepare("INSERT INTO changes (resource, record_id, operation, at) VALUES ('users', '1', 'create', 'before upgrade')").run();
    const appliedBefore = appliedCount(before.sqlite);
    before.close();

    addMigration(migrations, 'CREATE TABLE `added_by_upgrade` (`id` integer PRIMARY KEY NOT NULL);\n');
    const upgraded = openBook(file, { migrationsFolder: migrations });
    expect(tableNames(upgraded.sqlite)).toContain('added_by_upgrade');
    expect(appliedCount(upgraded.sqlite)).toBe(appliedBefore + 1);
    upgraded.close();

    expect(backupKinds(file)).toEqual(['pre-migration', 'daily']);
    const backupFile = listBackups(file).find((entry) => entry.kind === 'pre-migration')!.path;
    const backup = new Database(backupFile, { readonly: true });
    expect(tableNames(backup)).not.toContain('added_by_upgrade');
    expect(appliedCount(backup)).toBe(appliedBefore);
    expect(backup.prepare('SELECT at FROM changes').pluck().all()).toEqual(['before upgrade']);
    backup.close();
  });

  it('name the backup by the time given, and make it once per upgrade', () => {
    const dir = tempDir();
    const file = join(dir, 'book.ledgerdesk');
    const migrations = copiedMigrations();
    openBook(file, { migrationsFolder: migrations }).close();
    addMigration(migrations, 'CREATE TABLE `first_added` (`id` integer PRIMARY KEY NOT NULL);\n');
    const now = () => new Date('2026-11-22T09:30:00Z');
    openBook(file, { migrationsFolder: migrations, now }).close();
    expect(listBackups(file).map((entry) => basename(entry.path)).sort()).toEqual(['backup-2026-11-22-093000-000-daily.ledgerdesk', 'backup-2026-11-22-093000-000-pre-migration.ledgerdesk']);
    openBook(file, { migrationsFolder: migrations, now }).close();
    expect(backupKinds(file).sort()).toEqual(['daily', 'pre-migration']);
  });

  it('leave the book as it was when a migration fails', () => {
    const dir = tempDir();
    const file = join(dir, 'book.ledgerdesk');
    const migrations = copiedMigrations();
    const book = openBook(file, { migrationsFolder: migrations });
    const appliedBefore = appliedCount(book.sqlite);
    book.close();
    addMigration(migrations, 'CREATE TABLE `half` (`id` integer);\n--> statement-breakpoint\nTHIS IS NOT SQL;\n');
    expect(() => openBook(file, { migrationsFolder: migrations })).toThrow();
    const check = new Database(file, { readonly: true });
    expect(tableNames(check)).not.toContain('half');
    expect(appliedCount(check)).toBe(appliedBefore);
    check.close();
    expect(backupKinds(file)).toEqual(['pre-migration']);
  });
});
