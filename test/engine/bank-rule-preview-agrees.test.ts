import { describe, expect, it } from 'vitest';
import { bankAccount, explain } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { createRule, lineNamed, uploadLines } from './suggest-helpers';

/**
 * The rule editor's preview (POST /v2/bank_rules/preview) says which lines a rule will decide before it
 * is saved. What it says must be what saving the rule then does to the suggestions.
 */

async function book(): Promise<{ t: TestBook; current: string }> {
  const t = createTestBook();
  const current = await bankAccount(t, { name: 'Current' });
  await uploadLines(t, current, [
    { dated_on: '2026-10-02', amount: '-45.00', description: 'DD BRITISH GAS 6502231' },
    { dated_on: '2026-10-05', amount: '-100.00', description: 'AMAZON MKTPLACE 1' },
  ]);
  return { t, current };
}

const preview = async (t: TestBook, rule: Record<string, unknown>) => {
  const answer = await t.json('POST', '/v2/bank_rules/preview', { body: { bank_rule: rule } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.bank_rule_preview;
};

const british = [{ field: 'description', operator: 'contains', value: 'british' }];
const gas = [{ field: 'description', operator: 'contains', value: 'gas' }];
const ruleOf = async (t: TestBook, account: string, description: string) => (await lineNamed(t, account, description)).suggested_explanation?.rule;

describe('the rule preview agrees with saving the rule', () => {
  it('a new rule at the priority of an older one comes after it, as saved', async () => {
    const { t, current } = await book();
    const older = await createRule(t, { name: 'Gas', conditions: gas, actions: { category: '250' }, priority: 3 });
    const said = await preview(t, { conditions: british, priority: 3 });
    expect(said).toMatchObject({ count: 1, decided_by_other_rules: 1 });
    expect(said.bank_transactions[0]).toMatchObject({ description: 'DD BRITISH GAS 6502231', decided_by: older.body.bank_rule.url, decided_by_name: 'Gas' });
    // Saved so, the older rule does decide the line.
    await createRule(t, { name: 'British', conditions: british, actions: { category: '269' }, priority: 3 });
    expect(await ruleOf(t, current, 'DD BRITISH GAS 6502231')).toBe(older.body.bank_rule.url);
  });

  it('an edited rule keeps its place among rules of its priority, and its own priority when none is given', async () => {
    const { t, current } = await book();
    const first = await createRule(t, { name: 'Gas', conditions: gas, actions: { category: '250' }, priority: 3 });
    const second = await createRule(t, { name: 'British', conditions: british, actions: { category: '269' }, priority: 3 });
    // Editing the older rule: the newer one at its priority comes after it.
    expect(await preview(t, { conditions: gas, priority: 3, bank_rule: first.body.bank_rule.url })).toMatchObject({ count: 1, decided_by_other_rules: 0 });
    // Editing the newer: the older comes first.
    expect(await preview(t, { conditions: british, priority: 3, bank_rule: second.body.bank_rule.url })).toMatchObject({ count: 1, decided_by_other_rules: 1 });
    // No priority in the preview: a PUT without one keeps the rule's own (3), not after all others.
    await createRule(t, { name: 'Late', conditions: [{ field: 'amount', operator: 'equals', value: '-45.00' }], actions: { category: '250' }, priority: 8 });
    expect(await preview(t, { conditions: gas, bank_rule: first.body.bank_rule.url })).toMatchObject({ count: 1, decided_by_other_rules: 0 });
    const path = new URL(first.body.bank_rule.url).pathname;
    expect((await t.json('PUT', path, { body: { bank_rule: { conditions: gas } } })).body.bank_rule.priority).toBe(3);
    expect(await ruleOf(t, current, 'DD BRITISH GAS 6502231')).toBe(first.body.bank_rule.url);
  });

  it('tries a part-explained line on what is left to explain, as the suggestion does', async () => {
    const { t, current } = await book();
    const line = await lineNamed(t, current, 'AMAZON MKTPLACE 1');
    expect((await explain(t, { bank_transaction: line.url, gross_value: '-40.00', category: '269' })).status).toBe(201);
    const whole = [{ field: 'amount', operator: 'equals', value: '-100.00' }];
    const left = [{ field: 'amount', operator: 'equals', value: '-60.00' }];
    // The whole amount is no longer what a rule sees: a rule for it would not decide the line.
    expect((await preview(t, { conditions: whole })).count).toBe(0);
    const said = await preview(t, { conditions: left });
    expect(said.count).toBe(1);
    expect(said.bank_transactions[0]).toMatchObject({ description: 'AMAZON MKTPLACE 1', amount: '-100.0', unexplained_amount: '-60.0' });
    // Saved, each does what the preview said.
    const forWhole = await createRule(t, { name: 'Whole', conditions: whole, actions: { category: '250' } });
    expect(await ruleOf(t, current, 'AMAZON MKTPLACE 1')).toBeUndefined();
    const forLeft = await createRule(t, { name: 'Left', conditions: left, actions: { category: '250' } });
    expect(forWhole.status).toBe(201);
    expect(await ruleOf(t, current, 'AMAZON MKTPLACE 1')).toBe(forLeft.body.bank_rule.url);
  });

  it('a transfer rule leaves out the lines of the account it transfers to, as saved', async () => {
    const { t, current } = await book();
    const savings = await bankAccount(t, { name: 'Savings' });
    await uploadLines(t, savings, [{ dated_on: '2026-10-06', amount: '2.00', description: 'SAVER INTEREST' }]);
    await uploadLines(t, current, [{ dated_on: '2026-10-07', amount: '-500.00', description: 'SAVER TOP UP' }]);
    const saver = [{ field: 'description', operator: 'contains', value: 'saver' }];
    // A category rule would catch both; a transfer to Savings only the Current line.
    expect((await preview(t, { conditions: saver, actions: { category: '001' } })).count).toBe(2);
    const said = await preview(t, { conditions: saver, actions: { transfer_bank_account: savings } });
    expect(said).toMatchObject({ count: 1, decided_by_other_rules: 0 });
    expect(said.bank_transactions.map((line: { description: string }) => line.description)).toEqual(['SAVER TOP UP']);
    // Saved, the rule decides that line and not the other.
    const made = await createRule(t, { name: 'Saver', conditions: saver, actions: { transfer_bank_account: savings } });
    expect(await ruleOf(t, current, 'SAVER TOP UP')).toBe(made.body.bank_rule.url);
    expect(await ruleOf(t, savings, 'SAVER INTEREST')).toBeUndefined();
    // Editing it without sending actions: a PUT without them keeps the transfer, so the preview does too.
    expect((await preview(t, { conditions: saver, bank_rule: made.body.bank_rule.url })).count).toBe(1);
    // A transfer account that is not one of the company's is refused as saving refuses it.
    const unknown = await t.json('POST', '/v2/bank_rules/preview', { body: { bank_rule: { conditions: saver, actions: { transfer_bank_account: '/v2/bank_accounts/99' } } } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].message).toBe('actions.transfer_bank_account is not a bank account of this company');
  });
});
