import { describe, expect, it } from 'vitest';
import { bankAccount, explain } from './banking-helpers';
import { createTestBook } from './harness';
import { allLines, createRule, lineNamed, uploadLines } from './suggest-helpers';

/**
 * POST /v2/bank_rules/preview (issue 22 item 3, Ledgerdesk's extension): the lines with something left
 * to explain that a rule would catch, before it is saved, through the suggestions' own matcher.
 */
async function book() {
  const t = createTestBook();
  const current = await bankAccount(t, { name: 'Current' });
  const savings = await bankAccount(t, { name: 'Savings' });
  await uploadLines(t, current, [
    { dated_on: '2026-10-01', amount: '-12.50', description: 'CARD PAYMENT TO TESCO STORES 3297 ON 01/10' },
    { dated_on: '2026-10-08', amount: '-31.20', description: 'CARD PAYMENT TO TESCO STORES 3297 ON 08/10' },
    { dated_on: '2026-10-02', amount: '-45.00', description: 'DD BRITISH GAS 6502231' },
  ]);
  await uploadLines(t, savings, [{ dated_on: '2026-10-06', amount: '-12.50', description: 'TESCO EXPRESS 11' }]);
  return { t, current, savings };
}

const preview = (t: Awaited<ReturnType<typeof book>>['t'], rule: Record<string, unknown>) => t.json('POST', '/v2/bank_rules/preview', { body: { bank_rule: rule } });

describe('POST /v2/bank_rules/preview', () => {
  it('lists the unexplained lines a rule would catch, newest first, and writes nothing', async () => {
    const { t, current } = await book();
    const changes = () => (t.book.sqlite.prepare('SELECT count(*) AS n FROM changes').get() as { n: number }).n;
    const before = changes();
    const answer = await preview(t, { conditions: [{ field: 'description', operator: 'contains', value: 'tesco' }] });
    expect(answer.status).toBe(200);
    expect(answer.body.bank_rule_preview.count).toBe(3);
    expect(answer.body.bank_rule_preview.bank_transactions.map((line: any) => [line.dated_on, line.amount])).toEqual([
      ['2026-10-08', '-31.2'],
      ['2026-10-06', '-12.5'],
      ['2026-10-01', '-12.5'],
    ]);
    // Conditions together: the account and the amount narrow it down.
    const narrow = await preview(t, {
      conditions: [
        { field: 'description', operator: 'contains', value: 'tesco' },
        { field: 'bank_account', operator: 'equals', value: current },
        { field: 'amount', operator: 'between', value: ['-20', '-10'] },
      ],
    });
    expect(narrow.body.bank_rule_preview.bank_transactions.map((line: any) => line.description)).toEqual(['CARD PAYMENT TO TESCO STORES 3297 ON 01/10']);
    // The previews wrote nothing.
    expect(changes()).toBe(before);
    // An explained line is not caught.
    const gas = await lineNamed(t, current, 'DD BRITISH GAS 6502231');
    expect((await explain(t, { bank_transaction: gas.url, dated_on: gas.dated_on, gross_value: gas.amount, category: '/v2/categories/250' })).status).toBe(201);
    expect((await preview(t, { conditions: [{ field: 'description', operator: 'contains', value: 'british gas' }] })).body.bank_rule_preview.count).toBe(0);
    expect((await t.json('GET', '/v2/bank_rules')).body.bank_rules).toEqual([]);
    expect((await allLines(t, current)).length).toBe(3);
  });

  it('says which lines a rule tried first decides instead, and leaves the rule being edited out', async () => {
    const { t } = await book();
    const first = await createRule(t, { name: 'Tesco small', conditions: [{ field: 'amount', operator: 'equals', value: '-12.50' }], actions: { category: '285' }, priority: 1 });
    const answer = await preview(t, { conditions: [{ field: 'description', operator: 'contains', value: 'tesco' }], priority: 5 });
    const lines = answer.body.bank_rule_preview;
    expect(lines.count).toBe(3);
    expect(lines.decided_by_other_rules).toBe(2);
    expect(lines.bank_transactions.filter((line: any) => line.decided_by_name === 'Tesco small')).toHaveLength(2);
    // Tried first (priority 0), the new rule decides them all.
    expect((await preview(t, { conditions: [{ field: 'description', operator: 'contains', value: 'tesco' }], priority: 0 })).body.bank_rule_preview.decided_by_other_rules).toBe(0);
    // Editing the rule itself: it does not stand in its own way.
    const self = await preview(t, { conditions: [{ field: 'amount', operator: 'equals', value: '-12.50' }], bank_rule: first.body.bank_rule.url });
    expect(self.body.bank_rule_preview).toMatchObject({ count: 2, decided_by_other_rules: 0 });
  });

  it('refuses bad conditions with 422 and a sentence', async () => {
    const { t } = await book();
    const bad = await preview(t, { conditions: [{ field: 'amount', operator: 'contains', value: '5' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].message).toMatch(/contains does not apply to amount/);
    expect((await preview(t, { conditions: [] })).status).toBe(422);
    const unknown = await preview(t, { conditions: [{ field: 'description', operator: 'contains', value: 'x' }], bank_rule: '/v2/bank_rules/99' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].message).toBe('bank_rule is not a bank rule of this company');
    expect((await t.json('POST', '/v2/bank_rules/preview', { body: {} })).status).toBeGreaterThanOrEqual(400);
  });
});

describe('POST /v2/bank_rules/order', () => {
  it('puts every rule in the order given in one change set, undone in one step', async () => {
    const { t } = await book();
    const names = ['Tesco', 'Gas', 'Rent'];
    const urls: string[] = [];
    for (const name of names) urls.push((await createRule(t, { name, conditions: [{ field: 'description', operator: 'contains', value: name }], actions: { category: '285' } })).body.bank_rule.url);
    const order = async () => (await t.json('GET', '/v2/bank_rules')).body.bank_rules.map((rule: any) => rule.name);
    const moved = await t.json('POST', '/v2/bank_rules/order', { body: { bank_rule_order: { bank_rules: [urls[2], urls[0], urls[1]] } } });
    expect(moved.status).toBe(200);
    expect(moved.body.bank_rules.map((rule: any) => [rule.name, rule.priority])).toEqual([['Rent', 0], ['Tesco', 1], ['Gas', 2]]);
    expect(await order()).toEqual(['Rent', 'Tesco', 'Gas']);
    expect((await t.json('POST', '/v2/undo')).status).toBe(200);
    expect(await order()).toEqual(['Tesco', 'Gas', 'Rent']);
    // Some rules only, one twice, or one unknown: refused, nothing changed.
    for (const bank_rules of [[urls[1], urls[0]], [urls[0], urls[0], urls[1]], [urls[0], urls[1], '/v2/bank_rules/99']]) {
      const refused = await t.json('POST', '/v2/bank_rules/order', { body: { bank_rule_order: { bank_rules } } });
      expect(refused.status).toBe(422);
    }
    expect(await order()).toEqual(['Tesco', 'Gas', 'Rent']);
  });
});
