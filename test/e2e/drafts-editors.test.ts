import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountWithLines, chooseCategoryByCode, explainNewestLine } from './accounts';
import { draftKept, leaveDialog, leaveEachWayAndKeep } from './drafts';
import { eachTestStartsOnOverview } from './fresh-window';
import { openApp, type AppSession } from './session';

/**
 * Issue 19 item 1, editor by editor (invoice, expense with a receipt, journal, contact, the explain
 * panel with a split): type, then leave by every way there is; each asks Keep editing / Save /
 * Discard, Keep editing loses nothing, and the draft in the book is named for the person.
 */
// Each test opens its own editor from Overview with the book's drafts forgotten (fresh-window.ts), and
// finds what it saved by its own words, so the tests run in any order.
describe.shuffle('drafts of every kind of editor', () => {
  let app: AppSession;
  let accountUrl: string;

  beforeAll(async () => {
    app = await openApp();
    expect((await app.book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Client Co' } } })).status).toBe(201);
    accountUrl = await accountWithLines(app, [
      { dated_on: '2026-09-03', description: 'STAPLES OFFICE', amount: '-100.00' },
      { dated_on: '2026-09-02', description: 'CAFE NERO', amount: '-12.50' },
    ]);
  });

  afterAll(async () => {
    await app?.close();
  });

  // accountWithLines's window size.
  eachTestStartsOnOverview(() => app, { width: 1280, height: 800 });

  // No uncaught error or CSP refusal in any test (saving a new contact from the leave question threw
  // one: the contacts view emptied what the form still read).
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  const field = (name: string) => app.page.getByRole('textbox', { name, exact: true });
  const drafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.map((draft: { label: string }) => draft.label);
  const expectValues = async (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values)) expect(await field(name).inputValue(), name).toBe(value);
  };
  /** Reloads through the browser's question (answered Leave) and opens the one draft offered. */
  const reloadAndOpen = async (label: string) => {
    app.page.once('dialog', (dialog) => void dialog.accept());
    await app.page.reload();
    await app.page.getByRole('dialog', { name: `1 unsaved draft: ${label}` }).getByRole('button', { name: `Open the draft of ${label}` }).click();
  };
  /** Leaves by Escape and discards: the draft is forgotten. */
  const discard = async () => {
    await app.page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(drafts).toEqual([]);
  };

  it('invoice: lines typed stay through every way out', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New invoice' }).waitFor();
    await page.getByRole('combobox', { name: 'Contact' }).click();
    await page.keyboard.type('Client');
    await page.getByRole('listbox').getByRole('option', { name: /Client Co/ }).waitFor();
    await page.keyboard.press('Enter');
    await field('Line 1 description').fill('Design work');
    await field('Line 1 quantity').fill('3');
    await field('Line 1 price').fill('250');
    await draftKept(app);
    await expect.poll(drafts).toEqual(['invoice for Client Co']);
    const typed = { 'Line 1 description': 'Design work', 'Line 1 quantity': '3', 'Line 1 price': '250' };
    await leaveEachWayAndKeep(app, { close: page.getByRole('button', { name: /← Invoices/ }) }, () => expectValues(typed));
    await discard();
  });

  it('expense: the description and the receipt chosen stay through every way out', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+5');
    await page.getByRole('heading', { name: 'Expenses' }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New expense' }).waitFor();
    await field('Description').fill('Train to Leeds');
    await field('Amount paid').fill('42.10');
    const form = page.getByRole('form', { name: 'New expense' });
    const dataTransfer = await page.evaluateHandle(() => {
      const data = new DataTransfer();
      data.items.add(new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], 'ticket.png', { type: 'image/png' }));
      return data;
    });
    await form.dispatchEvent('drop', { dataTransfer });
    await page.getByText('ticket.png').waitFor();
    await draftKept(app);
    await expect.poll(drafts).toEqual(['expense for Train to Leeds']);
    await leaveEachWayAndKeep(app, { close: page.getByRole('button', { name: /← Expenses/ }) }, async () => {
      await expectValues({ Description: 'Train to Leeds', 'Amount paid': '42.10' });
      expect(await page.getByText('ticket.png').count()).toBe(1);
    });

    // Reloaded: the draft comes back with its receipt, and the receipt saved is the file chosen, byte for byte.
    await reloadAndOpen('expense for Train to Leeds');
    await page.getByRole('heading', { name: 'New expense' }).waitFor();
    await expect.poll(() => field('Description').inputValue()).toBe('Train to Leeds');
    await page.getByText('ticket.png').waitFor();
    await field('Date').fill('02/11/2026');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await chooseCategoryByCode(app, '285');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('heading', { name: 'Expense of 2 Nov 2026' }).waitFor();
    const expense = (await app.book.json('GET', '/v2/expenses')).body.expenses.find((each: { description?: string }) => each.description === 'Train to Leeds');
    const files = await app.book.json('GET', `${new URL(expense.url).pathname}/attachments`, { headers: { 'X-Api-Version': '2026-09-01' } });
    expect(files.body.attachments.map((file: { file_name: string; file_size: number }) => [file.file_name, file.file_size])).toEqual([['ticket.png', 11]]);
    await expect.poll(drafts).toEqual([]);
  });

  it('journal: entries that do not balance yet stay, and Save from the question says why it cannot', async () => {
    const { page } = app;
    const journalSets = async () => (await app.book.json('GET', '/v2/journal_sets')).body.journal_sets;
    const journalSetsBefore = await journalSets();
    await page.keyboard.press('Alt+7');
    await page.getByRole('heading', { name: 'Journals' }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New journal' }).waitFor();
    await field('Description').fill('Accrual');
    await field('Line 1 description').fill('Accrued rent');
    await field('Line 1 debit').fill('100.00');
    await draftKept(app);
    await expect.poll(drafts).toEqual(['journal Accrual']);
    const typed = { Description: 'Accrual', 'Line 1 description': 'Accrued rent', 'Line 1 debit': '100.00' };
    await leaveEachWayAndKeep(app, { close: page.getByRole('button', { name: /← Journals/ }) }, () => expectValues(typed));
    await page.keyboard.press('Alt+1');
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await page.getByText('The entries do not balance yet: they are kept as a draft until they do.').waitFor();
    await expectValues(typed);
    expect(await journalSets()).toEqual(journalSetsBefore);
    await discard();
  });

  it('contact: every way out, opening another contact included, asks; Save from the question adds it', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+6');
    await page.getByRole('heading', { name: 'Contacts' }).waitFor();
    await page.getByRole('grid', { name: 'Contacts' }).getByText('Client Co').waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New contact' }).waitFor();
    await field('Organisation').fill('Northwind Ltd');
    await field('Email').fill('accounts@northwind.example');
    await draftKept(app);
    await expect.poll(drafts).toEqual(['contact Northwind Ltd']);
    const typed = { Organisation: 'Northwind Ltd', Email: 'accounts@northwind.example' };
    await leaveEachWayAndKeep(
      app,
      { close: page.getByRole('button', { name: /Cancel/ }), otherRecord: () => page.getByRole('grid', { name: 'Contacts' }).getByText('Client Co').dblclick() },
      () => expectValues(typed),
    );
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('grid', { name: 'Contacts' }).getByText('Northwind Ltd').waitFor();
    const names = (await app.book.json('GET', '/v2/contacts')).body.contacts.map((contact: { organisation_name: string }) => contact.organisation_name);
    expect(names).toContain('Northwind Ltd');
    await expect.poll(drafts).toEqual([]);
  });

  it('explain panel: a split into two parts stays through every way out, opening another line included', async () => {
    const { page } = app;
    await explainNewestLine(app);
    await page.getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategoryByCode(app, '250');
    await page.keyboard.press('Alt+s');
    const part = (n: number) => page.getByRole('group', { name: `Part ${n}` });
    await part(2).waitFor();
    await part(1).locator('input[id^="split-amount-"]').fill('60.00');
    await part(2).locator('input[id^="split-amount-"]').fill('40.00');
    await part(2).getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategoryByCode(app, '285');
    await draftKept(app);
    await expect.poll(drafts).toEqual(['explanation of -£100.00 on 3 Sept 2026']);
    const grid = page.getByRole('grid', { name: 'Transactions of Business Current' });
    await leaveEachWayAndKeep(app, { close: page.getByRole('button', { name: 'Close the explain panel' }), otherRecord: () => grid.getByText('CAFE NERO').dblclick() }, async () => {
      expect(await part(1).locator('input[id^="split-amount-"]').inputValue()).toBe('60.00');
      expect(await part(2).locator('input[id^="split-amount-"]').inputValue()).toBe('40.00');
      expect(await part(2).getByRole('combobox', { name: 'Category' }).inputValue()).toMatch(/Accommodation/);
    });

    // Reloaded: the panel opens on its line with both parts, and saves the split.
    await reloadAndOpen('explanation of -£100.00 on 3 Sept 2026');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor();
    await expect.poll(() => part(2).locator('input[id^="split-amount-"]').inputValue()).toBe('40.00');
    expect(await part(1).locator('input[id^="split-amount-"]').inputValue()).toBe('60.00');
    await page.getByRole('button', { name: /Save and next/ }).click();
    await expect.poll(async () => {
      const { body } = await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl)}`);
      const line = body.bank_transactions.find((each: { description: string }) => each.description.startsWith('STAPLES'));
      return (line.bank_transaction_explanations as { gross_value: string }[]).map((each) => each.gross_value).sort();
    }).toEqual(['-40.0', '-60.0']);
    await expect.poll(drafts).toEqual([]);
  });
});
