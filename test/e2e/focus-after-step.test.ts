import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sharedDir } from '../shared-corpus/shared';
import { useBookOpener } from './fresh-book';
import { checkScreen } from './screens';
import type { AppSession } from './session';

/**
 * Where the keys are after a step of a new bookkeeper's first month, done by keys alone: a contact
 * added with N and Enter, a new invoice, bill or expense opened with N, a statement imported with
 * Ctrl+Enter. Each of these left the focus on the page's body, so the next Tab went to the sidebar;
 * Add a transaction opened on its ✕. And what the page says after Ctrl+Z takes back the bank account
 * just added.
 */

const CARD_OFX = join(sharedDir, 'corpora/statements/ofx/beangulp__2013-12-03.bofa.ofx');

describe.shuffle('the focus after each step of the month', () => {
  const opener = useBookOpener();
  let app: AppSession;

  /** What has the focus: its id, else its role and accessible name as the page gives them. */
  const focused = () =>
    app.page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return 'body';
      return element.id || `${element.getAttribute('role') ?? element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent?.trim()}`;
    });

  async function openBook(prepare?: Parameters<typeof opener.open>[0]) {
    app = await opener.open(prepare);
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  }

  it('gives the focus back to the contacts list after a first contact is added with N and Enter', async () => {
    await openBook();
    const { page } = app;
    await page.keyboard.press('Alt+6');
    await page.getByRole('heading', { name: 'Contacts', exact: true }).waitFor();
    await page.keyboard.press('n');
    await expect.poll(focused).toBe('contact-organisation');
    await page.keyboard.type('Focus Walk Ltd');
    await page.keyboard.press('Enter');
    await page.getByRole('grid', { name: 'Contacts' }).getByText('Focus Walk Ltd').waitFor();
    await expect.poll(focused).toBe('grid Contacts');
    // From there the keys work the list: Enter opens the contact just added.
    await page.keyboard.press('Enter');
    await page.locator('#contact-page-title', { hasText: 'Focus Walk Ltd' }).waitFor();
  });

  it('puts the focus in the first field of a new invoice, bill and expense opened with N', async () => {
    await openBook();
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New invoice' }).waitFor();
    await expect.poll(focused).toBe('invoice-contact');
    await checkScreen(app, 'focus-new-invoice');

    await page.keyboard.press('Alt+4');
    await page.getByRole('heading', { name: 'Bills', exact: true }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New bill' }).waitFor();
    await expect.poll(focused).toBe('bill-contact');

    await page.keyboard.press('Alt+5');
    await page.getByRole('heading', { name: 'Expenses', exact: true }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New expense' }).waitFor();
    // The first field is the kind of expense, its first choice ticked: the arrows change it.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.closest('label')?.textContent?.trim())).toBe('Money spent');
  });

  it('takes "Added …" away when the bank account just added is undone with Ctrl+Z', async () => {
    await openBook();
    const { page } = app;
    await page.keyboard.press('Alt+2');
    await page.getByRole('heading', { name: 'Banking', exact: true }).waitFor();
    await page.keyboard.press('n');
    await expect.poll(focused).toBe('bank-account-name');
    await page.keyboard.type('Walk Savings');
    await page.keyboard.press('Enter');
    const added = page.getByText('Added Walk Savings.', { exact: true });
    await added.waitFor();
    await page.getByRole('table', { name: 'Bank accounts' }).getByText('Walk Savings').waitFor();
    await page.keyboard.press('ControlOrMeta+z');
    await page.getByText('Undone: Created bank account Walk Savings.').waitFor();
    await page.getByRole('table', { name: 'Bank accounts' }).getByText('Walk Savings').waitFor({ state: 'detached' });
    // The page no longer says an account was added that is not there.
    await expect.poll(() => added.count()).toBe(0);
  });

  it('opens Add a transaction with the focus in its Date field', async () => {
    await openBook({
      async prepare(book) {
        const current = await book.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Walk Current', opening_balance: '0' } } });
        if (current.status !== 201) throw new Error(`the account was refused: ${JSON.stringify(current.body)}`);
      },
    });
    const { page } = app;
    await page.keyboard.press('Alt+2');
    await page.getByRole('table', { name: 'Bank accounts' }).getByText('Walk Current').waitFor();
    await page.keyboard.press('t');
    await page.getByRole('grid', { name: /^Transactions of / }).waitFor();
    await page.keyboard.press('a');
    await page.getByRole('dialog', { name: 'Add a transaction' }).waitFor();
    // The date is what is typed first; the dialog used to open on its ✕.
    await expect.poll(focused).toBe('add-date');
    await page.keyboard.type('07/12/2026');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('add-description');
    await checkScreen(app, 'focus-add-transaction');
  });

  it('puts the focus on Done once a statement is imported with Ctrl+Enter, and Enter closes the review', async () => {
    await openBook({
      async prepare(book) {
        const card = await book.json('POST', '/v2/bank_accounts', {
          body: { bank_account: { name: 'Amex Card', type: 'CreditCardAccount', currency: 'USD', account_number: '1222', opening_balance: '0' } },
        });
        if (card.status !== 201) throw new Error(`the card account was refused: ${JSON.stringify(card.body)}`);
      },
    });
    const { page } = app;
    await page.keyboard.press('Alt+2');
    await page.getByRole('table', { name: 'Bank accounts' }).waitFor();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('i')]);
    await chooser.setFiles(CARD_OFX);
    const review = page.getByRole('dialog');
    await review.getByRole('heading', { name: 'Review beangulp__2013-12-03.bofa.ofx' }).waitFor();
    await review.getByRole('button', { name: /^Import 27 rows/ }).waitFor();
    // Imported from the rows, as a person does after looking them over (Tab reaches them).
    await review.getByRole('grid', { name: 'Statement rows' }).focus();
    await page.keyboard.press('Control+Enter');
    await review.getByRole('heading', { name: 'Imported 27 transactions into Amex Card' }).waitFor();
    await expect.poll(focused).toBe('button Done');
    await checkScreen(app, 'focus-import-done');
    await page.keyboard.press('Enter');
    await review.waitFor({ state: 'detached' });
  });

  const CONTACT = { contact: { organisation_name: 'Acme Ltd' } };

  it('keeps the focus in the field it was in when a new invoice is saved with Ctrl+S, and puts it on the title after Mark as sent', async () => {
    await openBook({
      async prepare(book) {
        const made = await book.json('POST', '/v2/contacts', { body: CONTACT });
        if (made.status !== 201) throw new Error(`the contact was refused: ${JSON.stringify(made.body)}`);
      },
    });
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor();
    await page.keyboard.press('n');
    await expect.poll(focused).toBe('invoice-contact');
    await page.keyboard.type('Acme');
    await page.getByRole('listbox').getByRole('option', { name: /Acme Ltd/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Line 1 description' }).fill('Bookkeeping');
    await page.getByRole('textbox', { name: 'Line 1 price' }).fill('45');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('heading', { name: 'Invoice 001' }).waitFor();
    // The lines were drawn anew from the saved invoice; the keys are still in the price.
    await expect.poll(focused).toBe('input Line 1 price');
    // Mark as sent from its own button (Enter on it): the button goes with the step, and the keys go
    // to the title, from which Tab goes on.
    await page.getByRole('button', { name: /Mark as sent/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /Mark as sent/ }).waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('form.record-editor header h2') && document.activeElement.textContent)).toBe('Invoice 001');
  });

  it('keeps the focus in the bill line it was in when the bill is saved with Ctrl+S', async () => {
    await openBook({
      async prepare(book) {
        const made = await book.json('POST', '/v2/contacts', { body: CONTACT });
        if (made.status !== 201) throw new Error(`the contact was refused: ${JSON.stringify(made.body)}`);
      },
    });
    const { page } = app;
    await page.keyboard.press('Alt+4');
    await page.getByRole('heading', { name: 'Bills', exact: true }).waitFor();
    await page.keyboard.press('n');
    await expect.poll(focused).toBe('bill-contact');
    await page.keyboard.type('Acme');
    await page.getByRole('listbox').getByRole('option', { name: /Acme Ltd/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Reference' }).fill('B-1');
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('01/11/2026');
    await page.getByRole('combobox', { name: 'Line 1 category' }).click();
    await page.keyboard.type('285');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Line 1 description' }).fill('Paper');
    await page.getByRole('textbox', { name: 'Line 1 amount' }).fill('12.00');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('heading', { name: /^Bill B-1/ }).waitFor();
    await expect.poll(focused).toBe('input Line 1 amount');
  });

  it('opens Reconcile with the focus in its first field', async () => {
    await openBook({
      async prepare(book) {
        const current = await book.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Walk Current', opening_balance: '0' } } });
        if (current.status !== 201) throw new Error(`the account was refused: ${JSON.stringify(current.body)}`);
      },
    });
    const { page } = app;
    await page.keyboard.press('Alt+2');
    await page.getByRole('table', { name: 'Bank accounts' }).getByText('Walk Current').waitFor();
    await page.keyboard.press('t');
    await page.getByRole('grid', { name: /^Transactions of / }).waitFor();
    await page.keyboard.press('r');
    await page.getByRole('heading', { name: 'Reconcile Walk Current' }).waitFor();
    await expect.poll(focused).toBe('reconcile-date');
    await checkScreen(app, 'focus-reconcile');
  });

  it('goes round to the first field of the bank account form on Tab past its last button', async () => {
    await openBook();
    const { page } = app;
    await page.keyboard.press('Alt+2');
    await page.getByRole('heading', { name: 'Banking', exact: true }).waitFor();
    await page.keyboard.press('n');
    await expect.poll(focused).toBe('bank-account-name');
    // Tab through the form: past its last button (Save) it goes round to the name, not to the body.
    const seen: string[] = [];
    while (!seen.includes('bank-account-name') && seen.length < 30) {
      await page.keyboard.press('Tab');
      seen.push(await focused());
    }
    expect(seen).not.toContain('body');
    expect(seen.at(-2)).toMatch(/^button Save/);
    expect(seen.at(-1)).toBe('bank-account-name');
  });

  it('says an undo made here took back the invoice just saved, and the banner goes when redo brings it back', async () => {
    await openBook({
      async prepare(book) {
        const made = await book.json('POST', '/v2/contacts', { body: CONTACT });
        if (made.status !== 201) throw new Error(`the contact was refused: ${JSON.stringify(made.body)}`);
      },
    });
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices', exact: true }).waitFor();
    await page.keyboard.press('n');
    await expect.poll(focused).toBe('invoice-contact');
    await page.keyboard.type('Acme');
    await page.getByRole('listbox').getByRole('option', { name: /Acme Ltd/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Line 1 description' }).fill('Bookkeeping');
    await page.getByRole('textbox', { name: 'Line 1 price' }).fill('45');
    await page.keyboard.press('ControlOrMeta+s');
    const title = page.getByRole('heading', { name: 'Invoice 001' });
    await title.waitFor();
    // Out of the fields (a field's Ctrl+Z is its text's), on the title.
    await title.focus();
    await page.keyboard.press('ControlOrMeta+z');
    const banner = page.getByRole('status', { name: 'Changed elsewhere' });
    await banner.getByText('Invoice 001 was taken back by your undo').waitFor();
    expect(await banner.textContent()).not.toContain('deleted elsewhere');
    await checkScreen(app, 'focus-invoice-undone');
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await page.getByText('Redone:', { exact: false }).first().waitFor();
    await banner.waitFor({ state: 'detached' });
  });
});
