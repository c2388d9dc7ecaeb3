import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { backUp, backupFolder, describeBackup, listBackups, rotateBackups } from '../../main/db/backups';
import { DamagedBookError, NewerDatabaseError, NotABookError } from '../../main/db/book-errors';
import { openBook } from '../../main/db/client';
import { defaultMigrationsFolder } from '../../main/db/migrate';
import { restoreBook } from '../../main/db/restore';
import { openEngine } from '../../main/engine/open';
import { fixedClock } from '../engine/harness';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-backups-'));
  dirs.push(dir);
  return dir;
}

const day = (iso: string) => () => new Date(`${iso}T09:00:00Z`);

/** A book for the company holding the given markers (rows a test can recognise) in its change log. */
function bookWith(file: string, company: string, contacts: string[]): void {
  const opened = openEngine({ file, clock: fixedClock('2026-11-01T09:00:00Z'), create: { type: 'UkLimitedCompany', name: company, startDate: '2025-04-01', owner: { email: 'o@example.com', firstName: 'O', lastName: 'Owner' } } });
  const insert = opened.deps.book.sqlite.prepare("INSERT INTO changes (resource, record_id, operation, at) VALUES ('marker', '1', 'create', ?)");
  for (const name of contacts) insert.run(name);
  opened.close();
}

const markersIn = (file: string) => {
  const book = new Database(file, { readonly: true });
  try {
    return book.prepare("SELECT at FROM changes WHERE resource = 'marker' ORDER BY id").pluck().all() as string[];
  } finally {
    book.close();
  }
};

function addDays(iso: string, days: number): Date {
  return new Date(new Date(`${iso}T09:00:00Z`).getTime() + days * 86_400_000);
}

describe('automatic backups', () => {
  it('back the book up at the first open of each day only', () => {
    const file = join(tempDir(), 'book.ledgerdesk');
    bookWith(file, 'Daily Ltd', ['A']);
    openBook(file, { now: day('2026-11-02') }).close();
    openBook(file, { now: () => new Date('2026-11-02T17:30:00Z') }).close();
    openBook(file, { now: day('2026-11-03') }).close();
    expect(listBackups(file).map((entry) => `${entry.kind} ${entry.takenAt.toISOString().slice(0, 10)}`)).toEqual(['daily 2026-11-03', 'daily 2026-11-02']);
    expect(describeBackup(listBackups(file)[0]!).company).toBe('Daily Ltd');
  });

  it('keep the dailies of the last 14 days and the last of each of 12 months, and nothing taken by hand is rotated away', () => {
    const file = join(tempDir(), 'book.ledgerdesk');
    bookWith(file, 'Rotation Ltd', []);
    const book = openBook(file, { backups: false });
    const manual = backUp(book.sqlite, file, 'manual', new Date('2025-01-15T12:00:00Z'));
    // A daily backup every day from 1 Jan 2025 to 30 Apr 2026 (485 days), rotated as the app does.
    // The first is made for real; the others are copies of it under each day's name (VACUUM INTO
    // 485 times would only make the test slow; rotation goes by the names).
    const template = join(tempDir(), 'template.ledgerdesk');
    copyFileSync(backUp(book.sqlite, file, 'daily', addDays('2025-01-01', 0)), template);
    book.close();
    for (let offset = 1; offset < 485; offset += 1) {
      const day = addDays('2025-01-01', offset).toISOString().slice(0, 10);
      copyFileSync(template, join(backupFolder(file), `backup-${day}-090000-000-daily.ledgerdesk`));
      rotateBackups(file);
    }
    const dailies = listBackups(file).filter((entry) => entry.kind === 'daily').map((entry) => entry.takenAt.toISOString().slice(0, 10));
    const lastFourteen = Array.from({ length: 14 }, (_, index) => addDays('2026-04-30', -index).toISOString().slice(0, 10));
    const monthEnds = ['2026-03-31', '2026-02-28', '2026-01-31', '2025-12-31', '2025-11-30', '2025-10-31', '2025-09-30', '2025-08-31', '2025-07-31', '2025-06-30', '2025-05-31'];
    expect(dailies).toEqual([...lastFourteen, ...monthEnds]);
    expect(existsSync(manual)).toBe(true);
  });

  it('follow a smaller policy when configured', () => {
    const file = join(tempDir(), 'book.ledgerdesk');
    bookWith(file, 'Small Ltd', []);
    const book = openBook(file, { backups: false });
    const template = backUp(book.sqlite, file, 'manual', new Date('2025-12-31T09:00:00Z'));
    book.close();
    for (let offset = 0; offset < 70; offset += 1) copyFileSync(template, join(backupFolder(file), `backup-${addDays('2026-01-01', offset).toISOString().slice(0, 10)}-090000-000-daily.ledgerdesk`));
    rotateBackups(file, { keepDailies: 3, keepMonthlies: 2 });
    expect(listBackups(file).map((entry) => `${entry.kind} ${entry.takenAt.toISOString().slice(0, 10)}`)).toEqual(['daily 2026-03-11', 'daily 2026-03-10', 'daily 2026-03-09', 'daily 2026-02-28', 'manual 2025-12-31']);
  });
});

describe('restore', () => {
  it('puts the backup back, keeps the book as it was first, and another connection sees the restored book', async () => {
    const file = join(tempDir(), 'book.ledgerdesk');
    bookWith(file, 'Restore Ltd', ['Kept customer']);
    const book = openBook(file, { now: day('2026-11-02') });
    const copy = listBackups(file)[0]!;
    book.sqlite.prepare("INSERT INTO changes (resource, record_id, operation, at) VALUES ('marker', '1', 'create', 'Added by mistake')").run();

    const result = await restoreBook(file, copy.path, copy, { now: day('2026-11-03') });
    expect(result.restored).toMatchObject({ company: 'Restore Ltd', kind: 'daily', takenAt: new Date('2026-11-02T09:00:00Z') });
    // The connection that was open all along reads the restored book.
    expect(book.sqlite.prepare("SELECT at FROM changes WHERE resource = 'marker' ORDER BY id").pluck().all()).toEqual(['Kept customer']);
    book.close();
    expect(markersIn(file)).toEqual(['Kept customer']);
    expect(basename(result.previous!)).toMatch(/pre-restore/);
    expect(markersIn(result.previous!)).toEqual(['Kept customer', 'Added by mistake']);
  });

  it('refuses a backup from a newer version, a damaged one and a file that is not a book, leaving the book as it is', async () => {
    const dir = tempDir();
    const file = join(dir, 'book.ledgerdesk');
    bookWith(file, 'Careful Ltd', ['Only customer']);
    const newer = join(dir, 'newer.ledgerdesk');
    bookWith(newer, 'Future Ltd', []);
    const raw = new Database(newer);
    const journal = JSON.parse(readFileSync(join(defaultMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    raw.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('future', Math.max(...journal.entries.map((entry) => entry.when)) + 1);
    raw.close();
    const damaged = join(dir, 'damaged.ledgerdesk');
    bookWith(damaged, 'Broken Ltd', ['x']);
    const bytes = readFileSync(damaged);
    for (let page = 1; page < bytes.length / 4096; page += 1) for (let offset = 0; offset < 12; offset += 1) bytes[page * 4096 + offset]! ^= 0x5a;
    writeFileSync(damaged, bytes);
    const letter = join(dir, 'letter.txt');
    writeFileSync(letter, 'not a book');

    const before = readFileSync(file);
    await expect(restoreBook(file, newer, null)).rejects.toThrow(NewerDatabaseError);
    await expect(restoreBook(file, damaged, null)).rejects.toThrow(DamagedBookError);
    await expect(restoreBook(file, letter, null)).rejects.toThrow(NotABookError);
    expect(readFileSync(file).equals(before)).toBe(true);
    expect(existsSync(backupFolder(file))).toBe(false);
  });
});

describe('cli backup and restore', () => {
  const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx');
  const cli = join(process.cwd(), 'main', 'cli.ts');
  const run = (args: string[]) => spawnSync(tsx, [cli, ...args], { env: { ...process.env, LEDGERDESK_NOW: '2026-11-22T10:00:00Z' }, encoding: 'utf8' });

  it('backs up into the backups folder, lists it, and restores it end to end', () => {
    const dir = tempDir();
    const file = join(dir, 'book.ledgerdesk');
    bookWith(file, 'Cli Ltd', ['Before']);
    const backup = run(['backup', '--db', file]);
    expect(backup.status).toBe(0);
    const copy = /backed up to (.+)$/m.exec(backup.stdout)![1]!;
    expect(copy.startsWith(backupFolder(file))).toBe(true);

    const sqlite = new Database(file);
    sqlite.prepare("INSERT INTO changes (resource, record_id, operation, at) VALUES ('marker', '1', 'create', 'After')").run();
    sqlite.close();

    const listed = run(['backups', '--db', file]);
    expect(listed.stdout).toContain('Cli Ltd');
    expect(listed.stdout).toContain(copy);

    const restored = run(['restore', '--db', file, '--from', copy]);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(/restored Cli Ltd \(backup of 2026-11-22T10:00:00.000Z\)/);
    expect(markersIn(file)).toEqual(['Before']);
    const kept = /as it was is kept in (.+)$/m.exec(restored.stdout)![1]!;
    expect(markersIn(kept)).toEqual(['Before', 'After']);

    const refused = run(['restore', '--db', file, '--from', join(dir, 'nothing-here.ledgerdesk')]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('There is no backup at');
    expect(readdirSync(backupFolder(file)).length).toBe(listBackups(file).length);
    // Four cli processes, each starting tsx cold: over a minute on a machine shared by many builds.
  }, 180_000);
});

