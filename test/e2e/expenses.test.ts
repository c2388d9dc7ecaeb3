import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 14 item 5 by keys and clicks: mileage refused in a sentence; an expense entered after bad
 * input at its fields (nothing saved), its VAT worked out as typed; a foreign one that needs what it
 * cost in pounds; the list by claimant and month with its totals; a change refused by the account
 * lock at the date; a change undone; and a delete confirmed and put back with Ctrl+Z.
 * Each test opens its own book with the expenses it needs (its list, totals and Ctrl+Z are about those
 * alone), so the tests run in any order (describe.shuffle: scripts/e2e.mjs prints the seed to replay one).
 */
describe.shuffle('expenses in browser mode', () => {
  let app: AppSession;
  let ownerUrl = '';
  let employeeUrl = '';

  // A VAT-registered book with Olive Owner and Erin Employee, the window at 1280x800 on Overview.
  beforeEach(async () => {
    app = await openApp();
    app.book.book.sqlite.prepare("UPDATE company SET vat_registered = 1, vat_registration_number = 'GB123456782', sales_tax_effective_date = '2025-05-01'").run();
    await app.book.json('POST', '/v2/users', { body: { user: { email: 'erin@example.com', first_name: 'Erin', last_name: 'Employee', role: 'Employee', permission_level: 2 } } });
    const users = (await app.book.json('GET', '/v2/users')).body.users as { url: string; first_name: string }[];
    ownerUrl = users.find((user) => user.first_name === 'Olive')!.url;
    employeeUrl = users.find((user) => user.first_name === 'Erin')!.url;
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.reload();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterEach(async () => {
    // Every test ran without Content-Security-Policy violations or page errors.
    expect(app.problems).toEqual([]);
    await app?.close();
  });

  const expenses = async () => (await app.book.json('GET', '/v2/expenses')).body.expenses as Record<string, string>[];
  const grid = () => app.page.getByRole('grid', { name: 'Expenses' });
  const rowTexts = async () =>
    Promise.all(
      (await grid().locator('[role=row][aria-rowindex]:not([aria-rowindex="1"])').all()).map(async (row) => (await row.locator('[role=gridcell]').allTextContents()).map((text) => text.trim())),
    );

  /** Expenses section by its key, and (`editor`) a new expense with N. */
  async function openExpenses(editor = false) {
    const { page } = app;
    await page.keyboard.press('Alt+5');
    await page.getByRole('heading', { name: 'Expenses' }).waitFor();
    if (!editor) return;
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New expense' }).waitFor();
  }

  /** An expense entered through the API, as if on an earlier day. */
  async function enterExpense(expense: Record<string, unknown>) {
    const made = await app.book.json('POST', '/v2/expenses', { body: { expense: { user: ownerUrl, category: '285', ...expense } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
  }
  /** The three the list tests read: Olive's printer paper (3 Nov, VAT in it) and conference ticket (28 Oct, in dollars), Erin's train fare (12 Oct). */
  const printerPaper = () => enterExpense({ dated_on: '2026-11-03', gross_value: '-24.00', description: 'Printer paper', sales_tax_rate: '20', receipt_reference: 'R-118' });
  async function threeExpenses() {
    await printerPaper();
    await enterExpense({ dated_on: '2026-10-28', gross_value: '-50.00', currency: 'USD', native_gross_value: '-39.50', description: 'Conference ticket', sales_tax_status: 'OUT_OF_SCOPE' });
    await enterExpense({ user: employeeUrl, dated_on: '2026-10-12', gross_value: '-18.00', description: 'Train fare', sales_tax_status: 'EXEMPT' });
  }

  async function pickCategory(code: string) {
    const { page } = app;
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.keyboard.type(code);
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
  }

  it('says what to do on an empty list', async () => {
    const { page } = app;
    await openExpenses();
    await page.getByText('No expenses yet. Press N to enter the first one.').waitFor();
    await checkScreen(app, 'expenses-empty');
  });

  it('refuses mileage in a sentence', async () => {
    const { page } = app;
    await openExpenses(true);

    await page.getByRole('radio', { name: 'Mileage' }).check();
    await page.getByText(/Mileage can’t be claimed in Ledgerdesk yet/).waitFor();
    expect(await page.getByRole('button', { name: /^Save/ }).isDisabled()).toBe(true);
    await checkScreen(app, 'expense-mileage');
  });

  it('shows bad input at its fields and saves nothing', async () => {
    const { page } = app;
    await openExpenses(true);
    await page.getByRole('radio', { name: 'Money spent' }).check();

    // Nothing typed: the engine's sentences at each field.
    await page.keyboard.press('ControlOrMeta+s');
    await page.locator('#expense-category-error').getByText('Category is required.').waitFor();
    await page.locator('#expense-description-error').getByText("Description can't be blank.").waitFor();
    await page.locator('#expense-amount-error').getByText('Amount paid is required.').waitFor();
    // The date alone is not missing: a new expense starts on the engine's today (new-records-today).
    await expect.poll(() => page.getByRole('textbox', { name: 'Date' }).inputValue()).toBe('22 Nov 2026');
    expect(await page.locator('#expense-date-error').count()).toBe(0);

    await page.getByRole('textbox', { name: 'Date' }).fill('03/11/2026');
    await pickCategory('285');
    await page.getByRole('textbox', { name: 'Description' }).fill('Printer paper');
    await page.getByRole('textbox', { name: 'Amount paid' }).fill('24.123456789012345');
    await page.getByRole('textbox', { name: 'Amount paid' }).press('Tab');
    await page.locator('#expense-amount-error').getByText('Amount paid has 15 decimal places; GBP amounts have at most 2.').waitFor();
    await page.keyboard.press('ControlOrMeta+s');
    // The engine's own limit on any decimal (12 places) answers before the currency's 2 are counted.
    await page.locator('#expense-amount-error').getByText('Amount paid has too many decimal places (at most 12).').waitFor();
    await page.getByRole('textbox', { name: 'Date' }).fill('31/11/2026');
    await page.getByRole('textbox', { name: 'Date' }).press('Tab');
    await page.locator('#expense-date-error').getByText('Date 31/11/2026 is not a day of the calendar.').waitFor();
    expect(await expenses()).toEqual([]);
    await checkScreen(app, 'expense-editor-errors');
  });

  it('saves the expense once it is right, the VAT in it worked out as typed', async () => {
    const { page } = app;
    await openExpenses(true);
    await pickCategory('285');
    await page.getByRole('textbox', { name: 'Description' }).fill('Printer paper');
    await page.getByRole('textbox', { name: 'Date' }).fill('03/11/2026');
    await page.getByRole('textbox', { name: 'Amount paid' }).fill('twelve');
    await page.keyboard.press('ControlOrMeta+s');
    await page.locator('#expense-amount-error').getByText('Amount paid must be a decimal number.').waitFor();
    await page.getByRole('textbox', { name: 'Amount paid' }).fill('24.00');
    await page.getByRole('combobox', { name: 'VAT' }).selectOption('20');
    await page.getByText('VAT in it: £4.00').waitFor();
    await page.getByRole('textbox', { name: 'Receipt reference' }).fill('R-118');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('heading', { name: 'Expense of 3 Nov 2026' }).waitFor();
    await page.getByText('Added expense Printer paper of 3 Nov 2026.').waitFor();
    expect(await expenses()).toMatchObject([{ user: ownerUrl, dated_on: '2026-11-03', gross_value: '-24.0', sales_tax_rate: '20.0', sales_tax_value: '-4.0', receipt_reference: 'R-118' }]);
    await checkScreen(app, 'expense-editor-saved');
    await page.keyboard.press('Escape');
    await expect.poll(rowTexts).toEqual([['3 Nov 2026', 'Olive Owner', 'Accommodation and Meals', 'Printer paper', '£4.00', '£24.00']]);
  });

  it('needs what a foreign expense cost in pounds, at its field', async () => {
    const { page } = app;
    await printerPaper();
    await openExpenses(true);
    await page.getByRole('textbox', { name: 'Date' }).fill('28/10/2026');
    await pickCategory('285');
    await page.getByRole('textbox', { name: 'Description' }).fill('Conference ticket');
    await page.getByRole('textbox', { name: 'Amount paid' }).fill('50.00');
    await page.getByRole('textbox', { name: 'Currency' }).fill('USD');
    await page.getByRole('combobox', { name: 'VAT' }).selectOption('out_of_scope');
    await page.keyboard.press('ControlOrMeta+s');
    await page.locator('#expense-native-error').getByText(/What it cost in GBP is required on an expense in USD/).waitFor();
    expect((await expenses()).length).toBe(1);
    await checkScreen(app, 'expense-foreign-error');
    await page.getByRole('textbox', { name: 'What it cost in GBP' }).fill('39.50');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('heading', { name: 'Expense of 28 Oct 2026' }).waitFor();
    expect((await expenses()).find((row) => row.currency === 'USD')).toMatchObject({ gross_value: '-50.0', native_gross_value: '-39.5', sales_tax_status: 'OUT_OF_SCOPE' });
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await rowTexts()).length).toBe(2);
  });

  it('lists by claimant and by month, with what the shown ones come to', async () => {
    const { page } = app;
    await threeExpenses();
    await openExpenses();
    await expect.poll(async () => (await rowTexts()).length).toBe(3);
    await page.getByText('3 expenses · claimed £81.50 · VAT in it £4.00').waitFor();
    await page.getByRole('combobox', { name: 'Claimant' }).selectOption({ label: 'Erin Employee' });
    await expect.poll(rowTexts).toEqual([['12 Oct 2026', 'Erin Employee', expect.any(String), 'Train fare', '', '£18.00']]);
    await page.getByRole('combobox', { name: 'Claimant' }).selectOption({ label: 'Everyone' });
    await page.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'October 2026' });
    await expect.poll(async () => (await rowTexts()).map((row) => row[3])).toEqual(['Conference ticket', 'Train fare']);
    await page.getByText('2 expenses · claimed £57.50 · VAT in it £0.00').waitFor();
    await checkScreen(app, 'expenses-list-filtered');
  });

  it("lists one claimant's expenses of every month", async () => {
    const { page } = app;
    await threeExpenses();
    await openExpenses();
    await expect.poll(async () => (await rowTexts()).length).toBe(3);
    await page.getByRole('combobox', { name: 'Month' }).selectOption({ label: 'Every month' });
    await page.getByRole('combobox', { name: 'Claimant' }).selectOption({ label: 'Olive Owner' });
    await expect.poll(async () => (await rowTexts()).length).toBe(2);
    await checkScreen(app, 'expenses-list');
  });

  it('shows the account lock at the date and changes nothing; a change is undone with Ctrl+Z', async () => {
    const { page } = app;
    await threeExpenses();
    expect((await app.book.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2026-10-31' } } })).status).toBe(204);
    await openExpenses();
    await expect.poll(async () => (await rowTexts())[0]?.[0]).toBe('3 Nov 2026');
    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Expense of 3 Nov 2026' }).waitFor();
    await page.getByRole('textbox', { name: 'Date' }).fill('15/10/2026');
    await page.keyboard.press('ControlOrMeta+s');
    await page.locator('#expense-date-error').getByText(/The books are locked up to 2026-10-31/).waitFor();
    expect((await expenses()).find((row) => row.description === 'Printer paper')?.dated_on).toBe('2026-11-03');
    await checkScreen(app, 'expense-editor-locked');

    await page.getByRole('textbox', { name: 'Date' }).fill('04/11/2026');
    await page.getByRole('textbox', { name: 'Amount paid' }).fill('30.00');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Changed expense Printer paper of 4 Nov 2026.').waitFor();
    expect((await expenses()).find((row) => row.description === 'Printer paper')).toMatchObject({ dated_on: '2026-11-04', gross_value: '-30.0' });
    await page.keyboard.press('Escape');
    await grid().waitFor();
    await page.locator('body').press('ControlOrMeta+z');
    await page.getByText('Undone: Changed expense Printer paper of 4 Nov 2026.').waitFor();
    expect((await expenses()).find((row) => row.description === 'Printer paper')).toMatchObject({ dated_on: '2026-11-03', gross_value: '-24.0', sales_tax_value: '-4.0' });
  });

  it('deletes an expense after confirmation and puts it back with Ctrl+Z', async () => {
    const { page } = app;
    await threeExpenses();
    await openExpenses();
    await expect.poll(async () => (await rowTexts())[0]?.[0]).toBe('3 Nov 2026');
    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Expense of 3 Nov 2026' }).waitFor();
    await page.getByRole('button', { name: 'Delete expense' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this expense?' }).waitFor();
    await checkScreen(app, 'expense-delete-confirm');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete expense' }).click();
    await page.getByText('Deleted expense Printer paper of 3 Nov 2026.').waitFor();
    expect((await expenses()).length).toBe(2);
    await page.locator('body').press('ControlOrMeta+z');
    await page.getByText('Undone: Deleted expense Printer paper of 3 Nov 2026.').waitFor();
    await expect.poll(async () => (await expenses()).length).toBe(3);
    expect((await expenses()).find((row) => row.description === 'Printer paper')).toMatchObject({ gross_value: '-24.0', sales_tax_rate: '20.0', receipt_reference: 'R-118' });
    await expect.poll(async () => (await rowTexts()).length).toBe(3);
  });
});
