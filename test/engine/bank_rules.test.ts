import { describe, expect, it } from 'vitest';
import { bankAccount, explain } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { allLines, categoryUrl, createRule, lineNamed, uploadLines } from './suggest-helpers';

async function bookWithLines(): Promise<{ t: TestBook; current: string; savings: string }> {
  const t = createTestBook({ vatRegistered: true });
  const current = await bankAccount(t, { name: 'Current' });
  const savings = await bankAccount(t, { name: 'Savings' });
  await uploadLines(t, current, [
    { dated_on: '2026-10-01', amount: '-12.50', description: 'CARD PAYMENT TO TESCO STORES 3297 ON 01/10' },
    { dated_on: '2026-10-02', amount: '-45.00', description: 'DD BRITISH GAS 6502231' },
    { dated_on: '2026-10-03', amount: '-9.99', description: 'PAYPAL *ADOBE 35314369001' },
    { dated_on: '2026-10-04', amount: '1200.00', description: 'FPI ACME TRADING REF INV-0042' },
    { dated_on: '2026-10-05', amount: '-250.00', description: 'SO RENT OCTOBER' },
  ]);
  await uploadLines(t, savings, [{ dated_on: '2026-10-06', amount: '-12.50', description: 'CARD PAYMENT TO TESCO STORES 3297 ON 06/10' }]);
  return { t, current, savings };
}

/** The text of a stored description ("text/reference/TYPE/"). */
const plain = (stored: string) => stored.replace(/\/[^/]*\/[^/]*\/$/, '');

const suggestionOf = async (t: TestBook, account: string, description: string) => (await lineNamed(t, account, description)).suggested_explanation;

describe('/v2/bank_rules', () => {
  it('creates (201 with Location), reads, lists, updates and deletes a rule', async () => {
    const { t } = await bookWithLines();
    const made = await createRule(t, { name: 'Gas', conditions: [{ field: 'description', operator: 'contains', value: 'british gas' }], actions: { category: '250', sales_tax_rate: '5', description: 'Office gas' }, auto_explain: false });
    expect(made.status).toBe(201);
    const url = made.body.bank_rule.url as string;
    expect(made.headers.get('location')).toBe(url);
    expect(made.body.bank_rule).toMatchObject({ name: 'Gas', priority: 0, auto_explain: false, conditions: [{ field: 'description', operator: 'contains', value: 'british gas' }], actions: { category: categoryUrl('250'), sales_tax_rate: '5', description: 'Office gas' } });
    const path = new URL(url).pathname;
    expect((await t.json('GET', path)).body.bank_rule.name).toBe('Gas');
    const second = await createRule(t, { name: 'Rent', conditions: [{ field: 'amount', operator: 'equals', value: '-250' }], actions: { category: '251' } });
    expect(second.body.bank_rule.priority).toBe(1);
    const list = await t.json('GET', '/v2/bank_rules');
    expect(list.body.bank_rules.map((rule: any) => rule.name)).toEqual(['Gas', 'Rent']);
    const updated = await t.json('PUT', path, { body: { bank_rule: { priority: 5, name: 'British Gas' } } });
    expect(updated.status).toBe(200);
    expect(updated.body.bank_rule).toMatchObject({ name: 'British Gas', priority: 5, actions: { category: categoryUrl('250') } });
    expect((await t.json('GET', '/v2/bank_rules')).body.bank_rules.map((rule: any) => rule.name)).toEqual(['Rent', 'British Gas']);
    expect((await t.json('DELETE', path)).status).toBe(200);
    expect((await t.json('GET', path)).status).toBe(404);
    expect((await t.json('PUT', '/v2/bank_rules/999', { body: { bank_rule: { name: 'x' } } })).status).toBe(404);
  });

  it('refuses a bad rule with 422 and a sentence, and stores nothing', async () => {
    const { t, savings } = await bookWithLines();
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ name: 'x', conditions: [{ field: 'description', operator: 'between', value: 'a' }], actions: { category: '250' } }, /between does not apply to description/],
      [{ name: 'x', conditions: [{ field: 'amount', operator: 'contains', value: '5' }], actions: { category: '250' } }, /contains does not apply to amount; use equals or between/],
      [{ name: 'x', conditions: [{ field: 'description', operator: 'matches', value: '(unclosed' }], actions: { category: '250' } }, /not a regular expression/],
      [{ name: 'x', conditions: [{ field: 'amount', operator: 'between', value: ['-10', '-20'] }], actions: { category: '250' } }, /lower amount first/],
      [{ name: 'x', conditions: [{ field: 'amount', operator: 'equals', value: 'ten' }], actions: { category: '250' } }, /must be an amount/],
      [{ name: 'x', conditions: [{ field: 'bank_account', operator: 'equals', value: '/v2/bank_accounts/99' }], actions: { category: '250' } }, /not a bank account of this company/],
      [{ name: 'x', conditions: [{ field: 'description', operator: 'contains', value: 'gas' }], actions: { description: 'no target' } }, /must name a category/],
      [{ name: 'x', conditions: [{ field: 'description', operator: 'contains', value: 'gas' }], actions: { category: '250', transfer_bank_account: savings } }, /not both/],
      [{ name: 'x', conditions: [{ field: 'description', operator: 'contains', value: 'gas' }], actions: { category: '12345' } }, /category 12345 does not exist/],
      [{ name: 'x', conditions: [{ field: 'description', operator: 'contains', value: 'gas' }], actions: { category: '250', sales_tax_rate: '120' } }, /percentage from 0 to 100/],
      [{ name: 'x', conditions: [], actions: { category: '250' } }, /at least one condition/],
      [{ name: ' ', conditions: [{ field: 'description', operator: 'contains', value: 'gas' }], actions: { category: '250' } }, /name can't be blank/],
      [{ name: 'x', conditions: [{ field: 'colour', operator: 'contains', value: 'gas' }], actions: { category: '250' } }, /field must be one of description, amount, bank_account/],
    ];
    for (const [rule, message] of bad) {
      const response = await createRule(t, rule);
      expect(response.status, JSON.stringify(rule)).toBe(422);
      expect(response.body.errors[0].message).toMatch(message);
    }
    expect((await t.json('GET', '/v2/bank_rules')).body.bank_rules).toEqual([]);
  });

  it('catches lines with every operator, and only those lines', async () => {
    const { t, current, savings } = await bookWithLines();
    const cases: { condition: Record<string, unknown>; caught: string[] }[] = [
      { condition: { field: 'description', operator: 'contains', value: 'british gas' }, caught: ['DD BRITISH GAS 6502231'] },
      { condition: { field: 'description', operator: 'equals', value: 'so rent  october' }, caught: ['SO RENT OCTOBER'] },
      { condition: { field: 'description', operator: 'starts_with', value: 'PAYPAL *' }, caught: ['PAYPAL *ADOBE 35314369001'] },
      { condition: { field: 'description', operator: 'matches', value: 'INV-\\d{4}' }, caught: ['FPI ACME TRADING REF INV-0042'] },
      { condition: { field: 'amount', operator: 'equals', value: '-45' }, caught: ['DD BRITISH GAS 6502231'] },
      { condition: { field: 'amount', operator: 'between', value: ['-13', '-9'] }, caught: ['CARD PAYMENT TO TESCO STORES 3297 ON 01/10', 'PAYPAL *ADOBE 35314369001'] },
      { condition: { field: 'amount', operator: 'between', value: '1000..2000' }, caught: ['FPI ACME TRADING REF INV-0042'] },
    ];
    for (const { condition, caught } of cases) {
      const made = await createRule(t, { name: 'rule', conditions: [condition], actions: { category: '280' } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const lines = await allLines(t, current);
      const byRule = lines.filter((line) => line.suggested_explanation?.source === 'rule').map((line) => plain(line.description)).sort();
      expect(byRule, JSON.stringify(condition)).toEqual([...caught].sort());
      for (const line of lines.filter((row) => caught.includes(plain(row.description)))) {
        expect(line.suggested_explanation).toMatchObject({ source: 'rule', confidence: '1.00', category: categoryUrl('280'), rule: made.body.bank_rule.url });
      }
      await t.json('DELETE', new URL(made.body.bank_rule.url).pathname);
    }
    // bank_account equals: the savings line is caught, the same payee in the current account is not.
    const byAccount = await createRule(t, { name: 'savings', conditions: [{ field: 'bank_account', operator: 'equals', value: savings }, { field: 'description', operator: 'contains', value: 'TESCO' }], actions: { category: '285' } });
    expect(byAccount.status).toBe(201);
    expect((await suggestionOf(t, savings, 'CARD PAYMENT TO TESCO STORES 3297 ON 06/10'))?.source).toBe('rule');
    expect((await suggestionOf(t, current, 'CARD PAYMENT TO TESCO STORES 3297 ON 01/10'))?.source).not.toBe('rule');
  });

  it('tries rules lowest priority first, and a rule wins over the history', async () => {
    const { t, current } = await bookWithLines();
    // History: two earlier British Gas lines explained as Office Costs.
    await uploadLines(t, current, [
      { dated_on: '2026-08-02', amount: '-45.00', description: 'DD BRITISH GAS 6502229' },
      { dated_on: '2026-09-02', amount: '-45.00', description: 'DD BRITISH GAS 6502230' },
    ]);
    for (const description of ['DD BRITISH GAS 6502229', 'DD BRITISH GAS 6502230']) {
      const line = await lineNamed(t, current, description);
      expect((await explain(t, { bank_transaction: line.url, gross_value: '-45.00', category: '250' })).status).toBe(201);
    }
    const october = 'DD BRITISH GAS 6502231';
    expect(await suggestionOf(t, current, october)).toMatchObject({ source: 'history', category: categoryUrl('250') });
    const utilities = await createRule(t, { name: 'Gas as rent', priority: 10, conditions: [{ field: 'description', operator: 'contains', value: 'GAS' }], actions: { category: '251' } });
    expect(await suggestionOf(t, current, october)).toMatchObject({ source: 'rule', category: categoryUrl('251'), rule: utilities.body.bank_rule.url });
    const sundries = await createRule(t, { name: 'Direct debits', priority: 5, conditions: [{ field: 'description', operator: 'starts_with', value: 'DD ' }], actions: { category: '280' } });
    expect(await suggestionOf(t, current, october)).toMatchObject({ category: categoryUrl('280'), rule: sundries.body.bank_rule.url });
    await t.json('PUT', new URL(sundries.body.bank_rule.url).pathname, { body: { bank_rule: { priority: 20 } } });
    expect(await suggestionOf(t, current, october)).toMatchObject({ category: categoryUrl('251'), rule: utilities.body.bank_rule.url });
  });

  it('auto-explains the lines a rule catches on import, and the import review says which', async () => {
    const { t, current } = await bookWithLines();
    await createRule(t, { name: 'Adobe', conditions: [{ field: 'description', operator: 'contains', value: 'ADOBE' }], actions: { category: '269', sales_tax_rate: '20', description: 'Creative Cloud', mark_for_review: true }, auto_explain: true });
    await createRule(t, { name: 'Tesco, not automatic', conditions: [{ field: 'description', operator: 'contains', value: 'TESCO' }], actions: { category: '285' } });
    const csv = 'Date,Description,Amount\n2026-11-07,PAYPAL *ADOBE 35314369099,-9.99\n2026-11-08,TESCO STORES 3297 LONDON GB,-15.20\n2026-11-09,PAYPAL *ADOBE 35314369100,-9.99\n';
    const form = () => {
      const data = new FormData();
      data.set('statement', new Blob([csv], { type: 'text/csv' }), 'november.csv');
      data.set('bank_account', current);
      return data;
    };
    const previewResponse = await t.engine.fetch(new Request('http://127.0.0.1:9999/v2/bank_transactions/statement/preview', { method: 'POST', headers: { Authorization: 'Bearer owner-token' }, body: form() }));
    const previewBody = (await previewResponse.json()) as any;
    expect(previewResponse.status).toBe(200);
    expect(previewBody.statement_preview.auto_explain.map((entry: any) => [entry.row, entry.rule_name, entry.category])).toEqual([
      [0, 'Adobe', categoryUrl('269')],
      [2, 'Adobe', categoryUrl('269')],
    ]);
    const before = (await allLines(t, current, '&view=explained')).length;
    const uploaded = await t.engine.fetch(new Request(`http://127.0.0.1:9999/v2/bank_transactions/statement?bank_account=${encodeURIComponent(current)}`, { method: 'POST', headers: { Authorization: 'Bearer owner-token' }, body: form() }));
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const explained = await allLines(t, current, '&view=explained');
    expect(explained.length - before).toBe(2);
    const adobe = await lineNamed(t, current, 'PAYPAL *ADOBE 35314369099');
    expect(adobe.unexplained_amount).toBe('0.0');
    expect(adobe.bank_transaction_explanations[0]).toMatchObject({ category: categoryUrl('269'), description: 'Creative Cloud', sales_tax_rate: '20.0', marked_for_review: true });
    const tesco = await lineNamed(t, current, 'TESCO STORES 3297 LONDON GB');
    expect(tesco.bank_transaction_explanations).toEqual([]);
    expect(tesco.suggested_explanation).toMatchObject({ source: 'rule', category: categoryUrl('285') });
  });

  it('is book data: undo takes a new rule back and redo restores it', async () => {
    const { t } = await bookWithLines();
    const made = await createRule(t, { name: 'Gas', conditions: [{ field: 'description', operator: 'contains', value: 'GAS' }], actions: { category: '250' } });
    const path = new URL(made.body.bank_rule.url).pathname;
    await t.json('PUT', path, { body: { bank_rule: { name: 'Renamed' } } });
    expect((await t.json('POST', '/v2/undo')).status).toBe(200);
    expect((await t.json('GET', path)).body.bank_rule.name).toBe('Gas');
    expect((await t.json('POST', '/v2/undo')).status).toBe(200);
    expect((await t.json('GET', path)).status).toBe(404);
    expect((await t.json('POST', '/v2/redo')).status).toBe(200);
    expect((await t.json('GET', path)).body.bank_rule).toMatchObject({ name: 'Gas', actions: { category: categoryUrl('250') } });
  });
});
