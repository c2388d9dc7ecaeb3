import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { listBackups } from '../../main/db/backups';
import { BookFileError, DamagedBookError, MissingFolderError, NewerDatabaseError, NotABookError, ReadOnlyBookError } from '../../main/db/book-errors';
import { openBook } from '../../main/db/client';
import { defaultMigrationsFolder } from '../../main/db/migrate';
import { issueToken, openEngine, ownerEmail, type OpenEngine } from '../../main/engine/open';
import type { BookOptions } from '../../main/engine/setup';
import { fixedClock } from '../engine/harness';

const CREATE: BookOptions = {
  type: 'UkLimitedCompany',
  name: 'Safe Books Ltd',
  startDate: '2025-04-01',
  owner: { email: 'owner@example.com', firstName: 'Olive', lastName: 'Owner' },
};

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-safety-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function engineOn(file: string, busyTimeoutMs?: number, day = '2026-11-22T10:00:00Z'): OpenEngine & { token: string } {
  const opened = openEngine({ file, clock: fixedClock(day), create: CREATE, book: { busyTimeoutMs } });
  cleanups.push(() => opened.close());
  return { ...opened, token: issueToken(opened.deps, ownerEmail(opened.deps), 'T0K3N') };
}

async function addContact(opened: { engine: OpenEngine['engine']; token: string }, name: string) {
  const response = await opened.engine.fetch(
    new Request('http://127.0.0.1/v2/contacts', {
      method: 'POST',
      headers: { Authorization: `Bearer ${opened.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ contact: { organisation_name: name } }),
    }),
  );
  return { status: response.status, headers: response.headers, body: (await response.json()) as { errors?: { message: string }[] } };
}

const contactCount = (file: string) => {
  const check = new Database(file, { readonly: true });
  try {
    return check.prepare('SELECT count(*) FROM contacts').pluck().get() as number;
  } finally {
    check.close();
  }
};

/** A book made and closed (so the WAL is folded in), with one contact. */
async function closedBook(dir: string, name = 'book.ledgerdesk'): Promise<string> {
  const file = join(dir, name);
  const opened = openEngine({ file, clock: fixedClock(), create: CREATE });
  const token = issueToken(opened.deps, ownerEmail(opened.deps), 'T0K3N');
  expect((await addContact({ engine: opened.engine, token }, 'First Customer')).status).toBe(201);
  opened.close();
  return file;
}

describe('a book busy in another process', () => {
  it('answers a write with 503, Retry-After and a sentence after the bounded wait, and changes nothing', async () => {
    const file = join(tempDir(), 'book.ledgerdesk');
    const opened = engineOn(file, 150);
    expect((await addContact(opened, 'Before')).status).toBe(201);

    const other = new Database(file);
    cleanups.push(() => other.close());
    other.prepare('BEGIN IMMEDIATE').run();
    const busy = await addContact(opened, 'While busy');
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('2');
    expect(busy.body.errors?.[0]?.message).toMatch(/book is busy.*Nothing was changed/);
    // Readers are not held up by the other process's write lock.
    const read = await opened.engine.fetch(new Request('http://127.0.0.1/v2/contacts', { headers: { Authorization: `Bearer ${opened.token}` } }));
    expect(read.status).toBe(200);
    other.prepare('ROLLBACK').run();

    expect(contactCount(file)).toBe(1);
    expect((await addContact(opened, 'After')).status).toBe(201);
    expect(contactCount(file)).toBe(2);
  });

  it('takes the write lock when a transaction begins, not at its first write', () => {
    const file = join(tempDir(), 'book.ledgerdesk');
    const book = openBook(file);
    cleanups.push(() => book.close());
    const other = new Database(file, { timeout: 0 });
    cleanups.push(() => other.close());
    let otherCouldWrite: boolean | null = null;
    book.sqlite.transaction(() => {
      // Only a read so far: a deferred transaction would not hold the lock yet.
      book.sqlite.prepare('SELECT count(*) FROM changes').get();
      try {
        other.prepare('BEGIN IMMEDIATE').run();
        other.prepare('ROLLBACK').run();
        otherCouldWrite = true;
      } catch (error) {
        expect((error as { code: string }).code).toBe('SQLITE_BUSY');
        otherCouldWrite = false;
      }
    })();
    expect(otherCouldWrite).toBe(false);
  });
});

/** A tmpfs of `size` mounted on a fresh folder, or null where mounting is not allowed. */
function smallDisk(size: string): string | null {
  const dir = tempDir();
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return null;
  }
  cleanups.push(() => execFileSync('umount', ['-l', dir], { stdio: 'ignore' }));
  return dir;
}

/** Writes a filler file until the disk refuses; returns it so the test can free the space. */
function fillDisk(dir: string): string {
  const filler = join(dir, 'filler');
  const chunk = Buffer.alloc(64 * 1024, 1);
  writeFileSync(filler, '');
  try {
    for (;;) writeFileSync(filler, chunk, { flag: 'a' });
  } catch (error) {
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
  }
  return filler;
}

describe('a full disk', () => {
  it('answers a write with 507 and its own sentence, changes nothing, and the book works once space is freed', async (context) => {
    const disk = smallDisk('6m');
    if (!disk) {
      context.skip('mounting a tmpfs is not allowed here; see the max_page_count test below');
      return;
    }
    const file = join(disk, 'book.ledgerdesk');
    const opened = engineOn(file);
    expect((await addContact(opened, 'Before')).status).toBe(201);
    // An empty WAL, so the next write must find new space on the disk.
    opened.deps.book.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    const filler = fillDisk(disk);

    const full = await addContact(opened, 'On a full disk');
    expect(full.status).toBe(507);
    expect(full.body.errors?.[0]?.message).toMatch(/disk that holds the book is full.*Nothing was changed/);

    rmSync(filler);
    expect(contactCount(file)).toBe(1);
    expect(opened.deps.book.sqlite.pragma('quick_check', { simple: true })).toBe('ok');
    expect((await addContact(opened, 'After')).status).toBe(201);
    expect(contactCount(file)).toBe(2);
  });

  it('refuses to begin a new book on a full disk and leaves no half-made file', (context) => {
    const disk = smallDisk('1m');
    if (!disk) {
      context.skip('mounting a tmpfs is not allowed here');
      return;
    }
    fillDisk(disk);
    const file = join(disk, 'new.ledgerdesk');
    expect(() => openBook(file)).toThrow(BookFileError);
    expect(() => openBook(file)).toThrow(/disk that holds the book is full/);
    expect(existsSync(file)).toBe(false);
  });

  it('reports SQLITE_FULL the same way when the book may not grow (max_page_count)', async () => {
    const file = join(tempDir(), 'book.ledgerdesk');
    const opened = engineOn(file);
    const pages = opened.deps.book.sqlite.pragma('page_count', { simple: true }) as number;
    opened.deps.book.sqlite.pragma(`max_page_count = ${pages}`);
    let status = 0;
    let answer: Awaited<ReturnType<typeof addContact>> | null = null;
    for (let attempt = 0; attempt < 50 && status !== 507; attempt += 1) {
      answer = await addContact(opened, `Customer ${attempt} ${'x'.repeat(200)}`);
      status = answer.status;
    }
    expect(answer?.body).toEqual({ errors: [{ message: expect.stringMatching(/disk that holds the book is full/) }] });
    expect(status).toBe(507);
  });
});

describe('opening a book safely', () => {
  it('runs no function with side effects from a schema someone else wrote (trusted_schema off)', async () => {
    const file = await closedBook(tempDir());
    // A book from elsewhere, with a view that would load code when read.
    const raw = new Database(file);
    raw.exec("CREATE VIEW sneaky AS SELECT load_extension('/tmp/not-there') AS x");
    raw.close();
    const book = openBook(file);
    try {
      expect(book.sqlite.pragma('trusted_schema', { simple: true })).toBe(0);
      expect(() => book.sqlite.prepare('SELECT * FROM sneaky').all()).toThrow(/unsafe use of load_extension/);
    } finally {
      book.close();
    }
  });

  it('refuses a read-only book file without writing to it', async () => {
    const file = await closedBook(tempDir());
    chmodSync(file, 0o444);
    const bytes = readFileSync(file);
    expect(() => openBook(file)).toThrow(ReadOnlyBookError);
    expect(() => openBook(file)).toThrow(/is read-only/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('refuses a book on a read-only drive, and a new book there, without writing anything', async (context) => {
    const disk = smallDisk('4m');
    if (!disk) {
      context.skip('mounting a tmpfs is not allowed here');
      return;
    }
    const file = await closedBook(disk);
    execFileSync('mount', ['-o', 'remount,ro', disk], { stdio: 'ignore' });
    const bytes = readFileSync(file);
    expect(() => openBook(file)).toThrow(ReadOnlyBookError);
    expect(() => openBook(file)).toThrow(/folder .* is read-only/);
    expect(() => openBook(join(disk, 'new.ledgerdesk'))).toThrow(/is read-only/);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(readdirSync(disk)).toEqual(['book.ledgerdesk']);
  });

  it('refuses a book in a folder that does not exist, and does not make the folder', () => {
    const folder = join(tempDir(), 'USB stick');
    expect(() => openBook(join(folder, 'book.ledgerdesk'))).toThrow(MissingFolderError);
    expect(() => openBook(join(folder, 'book.ledgerdesk'))).toThrow(/folder .*USB stick does not exist/);
    expect(existsSync(folder)).toBe(false);
  });

  it('refuses a damaged book, names the latest backup, and writes nothing to it', async () => {
    const dir = tempDir();
    const file = await closedBook(dir);
    // The first open of a day backs the book up: that copy is the way back.
    openBook(file, { now: () => new Date('2026-11-23T08:00:00Z') }).close();
    const backup = listBackups(file)[0]!.path;
    const bytes = readFileSync(file);
    const pageSize = 4096;
    // Flip the bytes of the b-tree page headers after the first page.
    for (let page = 1; page < bytes.length / pageSize; page += 1) for (let offset = 0; offset < 12; offset += 1) bytes[page * pageSize + offset]! ^= 0xa5;
    writeFileSync(file, bytes);

    let refusal: unknown;
    try {
      openBook(file);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DamagedBookError);
    expect((refusal as DamagedBookError).latestBackup).toBe(backup);
    expect((refusal as Error).message).toContain(`Restore the latest backup, ${backup}`);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    // The backup itself is whole.
    const copy = new Database(backup, { readonly: true });
    expect(copy.pragma('quick_check', { simple: true })).toBe('ok');
    copy.close();
  });

  it('runs the full integrity check on demand, which also finds an index out of step with its table', async (context) => {
    const file = await closedBook(tempDir());
    const raw = new Database(file);
    raw.exec("CREATE TABLE scratch (a INTEGER, b TEXT); CREATE INDEX scratch_b ON scratch (b); INSERT INTO scratch VALUES (1, 'one'), (2, 'two');");
    raw.close();
    // better-sqlite3 refuses writable_schema (defensive mode); the sqlite3 shell does not.
    try {
      execFileSync('sqlite3', [file, "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = 'CREATE INDEX scratch_b ON scratch (a)' WHERE name = 'scratch_b';"], { stdio: 'ignore' });
    } catch {
      context.skip('the sqlite3 shell is not installed');
      return;
    }
    // quick_check reads the pages, not whether each index holds its table's rows.
    openBook(file, { backups: false }).close();
    expect(() => openBook(file, { integrity: 'full', backups: false })).toThrow(/is damaged \(row 1 missing from index scratch_b\)/);
  });

  it('refuses a file that is not a book, an empty file, and another program’s database, changing none of them', () => {
    const dir = tempDir();
    const text = join(dir, 'notes.ledgerdesk');
    writeFileSync(text, 'Dear bank manager,\n');
    expect(() => openBook(text)).toThrow(NotABookError);
    expect(readFileSync(text, 'utf8')).toBe('Dear bank manager,\n');

    const empty = join(dir, 'empty.ledgerdesk');
    writeFileSync(empty, '');
    expect(() => openBook(empty)).toThrow(/is not a Ledgerdesk book \(the file is empty\)/);
    expect(statSync(empty).size).toBe(0);

    const other = join(dir, 'other.db');
    const foreign = new Database(other);
    foreign.prepare('CREATE TABLE recipes (name TEXT)').run();
    foreign.close();
    const bytes = readFileSync(other);
    expect(() => openBook(other)).toThrow(/not one of Ledgerdesk’s/);
    expect(readFileSync(other).equals(bytes)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['empty.ledgerdesk', 'notes.ledgerdesk', 'other.db']);
  });

  it('refuses a newer book before anything is written, journal mode included', async () => {
    const dir = tempDir();
    const file = await closedBook(dir);
    const raw = new Database(file);
    raw.pragma('journal_mode = DELETE');
    const journal = JSON.parse(readFileSync(join(defaultMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    raw.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('from-the-future', Math.max(...journal.entries.map((entry) => entry.when)) + 1);
    raw.close();
    const bytes = readFileSync(file);
    expect(() => openBook(file)).toThrow(NewerDatabaseError);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    // Header bytes 18 and 19 say 1 (rollback journal); WAL mode would have made them 2.
    expect([bytes[18], bytes[19]]).toEqual([1, 1]);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('creates a missing book only where asked to', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sub'));
    expect(() => openBook(join(dir, 'sub', 'absent.ledgerdesk'), { create: false })).toThrow(/There is no book at/);
    expect(existsSync(join(dir, 'sub', 'absent.ledgerdesk'))).toBe(false);
  });
});
