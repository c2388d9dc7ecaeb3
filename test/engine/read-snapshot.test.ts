import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { openBook, type Book } from '../../main/db/client';
import { createEngine } from '../../main/engine/app';
import { allRoutes } from '../../main/engine/resources';
import { ok, type Route } from '../../main/engine/route';
import { countingIds, createTestBook, fixedClock, OWNER_TOKEN, ORIGIN } from './harness';

// A GET is answered from one snapshot of the book (main/engine/read-snapshot.ts): what another
// process commits while the engine is putting an answer together shows in the next answer, never
// half in this one (a total that disagrees with the lines listed beside it).

const books: Book[] = [];
let dir: string | undefined;
afterEach(() => {
  for (const book of books.splice(0)) book.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Two connections to one book file: the engine's, and another process's (the CLI's sync). */
function sharedFile(): { engineBook: Book; otherBook: Book } {
  dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-snapshot-'));
  const file = join(dir, 'book.sqlite');
  createTestBook().book.sqlite.exec(`VACUUM INTO '${file.replaceAll("'", "''")}'`);
  const engineBook = openBook(file);
  const otherBook = openBook(file);
  books.push(engineBook, otherBook);
  return { engineBook, otherBook };
}

const countAccounts = (book: Book) => book.sqlite.prepare('SELECT count(*) FROM bank_accounts').pluck().get() as number;

describe('a GET reads one snapshot of the book', () => {
  it('does not see a commit made by another process while it answers, and the next GET does', async () => {
    const { engineBook, otherBook } = sharedFile();
    // A read that counts the accounts, lets the other process add one, and counts again.
    const countTwice: Route = {
      method: 'GET',
      path: '/v2/count_twice',
      level: Level.Banking,
      handle: () => {
        const before = countAccounts(engineBook);
        otherBook.sqlite.prepare("INSERT INTO bank_accounts (type, name, currency, is_personal, is_primary, status, opening_balance_minor, bank_code, bank_guess_enabled, created_at, updated_at) VALUES ('StandardBankAccount', 'Elsewhere', 'GBP', 0, 0, 'active', 0, '750-9', 0, '', '')").run();
        return ok({ before, after: countAccounts(engineBook) });
      },
    };
    const engine = createEngine({ book: engineBook, clock: fixedClock(), ids: countingIds() }, [...allRoutes(), countTwice]);
    const read = async () => (await engine.fetch(new Request(`${ORIGIN}/v2/count_twice`, { headers: { Authorization: `Bearer ${OWNER_TOKEN}` } }))).json();
    const first = (await read()) as { before: number; after: number };
    expect(first.after).toBe(first.before);
    const second = (await read()) as { before: number; after: number };
    expect(second.before).toBe(first.before + 1);
  });

  it('ends its snapshot when it fails, so the next write is committed for every reader', async () => {
    const { engineBook, otherBook } = sharedFile();
    const engine = createEngine({ book: engineBook, clock: fixedClock(), ids: countingIds() });
    const headers = { Authorization: `Bearer ${OWNER_TOKEN}`, 'Content-Type': 'application/json' };
    expect((await engine.fetch(new Request(`${ORIGIN}/v2/bank_accounts/999999`, { headers }))).status).toBe(404);
    const created = await engine.fetch(new Request(`${ORIGIN}/v2/bank_accounts`, { method: 'POST', headers, body: JSON.stringify({ bank_account: { name: 'Savings', opening_balance: '0' } }) }));
    expect(created.status).toBe(201);
    expect(otherBook.sqlite.prepare("SELECT count(*) FROM bank_accounts WHERE name = 'Savings'").pluck().get()).toBe(1);
  });
});
