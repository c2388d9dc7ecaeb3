import { describe, expect, it } from 'vitest';
import { world } from './replicas';
import { accountIn, linesOf, path, seenLines, statement, upload, type Book } from './lines';

const EXPLANATIONS = '/v2/bank_transaction_explanations';

/** An account's explanations as a person compares two books: what, when, how much, against what. */
async function seenExplanations(book: Book, name = 'Current'): Promise<string[]> {
  const account = await accountIn(book, name);
  const list = (await book.call('GET', `${EXPLANATIONS}?bank_account=${encodeURIComponent(account)}&per_page=100`)).body.bank_transaction_explanations as Record<string, any>[];
  const seen: string[] = [];
  for (const e of list) {
    const line = (await book.call('GET', path(e.bank_transaction))).body.bank_transaction;
    const bill = e.paid_bill ? (await book.call('GET', path(e.paid_bill))).body.bill.reference : '-';
    const transfer = e.transfer_bank_account ? (await book.call('GET', path(e.transfer_bank_account))).body.bank_account.name : '-';
    seen.push([e.dated_on, e.gross_value, e.description ?? '', e.category ? path(e.category) : '-', bill, transfer, e.type, line.amount, line.is_manual, e.marked_for_review].join(' '));
  }
  return seen.sort();
}

async function lineIn(book: Book, startsWith: string): Promise<string> {
  return (await linesOf(book, await accountIn(book))).find((line) => line.description.startsWith(startsWith))!.url;
}

async function explain(book: Book, fields: Record<string, unknown>): Promise<string> {
  const made = await book.call('POST', EXPLANATIONS, { bank_transaction_explanation: fields });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return path(made.body.bank_transaction_explanation.url);
}

describe('explanations sync', { timeout: 120_000 }, () => {
  it('an explanation made offline reaches the remote and the other book on the same line; edits to different fields merge; a delete goes everywhere', async () => {
    const w = world(81);
    const a = w.replica('a');
    const b = w.replica('b');
    await upload(a.book, await accountIn(a.book), statement);
    const hotel = await explain(a.book, { bank_transaction: await lineIn(a.book, 'Hotel'), dated_on: '2026-11-04', gross_value: '-42.5', category: '/v2/categories/285', description: 'Conference stay' });
    await a.sync();
    await b.sync();
    expect(await seenExplanations(w.remote.book)).toEqual(['2026-11-04 -42.5 Conference stay /v2/categories/285 - - Payment -42.5 false false']);
    expect(await seenExplanations(b.book)).toEqual(await seenExplanations(a.book));
    expect((await linesOf(w.remote.book, await accountIn(w.remote.book))).find((line) => line.description.startsWith('Hotel'))!.unexplained_amount).toBe('0.0');

    const onB = (await b.book.call('GET', `${EXPLANATIONS}?bank_account=${encodeURIComponent(await accountIn(b.book))}`)).body.bank_transaction_explanations[0].url;
    expect((await a.book.call('PUT', hotel, { bank_transaction_explanation: { description: 'Conference hotel' } })).status).toBe(200);
    expect((await b.book.call('PUT', path(onB), { bank_transaction_explanation: { marked_for_review: true } })).status).toBe(200);
    await b.sync();
    expect((await a.sync()).conflicts).toBe(0);
    await b.sync();
    const remote = await seenExplanations(w.remote.book);
    expect(remote).toEqual(['2026-11-04 -42.5 Conference hotel /v2/categories/285 - - Payment -42.5 false true']);
    expect(await seenExplanations(a.book)).toEqual(remote);
    expect(await seenExplanations(b.book)).toEqual(remote);
    expect(await a.sync()).toMatchObject({ pulled: 0, pushed: 0 });

    expect((await b.book.call('DELETE', path(onB))).status).toBe(200);
    await b.sync();
    await a.sync();
    expect(await seenExplanations(w.remote.book)).toEqual([]);
    expect(await seenExplanations(a.book)).toEqual([]);
  });

  it('a payment of a bill links the bill through the id map; a create whose answer was lost is made once', async () => {
    const w = world(82);
    const a = w.replica('a');
    const b = w.replica('b');
    await upload(a.book, await accountIn(a.book), statement);
    const supplier = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Hotel Ltd' } })).body.contact.url;
    const bill = await a.book.call('POST', '/v2/bills', { bill: { contact: supplier, reference: 'H-1', dated_on: '2026-11-01', due_on: '2026-12-01', bill_items: [{ category: '/v2/categories/285', description: 'Hotel', total_value: '42.50' }] } });
    expect(bill.status).toBe(201);
    await explain(a.book, { bank_transaction: await lineIn(a.book, 'Hotel'), dated_on: '2026-11-04', gross_value: '-42.5', paid_bill: bill.body.bill.url });
    w.remote.force('error-after', (method, where) => method === 'POST' && where === EXPLANATIONS);
    await a.sync();
    await a.sync();
    expect(w.remote.creates.filter((where) => where === EXPLANATIONS)).toHaveLength(1);
    await b.sync();
    const remote = await seenExplanations(w.remote.book);
    expect(remote).toHaveLength(1);
    expect(remote[0]).toContain(' H-1 ');
    expect(await seenExplanations(a.book)).toEqual(remote);
    expect(await seenExplanations(b.book)).toEqual(remote);
    const paid = (await w.remote.book.call('GET', '/v2/bills?view=all')).body.bills[0];
    expect(paid.status).toBe('Paid');
  });

  it('money recorded by hand (no statement line) makes one manual line on each side; a transfer is not doubled by its other half', async () => {
    const w = world(83);
    const a = w.replica('a');
    const b = w.replica('b');
    const current = await accountIn(a.book);
    const savings = await accountIn(a.book, 'Savings', '33334444');
    await explain(a.book, { bank_account: current, dated_on: '2026-11-10', gross_value: '-15', category: '/v2/categories/285', description: 'Cash lunch' });
    await upload(a.book, current, statement);
    await explain(a.book, { bank_transaction: await lineIn(a.book, 'Acme'), dated_on: '2026-11-03', gross_value: '1200', transfer_bank_account: savings });
    await a.sync();
    await a.sync();
    await b.sync();
    for (const name of ['Current', 'Savings']) {
      const remote = await seenExplanations(w.remote.book, name);
      expect(remote, name).toHaveLength(name === 'Current' ? 2 : 1);
      expect(await seenExplanations(a.book, name), name).toEqual(remote);
      expect(await seenExplanations(b.book, name), name).toEqual(remote);
      expect(await seenLines(w.remote.book, name), name).toHaveLength(name === 'Current' ? statement.length + 1 : 1);
      expect(await seenLines(b.book, name), name).toEqual(await seenLines(w.remote.book, name));
    }
    expect(await a.sync()).toMatchObject({ pulled: 0, pushed: 0 });
    expect(await b.sync()).toMatchObject({ pulled: 0, pushed: 0 });
  });
});
