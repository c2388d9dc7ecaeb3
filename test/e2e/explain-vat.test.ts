import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountWithLines, chooseCategoryByCode, explainNewestLine } from './accounts';
import { eachTestStartsOnOverview } from './fresh-window';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';
import { statusCell } from './register-status';

/**
 * Issue 14 item 2 for a VAT-registered company: a payment for services bought from abroad explained
 * in the register under the reverse charge, by keys and clicks, and what it puts on the VAT return
 * (HMRC VAT Notice 741A s.17 and 700/12 s.4.6: 300.00 in boxes 1 and 4, 1,500 in boxes 6 and 7).
 */
// Each test opens the line's panel itself from Overview and chooses what it needs (the one line is
// unexplained before each: only one test saves, and it undoes), so they run in any order.
describe.shuffle('explaining a line under the reverse charge', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp({ book: { vatRegistered: true } });
    await accountWithLines(app, [{ dated_on: '2026-09-03', description: 'CLOUDHOST INC SEATTLE', amount: '-1500.00' }], { opening_balance: '5000.00' });
  });

  afterAll(async () => {
    await app?.close();
  });

  // accountWithLines's window size.
  eachTestStartsOnOverview(() => app, { width: 1280, height: 800 });

  // Every test ran without Content-Security-Policy violations or page errors.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  const boxes = async () => {
    const { body } = await app.book.json('GET', '/v2/vat_returns/2026-10-31');
    return Object.fromEntries(body.vat_return.breakdown.rows.map((row: { box_number: number; value: string }) => [row.box_number, row.value]));
  };

  const grid = () => app.page.getByRole('grid', { name: 'Transactions of Business Current' });
  const status = async () => statusCell(grid(), grid().locator('[role=row][aria-rowindex="2"]'));

  it('offers the reverse charge beside the VAT for a payment', async () => {
    const { page } = app;
    await explainNewestLine(app);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.keyboard.type('285');
    await page.getByRole('option', { name: /285/ }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByLabel('VAT', { exact: true }).selectOption('20');
    const where = page.getByLabel('Bought or sold');
    expect(await where.locator('option').allTextContents()).toEqual(['UK supplier (VAT as charged)', 'Services from abroad (reverse charge)']);
    expect(await where.inputValue()).toBe('UK/Non-EC');
    await where.selectOption({ label: 'Services from abroad (reverse charge)' });
    await checkScreen(app, 'register-explain-reverse-charge');
  });

  it('saves it, and the return shows the VAT both ways; the panel keeps it; undo takes it off the return', async () => {
    const { page } = app;
    await explainNewestLine(app);
    expect(await status()).toBe('Unexplained');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await chooseCategoryByCode(app, '285');
    await page.getByLabel('VAT', { exact: true }).selectOption('20');
    await page.getByLabel('Bought or sold').selectOption({ label: 'Services from abroad (reverse charge)' });
    await page.getByRole('button', { name: /Save and next/ }).click();
    await expect.poll(status).toBe('Explained');
    expect(await boxes()).toMatchObject({ 1: '300.0', 2: '0.0', 4: '300.0', 5: '0.0', 6: '1500.0', 7: '1500.0', 9: '0.0' });

    // Opened again, the panel shows the treatment it was saved with.
    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor();
    expect(await page.getByLabel('Bought or sold').inputValue()).toBe('EC Services');
    await page.keyboard.press('Escape');

    // Undone, the return is empty again.
    await grid().focus();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(status).toBe('Unexplained');
    await expect.poll(async () => (await boxes())[1]).toBe('0.0');
  });
});
