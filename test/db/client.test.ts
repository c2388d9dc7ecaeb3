import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openBook, type Book } from '../../main/db/client';
import { bankTransactions, changes } from '../../main/db/schema';

const open: Book[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const book of open.splice(0)) if (book.sqlite.open) book.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-client-'));
  dirs.push(dir);
  return join(dir, 'book.ledgerdesk');
}

function track(book: Book): Book {
  open.push(book);
  return book;
}

const tableNames = (book: Book) => book.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];

describe('openBook', () => {
  it('creates the whole schema on a new in-memory book', () => {
    const book = track(openBook(':memory:'));
    expect(tableNames(book)).toEqual(expect.arrayContaining(['company', 'users', 'api_tokens', 'bank_accounts', 'bank_transactions', 'categories', 'postings', 'changes', '__drizzle_migrations']));
  });

  it('opens a file book in WAL mode with foreign keys on and synchronous NORMAL', () => {
    const book = track(openBook(tempFile()));
    expect(book.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(book.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    // 1 is NORMAL: safe with WAL and much faster than FULL.
    expect(book.sqlite.pragma('synchronous', { simple: true })).toBe(1);
    expect(book.sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('enforces foreign keys in memory too', () => {
    const book = track(openBook(':memory:'));
    expect(book.sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    const orphan = () =>
      book.db
        .insert(bankTransactions)
        .values({ bankAccountId: 12345, datedOn: '2026-01-01', description: 'orphan', amountMinor: 1, isManual: true, markedForReview: false, createdAt: 'x', updatedAt: 'x' })
        .run();
    expect(orphan).toThrow(/FOREIGN KEY constraint failed/);
  });

  it('keeps what was written when a file book is closed and opened again', () => {
    const file = tempFile();
    const first = openBook(file);
    first.sqlite.prepare("INSERT INTO changes (resource, record_id, operation, at) VALUES ('users', '1', 'create', 'now')").run();
    first.close();
    expect(first.sqlite.open).toBe(false);
    const again = track(openBook(file));
    expect(again.sqlite.prepare('SELECT count(*) FROM changes').pluck().get()).toBe(1);
  });

  it('gives drizzle and the raw connection over the same database', () => {
    const book = track(openBook(':memory:'));
    book.sqlite.prepare("INSERT INTO changes (resource, record_id, operation, at) VALUES ('users', '7', 'update', 'now')").run();
    expect(book.db.select().from(changes).all()).toMatchObject([{ resource: 'users', recordId: '7', operation: 'update' }]);
  });
});
