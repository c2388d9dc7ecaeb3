import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useBookOpener } from './fresh-book';
import { checkScreen } from './screens';
import type { AppSession } from './session';
import { must } from './setup-request';

/**
 * Issue 9 items 7 and 8 by keys and clicks: a credit note raised (its line typed positive, bad input
 * at the field first), sent, its PDF saved, and set against an open invoice of the same customer,
 * whose amount due drops (with undo); then that invoice set to repeat monthly, listed with its next
 * date and end, stopped and resumed, and its frequency changed.
 */
// Each test opens a book of its own with what it needs (the references and the empty list are the
// book's: credit note 001 against invoice 001), so they run in any order.
describe.shuffle('credit notes and recurring invoices in browser mode', () => {
  const opener = useBookOpener();
  let app: AppSession;
  let invoiceUrl: string;


  /**
   * A new book with Acme Ltd's invoice 001 of 100.00, sent, and as far along the story as `upTo` says:
   * credit note 001 of 40.00 raised and sent, then set against the invoice, then the invoice repeating
   * monthly to 1 June 2027. The window opens on Overview at 1280x800.
   */
  async function openBook(upTo: 'invoice' | 'credit note' | 'set against' | 'repeating'): Promise<void> {
    const steps = ['invoice', 'credit note', 'set against', 'repeating'];
    const reached = (step: string) => steps.indexOf(step) <= steps.indexOf(upTo);
    app = await opener.open({
      viewport: { width: 1280, height: 800 },
      prepare: async (book) => {
        const acme = (await must(book, 'POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd', town: 'York' } })).contact.url;
        const invoice = await must(book, 'POST', '/v2/invoices', {
          invoice: { contact: acme, dated_on: '2026-11-01', invoice_items: [{ description: 'Consulting', item_type: 'Hours', quantity: '1', price: '100' }] },
        });
        invoiceUrl = invoice.invoice.url;
        await must(book, 'PUT', `${new URL(invoiceUrl).pathname}/transitions/mark_as_sent`);
        if (reached('credit note')) {
          const note = await must(book, 'POST', '/v2/credit_notes', {
            credit_note: { contact: acme, dated_on: '2026-11-02', credit_note_items: [{ description: 'Overcharge on consulting', item_type: 'Hours', quantity: '1', price: '-40' }] },
          });
          await must(book, 'PUT', `${new URL(note.credit_note.url).pathname}/transitions/mark_as_sent`);
          if (reached('set against')) {
            await must(book, 'POST', '/v2/credit_note_reconciliations', { credit_note_reconciliation: { invoice: invoiceUrl, credit_note: note.credit_note.url, gross_value: '40', dated_on: '2026-11-02' } });
          }
        }
        if (reached('repeating')) await must(book, 'POST', '/v2/recurring_invoices', { recurring_invoice: { invoice: invoiceUrl, frequency: 'Monthly', recurring_end_date: '2027-06-01' } });
      },
    });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  }

  /** Invoices (Alt+3), then its Credit notes list (C). */
  async function openCreditNotes(): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await page.keyboard.press('c');
    await page.getByRole('heading', { name: 'Credit notes' }).waitFor();
  }

  const api = (path: string) => app.book.json('GET', path);
  const invoiceDue = async () => (await api(new URL(invoiceUrl).pathname)).body.invoice.due_value as string;
  const creditNoteCount = async () => Number((await api('/v2/credit_notes?per_page=1')).headers.get('x-total-count'));
  const line = (number: number, field: string) => app.page.getByRole(field === 'unit' || field === 'VAT' ? 'combobox' : 'textbox', { name: `Line ${number} ${field}`, exact: true });

  it('raises a credit note typed positive, refusing letters in a price at the field, and sends it', async () => {
    await openBook('invoice');
    const { page } = app;
    await openCreditNotes();
    await page.getByText('No credit notes yet. Press N to raise one when a customer is owed money back.').waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New credit note' }).waitFor();
    await page.getByRole('combobox', { name: 'Contact' }).click();
    await page.keyboard.type('Acme');
    await page.getByRole('listbox').getByRole('option', { name: /Acme Ltd/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('02/11/2026');
    await line(1, 'description').fill('Overcharge on consulting');
    await line(1, 'price').fill('4o');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Line 1 price must be a decimal number.').waitFor();
    expect(await creditNoteCount()).toBe(0);

    await line(1, 'price').fill('40');
    await expect.poll(async () => (await page.getByRole('definition').allTextContents()).map((text) => text.trim())).toEqual(['£40.00', '£0.00', '£40.00']);
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('heading', { name: 'Credit note 001' }).waitFor();
    const saved = (await api('/v2/credit_notes')).body.credit_notes[0];
    expect(saved).toMatchObject({ reference: '001', total_value: '-40.0', status: 'Draft' });
    // Read back, the line is shown as it was typed.
    await expect.poll(async () => line(1, 'price').inputValue()).toBe('40');

    await page.keyboard.press('Alt+m');
    await page.getByText('Marked credit note 001 as sent.').waitFor();
    expect((await api('/v2/credit_notes')).body.credit_notes[0].status).toBe('Open');
    const download = page.waitForEvent('download');
    await page.keyboard.press('Alt+p');
    const file = await download;
    expect(file.suggestedFilename()).toBe('Credit note 001.pdf');
    expect(readFileSync((await file.path())!).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('sets it against the open invoice: too much is refused at the field, the effect is said, the invoice owes less, undo puts it back', async () => {
    await openBook('credit note');
    const { page } = app;
    // Credit note 001 opened from its list, as the raising test leaves it open.
    await openCreditNotes();
    await page.getByRole('grid', { name: 'Credit notes' }).locator('[role=row][aria-rowindex="2"]').waitFor();
    await page.getByRole('grid', { name: 'Credit notes' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Credit note 001' }).waitFor();
    await page.keyboard.press('Alt+i');
    const dialog = page.getByRole('dialog', { name: 'Set credit note 001 against an invoice' });
    await dialog.waitFor();
    await expect.poll(async () => dialog.getByRole('combobox', { name: 'Invoice' }).locator('option:checked').textContent()).toBe('001 · £100.00 owed');
    const amount = dialog.getByRole('textbox', { name: 'Amount (GBP)' });
    await expect.poll(async () => amount.inputValue()).toBe('40.00');
    await dialog.getByText('Invoice 001 will then be owed £60.00; this credit note will have £0.00 left to use.').waitFor();

    await amount.fill('150');
    await dialog.getByText('At most £40.00 can be set').waitFor();
    await page.keyboard.press('ControlOrMeta+s');
    await dialog.locator('#reconcile-amount-error').getByText('Amount is more than remains due on the invoice.').waitFor();
    expect(Number((await api('/v2/credit_note_reconciliations?per_page=1')).headers.get('x-total-count'))).toBe(0);
    expect(await invoiceDue()).toBe('100.0');

    await amount.fill('40');
    await dialog.getByText('Invoice 001 will then be owed £60.00').waitFor();
    await checkScreen(app, 'credit-note-reconcile');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Set £40.00 of credit note 001 against invoice 001.').waitFor();
    expect(await invoiceDue()).toBe('60.0');
    await page.getByText('Invoice 001 · £40.00 on 2 Nov 2026').waitFor();
    await page.getByText('Refunded', { exact: true }).waitFor();

    await page.locator('body').press('ControlOrMeta+z');
    await page.getByText('Undone: Set £40.00 of credit note 001 against invoice 001.').waitFor();
    expect(await invoiceDue()).toBe('100.0');
    await page.locator('body').press('ControlOrMeta+Shift+z');
    await expect.poll(invoiceDue).toBe('60.0');
    await page.getByText('Invoice 001 · £40.00 on 2 Nov 2026').waitFor();
  });

  it('lists the credit note as used, with nothing left to use', async () => {
    await openBook('set against');
    const { page } = app;
    await openCreditNotes();
    const grid = page.getByRole('grid', { name: 'Credit notes' });
    await grid.waitFor();
    await expect
      .poll(async () => (await grid.locator('[role=row][aria-rowindex="2"] [role=gridcell]').allTextContents()).map((text) => text.trim()))
      .toEqual(['001', '2 Nov 2026', 'Acme Ltd', 'Refunded', '£40.00', '£0.00']);
    await page.getByText('No credit left to use on these credit notes.').waitFor();
    await checkScreen(app, 'credit-notes-list');
  });

  it('sets the invoice to repeat monthly from its editor, refusing a schedule without a frequency at the field', async () => {
    await openBook('set against');
    const { page } = app;
    await page.keyboard.press('Alt+3');
    const grid = page.getByRole('grid', { name: 'Invoices' });
    await grid.locator('[role=row][aria-rowindex="2"]').waitFor();
    await grid.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Invoice 001' }).waitFor();
    await page.getByText('Still owed: £60.00').waitFor();
    await page.keyboard.press('Alt+r');
    const dialog = page.getByRole('dialog', { name: 'Repeat invoice 001' });
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: 'End date' }).fill('01/06/2027');
    await page.keyboard.press('ControlOrMeta+s');
    await dialog.locator('#schedule-frequency-error').getByText('How often is required.').waitFor();
    expect((await api('/v2/recurring_invoices')).body.recurring_invoices).toEqual([]);

    await dialog.getByRole('combobox', { name: 'How often' }).selectOption('Monthly');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Set invoice 001 to repeat monthly.').waitFor();
    expect((await api('/v2/recurring_invoices')).body.recurring_invoices[0]).toMatchObject({ frequency: 'Monthly', next_recurs_on: '2026-12-01', recurring_end_date: '2027-06-01', recurring_status: 'Active' });
  });

  it('lists the schedule with its next date and end, stops and resumes it, and changes how often', async () => {
    await openBook('repeating');
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.getByRole('grid', { name: 'Invoices' }).waitFor();
    await page.keyboard.press('r');
    const grid = page.getByRole('grid', { name: 'Recurring invoices' });
    const cells = async () => (await grid.locator('[role=row][aria-rowindex="2"] [role=gridcell]').allTextContents()).map((text) => text.trim());
    await expect.poll(cells).toEqual(['Acme Ltd', 'Monthly', '1 Dec 2026', '1 Jun 2027', 'Issuing', '£100.00']);
    await checkScreen(app, 'recurring-list');

    await grid.focus();
    await page.keyboard.press('s');
    await page.getByText('Stopped the monthly invoices to Acme Ltd.').waitFor();
    await expect.poll(cells).toEqual(['Acme Ltd', 'Monthly', 'None', '1 Jun 2027', 'Stopped', '£100.00']);
    await page.locator('body').press('ControlOrMeta+z');
    await expect.poll(cells).toEqual(['Acme Ltd', 'Monthly', expect.stringMatching(/2026|2027/), '1 Jun 2027', 'Issuing', '£100.00']);

    await grid.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Schedule of Acme Ltd' });
    await dialog.getByRole('combobox', { name: 'How often' }).selectOption('Quarterly');
    await page.keyboard.press('ControlOrMeta+s');
    await expect.poll(async () => (await cells())[1]).toBe('Quarterly');
    expect((await api('/v2/recurring_invoices')).body.recurring_invoices[0]).toMatchObject({ frequency: 'Quarterly', recurring_status: 'Active' });
    expect(app.problems).toEqual([]);
  });
});
