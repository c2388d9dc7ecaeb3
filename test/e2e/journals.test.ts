import { describe, expect, it } from 'vitest';
import type { TestBook } from '../engine/harness';
import { useBookOpener } from './fresh-book';
import { checkScreen } from './screens';
import type { AppSession } from './session';

/**
 * Issue 14 item 6 by keys and clicks: a journal whose Save stays disabled until it balances, bad input
 * at its fields and lines (letters, 15 decimals, a user left out, a date before the books start, a
 * locked date) saving nothing; a change undone; a delete confirmed and put back; and the opening
 * balances on their own screen, with a customer's balance and the automatic balancing entry.
 */
// Each test makes what it needs, in a book of its own: the undo stack, the locks and the opening
// balances are the book's, and Ctrl+Z takes back the book's latest change whoever made it.
describe.shuffle('journals in browser mode', () => {
  const opener = useBookOpener();
  let app: AppSession;
  let ownerUrl = '';

  /**
   * A new book with the customer Acme Retail and the bank account Business Current opened with
   * 2,500.00, what `prepare` adds, and the window on the Journals list at 1280x800.
   */
  async function openJournals(prepare: (book: TestBook) => Promise<void> | void = () => undefined) {
    app = await opener.open({
      viewport: { width: 1280, height: 800 },
      async prepare(book) {
        ownerUrl = (await book.json('GET', '/v2/users/me')).body.user.url;
        expect((await book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Acme Retail' } } })).status).toBe(201);
        expect((await book.json('POST', '/v2/bank_accounts', { body: { bank_account: { type: 'StandardBankAccount', name: 'Business Current', opening_balance: '2500.00' } } })).status).toBe(201);
        await prepare(book);
      },
    });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
    await app.page.keyboard.press('Alt+7');
    await app.page.getByRole('heading', { name: 'Journals' }).waitFor();
  }

  /** The journal the editor tests save by keys: 120.00 of office costs (250) paid by the director (907). */
  async function directorJournal(book: TestBook) {
    const made = await book.json('POST', '/v2/journal_sets', {
      body: {
        journal_set: {
          dated_on: '2026-11-15',
          description: 'Director pays the office costs',
          journal_entries: [
            { category: '250', debit_value: '120' },
            { category: '907', debit_value: '-120', user: ownerUrl },
          ],
        },
      },
    });
    expect(made.status).toBe(201);
  }

  /** Opens a new journal from the list and types it as the editor tests do: balanced, dated `date`, no user on 907. */
  async function typeDirectorJournal(date: string) {
    const { page } = app;
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New journal' }).waitFor();
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill(date);
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Director pays the office costs');
    await pickCategory(1, '250');
    await page.getByRole('textbox', { name: 'Line 1 debit' }).fill('120.00');
    await pickCategory(2, '907');
    // The Category heading names each line's picker: its own label is for screen readers, not drawn.
    expect((await page.locator('label', { hasText: /^Line 1 category/ }).boundingBox())?.height).toBeLessThanOrEqual(1);
    await page.getByRole('textbox', { name: 'Line 2 credit' }).fill('120');
  }

  /** Types the opening balance the opening balances test saves: Acme Retail owing 1,250.00 (681); answers once saved. */
  async function enterCustomerOpeningBalance() {
    const { page } = app;
    await page.keyboard.press('o');
    await page.getByRole('heading', { name: 'Opening balances' }).waitFor();
    await page.getByText('Business Current').waitFor();
    await pickCategory(1, '681');
    await page.getByRole('combobox', { name: 'Line 1 contact' }).click();
    await page.keyboard.type('Acme');
    await page.getByRole('listbox').getByRole('option', { name: /Acme Retail/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Line 1 description' }).fill('Invoice 0999 unpaid at the start');
    await page.getByRole('textbox', { name: 'Line 1 debit' }).fill('1,250.00');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Changed the opening balances.').waitFor();
  }

  const sets = async () => ((await app.book.json('GET', '/v2/journal_sets')).body.journal_sets as any[]).filter((set) => set.dated_on);
  const grid = () => app.page.getByRole('grid', { name: 'Journals' });
  const rowTexts = async () =>
    Promise.all(
      (await grid().locator('[role=row][aria-rowindex]:not([aria-rowindex="1"])').all()).map(async (row) => (await row.locator('[role=gridcell]').allTextContents()).map((text) => text.trim())),
    );
  const save = () => app.page.getByRole('button', { name: /^Save/ });
  const totals = async () => (await app.page.getByRole('definition').allTextContents()).map((text) => text.trim());

  async function pickCategory(line: number, code: string) {
    const { page } = app;
    await page.getByRole('combobox', { name: `Line ${line} category` }).click();
    await page.keyboard.type(code);
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
  }

  it('says what to do on an empty list', async () => {
    await openJournals();
    const { page } = app;
    await page.getByText('No journals yet. Press N to enter the first one, or O for the opening balances.').waitFor();
    await checkScreen(app, 'journals-empty');
  });

  it('keeps Save disabled until the entries balance, and shows unreadable amounts at their line', async () => {
    await openJournals();
    const { page } = app;
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New journal' }).waitFor();
    expect(await save().isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('01/01/2024');
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Director pays the office costs');
    await pickCategory(1, '250');
    await page.getByRole('textbox', { name: 'Line 1 debit' }).fill('120.00');
    await pickCategory(2, '907');
    await page.getByRole('textbox', { name: 'Line 2 credit' }).fill('100');
    await expect.poll(totals).toEqual(['£120.00', '£100.00', '£20.00']);
    await page.getByText('Out by £20.00: save once debits equal credits.').waitFor();
    expect(await save().isDisabled()).toBe(true);
    await page.keyboard.press('ControlOrMeta+s');
    expect(await sets()).toEqual([]);

    await page.getByRole('textbox', { name: 'Line 2 credit' }).fill('12O.00');
    await page.getByText('Line 2 credit must be a number such as 1,250.00 (digits, commas between thousands, one decimal point).').waitFor();
    await page.getByRole('textbox', { name: 'Line 2 credit' }).fill('120.123456789012345');
    await page.getByText('Line 2 credit has 15 decimal places; GBP amounts have at most 2.').waitFor();
    expect(await save().isDisabled()).toBe(true);
    await checkScreen(app, 'journal-editor-unbalanced');
  });

  it("shows the engine's refusals at the date and at the line", async () => {
    await openJournals();
    const { page } = app;
    await typeDirectorJournal('01/01/2024');
    await page.getByText('Balanced.').waitFor();
    expect(await save().isEnabled()).toBe(true);
    // 907 asks for the director it belongs to; the date is before the books start.
    await page.keyboard.press('ControlOrMeta+s');
    await page.locator('#journal-date-error').getByText(/Date must not be before the company start date 2025-05-01/).waitFor();
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('15/11/2026');
    await page.keyboard.press('ControlOrMeta+s');
    await page.locator('#entry-1-error').getByText('User is required for category 907.', { exact: true }).waitFor();
    expect(await sets()).toEqual([]);
    await checkScreen(app, 'journal-editor-errors');
  });

  it('saves once the user is chosen', async () => {
    await openJournals();
    const { page } = app;
    await typeDirectorJournal('15/11/2026');
    await page.getByRole('combobox', { name: 'Line 2 user' }).selectOption({ label: 'Olive Owner' });
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('heading', { name: 'Journal of 15 Nov 2026' }).waitFor();
    await page.getByText('Added journal Director pays the office costs of 15 Nov 2026.').waitFor();
    const [saved] = await sets();
    expect(saved).toMatchObject({ dated_on: '2026-11-15', description: 'Director pays the office costs' });
    expect(saved.journal_entries.map((entry: any) => [entry.category.split('/').pop(), entry.debit_value, entry.user ?? null])).toEqual([
      ['250', '120.0', null],
      ['907-1', '-120.0', ownerUrl],
    ]);
    await checkScreen(app, 'journal-editor-saved');
  });

  it('lists the saved journal with its total', async () => {
    await openJournals(directorJournal);
    await expect.poll(rowTexts).toEqual([['15 Nov 2026', 'Director pays the office costs', '', '2', '£120.00']]);
    await checkScreen(app, 'journals-list');
  });

  it('shows a locked date at its field; a change is undone with Ctrl+Z', async () => {
    await openJournals(directorJournal);
    const { page } = app;
    expect((await app.book.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2026-10-31' } } })).status).toBe(204);
    await grid().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Journal of 15 Nov 2026' }).waitFor();
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('20/10/2026');
    await page.keyboard.press('ControlOrMeta+s');
    await page.locator('#journal-date-error').getByText(/The books are locked up to 2026-10-31/).waitFor();
    expect((await sets())[0].dated_on).toBe('2026-11-15');

    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('16/11/2026');
    await page.getByRole('textbox', { name: 'Line 1 debit' }).fill('150');
    await page.getByRole('textbox', { name: 'Line 2 credit' }).fill('150');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Changed journal Director pays the office costs of 16 Nov 2026.').waitFor();
    expect((await sets())[0]).toMatchObject({ dated_on: '2026-11-16' });
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await rowTexts())[0]?.[4]).toBe('£150.00');
    await page.locator('body').press('ControlOrMeta+z');
    await page.getByText('Undone: Changed journal Director pays the office costs of 16 Nov 2026.').waitFor();
    const [back] = await sets();
    expect(back.dated_on).toBe('2026-11-15');
    expect(back.journal_entries.map((entry: any) => entry.debit_value)).toEqual(['120.0', '-120.0']);
    await expect.poll(async () => (await rowTexts())[0]?.[4]).toBe('£120.00');
  });

  it('deletes a journal after confirmation and puts it back with Ctrl+Z', async () => {
    await openJournals(directorJournal);
    const { page } = app;
    await grid().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Journal of 15 Nov 2026' }).waitFor();
    await page.getByRole('button', { name: 'Delete journal' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this journal?' }).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete journal' }).click();
    await page.getByText('Deleted journal Director pays the office costs of 15 Nov 2026.').waitFor();
    expect(await sets()).toEqual([]);
    await page.locator('body').press('ControlOrMeta+z');
    await page.getByText('Undone: Deleted journal Director pays the office costs of 15 Nov 2026.').waitFor();
    await expect.poll(async () => (await sets()).length).toBe(1);
    expect((await sets())[0].journal_entries.map((entry: any) => [entry.category.split('/').pop(), entry.debit_value])).toEqual([
      ['250', '120.0'],
      ['907-1', '-120.0'],
    ]);
    await expect.poll(async () => (await rowTexts()).length).toBe(1);
  });

  it('shows a set tagged by another application without letting it be edited here', async () => {
    await openJournals(directorJournal);
    const { page } = app;
    const made = await app.book.json('POST', '/v2/journal_sets', {
      body: { journal_set: { dated_on: '2026-11-20', description: 'Payroll November', tag: 'payroll-app', journal_entries: [{ category: '401', debit_value: '2000' }, { category: '814', debit_value: '-2000' }] } },
    });
    expect(made.status).toBe(201);
    await page.keyboard.press('Alt+1');
    await page.keyboard.press('Alt+7');
    await expect.poll(rowTexts).toEqual([
      ['20 Nov 2026', 'Payroll November', 'payroll-app', '2', '£2,000.00'],
      ['15 Nov 2026', 'Director pays the office costs', '', '2', '£120.00'],
    ]);
    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Journal of 20 Nov 2026' }).waitFor();
    await page.getByText('Made by another application (tag “payroll-app”): it is changed there, not here.').waitFor();
    expect(await save().isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Line 1 debit' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete journal' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await grid().waitFor();
  });

  it('keeps the opening balances on their own screen: a customer owing, the banks, the automatic balancing entry', async () => {
    await openJournals();
    const { page } = app;
    await page.keyboard.press('o');
    await page.getByRole('heading', { name: 'Opening balances' }).waitFor();
    await page.getByText('Business Current').waitFor();
    await pickCategory(1, '681');
    await page.getByRole('combobox', { name: 'Line 1 contact' }).click();
    await page.keyboard.type('Acme');
    await page.getByRole('listbox').getByRole('option', { name: /Acme Retail/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Line 1 description' }).fill('Invoice 0999 unpaid at the start');
    await page.getByRole('textbox', { name: 'Line 1 debit' }).fill('1,250.00');
    await page.getByText('Out by £3,750.00: it goes to Suspense (999) as the Automatic Balancing Entry.').waitFor();
    await page.keyboard.press('ControlOrMeta+Enter');
    await pickCategory(2, '250');
    await page.getByRole('textbox', { name: 'Line 2 debit' }).fill('abc');
    await page.getByText('Line 2 debit must be a number such as 1,250.00 (digits, commas between thousands, one decimal point).').waitFor();
    expect(await save().isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Remove line 2' }).click();
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Changed the opening balances.').waitFor();
    const opening = (await app.book.json('GET', '/v2/journal_sets/opening_balances')).body.journal_set;
    // The suspense entry takes what the customer's 1,250.00 and the bank's 2,500.00 leave unbalanced.
    expect(opening.journal_entries.map((entry: any) => [entry.category.split('/').pop(), entry.debit_value, entry.description]).sort()).toEqual([
      ['681', '1250.0', 'Invoice 0999 unpaid at the start'],
      ['999', '-3750.0', 'Automatic Balancing Entry'],
    ]);
    expect(opening.journal_entries.find((entry: any) => entry.description !== 'Automatic Balancing Entry').contact).toBe((await app.book.json('GET', '/v2/contacts')).body.contacts[0].url);
    await page.getByText('Automatic Balancing Entry on Suspense (999) as saved: a credit of £3,750.00').waitFor();
    await checkScreen(app, 'opening-balances');
  });

  it('refuses a change to the opening balances over a locked start date, and undoes the saved one', async () => {
    await openJournals();
    const { page } = app;
    await enterCustomerOpeningBalance();

    // A lock over the start date refuses the change and says why; nothing changes.
    expect((await app.book.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2026-10-31' } } })).status).toBe(204);
    await page.getByRole('textbox', { name: 'Line 1 debit' }).fill('900');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText(/The books are locked up to 2026-10-31/).waitFor();
    expect((await app.book.json('GET', '/v2/journal_sets/opening_balances')).body.journal_set.journal_entries.map((entry: any) => entry.debit_value).sort()).toEqual(['-3750.0', '1250.0']);
    await checkScreen(app, 'opening-balances-locked');
    // The lock is taken off by undoing it: it is the same user's edit, on the same undo stack as the
    // desk's, and taking it off by another edit would make that edit the one Ctrl+Z undoes next.
    expect((await app.book.json('POST', '/v2/undo')).status).toBe(200);

    // The refused change is still typed: leaving asks first (issue 19 item 1), and it is discarded.
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard' }).click();
    await grid().waitFor();
    await page.locator('body').press('ControlOrMeta+z');
    await page.getByText('Undone: Changed the opening balances.').waitFor();
    expect((await app.book.json('GET', '/v2/journal_sets/opening_balances')).body.journal_set.journal_entries.filter((entry: any) => entry.description !== 'Automatic Balancing Entry')).toEqual([]);
    expect(app.problems).toEqual([]);
  });
});
