import { describe, expect, it } from 'vitest';
import { ACCEPT_LINES_MAX } from '../../shared/api/suggestions';
import { bankAccount } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { createRule, lineNamed, uploadLines } from './suggest-helpers';

// What the preview counts is what the acceptance does: a line it will not explain (reconciled, in a
// locked period, or suggested as a transfer to its own account) is left out of the count and total and
// listed in `skipped` with the reason, by the preview and by the acceptance alike.

const accept = (t: TestBook, body: Record<string, unknown>) => t.json('POST', '/v2/bank_transactions/suggestions/accept', { body: { suggestions: body } });
const preview = (t: TestBook, body: Record<string, unknown>) => t.json('POST', '/v2/bank_transactions/suggestions/preview', { body: { suggestions: body } });

/** A current account with two British Gas lines a rule explains as Office Costs (250) at confidence 1. */
async function gasBook(october: string): Promise<{ t: TestBook; current: string }> {
  const t = createTestBook({ vatRegistered: true });
  const current = await bankAccount(t, { opening_balance: '0' });
  await uploadLines(t, current, [
    { dated_on: october, amount: '-45.00', description: 'DD BRITISH GAS 1001' },
    { dated_on: '2026-11-05', amount: '-50.00', description: 'DD BRITISH GAS 1102' },
  ]);
  const rule = await createRule(t, { name: 'Gas', conditions: [{ field: 'description', operator: 'contains', value: 'BRITISH GAS' }], actions: { category: '250' } });
  expect(rule.status).toBe(201);
  return { t, current };
}

describe('bulk acceptance leaves the lines a single explanation would not explain, and its preview says so', () => {
  it('leaves a reconciled line, which a single explanation explains only when confirmed', async () => {
    const { t, current } = await gasBook('2026-10-05');
    const reconciled = await t.json('POST', '/v2/bank_reconciliations', { body: { bank_reconciliation: { bank_account: current, statement_date: '2026-10-31', closing_balance: '-45.00' } } });
    expect(reconciled.status).toBe(201);
    const october = await lineNamed(t, current, 'DD BRITISH GAS 1001');
    expect(october.reconciled_on).toBe('2026-10-31');
    const reason = { bank_transaction: october.url, message: expect.stringMatching(/reconciled with the statement to 2026-10-31.*explain it on its own/) };
    const summary = (await preview(t, { bank_account: current })).body.suggestion_summary;
    expect(summary).toMatchObject({ count: 1, total: '-50.0', skipped: [reason] });
    const accepted = (await accept(t, { bank_account: current })).body.accepted_suggestions;
    expect(accepted).toMatchObject({ count: 1, total: '-50.0', skipped: [reason] });
    expect((await lineNamed(t, current, 'DD BRITISH GAS 1001')).bank_transaction_explanations).toEqual([]);
    expect((await lineNamed(t, current, 'DD BRITISH GAS 1102')).bank_transaction_explanations).toHaveLength(1);
  });

  it('counts no line in a locked period, and names the lock', async () => {
    const { t, current } = await gasBook('2026-01-05');
    expect((await t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2026-03-31' } } })).status).toBe(204);
    const january = await lineNamed(t, current, 'DD BRITISH GAS 1001');
    const reason = { bank_transaction: january.url, message: expect.stringMatching(/locked up to 2026-03-31/) };
    expect((await preview(t, { bank_account: current })).body.suggestion_summary).toMatchObject({ count: 1, total: '-50.0', skipped: [reason] });
    expect((await accept(t, { bank_account: current })).body.accepted_suggestions).toMatchObject({ count: 1, total: '-50.0', skipped: [reason] });
  });

  it('counts no line as a transfer to its own account: a transfer rule does not decide its own account\'s lines', async () => {
    const t = createTestBook();
    await bankAccount(t, { name: 'Current' });
    const savings = await bankAccount(t, { name: 'Savings' });
    await createRule(t, { name: 'Savings moves', conditions: [{ field: 'description', operator: 'contains', value: 'SAVER' }], actions: { transfer_bank_account: savings } });
    await uploadLines(t, savings, [{ dated_on: '2026-10-05', amount: '500.00', description: 'SAVER TOP UP' }]);
    const line = await lineNamed(t, savings, 'SAVER TOP UP');
    expect(line.suggested_explanation?.rule).toBeUndefined();
    expect((await preview(t, { bank_account: savings })).body.suggestion_summary).toMatchObject({ count: 0, total: '0.0' });
    const changes = t.changeCount();
    expect((await accept(t, { bank_account: savings })).body.accepted_suggestions).toMatchObject({ count: 0 });
    expect(t.changeCount()).toBe(changes);
  });
});

describe('bulk acceptance of an account takes at most 10,000 lines left to explain', () => {
  it('refuses more with a sentence that says how to take them in parts, and takes them between dates', async () => {
    const t = createTestBook();
    const current = await bankAccount(t);
    // One line a day from 1 January 2000: day 10,001 is 2027-05-19; the last 10,000 start on 2000-01-02.
    const lines = Array.from({ length: ACCEPT_LINES_MAX + 1 }, (_, index) => ({
      dated_on: new Date(Date.UTC(2000, 0, 1 + index)).toISOString().slice(0, 10),
      amount: '-1.00',
      description: `CARD PAYMENT TO COSTA ${index}`,
    }));
    await uploadLines(t, current, lines);
    await createRule(t, { name: 'Coffee', conditions: [{ field: 'description', operator: 'contains', value: 'COSTA' }], actions: { category: '285' } });
    const changes = t.changeCount();
    for (const call of [preview, accept]) {
      const refused = await call(t, { bank_account: current });
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0].message).toBe('bank_account has 10001 lines with something left to explain; at most 10000 are taken at a time: give from_date and to_date to accept them a part at a time');
    }
    expect(t.changeCount()).toBe(changes);
    const part = await preview(t, { bank_account: current, from_date: '2000-01-02' });
    expect(part.status).toBe(200);
    expect(part.body.suggestion_summary.count).toBe(ACCEPT_LINES_MAX);
  });
});
