import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithLines, chooseCategoryByCode, openRegister } from './accounts';
import { openApp, type AppSession } from './session';
import { statusCell } from './register-status';

/**
 * Issue 19 item 2 in the register: a change to the book (a save in the panel, a write from outside)
 * refreshes the lines in place. The account's own record is read again whenever its lines change (its
 * balance moves); the register once took that new record for another account and read every line
 * afresh, blanking the list for a moment, and a key pressed then (Delete, or the save's move to the
 * next line) found no line and did nothing. Each test here makes its own book, so they run in any
 * order (describe.shuffle: scripts/e2e.mjs prints the seed to replay one).
 */
describe.shuffle('the register through changes to the book', () => {
  let app: AppSession;
  let accountUrl: string;

  beforeEach(async () => {
    app = await openApp();
    const lines = Array.from({ length: 6 }, (_, index) => ({ dated_on: `2026-03-0${index + 1}`, description: `Supplier payment ${index + 1}`, amount: `-${index + 1}0.00` }));
    accountUrl = await accountWithLines(app, lines);
    await openRegister(app);
    // From here on, anything that empties the grid (its rows read afresh) is written down.
    await app.page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { blanks: string[] }).blanks = seen;
      const grid = document.querySelector('[role="grid"]');
      new MutationObserver(() => {
        const shown = document.querySelector('[role="grid"]');
        if (shown !== grid) seen.push('the grid was made anew');
        else if (!shown || shown.querySelectorAll('[role="row"][aria-rowindex] [role="gridcell"]').length === 0) seen.push('the grid had no lines');
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  });

  afterEach(async () => {
    await app?.close();
  });

  const grid = () => app.page.getByRole('grid', { name: 'Transactions of Business Current' });
  const row = (index: number) => grid().locator(`[role=row][aria-rowindex="${index + 2}"]`);
  const blanks = () => app.page.evaluate(() => (window as unknown as { blanks: string[] }).blanks);

  it('keeps its lines on screen while a line explained elsewhere is read again', async () => {
    const lines = await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl)}`);
    const oldest = lines.body.bank_transactions.find((line: { description: string }) => line.description.startsWith('Supplier payment 1'));
    const explained = await app.book.json('POST', '/v2/bank_transaction_explanations', {
      body: { bank_transaction_explanation: { bank_transaction: oldest.url, dated_on: '2026-03-01', gross_value: '-10.00', category: `${new URL(accountUrl).origin}/v2/categories/285`, description: 'Stationery' } },
    });
    expect(explained.status).toBe(201);
    // The oldest line is the last of six, newest first.
    await expect.poll(() => statusCell(grid(), row(5)), { timeout: 15_000 }).toBe('Explained');
    expect(await blanks()).toEqual([]);
    expect(app.problems).toEqual([]);
  });

  it('moves on to the next line after Save and next, and Delete then asks about the line chosen', async () => {
    const { page } = app;
    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor();
    await page.getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategoryByCode(app, '285');
    await page.keyboard.press('Enter');
    // Saved: the panel is on the next line, and stays there as the account's balance is read again.
    const panel = page.locator('form[aria-labelledby="explain-title"]');
    await panel.getByText('Supplier payment 5').waitFor();
    await expect.poll(() => statusCell(grid(), row(0))).toBe('Explained');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await grid().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Delete');
    await page.getByRole('alertdialog', { name: 'Delete this line?' }).getByText(/Supplier payment 4/).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await blanks()).toEqual([]);
    expect(app.problems).toEqual([]);
  });
});
