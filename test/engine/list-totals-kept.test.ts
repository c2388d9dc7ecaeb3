import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openBook } from '../../main/db/client';
import { createEngine } from '../../main/engine/app';
import { bankAccount, explain, upload } from './banking-helpers';
import { countingIds, createTestBook, fixedClock, OWNER_TOKEN, ORIGIN, type TestBook } from './harness';

// A list's X-Total-Count and an import's counts are kept between requests while the book is
// unchanged (main/engine/read-cache.ts). What a user would notice if that went wrong: a total or an
// unexplained count that stays as it was after a change. Each change here must show at once.

const lines = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => ({ dated_on: '2026-03-01', amount: `-${index + from + 1}.00`, description: `Line ${index + from + 1}` }));

async function totals(t: TestBook, accountUrl: string) {
  const read = async (view: string) => {
    const response = await t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl)}&view=${view}&per_page=1`);
    expect(response.status).toBe(200);
    return Number(response.headers.get('x-total-count'));
  };
  return { all: await read('all'), unexplained: await read('unexplained') };
}

describe('list totals kept between requests', () => {
  it('follow every upload, explanation and delete at once', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    expect((await upload(t, account, lines(5))).status).toBe(200);
    expect(await totals(t, account)).toEqual({ all: 5, unexplained: 5 });
    expect(await totals(t, account)).toEqual({ all: 5, unexplained: 5 });

    expect((await upload(t, account, lines(3, 5))).status).toBe(200);
    expect(await totals(t, account)).toEqual({ all: 8, unexplained: 8 });

    const listed = await t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=100`);
    const [first, second] = listed.body.bank_transactions;
    const explained = await explain(t, { bank_transaction: first.url, dated_on: first.dated_on, gross_value: first.amount, category: `${ORIGIN}/v2/categories/285`, description: 'Paper' });
    expect(explained.status).toBe(201);
    expect(await totals(t, account)).toEqual({ all: 8, unexplained: 7 });

    expect((await t.request('DELETE', new URL(second.url).pathname)).status).toBe(200);
    expect(await totals(t, account)).toEqual({ all: 7, unexplained: 6 });
  });

  it("follow an import's counts when one of its lines is explained", async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    await upload(t, account, lines(4));
    const batches = async () => (await t.json('GET', '/v2/statement_uploads')).body.statement_uploads[0];
    expect(await batches()).toMatchObject({ transaction_count: 4, explained_count: 0, can_undo: true });
    const listed = await t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=1`);
    const line = listed.body.bank_transactions[0];
    await explain(t, { bank_transaction: line.url, dated_on: line.dated_on, gross_value: line.amount, category: `${ORIGIN}/v2/categories/285` });
    expect(await batches()).toMatchObject({ transaction_count: 4, explained_count: 1, can_undo: false });
  });

  it('stay as they were after a refused upload, and move with the next one', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    await upload(t, account, lines(2));
    expect(await totals(t, account)).toEqual({ all: 2, unexplained: 2 });
    // Refused as a whole (the second line has no date): nothing changes, and the totals say so.
    const refused = await upload(t, account, [...lines(1, 10), { amount: '-1.00', description: 'No date' }]);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await totals(t, account)).toEqual({ all: 2, unexplained: 2 });
    await upload(t, account, lines(1, 20));
    expect(await totals(t, account)).toEqual({ all: 3, unexplained: 3 });
  });

  describe('with a second process on the same book file', () => {
    let dir: string | undefined;
    afterEach(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
      dir = undefined;
    });

    it("show the other process's upload on the next request", async () => {
      dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-kept-'));
      const file = join(dir, 'book.sqlite');
      // The test book lives in memory; a copy on disk is the file both "processes" open.
      createTestBook().book.sqlite.exec(`VACUUM INTO '${file.replaceAll("'", "''")}'`);
      const desktop = createEngine({ book: openBook(file), clock: fixedClock(), ids: countingIds() });
      const cli = createEngine({ book: openBook(file), clock: fixedClock(), ids: countingIds() });
      const send = (engine: typeof desktop, method: string, path: string, body?: unknown) =>
        engine.fetch(
          new Request(`${ORIGIN}${path}`, {
            method,
            headers: { Authorization: `Bearer ${OWNER_TOKEN}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
          }),
        );
      const created = await send(desktop, 'POST', '/v2/bank_accounts', { bank_account: { name: 'Shared', opening_balance: '0' } });
      expect(created.status).toBe(201);
      const shared = ((await created.json()) as { bank_account: { url: string } }).bank_account.url;
      const total = async (engine: typeof desktop) => Number((await send(engine, 'GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(shared)}&per_page=1`)).headers.get('x-total-count'));
      expect(await total(desktop)).toBe(0);
      expect((await send(cli, 'POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(shared)}`, { statement: lines(3) })).status).toBe(200);
      expect(await total(desktop)).toBe(3);
    });
  });
});
