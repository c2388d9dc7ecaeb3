import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithLines, explainNewestLine } from './accounts';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * A rule's rate that is none of the VAT choices (17.5%, kept from an old line) shows as "Kept: 17.5%" in
 * the rule editor and in the explain panel filled from the rule's suggestion, as the panel shows an
 * explanation's, and saving keeps it (read as Auto, it became 20% unseen). The editor's preview of a
 * transfer rule leaves out the lines of the account it moves money to, as the saved rule does.
 */
describe('a rule’s kept rate and a transfer rule’s preview on the desk', () => {
  let app: AppSession;
  let current: string;
  let savings: string;
  const lines = (account: string) => app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=100`);
  const hostingRule = async () => (await app.book.json('GET', '/v2/bank_rules')).body.bank_rules.find((rule: any) => rule.name === 'Hosting');
  const chosen = (select: ReturnType<AppSession['page']['locator']>) => select.evaluate((element: HTMLSelectElement) => element.selectedOptions[0]?.textContent ?? '');
  const editor = () => app.page.locator('form[aria-labelledby="rule-title"]');

  beforeEach(async () => {
    app = await openApp({ book: { vatRegistered: true } });
    current = await accountWithLines(app, [
      { dated_on: '2026-11-02', description: 'SAVER TOP UP', amount: '-500.00' },
      { dated_on: '2026-11-05', description: 'HOSTING CO 2611', amount: '-117.50' },
    ]);
    const made = await app.book.json('POST', '/v2/bank_accounts', { body: { bank_account: { type: 'StandardBankAccount', name: 'Savings', opening_balance: '0' } } });
    savings = made.body.bank_account.url;
    const upload = await app.book.json('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(savings)}`, { body: { statement: [{ dated_on: '2026-11-04', description: 'SAVER INTEREST', amount: '2.00' }] } });
    expect(upload.status).toBe(200);
    const rule = await app.book.json('POST', '/v2/bank_rules', { body: { bank_rule: { name: 'Hosting', conditions: [{ field: 'description', operator: 'contains', value: 'HOSTING CO' }], actions: { category: '269', sales_tax_rate: '17.5' } } } });
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    await app.page.reload();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterEach(async () => {
    await app?.close();
  });

  async function openRules(): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Alt+2');
    await page.getByRole('table', { name: 'Bank accounts' }).getByText('Business Current', { exact: true }).waitFor();
    await page.keyboard.press('u');
    await page.getByRole('grid', { name: 'Bank rules' }).locator('[role=row]', { hasText: 'Hosting' }).waitFor();
  }

  it('the rule editor shows Kept: 17.5%, and Enter saves the rule with 17.5% still', async () => {
    const { page } = app;
    await openRules();
    await page.getByRole('grid', { name: 'Bank rules' }).locator('[role=row]', { hasText: 'Hosting' }).click();
    await page.keyboard.press('Enter');
    await editor().getByRole('heading', { name: 'Edit rule “Hosting”' }).waitFor();
    const vat = editor().getByRole('combobox', { name: 'VAT' });
    await expect.poll(() => chosen(vat)).toBe('Kept: 17.5%');
    expect(await vat.inputValue()).toBe('kept:17.5');
    await checkScreen(app, 'rule-kept-rate-editor');
    // A change elsewhere (the description), saved with Enter from the name field.
    await editor().getByRole('textbox', { name: /^Description/ }).fill('Web hosting');
    await editor().getByRole('textbox', { name: 'Name' }).focus();
    await page.keyboard.press('Enter');
    await editor().waitFor({ state: 'detached' });
    expect((await hostingRule()).actions).toEqual({ category: expect.stringMatching(/\/v2\/categories\/269$/), description: 'Web hosting', sales_tax_rate: '17.5', mark_for_review: false });
  });

  it('the explain panel filled from the rule’s suggestion shows Kept: 17.5%, and saving posts 17.5%', async () => {
    const { page } = app;
    await explainNewestLine(app);
    const panel = page.locator('form[aria-labelledby="explain-title"]');
    await panel.getByRole('note').filter({ hasText: 'Filled in from the suggestion' }).waitFor();
    const vat = panel.getByRole('combobox', { name: 'VAT' });
    await expect.poll(() => chosen(vat)).toBe('Kept: 17.5%');
    await checkScreen(app, 'rule-kept-rate-explain');
    await panel.getByRole('button', { name: /^Save/ }).first().click();
    const hosting = async () => (await lines(current)).body.bank_transactions.find((line: any) => line.description.startsWith('HOSTING CO'));
    await expect.poll(async () => (await hosting()).bank_transaction_explanations.length, { timeout: 15_000 }).toBe(1);
    expect((await hosting()).bank_transaction_explanations[0]).toMatchObject({ sales_tax_rate: '17.5', sales_tax_value: '-17.5' });
  });

  it('a new transfer rule’s preview counts no line of the account it transfers to', async () => {
    const { page } = app;
    await openRules();
    await page.keyboard.press('n');
    await editor().getByRole('heading', { name: 'New bank rule' }).waitFor();
    await editor().getByRole('textbox', { name: 'Name' }).fill('Savings');
    await editor().getByRole('textbox', { name: 'Text' }).fill('SAVER');
    const status = editor().locator('section.caught [role=status]');
    // As a category rule it would catch both lines; as a transfer to Savings only the Current one.
    await expect.poll(() => status.textContent()).toBe('2 unexplained lines.');
    await editor().getByRole('radio', { name: 'A transfer' }).check();
    await editor().getByRole('combobox', { name: 'Transfer account' }).selectOption({ label: 'Savings' });
    await expect.poll(() => status.textContent()).toBe('1 unexplained line.');
    expect(await editor().locator('section.caught li').allTextContents()).toEqual([expect.stringContaining('SAVER TOP UP')]);
    await checkScreen(app, 'rule-transfer-preview');
    await editor().getByRole('button', { name: /^Save rule/ }).click();
    await editor().waitFor({ state: 'detached' });
    const saved = (await app.book.json('GET', '/v2/bank_rules')).body.bank_rules.find((rule: any) => rule.name === 'Savings');
    expect(saved.actions).toEqual({ transfer_bank_account: savings, mark_for_review: false });
    // Saved, it decides the Current line and not the Savings one, as the preview said.
    const suggestionOf = async (account: string, text: string) => (await lines(account)).body.bank_transactions.find((line: any) => line.description.startsWith(text)).suggested_explanation;
    expect((await suggestionOf(current, 'SAVER TOP UP'))?.rule).toBe(saved.url);
    expect((await suggestionOf(savings, 'SAVER INTEREST'))?.rule).toBeUndefined();
  });
});
