import { describe, expect, it } from 'vitest';
import { bankAccount, explain, oneTransaction } from './banking-helpers';
import { createTestBook } from './harness';
import { lockBooks } from './purchases-helpers';

// An explanation's is_locked says whether it can still be changed, as a bill's does: true on or before
// the user lock (which refuses any change there), false after it. It was always false, so a client
// reading it offered Edit on an explanation the engine would refuse.

describe("an explanation's is_locked", () => {
  it('is true on or before the user lock and false after it, in the record and in the list', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const early = await oneTransaction(t, account, { dated_on: '2026-03-31', amount: '-10.00', description: 'PAPER' });
    const late = await oneTransaction(t, account, { dated_on: '2026-04-01', amount: '-20.00', description: 'INK' });
    const first = await explain(t, { bank_transaction: early.url, category: '285', gross_value: '-10.00' });
    const second = await explain(t, { bank_transaction: late.url, category: '285', gross_value: '-20.00' });
    expect([first.body.bank_transaction_explanation.is_locked, second.body.bank_transaction_explanation.is_locked]).toEqual([false, false]);

    lockBooks(t, '2026-03-31');
    const read = async (url: string) => (await t.json('GET', new URL(url).pathname)).body.bank_transaction_explanation.is_locked;
    expect([await read(first.body.bank_transaction_explanation.url), await read(second.body.bank_transaction_explanation.url)]).toEqual([true, false]);
    const listed = (await t.json('GET', `/v2/bank_transaction_explanations?bank_account=${encodeURIComponent(account)}`)).body.bank_transaction_explanations;
    expect(Object.fromEntries(listed.map((row: { dated_on: string; is_locked: boolean }) => [row.dated_on, row.is_locked]))).toEqual({ '2026-03-31': true, '2026-04-01': false });
    // And the engine does refuse the locked one.
    expect((await t.json('PUT', new URL(first.body.bank_transaction_explanation.url).pathname, { body: { bank_transaction_explanation: { description: 'Paper' } } })).status).toBe(422);
  });
});
