import { describe, expect, it } from 'vitest';
import { bankAccount, idOf, postingsOf } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { allLines, categoryUrl, createRule, lineNamed, uploadLines } from './suggest-helpers';

// A bank rule decides a line before history does, and auto_explain and bulk accept write what it says
// unseen: so it carries the whole VAT treatment an explanation is asked for with, checked as one
// explanation's is. A reverse-charged payee explained with a rate alone reclaims VAT never charged
// (Notice 700 section 19); the reverse charge is output and input tax together (Notice 741A section 17).

const accept = (t: TestBook, body: Record<string, unknown>) => t.json('POST', '/v2/bank_transactions/suggestions/accept', { body: { suggestions: body } });

async function boxes(t: TestBook, endsOn: string): Promise<Record<number, string>> {
  const response = await t.json('GET', `/v2/vat_returns/${endsOn}`);
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return Object.fromEntries(response.body.vat_return.breakdown.rows.map((row: any) => [row.box_number, row.value]));
}

const GOOGLE = { dated_on: '2026-11-05', amount: '-120.00', description: 'GOOGLE ADS 202611' };
const reverseCharged = (autoExplain: boolean) => ({
  name: 'Google Ads',
  conditions: [{ field: 'description', operator: 'contains', value: 'GOOGLE ADS' }],
  actions: { category: '269', sales_tax_rate: '20', ec_status: 'EC Services' },
  auto_explain: autoExplain,
});
const REVERSE_CHARGE_POSTINGS = [
  { code: '269', debit: 12000 },
  { code: '750-1', debit: -12000 },
  { code: '818', debit: 2400 },
  { code: '819', debit: -2400 },
];

function storeRow(t: TestBook, name: string, conditions: string, actions: string): number {
  const stored = t.book.sqlite
    .prepare('INSERT INTO bank_rules (name, conditions, actions, priority, auto_explain, created_at, updated_at) VALUES (?, ?, ?, 0, 1, ?, ?)')
    .run(name, conditions, actions, '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z');
  return Number(stored.lastInsertRowid);
}

describe('a bank rule carries the whole VAT treatment', () => {
  it('shows it in the rule record and its suggestion, and auto-explains reverse-charged: 24.00 in box 1 and box 4', async () => {
    const t = createTestBook({ vatRegistered: true });
    const current = await bankAccount(t);
    const made = await createRule(t, reverseCharged(true));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.bank_rule.actions).toEqual({ category: categoryUrl('269'), sales_tax_rate: '20', ec_status: 'EC Services' });
    expect(made.body.bank_rule.needs_attention).toBeUndefined();
    await uploadLines(t, current, [GOOGLE]);
    const explanation = (await lineNamed(t, current, GOOGLE.description)).bank_transaction_explanations[0];
    expect(explanation).toMatchObject({ category: categoryUrl('269'), ec_status: 'EC Services', sales_tax_rate: '20.0' });
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(explanation.url))).toEqual(REVERSE_CHARGE_POSTINGS);
    expect(await boxes(t, '2027-01-31')).toMatchObject({ 1: '24.0', 4: '24.0', 5: '0.0', 6: '120.0', 7: '120.0' });
  });

  it('a rule\'s suggestion carries the treatment, and accepting it posts the reverse charge', async () => {
    const t = createTestBook({ vatRegistered: true });
    const current = await bankAccount(t);
    await uploadLines(t, current, [GOOGLE]);
    const made = await createRule(t, reverseCharged(false));
    const line = await lineNamed(t, current, GOOGLE.description);
    expect(line.suggested_explanation).toEqual({ category: categoryUrl('269'), sales_tax_rate: '20', ec_status: 'EC Services', source: 'rule', confidence: '1.00', rule: made.body.bank_rule.url });
    expect((await accept(t, { bank_account: current })).status).toBe(200);
    const explanation = (await lineNamed(t, current, GOOGLE.description)).bank_transaction_explanations[0];
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(explanation.url))).toEqual(REVERSE_CHARGE_POSTINGS);
  });

  it('an out-of-scope rule reclaims nothing; a manual amount on a rule for one fixed amount posts that amount', async () => {
    const t = createTestBook({ vatRegistered: true });
    const current = await bankAccount(t);
    expect((await createRule(t, { name: 'Joe', conditions: [{ field: 'description', operator: 'contains', value: 'JOE BLOGGS' }], actions: { category: '269', sales_tax_status: 'out_of_scope' }, auto_explain: true })).body.bank_rule.actions).toEqual({ category: categoryUrl('269'), sales_tax_status: 'OUT_OF_SCOPE' });
    const phone = await createRule(t, { name: 'Phone', conditions: [{ field: 'description', operator: 'contains', value: 'PHONECO' }, { field: 'amount', operator: 'equals', value: '-30.00' }], actions: { category: '269', manual_sales_tax_amount: '4.50' }, auto_explain: true });
    expect(phone.status, JSON.stringify(phone.body)).toBe(201);
    expect(phone.body.bank_rule.actions.manual_sales_tax_amount).toBe('4.5');
    await uploadLines(t, current, [
      { dated_on: '2026-11-05', amount: '-60.00', description: 'DD JOE BLOGGS IT' },
      { dated_on: '2026-11-06', amount: '-30.00', description: 'PHONECO BILL' },
    ]);
    const joe = (await lineNamed(t, current, 'DD JOE BLOGGS IT')).bank_transaction_explanations[0];
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(joe.url))).toEqual([{ code: '269', debit: 6000 }, { code: '750-1', debit: -6000 }]);
    const bill = (await lineNamed(t, current, 'PHONECO BILL')).bank_transaction_explanations[0];
    expect(bill).toMatchObject({ manual_sales_tax_amount: '4.5' });
    expect(postingsOf(t, 'bank_transaction_explanations', idOf(bill.url))).toEqual([{ code: '269', debit: 2550 }, { code: '750-1', debit: -3000 }, { code: '818', debit: 450 }]);
    expect(await boxes(t, '2027-01-31')).toMatchObject({ 4: '4.5', 7: '25.0' }); // boxes 6-9 in whole pounds; out of scope is not in box 7;
  });

  it('refuses at save what an explanation would refuse, with its sentence, and saves nothing', async () => {
    const t = createTestBook({ vatRegistered: true });
    const current = await bankAccount(t);
    const savings = await bankAccount(t, { name: 'Savings' });
    const on = (actions: Record<string, unknown>, conditions: unknown[] = [{ field: 'description', operator: 'contains', value: 'X' }]) => ({ name: 'x', conditions, actions });
    const cases: [Record<string, unknown>, RegExp][] = [
      [on({ category: '001', sales_tax_rate: '20', ec_status: 'EC VAT MOSS' }), /^actions\.place_of_supply is required for an EC VAT MOSS sale$/],
      [on({ category: '001', ec_status: 'EC VAT MOSS', place_of_supply: 'France' }), /^actions\.sales_tax_rate is required for an EC VAT MOSS sale/],
      [on({ category: '001', sales_tax_rate: '21', ec_status: 'EC VAT MOSS', place_of_supply: 'France' }), /^actions\.sales_tax_rate 21 is not a France VAT rate on 2026-11-22/],
      [on({ category: '001', place_of_supply: 'Narnia' }), /^actions\.place_of_supply must be one of Austria/],
      [on({ category: '269', sales_tax_status: 'ZERO' }), /^actions\.sales_tax_status must be one of TAXABLE, EXEMPT, OUT_OF_SCOPE$/],
      [on({ category: '269', sales_tax_rate: '120' }), /^actions\.sales_tax_rate must be a percentage from 0 to 100/],
      [on({ transfer_bank_account: savings, ec_status: 'EC Services' }), /^actions\.ec_status does not apply to a transfer$/],
      [on({ category: '269', manual_sales_tax_amount: '4.50' }), /^actions\.manual_sales_tax_amount needs a condition that the amount is one figure/],
      [on({ category: '269', manual_sales_tax_amount: '40.00' }, [{ field: 'amount', operator: 'equals', value: '-30.00' }]), /^actions\.manual_sales_tax_amount cannot be more than the gross value$/],
      [on({ category: '269', manual_sales_tax_amount: '-1.00' }, [{ field: 'amount', operator: 'equals', value: '-30.00' }]), /^actions\.manual_sales_tax_amount must not be negative$/],
      [on({ category: '269', ec_status: 'EC Stuff' }), /ec_status must be one of UK\/Non-EC, EC Goods, EC Services, EC VAT MOSS/],
    ];
    for (const [rule, message] of cases) {
      const changes = t.changeCount();
      const response = await createRule(t, rule);
      expect(response.status, JSON.stringify(rule)).toBe(422);
      expect(response.body.errors[0].message).toMatch(message);
      expect(t.changeCount()).toBe(changes);
    }
    // A rule with a manual amount keeps its fixed amount: changing its conditions to any amount is refused.
    const phone = await createRule(t, on({ category: '269', manual_sales_tax_amount: '4.50' }, [{ field: 'amount', operator: 'equals', value: '-30.00' }]));
    const changes = t.changeCount();
    const edited = await t.json('PUT', new URL(phone.body.bank_rule.url).pathname, { body: { bank_rule: { conditions: [{ field: 'description', operator: 'contains', value: 'PHONECO' }] } } });
    expect(edited.status).toBe(422);
    expect(edited.body.errors[0].message).toMatch(/^actions\.manual_sales_tax_amount needs a condition/);
    expect(t.changeCount()).toBe(changes);
    expect((await t.json('GET', '/v2/bank_rules')).body.bank_rules).toHaveLength(1);
    expect(current).toBeTruthy();
  });

  it('a rule stored before the treatment fields (a rate only) reads and explains as before', async () => {
    const t = createTestBook({ vatRegistered: true });
    const current = await bankAccount(t);
    storeRow(t, 'Gas', JSON.stringify([{ field: 'description', operator: 'contains', value: 'BRITISH GAS' }]), '{"category":"250","sales_tax_rate":"5"}');
    const [rule] = (await t.json('GET', '/v2/bank_rules')).body.bank_rules;
    expect(rule.actions).toEqual({ category: categoryUrl('250'), sales_tax_rate: '5' });
    expect(rule.needs_attention).toBeUndefined();
    await uploadLines(t, current, [{ dated_on: '2026-11-05', amount: '-42.00', description: 'DD BRITISH GAS' }]);
    const explanation = (await lineNamed(t, current, 'DD BRITISH GAS')).bank_transaction_explanations[0];
    expect(explanation).toMatchObject({ sales_tax_rate: '5.0', sales_tax_value: '-2.0' });
    expect(explanation.ec_status ?? null).toBeNull();
  });

  it('takes sales_tax_rate "Auto" as an explanation does: stored and read back as a rule saved without a rate, the category’s rate on each line’s date', async () => {
    const t = createTestBook({ vatRegistered: true, startDate: '2010-01-01', firstAccountingYearEnd: '2010-12-31' });
    const current = await bankAccount(t);
    const savings = await bankAccount(t, { name: 'Savings' });
    const hosting = { name: 'Hosting', conditions: [{ field: 'description', operator: 'contains', value: 'HOSTING CO' }], auto_explain: true };
    const made = await createRule(t, { ...hosting, actions: { category: '269', sales_tax_rate: 'Auto' } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const without = await createRule(t, { ...hosting, name: 'Hosting, no rate', actions: { category: '269' } });
    expect(made.body.bank_rule.actions).toEqual(without.body.bank_rule.actions);
    expect(made.body.bank_rule.actions).toEqual({ category: categoryUrl('269') });
    // Each line gets the standard rate of its own day, as an explanation sent "Auto" does.
    await uploadLines(t, current, [
      { dated_on: '2010-12-01', amount: '-117.50', description: 'HOSTING CO 1012' },
      { dated_on: '2026-11-01', amount: '-120.00', description: 'HOSTING CO 2611' },
    ]);
    expect((await lineNamed(t, current, 'HOSTING CO 1012')).bank_transaction_explanations[0]).toMatchObject({ sales_tax_rate: '17.5', sales_tax_value: '-17.5' });
    expect((await lineNamed(t, current, 'HOSTING CO 2611')).bank_transaction_explanations[0]).toMatchObject({ sales_tax_rate: '20.0', sales_tax_value: '-20.0' });
    // Replacing a rate with "auto" (any case) goes back to the category's rate; on a transfer it says nothing.
    const path = new URL(made.body.bank_rule.url).pathname;
    await t.json('PUT', path, { body: { bank_rule: { actions: { category: '269', sales_tax_rate: '5' } } } });
    const back = await t.json('PUT', path, { body: { bank_rule: { actions: { category: '269', sales_tax_rate: 'auto' } } } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.bank_rule.actions).toEqual({ category: categoryUrl('269') });
    const transfer = await t.json('PUT', path, { body: { bank_rule: { actions: { transfer_bank_account: savings, sales_tax_rate: 'Auto' } } } });
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
    expect(transfer.body.bank_rule.actions).toEqual({ transfer_bank_account: savings });
    // A MOSS sale needs its country's rate: Auto is refused there, as on an explanation.
    const moss = await createRule(t, { ...hosting, actions: { category: '001', sales_tax_rate: 'Auto', ec_status: 'EC VAT MOSS', place_of_supply: 'France' } });
    expect(moss.status).toBe(422);
    expect(moss.body.errors[0].message).toMatch(/^actions\.sales_tax_rate is required for an EC VAT MOSS sale/);
    const word = await createRule(t, { ...hosting, actions: { category: '269', sales_tax_rate: 'Automatic' } });
    expect(word.status).toBe(422);
    expect(word.body.errors[0].message).toMatch(/sales_tax_rate must be a percentage or Auto/);
  });
});

describe('a rule that cannot be trusted decides no line and says why', () => {
  it('a malformed stored rule is skipped and flagged, and nothing 500s', async () => {
    const t = createTestBook();
    const current = await bankAccount(t);
    storeRow(t, 'Mangled', 'not json', '{"category":"285"}');
    storeRow(t, 'Wrong actions', JSON.stringify([{ field: 'description', operator: 'contains', value: 'COSTA' }]), '["285"]');
    await uploadLines(t, current, [{ dated_on: '2026-11-05', amount: '-3.20', description: 'COSTA COFFEE' }]);
    const list = await t.json('GET', '/v2/bank_rules');
    expect(list.status).toBe(200);
    expect(list.body.bank_rules.map((rule: any) => [rule.name, rule.needs_attention])).toEqual([
      ['Mangled', expect.stringMatching(/^Its stored conditions cannot be read, so it decides no line/)],
      ['Wrong actions', expect.stringMatching(/^Its stored actions cannot be read, so it decides no line/)],
    ]);
    expect((await t.json('GET', new URL(list.body.bank_rules[0].url).pathname)).status).toBe(200);
    const line = await lineNamed(t, current, 'COSTA COFFEE');
    expect(line.bank_transaction_explanations).toEqual([]);
    expect(line.suggested_explanation).toBeNull();
  });

  it('a stored pattern the safety check refuses is flagged in the record', async () => {
    const t = createTestBook();
    storeRow(t, 'Slow', JSON.stringify([{ field: 'description', operator: 'matches', value: '^(\\w+\\s?)+$' }]), '{"category":"285"}');
    const [rule] = (await t.json('GET', '/v2/bank_rules')).body.bank_rules;
    expect(rule.needs_attention).toMatch(/^conditions\[0\]\.value repeats a part that itself repeats.*Until the pattern is changed this rule decides no line\.$/);
  });

  it('a transfer rule does not decide a line in the account it transfers to; the next rule does', async () => {
    const t = createTestBook();
    const current = await bankAccount(t, { name: 'Current' });
    const savings = await bankAccount(t, { name: 'Savings' });
    await createRule(t, { name: 'Savings moves', priority: 0, conditions: [{ field: 'description', operator: 'contains', value: 'SAVER' }], actions: { transfer_bank_account: savings } });
    const interest = await createRule(t, { name: 'Saver interest', priority: 1, conditions: [{ field: 'description', operator: 'contains', value: 'SAVER' }], actions: { category: '001' } });
    await uploadLines(t, savings, [{ dated_on: '2026-11-05', amount: '2.00', description: 'SAVER INTEREST' }]);
    await uploadLines(t, current, [{ dated_on: '2026-11-06', amount: '-500.00', description: 'SAVER TOP UP' }]);
    expect((await lineNamed(t, savings, 'SAVER INTEREST')).suggested_explanation).toMatchObject({ source: 'rule', category: categoryUrl('001'), rule: interest.body.bank_rule.url });
    expect((await lineNamed(t, current, 'SAVER TOP UP')).suggested_explanation).toMatchObject({ source: 'rule', transfer_bank_account: savings });
    expect((await allLines(t, savings)).length).toBe(1);
  });
});
