import { describe, expect, it } from 'vitest';
import { bankAccount, explain } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { contact } from './sales-helpers';
import { categoryUrl, createRule, lineNamed, uploadLines } from './suggest-helpers';

/**
 * A bank rule's project lands on the explanations it writes (auto-explain on import, accepting its
 * suggestion, the import review's list), so the project's profit and loss counts those lines. An
 * explanation by category carries a project; a transfer carries none, and no explanation a rule writes
 * keeps a contact (a contact comes with the invoice or bill a payment settles): a rule that asks for
 * what its explanation cannot keep is refused when it is saved.
 */

async function newProject(t: TestBook, name: string): Promise<string> {
  const customer = await contact(t, { organisation_name: `${name} client` });
  const made = await t.json('POST', '/v2/projects', { body: { project: { name, contact: customer, status: 'Active', budget_units: 'Hours', currency: 'GBP' } } });
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  return made.body.project.url;
}

const TIMBER = [{ field: 'description', operator: 'contains', value: 'TIMBER' }];
const byProject = async (t: TestBook) => (await t.json('GET', '/v2/accounting/profit_and_loss/detail?from_date=2026-05-01&to_date=2026-12-31&by=project')).body;
const amounts = (report: any, label: string) => report.profit_and_loss_detail.lines.find((line: any) => line.label === label)?.amounts;

describe('a bank rule with a project', () => {
  it('auto-explains with the project on the explanation, and the project’s profit and loss counts it', async () => {
    const t = createTestBook();
    const current = await bankAccount(t, { name: 'Current' });
    const kitchen = await newProject(t, 'Kitchen');
    const made = await createRule(t, { name: 'Timber', conditions: TIMBER, actions: { category: '101', project: kitchen }, auto_explain: true });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.bank_rule.actions).toEqual({ category: categoryUrl('101'), project: kitchen });
    await uploadLines(t, current, [{ dated_on: '2026-11-03', amount: '-240.00', description: 'TIMBER MERCHANTS 0042' }]);
    const line = await lineNamed(t, current, 'TIMBER MERCHANTS 0042');
    expect(line.bank_transaction_explanations[0]).toMatchObject({ category: categoryUrl('101'), project: kitchen });
    const report = await byProject(t);
    expect(report.profit_and_loss_detail.columns.map((column: any) => column.label)).toEqual(['Kitchen', 'No project', 'Total']);
    expect(amounts(report, 'Operating profit')).toEqual(['-240.0', '0.0', '-240.0']);
  });

  it('accepting the rule’s suggestion writes the project; the import review names it', async () => {
    const t = createTestBook();
    const current = await bankAccount(t, { name: 'Current' });
    const kitchen = await newProject(t, 'Kitchen');
    await createRule(t, { name: 'Timber', conditions: TIMBER, actions: { category: '101', project: kitchen } });
    await uploadLines(t, current, [{ dated_on: '2026-11-03', amount: '-240.00', description: 'TIMBER MERCHANTS 0042' }]);
    const line = await lineNamed(t, current, 'TIMBER MERCHANTS 0042');
    expect(line.suggested_explanation).toMatchObject({ source: 'rule', category: categoryUrl('101'), project: kitchen });
    const accepted = await t.json('POST', '/v2/bank_transactions/suggestions/accept', { body: { suggestions: { bank_transactions: [line.url] } } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect((await lineNamed(t, current, 'TIMBER MERCHANTS 0042')).bank_transaction_explanations[0]).toMatchObject({ category: categoryUrl('101'), project: kitchen });

    await t.json('PUT', new URL((await t.json('GET', '/v2/bank_rules')).body.bank_rules[0].url).pathname, { body: { bank_rule: { auto_explain: true } } });
    const data = new FormData();
    data.set('statement', new Blob(['Date,Description,Amount\n2026-11-09,TIMBER MERCHANTS 0043,-99.00\n'], { type: 'text/csv' }), 'november.csv');
    data.set('bank_account', current);
    const preview = await t.engine.fetch(new Request('http://127.0.0.1:9999/v2/bank_transactions/statement/preview', { method: 'POST', headers: { Authorization: 'Bearer owner-token' }, body: data }));
    const body = (await preview.json()) as any;
    expect(body.statement_preview.auto_explain).toEqual([expect.objectContaining({ row: 0, rule_name: 'Timber', category: categoryUrl('101'), project: kitchen })]);
  });

  it('refuses at save a project on a transfer and a contact on any rule, with a sentence, and saves nothing', async () => {
    const t = createTestBook();
    await bankAccount(t, { name: 'Current' });
    const savings = await bankAccount(t, { name: 'Savings' });
    const kitchen = await newProject(t, 'Kitchen');
    const supplier = await contact(t, { organisation_name: 'Timber Merchants' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ transfer_bank_account: savings, project: kitchen }, /^actions\.project does not apply to a transfer/],
      [{ category: '101', contact: supplier }, /^actions\.contact is not kept by the explanation a rule writes/],
      [{ transfer_bank_account: savings, contact: supplier }, /^actions\.contact is not kept by the explanation a rule writes/],
      [{ category: '101', project: '/v2/projects/999' }, /^actions\.project is not a project of this company$/],
    ];
    for (const [actions, message] of cases) {
      const changes = t.changeCount();
      const response = await createRule(t, { name: 'x', conditions: TIMBER, actions });
      expect(response.status, JSON.stringify(actions)).toBe(422);
      expect(response.body.errors[0].message).toMatch(message);
      expect(t.changeCount()).toBe(changes);
    }
    // Changing a category rule with a project into a transfer keeps the project out too.
    const rule = await createRule(t, { name: 'Timber', conditions: TIMBER, actions: { category: '101', project: kitchen } });
    const changed = await t.json('PUT', new URL(rule.body.bank_rule.url).pathname, { body: { bank_rule: { actions: { transfer_bank_account: savings, project: kitchen } } } });
    expect(changed.status).toBe(422);
    expect((await t.json('GET', '/v2/bank_rules')).body.bank_rules.map((each: any) => each.actions)).toEqual([{ category: categoryUrl('101'), project: kitchen }]);
  });
});

describe('an explanation’s project', () => {
  it('is kept on an explanation by category, refused on a transfer, dropped when it becomes one, and holds the project', async () => {
    const t = createTestBook();
    const current = await bankAccount(t, { name: 'Current' });
    const savings = await bankAccount(t, { name: 'Savings' });
    const kitchen = await newProject(t, 'Kitchen');
    await uploadLines(t, current, [{ dated_on: '2026-11-03', amount: '-240.00', description: 'TIMBER MERCHANTS 0042' }]);
    const line = await lineNamed(t, current, 'TIMBER MERCHANTS 0042');
    const refused = await explain(t, { bank_transaction: line.url, gross_value: '-240.00', transfer_bank_account: savings, project: kitchen });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toMatch(/^project does not apply to a transfer/);
    const unknown = await explain(t, { bank_transaction: line.url, gross_value: '-240.00', category: '101', project: '/v2/projects/999' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[0].message).toBe('project is not a project of this company');
    const made = await explain(t, { bank_transaction: line.url, gross_value: '-240.00', category: '101', project: kitchen });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.bank_transaction_explanation.project).toBe(kitchen);
    // Used by an explanation, the project cannot be deleted.
    const deleting = await t.json('DELETE', new URL(kitchen).pathname);
    expect(deleting.status).toBe(422);
    const path = new URL(made.body.bank_transaction_explanation.url).pathname;
    // A change that says nothing of the project keeps it; a transfer drops it.
    expect((await t.json('PUT', path, { body: { bank_transaction_explanation: { description: 'Joists' } } })).body.bank_transaction_explanation.project).toBe(kitchen);
    const moved = await t.json('PUT', path, { body: { bank_transaction_explanation: { transfer_bank_account: savings } } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.bank_transaction_explanation.project).toBeUndefined();
    expect((await t.json('DELETE', new URL(kitchen).pathname)).status).toBe(200);
  });
});
