import { describe, expect, it } from 'vitest';
import { world } from './replicas';
import { accountIn, linesOf, path, statement, upload } from './lines';

const EXPLANATIONS = '/v2/bank_transaction_explanations';

/**
 * Reconciliations are the book's own (they are not synced), and a reconciled line asks before it
 * changes (api-notes, "Reconcile to the statement"). A change made on the service to such a line's
 * explanation has already happened there: the pull lands it, and the line stays reconciled.
 */
describe('a reconciled line and the sync', { timeout: 120_000 }, () => {
  it('lands a change pulled from the service on a line reconciled in this book', async () => {
    const w = world(91);
    const a = w.replica('a');
    const b = w.replica('b');
    await upload(a.book, await accountIn(a.book), statement);
    const hotel = (await linesOf(a.book, await accountIn(a.book))).find((line) => line.description.startsWith('Hotel'))!.url;
    const made = await a.book.call('POST', EXPLANATIONS, { bank_transaction_explanation: { bank_transaction: hotel, gross_value: '-42.5', category: '/v2/categories/285', description: 'Conference stay' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    await a.sync();
    await b.sync();

    const account = await accountIn(b.book);
    const asked = { bank_account: account, statement_date: '2026-11-04', closing_balance: '1151.1' };
    const reconciled = await b.book.call('POST', '/v2/bank_reconciliations', { bank_reconciliation: asked });
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(201);
    const onB = (await b.book.call('GET', `${EXPLANATIONS}?bank_account=${encodeURIComponent(account)}`)).body.bank_transaction_explanations[0].url;
    // In this book a person is asked first.
    expect((await b.book.call('PUT', path(onB), { bank_transaction_explanation: { description: 'Hotel' } })).status).toBe(409);

    expect((await a.book.call('PUT', path(made.body.bank_transaction_explanation.url), { bank_transaction_explanation: { description: 'Conference hotel' } })).status).toBe(200);
    await a.sync();
    const pulled = await b.sync();
    expect(pulled.conflicts).toBe(0);
    const explanation = (await b.book.call('GET', path(onB))).body.bank_transaction_explanation;
    expect(explanation.description).toBe('Conference hotel');
    const line = (await linesOf(b.book, account)).find((each) => each.description.startsWith('Hotel'))!;
    expect(line.reconciled_on).toBe('2026-11-04');
  });

  it('lands a statement line pulled from the service dated inside a statement reconciled in this book', async () => {
    const w = world(92);
    const a = w.replica('a');
    const b = w.replica('b');
    await upload(a.book, await accountIn(a.book), statement);
    await a.sync();
    await b.sync();
    const account = await accountIn(b.book);
    const reconciled = await b.book.call('POST', '/v2/bank_reconciliations', { bank_reconciliation: { bank_account: account, statement_date: '2026-11-04', closing_balance: '1151.1' } });
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(201);
    const late = { dated_on: '2026-11-03', amount: -9.99, description: 'Music', transaction_type: 'POS' };
    // In this book a person is asked first.
    expect((await b.book.call('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(account)}`, { statement: [late] })).status).toBe(409);

    // On the service the line is already there: the pull lands it, as it lands a change to a reconciled line.
    await upload(a.book, await accountIn(a.book), [late]);
    await a.sync();
    const pulled = await b.sync();
    expect(pulled.conflicts).toBe(0);
    expect((await linesOf(b.book, account)).filter((line) => line.description.startsWith('Music'))).toHaveLength(1);
  });
});
