import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountWithLines, explainNewestLine } from './accounts';
import { eachTestStartsOnOverview } from './fresh-window';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * A line explained at 5% on a standard-rated category (285): the panel opened again shows "Reduced 5%",
 * not Auto, and choosing Auto and saving puts it back to the category's 20% (-17.50 of -105.00).
 */
describe('the VAT rate an explanation was saved with', () => {
  let app: AppSession;
  let accountUrl = '';

  beforeAll(async () => {
    app = await openApp({ book: { vatRegistered: true } });
    accountUrl = await accountWithLines(app, [{ dated_on: '2026-09-03', description: 'PRINTERS LTD', amount: '-105.00' }], { opening_balance: '5000.00' });
    const line = (await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl)}`)).body.bank_transactions[0];
    const made = await app.book.json('POST', '/v2/bank_transaction_explanations', {
      body: { bank_transaction_explanation: { bank_transaction: line.url, category: '285', gross_value: '-105.00', sales_tax_rate: '5', description: 'Printing' } },
    });
    expect(made.status).toBe(201);
  });

  afterAll(async () => {
    await app?.close();
  });

  eachTestStartsOnOverview(() => app, { width: 1280, height: 800 });

  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  const explanation = async () => (await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl)}`)).body.bank_transactions[0].bank_transaction_explanations[0];
  const vat = () => app.page.getByLabel('VAT', { exact: true });
  const chosenVat = () => vat().evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? '');

  it('opens showing Reduced 5%, and Auto chosen and saved posts the category’s 20%', async () => {
    const { page } = app;
    expect(await explanation()).toMatchObject({ sales_tax_rate: '5.0', sales_tax_value: '-5.0' });
    await explainNewestLine(app);
    await expect.poll(chosenVat).toBe('Reduced 5%');
    await checkScreen(app, 'register-explain-kept-rate');

    await vat().focus();
    await vat().selectOption({ label: 'Auto (the category’s rate)' });
    await page.getByRole('button', { name: /^Save/ }).first().click();
    await expect.poll(async () => (await explanation()).sales_tax_value).toBe('-17.5');
    expect((await explanation()).sales_tax_rate).toBe('20.0');

    // Opened again, it shows Auto: the rate the category gives.
    if (await page.getByRole('heading', { name: 'Explain this line' }).isVisible()) await page.keyboard.press('Escape');
    const grid = page.getByRole('grid', { name: 'Transactions of Business Current' });
    await grid.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor();
    await expect.poll(chosenVat).toBe('Auto (the category’s rate)');
  });
});
