import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { TestBook } from '../engine/harness';
import { draftKept, leaveDialog } from './drafts';
import { useBookOpener } from './fresh-book';
import { ownAccountWithLines } from './named-account';
import { checkScreen } from './screens';
import type { AppSession } from './session';

/**
 * Issue 9 item 5 by keys and clicks: raise an invoice with three lines at different VAT rates (totals
 * as you type, bad input at the field), send it, undo and redo that, save its PDF, and find it in the
 * list with what it is owed.
 */
// The empty list and the first invoice's number 001 are the book's, so each test opens a book of its
// own (fresh-book.ts) with the invoice as far along as it needs, put in through the API: they run in
// any order.
describe.shuffle('invoices in browser mode', () => {
  const opener = useBookOpener();
  let app: AppSession;

  /** Invoice 001 as the raising test saves it: Acme Ltd, three lines at 20%, 0% and 5%, 670.00. */
  async function invoice001(book: TestBook, acme: string, sent: boolean): Promise<void> {
    const invoice = {
      contact: acme,
      dated_on: '2026-11-01',
      invoice_items: [
        { description: 'Bookkeeping', item_type: 'Hours', quantity: '10', price: '45', sales_tax_rate: '20' },
        { description: 'Printed books', item_type: 'Products', quantity: '2', price: '12.50', sales_tax_rate: '0' },
        { description: 'Training session', item_type: 'Hours', quantity: '1', price: '100', sales_tax_rate: '5' },
      ],
    };
    const made = await book.json('POST', '/v2/invoices', { body: { invoice } });
    if (made.status !== 201 || made.body.invoice.reference !== '001' || made.body.invoice.total_value !== '670.0') throw new Error(`invoice 001 not made: ${JSON.stringify(made.body)}`);
    if (!sent) return;
    const marked = await book.json('PUT', `${new URL(made.body.invoice.url).pathname}/transitions/mark_as_sent`);
    if (marked.status !== 200) throw new Error(`invoice 001 not sent: ${JSON.stringify(marked.body)}`);
  }

  /**
   * A VAT-registered book of its own with the customer Acme Ltd, the bank line of 670.00 that paid
   * invoice 001 waiting to be explained, and invoice 001 (a draft, or sent) if asked; the window opened
   * on Overview at 1280x800.
   */
  async function openBook(invoice: 'none' | 'draft' | 'sent' = 'none'): Promise<void> {
    app = await opener.open({
      viewport: { width: 1280, height: 800 },
      prepare: async (book) => {
        book.book.sqlite.prepare("UPDATE company SET vat_registered = 1, vat_registration_number = 'GB123456782', sales_tax_effective_date = '2025-05-01'").run();
        const acme = await book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Acme Ltd', address1: '5 Mill Lane', town: 'York' } } });
        if (acme.status !== 201) throw new Error(`Acme Ltd not made: ${JSON.stringify(acme.body)}`);
        // The customer's payment is already on the bank statement, waiting to be explained.
        await ownAccountWithLines({ book }, 'Business Current', [{ dated_on: '2026-11-10', description: 'ACME LTD INV 001', amount: '670.00' }]);
        if (invoice !== 'none') await invoice001(book, acme.body.contact.url, invoice === 'sent');
      },
    });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  }

  /** From Overview to the invoices list (Alt+3), and invoice 001 opened from it with Enter. */
  async function openInvoice001(): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Alt+3');
    const grid = page.getByRole('grid', { name: 'Invoices' });
    await grid.getByRole('gridcell', { name: '001', exact: true }).waitFor();
    await grid.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Invoice 001' }).waitFor();
  }

  const invoiceCount = async () => Number((await app.book.json('GET', '/v2/invoices?per_page=1')).headers.get('x-total-count'));
  const line = (number: number, field: string) => app.page.getByRole(field === 'unit' || field === 'VAT' ? 'combobox' : 'textbox', { name: `Line ${number} ${field}`, exact: true });

  it('opens with Alt+3 and says how to raise the first invoice', async () => {
    await openBook();
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await page.getByText('No invoices yet. Press N to raise the first one.').waitFor();
    await checkScreen(app, 'invoices-empty');
  });

  it('raises an invoice of three lines at 20%, 0% and 5%, the totals following the typing, bad input at the field', async () => {
    await openBook();
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.getByText('No invoices yet. Press N to raise the first one.').waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New invoice' }).waitFor();
    await page.getByRole('combobox', { name: 'Contact' }).click();
    await page.keyboard.type('Acme');
    await page.getByRole('listbox').getByRole('option', { name: /Acme Ltd/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('01/11/2026');

    await line(1, 'description').fill('Bookkeeping');
    await line(1, 'unit').selectOption('Hours');
    await line(1, 'quantity').fill('10');
    await line(1, 'price').fill('4x5');
    // Letters in a price: the engine's sentence, and nothing is saved.
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Line 1 price must be a decimal number.').waitFor();
    expect(await invoiceCount()).toBe(0);
    await line(1, 'price').fill('45');

    await page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(async () => line(2, 'description').evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('Printed books');
    await line(2, 'unit').selectOption('Products');
    await line(2, 'quantity').fill('2');
    await line(2, 'price').fill('12.50');
    await line(2, 'VAT').selectOption('0');

    await page.keyboard.press('ControlOrMeta+Enter');
    await line(3, 'description').fill('Training session');
    await line(3, 'price').fill('100');
    await line(3, 'VAT').selectOption('5');

    const totals = page.getByRole('definition');
    // Net 450 + 25 + 100; VAT 90 + 0 + 5.
    await expect.poll(async () => (await totals.allTextContents()).map((text) => text.trim())).toEqual(['£575.00', '£95.00', '£670.00']);
    await checkScreen(app, 'invoice-editor-new');

    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('heading', { name: 'Invoice 001' }).waitFor();
    await page.getByText('Saved invoice 001 as a draft.').waitFor();
    const saved = (await app.book.json('GET', '/v2/invoices?nested_invoice_items=true')).body.invoices[0];
    expect(saved).toMatchObject({ reference: '001', contact_name: 'Acme Ltd', dated_on: '2026-11-01', net_value: '575.0', sales_tax_value: '95.0', total_value: '670.0', status: 'Draft' });
    expect(saved.invoice_items.map((item: any) => [item.description, item.sales_tax_rate])).toEqual([
      ['Bookkeeping', '20.0'],
      ['Printed books', '0.0'],
      ['Training session', '5.0'],
    ]);
  });

  it('sends it, undoes and redoes that, and saves its PDF', async () => {
    await openBook('draft');
    const { page } = app;
    await openInvoice001();
    await page.getByRole('button', { name: 'Mark as sent' }).click();
    await page.getByText('Marked invoice 001 as sent.').waitFor();
    expect((await app.book.json('GET', '/v2/invoices')).body.invoices[0].status).toBe('Open');
    await page.locator('body').press('ControlOrMeta+z');
    await page.getByText('Undone: Marked invoice 001 as sent.').waitFor();
    expect((await app.book.json('GET', '/v2/invoices')).body.invoices[0].status).toBe('Draft');
    await page.locator('body').press('ControlOrMeta+Shift+z');
    await expect.poll(async () => (await app.book.json('GET', '/v2/invoices')).body.invoices[0].status).toBe('Open');
    await page.getByRole('button', { name: 'Back to draft' }).waitFor();
    await checkScreen(app, 'invoice-editor-sent');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save PDF…' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Invoice 001.pdf');
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('comes back to the list with Escape, where the invoice is open and owed', async () => {
    await openBook('sent');
    const { page } = app;
    await openInvoice001();
    await page.getByRole('button', { name: 'Back to draft' }).waitFor();
    await page.keyboard.press('Escape');
    const grid = page.getByRole('grid', { name: 'Invoices' });
    await grid.waitFor();
    const cells = async () => (await grid.locator('[role=row][aria-rowindex="2"] [role=gridcell]').allTextContents()).map((text) => text.trim());
    await expect.poll(cells).toEqual(['001', '1 Nov 2026', 'Acme Ltd', '1 Dec 2026', expect.stringMatching(/^Open/), '£670.00', '£670.00']);
    await page.getByText('Owed to you: £670.00').waitFor();
    await checkScreen(app, 'invoices-list');
  });

  it('is paid from the bank line that brought the money in, and shows as paid', async () => {
    await openBook('sent');
    const { page } = app;
    await page.keyboard.press('Alt+2');
    await page.getByRole('heading', { name: 'Banking' }).waitFor();
    // T opens the chosen account's lines: wait, as a person does, until the account is listed.
    await page.getByRole('button', { name: 'Transactions of Business Current', exact: true }).waitFor();
    await page.keyboard.press('t');
    const register = page.getByRole('grid', { name: 'Transactions of Business Current' });
    await register.locator('[role=row][aria-rowindex="2"] [role=gridcell]').first().waitFor();
    await register.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor();
    await page.getByRole('radio', { name: 'Payment of an invoice' }).check();
    const chosen = page.getByRole('combobox', { name: 'Invoice paid' });
    await expect.poll(async () => chosen.locator('option:checked').textContent()).toBe('001 · Acme Ltd · £670.00 owed');
    await checkScreen(app, 'register-pay-invoice');
    await page.getByRole('button', { name: /Save and next/ }).click();
    await expect.poll(async () => (await app.book.json('GET', '/v2/invoices')).body.invoices[0].status).toBe('Paid');

    await page.keyboard.press('Alt+3');
    await page.getByRole('tab', { name: /Paid/ }).click();
    const grid = page.getByRole('grid', { name: 'Invoices' });
    await expect.poll(async () => (await grid.locator('[role=row][aria-rowindex="2"] [role=gridcell]').allTextContents()).map((text) => text.trim())[4]).toMatch(/^Paid/);
    await page.getByText('Nothing owed on these invoices.').waitFor();
  });

  it('opens an invoice of 300 lines with its first screen of lines at once, the rest as it scrolls, and every line kept on save', async () => {
    await openBook();
    const { page } = app;
    const acme = (await app.book.json('GET', '/v2/contacts')).body.contacts[0].url as string;
    const items = Array.from({ length: 300 }, (_, index) => ({ description: `Item ${index + 1}`, item_type: 'Hours', price: '10', quantity: '1' }));
    const created = await app.book.json('POST', '/v2/invoices', { body: { invoice: { contact: acme, dated_on: '2026-11-20', reference: 'LONG-1', invoice_items: items } } });
    expect(created.status).toBe(201);
    await page.keyboard.press('Alt+3');
    await page.getByRole('tab', { name: /All/ }).click();
    const grid = page.getByRole('grid', { name: 'Invoices' });
    await grid.getByRole('gridcell', { name: 'LONG-1', exact: true }).dblclick();
    await page.getByRole('heading', { name: 'Invoice LONG-1' }).waitFor();
    const description = (number: number) => page.getByRole('textbox', { name: `Line ${number} description`, exact: true });
    await expect.poll(() => description(1).inputValue()).toBe('Item 1');
    // The lines below the window wait until it reaches them; the table still counts them, and the total is of all 300.
    expect(await description(300).count()).toBe(0);
    expect(await page.getByRole('table', { name: /lines/i }).getAttribute('aria-rowcount')).toBe('301');
    await page.getByText('£3,600.00').first().waitFor();

    // Saved before the window ever reached them, the lines not on the page are kept as they were.
    await description(1).fill('Item 1, changed');
    await page.keyboard.press('ControlOrMeta+s');
    const savedLines = async () => {
      const saved = (await app.book.json('GET', '/v2/invoices?nested_invoice_items=true&view=all')).body.invoices.find((invoice: any) => invoice.reference === 'LONG-1');
      return [saved.invoice_items.length, saved.invoice_items[0].description, saved.invoice_items.at(-1).description];
    };
    await expect.poll(savedLines).toEqual([300, 'Item 1, changed', 'Item 300']);

    // Scrolled to the end, the last line is there to change.
    await description(1).hover();
    await expect.poll(async () => {
      await page.mouse.wheel(0, 3000);
      return description(300).count();
    }, { timeout: 60_000 }).toBe(1);
    await checkScreen(app, 'invoice-editor-long-end');
    await description(300).fill('Item 300, changed');
    await page.keyboard.press('ControlOrMeta+s');
    await expect.poll(savedLines).toEqual([300, 'Item 1, changed', 'Item 300, changed']);

    // Back at the top, Ctrl+Enter adds line 301 at the end and puts the cursor in it.
    await expect.poll(async () => {
      await page.mouse.wheel(0, -3000);
      return description(1).count();
    }, { timeout: 60_000 }).toBe(1);
    await description(1).click();
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Line 301 description');
    await page.keyboard.type('Item 301');
    await page.getByRole('textbox', { name: 'Line 301 quantity', exact: true }).fill('1');
    await page.getByRole('textbox', { name: 'Line 301 price', exact: true }).fill('10');
    await page.keyboard.press('ControlOrMeta+s');
    await expect.poll(savedLines).toEqual([301, 'Item 1, changed', 'Item 301']);
  });
  it('types in line 450 of a 500-line invoice: the totals follow to the penny, the draft is kept, and typed back as it was it leaves without asking', async () => {
    await openBook();
    const { page } = app;
    const acme = (await app.book.json('GET', '/v2/contacts')).body.contacts[0].url as string;
    const items = Array.from({ length: 500 }, (_, index) => ({ description: `Item ${index + 1}`, item_type: 'Hours', price: '10', quantity: '1' }));
    const created = await app.book.json('POST', '/v2/invoices', { body: { invoice: { contact: acme, dated_on: '2026-11-20', reference: 'LONG-2', invoice_items: items } } });
    expect(created.status).toBe(201);
    await page.keyboard.press('Alt+3');
    await page.getByRole('tab', { name: /All/ }).click();
    const grid = page.getByRole('grid', { name: 'Invoices' });
    await grid.getByRole('gridcell', { name: 'LONG-2', exact: true }).dblclick();
    await page.getByRole('heading', { name: 'Invoice LONG-2' }).waitFor();
    // Net, VAT and total of all 500 lines (worked out a slice at a time once the first lines are drawn).
    const totals = async () => (await page.getByRole('definition').allTextContents()).map((text) => text.trim());
    await expect.poll(totals).toEqual(['£5,000.00', '£1,000.00', '£6,000.00']);

    // Steps of 600 px (about 16 lines) are fewer lines than the window keeps on the page (at least 25),
    // so line 450 cannot be stepped over; steps of 1,500 px could jump past it to the end, where it is
    // never drawn.
    await line(1, 'description').hover();
    await expect.poll(async () => {
      await page.mouse.wheel(0, 600);
      return line(450, 'quantity').count();
    }, { timeout: 60_000 }).toBe(1);
    await line(450, 'quantity').click();
    await page.keyboard.press('End');
    await page.keyboard.type('3');
    // 13 hours at £10.00 instead of 1: £120.00 more, and £24.00 more VAT.
    await expect.poll(totals).toEqual(['£5,120.00', '£1,024.00', '£6,144.00']);
    await draftKept(app);
    expect((await app.book.json('GET', '/v2/drafts')).body.drafts).toHaveLength(1);
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();

    // Typed back as it opened: nothing to save, nothing kept, and Escape goes straight back to the list.
    await line(450, 'quantity').click();
    await page.keyboard.press('End');
    await page.keyboard.press('Backspace');
    await expect.poll(totals).toEqual(['£5,000.00', '£1,000.00', '£6,000.00']);
    await expect.poll(async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.length).toBe(0);
    await page.keyboard.press('Escape');
    await grid.getByRole('gridcell', { name: 'LONG-2', exact: true }).waitFor();
    expect(await leaveDialog(app).count()).toBe(0);
    const saved = (await app.book.json('GET', '/v2/invoices?nested_invoice_items=true&view=all')).body.invoices.find((invoice: { reference: string }) => invoice.reference === 'LONG-2');
    expect([Number(saved.total_value), Number(saved.invoice_items[449].quantity)]).toEqual([6000, 1]);
  });
});
