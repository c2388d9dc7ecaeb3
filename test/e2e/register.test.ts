import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chooseCategoryByCode } from './accounts';
import { eachTestStartsOnOverview } from './fresh-window';
import { accountOfItsOwn, openRegisterOf, registerOf, type OwnAccount } from './own-account';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';
import { statusCell } from './register-status';

/**
 * Issue 14 items 1-3 and 7 by keys and clicks: the bank register of an account with 250 lines
 * (three pages), explaining lines from the keyboard, adding and deleting a line, and undo.
 */
// Each test makes its own 250-line account and opens its register from Overview (an explanation it
// undoes is saved by the test itself), so they run in any order.
describe.shuffle('bank register in browser mode', () => {
  let app: AppSession;
  let account: OwnAccount;

  // 250 lines, one a day from 1 June 2025: paid out 1.00, 2.00 ... and every tenth a receipt.
  const STATEMENT = Array.from({ length: 250 }, (_, index) => {
    const day = new Date(Date.UTC(2025, 5, 1 + index)).toISOString().slice(0, 10);
    const amount = index % 10 === 9 ? `${index + 1}00.00` : `-${index + 1}.00`;
    return { dated_on: day, description: index % 10 === 9 ? `Customer receipt ${index + 1}` : `Card payment ${index + 1}`, amount };
  });

  beforeAll(async () => {
    app = await openApp();
    await app.page.setViewportSize({ width: 1280, height: 800 });
  });

  afterAll(async () => {
    await app?.close();
  });

  eachTestStartsOnOverview(() => app, { width: 1280, height: 800 });

  // Every test ran without Content-Security-Policy violations or page errors.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  /** The test's own account of 250 lines, its register open (`open`) as Banking's T opens it. */
  async function registerOfItsOwn(open = true): Promise<void> {
    account = await accountOfItsOwn(app, 'Register', STATEMENT, { opening_balance: '1000.00' });
    if (open) await openRegisterOf(app, account);
  }

  const accountUrl = () => account.url;
  const grid = () => registerOf(app, account);
  // The first six cells (the register adds an Explained as column after Status when it is wide).
  const statusAt = (index: number) => statusCell(grid(), grid().locator(`[role=row][aria-rowindex="${index + 2}"]`));
  const rowCells = async (index: number) =>
    (await grid().locator(`[role=row][aria-rowindex="${index + 2}"] [role=gridcell]`).allTextContents()).map((text) => text.trim()).slice(0, 6);

  /** Card payment 249 (the second line) explained from the keyboard as 285, as the explaining test does it. */
  async function explainSecondLine(): Promise<void> {
    const { page } = app;
    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor();
    await page.getByRole('combobox', { name: 'Category' }).click();
    await chooseCategoryByCode(app, '285');
    await page.getByRole('textbox', { name: 'Description', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => page.locator('.explain .description').textContent()).toBe('Card payment 248');
    await expect.poll(async () => await statusAt(1)).toBe('Explained');
    await page.keyboard.press('Escape');
  }

  it('opens the register with T from Banking and shows the newest lines with running balances', async () => {
    const { page } = app;
    await registerOfItsOwn(false);
    await page.keyboard.press('Alt+2');
    await page.getByRole('heading', { name: 'Banking' }).waitFor();
    // Its row chosen with a click (the book's first account is chosen as Banking opens), then T.
    const row = page.getByRole('table', { name: 'Bank accounts' }).locator('tbody tr').filter({ has: page.getByText(account.name, { exact: true }) });
    await row.click();
    await row.and(page.locator('[aria-selected=true]')).waitFor();
    await page.keyboard.press('t');
    await grid().waitFor();
    await grid().locator('[role=row][aria-rowindex="2"] [role=gridcell]').first().waitFor();
    // Newest first: the 250th line, on 5 Feb 2026, is a receipt of 25,000.00.
    expect(await rowCells(0)).toEqual(['5 Feb 2026', 'Customer receipt 250', '£25,000.00', '', expect.any(String), 'Unexplained']);
    const stored = await app.book.json('GET', accountUrl().replace(/^.*\/v2/, '/v2'));
    const balance = stored.body.bank_account.current_balance as string;
    expect(await rowCells(0)).toContain(`£${Number(balance).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
    // The next line's balance is the first's less 25,000.00.
    const second = await rowCells(1);
    expect(second.slice(0, 4)).toEqual(['4 Feb 2026', 'Card payment 249', '', '£249.00']);
    expect(await page.getByText('Unexplained', { exact: true }).locator('..').locator('dd').textContent()).toBe('250');
    expect(await grid().getAttribute('aria-rowcount')).toBe('251');
    await checkScreen(app, 'register');
  });

  it('moves with the keyboard to the last line and reads it from the third page', async () => {
    const { page } = app;
    await registerOfItsOwn();
    await grid().focus();
    await page.keyboard.press('End');
    await grid().locator('[role=row][aria-rowindex="251"]').waitFor();
    await expect.poll(() => rowCells(249)).toEqual(['1 Jun 2025', 'Card payment 1', '', '£1.00', '£999.00', 'Unexplained']);
    await page.keyboard.press('Home');
  });

  it('filters by status, searches descriptions and sorts by amount', async () => {
    const { page } = app;
    await registerOfItsOwn();
    await grid().focus();
    await page.keyboard.press('/');
    await page.keyboard.type('receipt 12');
    await expect.poll(async () => grid().locator('[role=row][aria-rowindex]').count()).toBe(2); // the header and "Customer receipt 120"
    expect((await rowCells(0))[1]).toBe('Customer receipt 120');
    await page.getByLabel(/Search descriptions/).fill('');
    // Amounts sort largest first, then smallest (the largest payment out) first.
    await page.getByRole('button', { name: 'In', exact: true }).click();
    await expect.poll(async () => (await rowCells(0))[1]).toBe('Customer receipt 250');
    expect((await rowCells(1))[1]).toBe('Customer receipt 240');
    await page.getByRole('button', { name: 'In', exact: true }).click();
    await expect.poll(async () => (await rowCells(0))[1]).toBe('Card payment 249');
    expect(await page.getByRole('columnheader', { name: /In/ }).getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('button', { name: 'Date', exact: true }).click();
    await expect.poll(async () => (await rowCells(0))[1]).toBe('Customer receipt 250');
    await page.getByRole('tab', { name: /Explained/ }).click();
    await page.getByText('No lines match').waitFor();
    await page.getByRole('tab', { name: /^All/ }).click();
    await grid().locator('[role=row][aria-rowindex="2"]').waitFor();
  });

  it('explains a line from the keyboard: Enter, a category by code, Enter to save and move on', async () => {
    const { page } = app;
    await registerOfItsOwn();
    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor();
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.keyboard.type('285');
    await page.getByRole('option', { name: /285/ }).first().waitFor();
    await page.keyboard.press('Enter');
    await checkScreen(app, 'register-explain');
    await page.getByRole('textbox', { name: 'Description', exact: true }).focus();
    await page.keyboard.press('Enter');
    // Saved: the panel moves on to the next unexplained line (Card payment 248).
    await expect.poll(async () => page.locator('.explain .description').textContent()).toBe('Card payment 248');
    await expect.poll(async () => await statusAt(1)).toBe('Explained');
    const stored = await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl())}&view=explained`);
    expect(stored.body.bank_transactions.map((line: { description: string }) => line.description)).toEqual(['Card payment 249//OTHER/']);
    await page.keyboard.press('Escape');
  });

  it('undoes the explanation with Ctrl+Z and redoes it from the toast', async () => {
    const { page } = app;
    await registerOfItsOwn();
    await explainSecondLine();
    await grid().focus();
    await page.keyboard.press('ControlOrMeta+z');
    await page.getByText(/^Undone: Explained the line of 4 Feb 2026/).waitFor();
    await expect.poll(async () => await statusAt(1)).toBe('Unexplained');
    await page.getByRole('button', { name: /^Redo/ }).click();
    await expect.poll(async () => await statusAt(1)).toBe('Explained');
  });

  it('adds a transaction by hand, showing bad input at the field and changing nothing', async () => {
    const { page } = app;
    await registerOfItsOwn();
    await grid().focus();
    const before = (await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl())}&per_page=1`)).headers.get('x-total-count');
    await page.keyboard.press('a');
    await page.getByRole('dialog', { name: 'Add a transaction' }).waitFor();
    await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('12.3x');
    await page.getByRole('button', { name: /Add transaction/ }).last().click();
    await page.getByText('Amount must be a number such as 1,250.00').waitFor();
    await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('1.234567890123456');
    await page.getByRole('button', { name: /Add transaction/ }).last().click();
    await page.getByText('Amount has 15 decimal places; GBP amounts have at most 2.').waitFor();
    await page.getByRole('textbox', { name: 'Amount', exact: true }).fill('1,250.00');
    await page.getByRole('button', { name: /Add transaction/ }).last().click();
    // No date: the engine's own sentence, at the date field.
    await page.locator('#add-date-error').waitFor();
    await checkScreen(app, 'register-add-errors');
    expect((await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl())}&per_page=1`)).headers.get('x-total-count')).toBe(before);

    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('07/02/2026');
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Cash for stamps');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.keyboard.type('accommodation');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Amount', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Add a transaction' }).waitFor({ state: 'detached' });
    await expect.poll(async () => (await rowCells(0)).slice(0, 4)).toEqual(['7 Feb 2026', 'Cash for stamps', '', '£1,250.00']);
  });

  it('deletes a line after confirmation and puts it back with Ctrl+Z', async () => {
    const { page } = app;
    await registerOfItsOwn();
    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    // Line 3 is "Card payment 248", unexplained.
    expect((await rowCells(2))[1]).toBe('Card payment 248');
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('alertdialog', { name: 'Delete this line?' });
    await confirm.waitFor();
    await checkScreen(app, 'register-delete-confirm');
    await page.getByRole('button', { name: 'Delete line' }).click();
    await expect.poll(async () => (await rowCells(2))[1]).toBe('Card payment 247');
    await page.locator('body').press('ControlOrMeta+z');
    await page.getByText(/^Undone: Deleted the line of 3 Feb 2026/).waitFor();
    await expect.poll(async () => (await rowCells(2))[1]).toBe('Card payment 248');
    expect(app.problems).toEqual([]);
  });
});
