import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithLines, openRegister } from './accounts';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * The VAT treatment travels with a suggestion and a rule on the desk: a reverse-charged payee (Google
 * Ads, EC Services) pressed S on while the suggestion is only likely opens the explain panel with the
 * reverse charge set, not the rate alone (which would reclaim VAT never charged); "Make a rule from
 * this line" (M) fills the rule's VAT and Bought-or-sold the same way, and the rule saves them; a
 * stored rule the engine will not run says why in the editor.
 */
describe('the VAT treatment of suggestions and rules on the desk', () => {
  let app: AppSession;
  let account: string;
  const grid = () => app.page.getByRole('grid', { name: 'Transactions of Business Current' });
  const panel = () => app.page.locator('form[aria-labelledby="explain-title"]');
  const november = async () => (await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=100`)).body.bank_transactions.find((line: any) => line.dated_on === '2026-11-05');

  beforeEach(async () => {
    app = await openApp({ book: { vatRegistered: true } });
    const months = ['06', '07', '08', '09', '10'];
    account = await accountWithLines(app, [...months, '11'].map((month) => ({ dated_on: `2026-${month}-05`, description: `GOOGLE ADS 2026${month}`, amount: '-120.00' })));
    // Four months reverse-charged, one explained without: the suggestion proposes the reverse charge, likely not sure.
    const lines = (await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=100`)).body.bank_transactions;
    for (const line of lines.filter((each: any) => each.dated_on < '2026-11-01')) {
      const ec = line.dated_on.startsWith('2026-06') ? {} : { ec_status: 'EC Services' };
      const made = await app.book.json('POST', '/v2/bank_transaction_explanations', { body: { bank_transaction_explanation: { bank_transaction: line.url, gross_value: line.amount, category: '/v2/categories/269', sales_tax_rate: '20', ...ec } } });
      expect(made.status).toBe(201);
    }
    expect((await november()).suggested_explanation).toMatchObject({ ec_status: 'EC Services', sales_tax_rate: '20.0', source: 'history' });
  });

  afterEach(async () => {
    await app?.close();
  });

  it('S on a likely suggestion opens the explain panel with the reverse charge, and Enter posts it', async () => {
    const { page } = app;
    await openRegister(app);
    await expect.poll(() => grid().evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByRole('region', { name: 'Suggestion' }).textContent()).toContain('VAT 20% · reverse charge');
    await page.keyboard.press('s');
    await panel().getByRole('note').filter({ hasText: 'Filled in from the suggestion' }).waitFor();
    expect(await panel().getByRole('combobox', { name: 'VAT' }).inputValue()).toBe('20');
    expect(await panel().getByRole('combobox', { name: 'Bought or sold' }).inputValue()).toBe('EC Services');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await november()).bank_transaction_explanations.length, { timeout: 15_000 }).toBe(1);
    expect((await november()).bank_transaction_explanations[0]).toMatchObject({ ec_status: 'EC Services', sales_tax_rate: '20.0', sales_tax_value: '0.0' });
  });

  it('M makes a rule carrying the reverse charge; a rule the engine will not run says why', async () => {
    const { page } = app;
    // A pattern kept from before the safety check: the engine never runs it and the record says so.
    app.book.book.sqlite
      .prepare(`INSERT INTO bank_rules (name, conditions, actions, priority, auto_explain, created_at, updated_at) VALUES ('Old words rule', ?, '{"category":"285"}', 50, 0, '2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z')`)
      .run(JSON.stringify([{ field: 'description', operator: 'matches', value: '^(\\w+\\s?)+$' }]));
    await openRegister(app);
    await expect.poll(() => grid().evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('m');
    const editor = page.locator('form[aria-labelledby="rule-title"]');
    await editor.getByRole('heading', { name: 'New bank rule' }).waitFor();
    await expect.poll(() => editor.getByRole('combobox', { name: 'Category' }).inputValue()).toBe('Computer Software');
    expect(await editor.getByRole('combobox', { name: 'VAT' }).inputValue()).toBe('20');
    expect(await editor.getByRole('combobox', { name: 'Bought or sold' }).inputValue()).toBe('EC Services');
    // A VAT amount is not offered: the rule catches lines of any amount.
    expect(await editor.getByRole('combobox', { name: 'VAT' }).locator('option').allTextContents()).not.toContain('Manual amount');
    await checkScreen(app, 'rule-vat-treatment-editor');
    await editor.getByRole('button', { name: /Save rule/ }).click();
    await editor.waitFor({ state: 'detached' });
    const rules = page.getByRole('grid', { name: 'Bank rules' });
    const made = rules.locator('[role=row]', { hasText: 'GOOGLE ADS' });
    await made.waitFor();
    expect(await made.textContent()).toContain('269 Computer Software · VAT 20% · reverse charge');
    const saved = (await app.book.json('GET', '/v2/bank_rules')).body.bank_rules.find((rule: any) => rule.name === 'GOOGLE ADS');
    expect(saved.actions).toMatchObject({ sales_tax_rate: '20', ec_status: 'EC Services' });
    // The old rule is listed as needing attention, and its editor says why.
    const old = rules.locator('[role=row]', { hasText: 'Old words rule (needs attention)' });
    await old.click();
    await page.keyboard.press('Enter');
    const oldEditor = page.locator('form[aria-labelledby="rule-title"]');
    await oldEditor.getByRole('alert').filter({ hasText: 'Until the pattern is changed this rule decides no line.' }).waitFor();
    await checkScreen(app, 'rule-vat-treatment-attention');
  });
});
