import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { leaveDialog } from './drafts';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * A date field showing text it cannot read must not let its form save the last date it could read
 * (a walk by keys: "1 Dec 202301/12/2023" in Due date, Ctrl+S said "Added bill" and stored 1 Dec).
 * Every save is held instead, the sentence shown at the field and the focus put in it: Ctrl+S, the
 * Save button, Ctrl+S in a dialog. And clicking into a filled date field selects it, so typing a
 * new date replaces it.
 */
describe.shuffle('date fields that cannot be read, in browser mode', () => {
  let app: AppSession;

  beforeEach(async () => {
    app = await openApp();
    const supplier = await app.book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Avon Supplies' } } });
    expect(supplier.status).toBe(201);
  });

  afterEach(async () => {
    expect(app.problems).toEqual([]);
    await app?.close();
  });

  const billCount = async () => Number((await app.book.json('GET', '/v2/bills?per_page=1')).headers.get('x-total-count'));

  /** A new bill from Avon Supplies dated 1 Nov 2023, due 1 Dec 2023, one line of 120.00. */
  async function newBill(): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Alt+4');
    await page.getByRole('heading', { name: 'Bills' }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New bill' }).waitFor();
    await page.getByRole('combobox', { name: 'Supplier' }).click();
    await page.keyboard.type('Avon');
    await page.getByRole('listbox').getByRole('option', { name: /Avon Supplies/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Reference' }).fill('AV-2023-11');
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('01/11/2023');
    await page.getByRole('textbox', { name: 'Due date' }).fill('01/12/2023');
    await page.getByRole('textbox', { name: 'Due date' }).blur();
    await page.getByRole('combobox', { name: 'Line 1 category' }).click();
    await page.keyboard.type('285');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Line 1 amount' }).fill('120.00');
    expect(await page.getByRole('textbox', { name: 'Due date' }).inputValue()).toBe('1 Dec 2023');
  }

  /** Puts the caret at the end of Due date and types after "1 Dec 2023", as a person clicking at its end would. */
  async function spoilDueDate(typed: string): Promise<void> {
    const { page } = app;
    const due = page.getByRole('textbox', { name: 'Due date' });
    await due.click();
    await page.keyboard.press('End');
    await page.keyboard.type(typed);
    expect(await due.inputValue()).toBe(`1 Dec 2023${typed}`);
  }

  it('holds Ctrl+S while Due date cannot be read: the sentence at the field, the focus in it, no bill', async () => {
    const { page } = app;
    await newBill();
    await spoilDueDate('01/12/2023');
    await page.getByRole('textbox', { name: 'Reference' }).focus();
    await page.keyboard.press('ControlOrMeta+s');
    const due = page.getByRole('textbox', { name: 'Due date' });
    await expect.poll(() => due.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.getByText('Due date must be a date such as 31/01/2025.').waitFor();
    expect(await due.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText(/Added bill/).count()).toBe(0);
    expect(await billCount()).toBe(0);
    // Nothing typed is lost: the text stays as typed, the rest of the bill with it.
    expect(await due.inputValue()).toBe('1 Dec 202301/12/2023');
    expect(await page.getByRole('textbox', { name: 'Line 1 amount' }).inputValue()).toBe('120.00');
    await checkScreen(app, 'date-unreadable-held');

    // Put right (selected whole on focus, so the new date replaces the text), it saves that date.
    await page.getByRole('textbox', { name: 'Reference' }).click();
    await due.click();
    await page.keyboard.type('15/12/2023');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('heading', { name: 'Bill AV-2023-11' }).waitFor();
    const saved = (await app.book.json('GET', '/v2/bills')).body.bills;
    expect(saved.map((bill: { due_on: string }) => bill.due_on)).toEqual(['2023-12-15']);
  });

  it('holds the Save button while Due date cannot be read', async () => {
    const { page } = app;
    await newBill();
    await spoilDueDate('x');
    await page.getByRole('button', { name: /^Save/ }).click();
    await page.getByText('Due date must be a date such as 31/01/2025.').waitFor();
    await expect.poll(() => page.getByRole('textbox', { name: 'Due date' }).evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await billCount()).toBe(0);
  });

  it('holds Save in the leave question while Due date cannot be read: the bill stays open, nothing stored', async () => {
    const { page } = app;
    await newBill();
    await spoilDueDate('x');
    await page.getByRole('button', { name: /← Bills/ }).click();
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await leaveDialog(app).waitFor({ state: 'detached' });
    await page.getByText('Due date must be a date such as 31/01/2025.').waitFor();
    await page.getByRole('heading', { name: 'New bill' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Due date' }).inputValue()).toBe('1 Dec 2023x');
    expect(await billCount()).toBe(0);
  });

  it('replaces a filled date with what is typed after a click into it', async () => {
    const { page } = app;
    await newBill();
    const due = page.getByRole('textbox', { name: 'Due date' });
    await due.click();
    await page.keyboard.type('01/01/2024');
    expect(await due.inputValue()).toBe('01/01/2024');
    await page.keyboard.press('Tab');
    expect(await due.inputValue()).toBe('1 Jan 2024');
    // By Tab too: Shift+Tab back into it selects the whole date.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('2/1/24');
    await page.keyboard.press('Tab');
    expect(await due.inputValue()).toBe('2 Jan 2024');
    await checkScreen(app, 'date-replaced');
  });

  it('holds Ctrl+S in a dialog (Add a transaction) while its Date cannot be read', async () => {
    const { page } = app;
    const created = await app.book.json('POST', '/v2/bank_accounts', { body: { bank_account: { type: 'StandardBankAccount', name: 'Dated Current', opening_balance: '0.00' } } });
    expect(created.status).toBe(201);
    await page.keyboard.press('Alt+2');
    await page.getByRole('button', { name: 'Transactions of Dated Current', exact: true }).click();
    await page.getByRole('button', { name: /Add transaction/ }).click();
    const date = page.getByRole('dialog').getByRole('textbox', { name: 'Date', exact: true });
    await date.waitFor();
    await page.keyboard.type('3/11/2023');
    await page.getByRole('dialog').getByRole('textbox', { name: 'Description' }).fill('Float');
    await page.getByRole('dialog').getByRole('textbox', { name: 'Amount' }).fill('10.00');
    await page.getByRole('dialog').getByRole('combobox', { name: 'Category' }).click();
    await page.keyboard.type('285');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await date.click();
    await page.keyboard.press('End');
    await page.keyboard.type('3');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('dialog').getByText('Date must be a date such as 31/01/2025.').waitFor();
    expect(await date.evaluate((element) => element === document.activeElement)).toBe(true);
    const lines = await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(created.body.bank_account.url)}`);
    expect(lines.body.bank_transactions).toEqual([]);
  });
});
