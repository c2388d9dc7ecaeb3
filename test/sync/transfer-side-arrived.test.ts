import { describe, expect, it } from 'vitest';
import type { FaultOptions } from './fault-remote';
import { canonical, world, type Replica, type World } from './replicas';
import { accountIn, linesOf, path, upload, type Book } from './lines';

/**
 * A transfer explained from Current before Savings' statement is in makes a stand-in (manual) line in
 * Savings; importing Savings' statement then puts the bank's line in its place (engine
 * transfer-side-arrived.ts: the counterpart moves onto the bank's line, the stand-in is deleted). The
 * books must come out the same on both sides, the 500.00 counted once in each account.
 */

const EXPLANATIONS = '/v2/bank_transaction_explanations';

/** An account's lines and explanations as a person compares books, with its balance. */
async function seenAccount(book: Book, name: string): Promise<{ balance: string; lines: string[]; explanations: string[] }> {
  const account = await accountIn(book, name);
  const lines = (await linesOf(book, account)).map((line) => `${line.dated_on} ${line.amount} ${line.description} manual:${line.is_manual} unexplained:${line.unexplained_amount}`).sort();
  const list = (await book.call('GET', `${EXPLANATIONS}?bank_account=${encodeURIComponent(account)}&per_page=100`)).body.bank_transaction_explanations as Record<string, any>[];
  const explanations: string[] = [];
  for (const e of list) {
    const to = e.transfer_bank_account ? (await book.call('GET', path(e.transfer_bank_account))).body.bank_account.name : '-';
    const line = (await book.call('GET', path(e.bank_transaction))).body.bank_transaction;
    explanations.push(`${e.dated_on} ${e.gross_value} ${e.type} ${to} on:${line.dated_on} ${line.description}`);
  }
  const balance = (await book.call('GET', account)).body.bank_account.current_balance as string;
  return { balance: String(Number(balance).toFixed(2)), lines, explanations: explanations.sort() };
}

const currentStatement = [{ dated_on: '2026-11-05', amount: -500, description: 'To Savings', transaction_type: 'OTHER' }];
const savingsStatement = [{ dated_on: '2026-11-06', amount: 500, description: 'From Current', transaction_type: 'OTHER' }];

async function booksWithTransfer(seed: number, faults: Partial<FaultOptions> = {}): Promise<{ w: World; a: Replica; b: Replica; savings: string }> {
  const w = world(seed, faults);
  const a = w.replica('a');
  const b = w.replica('b');
  const current = await accountIn(a.book, 'Current', '11112222');
  const savings = await accountIn(a.book, 'Savings', '33334444');
  await upload(a.book, current, currentStatement);
  const line = (await linesOf(a.book, current))[0]!;
  const made = await a.book.call('POST', EXPLANATIONS, { bank_transaction_explanation: { bank_transaction: line.url, dated_on: '2026-11-05', gross_value: '-500', transfer_bank_account: savings } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const stand = (await linesOf(a.book, savings)).map((row) => row.is_manual);
  expect(stand).toEqual([true]);
  return { w, a, b, savings };
}

/** Both accounts on every book: the same, one line each, explained, balances -500.00 and 500.00; nothing in review. */
async function expectAgreed(books: Book[], replicas: Replica[]): Promise<void> {
  for (const name of ['Current', 'Savings']) {
    const remote = await seenAccount(books[0]!, name);
    expect(remote.balance, `${name} balance`).toBe(name === 'Current' ? '-500.00' : '500.00');
    expect(remote.lines, `${name} lines`).toHaveLength(1);
    expect(remote.lines[0], `${name} line`).toContain('unexplained:0.0');
    expect(remote.explanations, `${name} explanations`).toHaveLength(1);
    for (const other of books.slice(1)) expect(await seenAccount(other, name), name).toEqual(remote);
  }
  expect(await seenAccount(books[0]!, 'Savings')).toMatchObject({ lines: ['2026-11-06 500.0 From Current//OTHER/ manual:false unexplained:0.0'] });
  for (const replica of replicas) expect(replica.service.reviewList(), replica.book.name).toEqual([]);
}

/** Another engine puts the bank's line in the stand-in's place on upload as this book does; the live service adds it beside. */
const remotes: [string, Partial<FaultOptions>][] = [
  ['an engine like this one', {}],
  ['the live service', { live: { uploadKeepsMadeLines: true } }],
];

describe.each(remotes)('a statement line that arrives for a transfer\'s stand-in line, the remote %s', { timeout: 120_000 }, (_, faults) => {
  it('transfer synced first, then Savings\' statement imported: the next round leaves one explained bank line in Savings everywhere', async () => {
    const { w, a, b, savings } = await booksWithTransfer(1201, faults);
    expect(await a.sync()).toMatchObject({ agree: true });
    await b.sync();
    expect((await linesOf(w.remote.book, await accountIn(w.remote.book, 'Savings'))).map((row) => row.is_manual)).toEqual([true]);

    await upload(a.book, savings, savingsStatement);
    expect((await linesOf(a.book, savings)).map((row) => row.is_manual)).toEqual([false]);
    const from = w.remote.log.length;
    expect(await a.sync()).toMatchObject({ agree: true, differences: 0 });
    // The live service added the line beside its stand-in: the transfer is made again there, once.
    const writes = w.remote.log.slice(from).filter((entry) => entry.method !== 'GET').map((entry) => `${entry.method} ${entry.path.replace(/\?.*$/, '')}`);
    const remade = faults.live ? ['DELETE /v2/bank_transaction_explanations/1', 'POST /v2/bank_transaction_explanations'] : [];
    expect(writes).toEqual(['POST /v2/bank_transactions/statement', ...remade]);
    expect(await b.sync()).toMatchObject({ agree: true, differences: 0 });
    await expectAgreed([w.remote.book, a.book, b.book], [a, b]);
    expect(await canonical(a.book)).toEqual(await canonical(w.remote.book));
    expect(await canonical(b.book)).toEqual(await canonical(w.remote.book));
    expect(await a.sync()).toMatchObject({ pulled: 0, pushed: 0, agree: true });
    expect(await b.sync()).toMatchObject({ pulled: 0, pushed: 0, agree: true });
  });

  it('transfer explained and Savings\' statement imported offline, then the first sync: the same on every side', async () => {
    const { w, a, b, savings } = await booksWithTransfer(1202, faults);
    await upload(a.book, savings, savingsStatement);
    expect((await linesOf(a.book, savings)).map((row) => row.is_manual)).toEqual([false]);
    const from = w.remote.log.length;
    expect(await a.sync()).toMatchObject({ agree: true, differences: 0 });
    // Lines go before explanations: the transfer finds Savings' line waiting on either remote and explains it.
    const writes = w.remote.log.slice(from).filter((entry) => entry.method !== 'GET').map((entry) => `${entry.method} ${entry.path.replace(/\?.*$/, '')}`);
    expect(writes).toEqual(['POST /v2/bank_accounts', 'POST /v2/bank_accounts', 'POST /v2/bank_transactions/statement', 'POST /v2/bank_transactions/statement', 'POST /v2/bank_transaction_explanations']);
    expect(await b.sync()).toMatchObject({ agree: true, differences: 0 });
    await expectAgreed([w.remote.book, a.book, b.book], [a, b]);
    expect(await canonical(a.book)).toEqual(await canonical(w.remote.book));
    expect(await canonical(b.book)).toEqual(await canonical(w.remote.book));
    expect(await a.sync()).toMatchObject({ pulled: 0, pushed: 0, agree: true });
    expect(await b.sync()).toMatchObject({ pulled: 0, pushed: 0, agree: true });
  });
});

describe('a transfer made again on the live service', { timeout: 120_000 }, () => {
  it('the sync killed once the old transfer\'s delete landed: the next round makes the transfer again, never deletes it here', async () => {
    const { w, a, b, savings } = await booksWithTransfer(1203, { live: { uploadKeepsMadeLines: true } });
    expect(await a.sync()).toMatchObject({ agree: true });
    await b.sync();
    await upload(a.book, savings, savingsStatement);
    // The service deletes the old transfer, its answer is lost and the sync is killed there (the app closed).
    const controller = new AbortController();
    w.remote.force('error-after', (method, path) => method === 'DELETE' && path.startsWith(EXPLANATIONS), () => controller.abort());
    await expect(a.sync({ signal: controller.signal })).rejects.toThrow();
    expect(w.remote.log.filter((entry) => entry.method === 'DELETE').map((entry) => entry.path)).toEqual(['/v2/bank_transaction_explanations/1']);
    a.restart();
    await a.sync();
    expect(await a.sync()).toMatchObject({ agree: true, differences: 0 });
    expect(await b.sync()).toMatchObject({ agree: true, differences: 0 });
    await expectAgreed([w.remote.book, a.book, b.book], [a, b]);
    expect(await canonical(a.book)).toEqual(await canonical(w.remote.book));
    expect(await canonical(b.book)).toEqual(await canonical(w.remote.book));
  });
});
