import { describe, expect, it } from 'vitest';
import { world } from './replicas';
import { accountIn, linesOf, path, seenLines, statement, upload } from './lines';

const isUpload = (method: string, where: string) => method === 'POST' && where === '/v2/bank_transactions/statement';

describe('statement lines sync', { timeout: 120_000 }, () => {
  it('statements imported offline reach the remote, one upload each, and the other book, identical lines and all; the window counts an import not yet looked at as waiting', async () => {
    const w = world(71);
    const a = w.replica('a');
    const b = w.replica('b');
    await upload(a.book, await accountIn(a.book), statement.slice(0, 3));
    expect((await a.sync()).pushed).toBe(1 + 3); // the account and three lines
    expect(a.service.status().waiting).toBe(0);
    await upload(a.book, await accountIn(a.book), [statement[3]!, { dated_on: '2026-11-01', amount: -1, description: 'Fee' }]);
    // The window says there is something to send before any round has looked at the upload.
    expect(a.service.status().waiting).toBeGreaterThan(0);
    const round = await a.sync();
    expect(round.pushed).toBe(2);
    expect(a.service.status().waiting).toBe(0);
    expect(w.remote.log.filter((entry) => isUpload(entry.method, entry.path.split('?')[0]!))).toHaveLength(2);
    expect(await seenLines(w.remote.book)).toEqual(await seenLines(a.book));
    expect((await seenLines(w.remote.book)).filter((line) => line.includes('Coffee Shop'))).toHaveLength(2);
    expect((await b.sync()).pulled).toBe(1 + statement.length + 1);
    expect(await seenLines(b.book)).toEqual(await seenLines(a.book));
    // Nothing more to do on either side, and the lines were never sent back.
    expect(await a.sync()).toMatchObject({ pulled: 0, pushed: 0 });
    expect(await b.sync()).toMatchObject({ pulled: 0, pushed: 0 });
    expect(await seenLines(w.remote.book)).toHaveLength(statement.length + 1);
  });

  it('one more identical line later is one more line everywhere, not taken for the one already there', async () => {
    const w = world(72);
    const a = w.replica('a');
    const b = w.replica('b');
    const account = await accountIn(a.book);
    await upload(a.book, account, statement.slice(0, 1));
    await a.sync();
    await b.sync();
    // A second statement that holds the first line again and a second, identical, purchase.
    await upload(a.book, account, statement.slice(0, 2));
    expect((await linesOf(a.book, account)).filter((line) => line.description.startsWith('Coffee Shop'))).toHaveLength(2);
    await a.sync();
    await b.sync();
    for (const book of [w.remote.book, b.book]) expect((await seenLines(book)).filter((line) => line.includes('Coffee Shop'))).toHaveLength(2);
  });

  it('an upload whose answer was lost (502 after the import, reset, timeout) makes each line once', async () => {
    for (const [seed, fault] of [
      [73, 'error-after'],
      [74, 'reset'],
      [75, 'slow-after'],
    ] as const) {
      const w = world(seed);
      const a = w.replica('a');
      await upload(a.book, await accountIn(a.book), statement);
      await a.sync();
      await upload(a.book, await accountIn(a.book), [{ dated_on: '2026-11-05', amount: -9.99, description: 'Books' }, ...statement]);
      w.remote.force(fault, isUpload);
      await a.sync().catch(() => undefined);
      await a.sync();
      await a.sync();
      expect(await seenLines(w.remote.book), fault).toEqual(await seenLines(a.book));
      expect(await seenLines(w.remote.book), fault).toHaveLength(statement.length + 1);
      expect(a.book.book.sqlite.prepare('SELECT count(*) FROM sync_outbox').pluck().get(), fault).toBe(0);
    }
  });

  it('a sync killed after the remote imported the upload pairs the lines on restart instead of doubling them', async () => {
    const w = world(76);
    const a = w.replica('a');
    await a.sync();
    await upload(a.book, await accountIn(a.book), statement);
    const controller = new AbortController();
    // The upload commits on the remote, then the process dies before it hears the answer.
    w.remote.force('error-after', isUpload, () => controller.abort());
    await expect(a.sync({ signal: controller.signal })).rejects.toThrow();
    expect(await seenLines(w.remote.book)).toHaveLength(statement.length);
    a.restart();
    await a.sync();
    await a.sync();
    expect(await seenLines(w.remote.book)).toEqual(await seenLines(a.book));
    expect(a.book.book.sqlite.prepare('SELECT count(*) FROM sync_outbox').pluck().get()).toBe(0);
  });

  it('a line deleted on one side is deleted on the other; one explained here is kept for review', async () => {
    const w = world(77);
    const a = w.replica('a');
    const b = w.replica('b');
    const account = await accountIn(a.book);
    await upload(a.book, account, statement);
    await a.sync();
    await b.sync();
    const hotelHere = (await linesOf(a.book, account)).find((line) => line.description.startsWith('Hotel'))!;
    expect((await a.book.call('DELETE', path(hotelHere.url))).status).toBe(200);
    await a.sync();
    expect((await seenLines(w.remote.book)).some((line) => line.includes('Hotel'))).toBe(false);
    await b.sync();
    expect(await seenLines(b.book)).toEqual(await seenLines(a.book));

    // The accountant deletes the income line on the remote, which b has explained meanwhile.
    const remoteAccount = await accountIn(w.remote.book);
    const incomeThere = (await linesOf(w.remote.book, remoteAccount)).find((line) => line.description.startsWith('Acme'))!;
    const incomeOnB = (await linesOf(b.book, await accountIn(b.book))).find((line) => line.description.startsWith('Acme'))!;
    const explained = await b.book.call('POST', '/v2/bank_transaction_explanations', { bank_transaction_explanation: { bank_transaction: incomeOnB.url, dated_on: '2026-11-03', gross_value: '1200', category: '/v2/categories/001', description: 'Sales' } });
    expect(explained.status).toBe(201);
    expect((await w.remote.book.call('DELETE', path(incomeThere.url))).status).toBe(200);
    await a.sync();
    expect((await seenLines(a.book)).some((line) => line.includes('Acme'))).toBe(false);
    const round = await b.sync();
    expect(round.conflicts + round.refused).toBeGreaterThanOrEqual(1);
    expect(b.service.reviewList().some((item) => item.family === 'bank_transactions' && item.kind === 'deleted-there')).toBe(true);
    expect((await seenLines(b.book)).some((line) => line.includes('Acme'))).toBe(true);
  });

  it('first link matches lines by date, amount and description, identical ones by count, and shows the plan', async () => {
    const w = world(78);
    const a = w.replica('a');
    await upload(w.remote.book, await accountIn(w.remote.book), [...statement, { dated_on: '2026-11-06', amount: 15, description: 'Refund' }]);
    // The book imported the same statement from a file of its own, without the fitid, and a line more.
    await upload(a.book, await accountIn(a.book), [...statement.map(({ fitid: _fitid, ...line }) => line), { dated_on: '2026-11-07', amount: -7, description: 'Taxi' }]);
    const plan = await a.service.planLink();
    const lines = plan.families.find((family) => family.family === 'bank_transactions')!;
    expect(lines.linked).toHaveLength(statement.length);
    expect(lines.createHere.map((only) => only.label)).toEqual([expect.stringContaining('Refund')]);
    expect(lines.createThere.map((only) => only.label)).toEqual([expect.stringContaining('Taxi')]);
    await a.service.applyLink(plan);
    await a.sync();
    await a.sync();
    expect(await seenLines(w.remote.book)).toHaveLength(statement.length + 2);
    expect((await seenLines(a.book)).map((line) => line.replace(/ \S+$/, ''))).toEqual((await seenLines(w.remote.book)).map((line) => line.replace(/ \S+$/, '')));
  });
});
