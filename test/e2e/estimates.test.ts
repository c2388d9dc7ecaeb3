import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkScreen } from './screens';
import { leaveDialog } from './drafts';
import { openApp, type AppSession } from './session';

/**
 * Issue 9 item 6 by keys and clicks: write an estimate of three lines at different VAT rates (bad
 * input shown at its field, nothing saved), send it (undo and redo), preview and save its PDF,
 * approve it, convert it to an invoice that opens at once, and find both in their lists. Nothing
 * reaches the books until the invoice is sent. Each test opens its own book with the estimate as far
 * along as it needs (entered through the API), so the tests run in any order (describe.shuffle:
 * scripts/e2e.mjs prints the seed to replay one).
 */
describe.shuffle('estimates in browser mode', () => {
  let app: AppSession;
  let acmeUrl = '';

  // A VAT-registered book with the customer Acme Ltd, the window at 1280x800 on Overview.
  beforeEach(async () => {
    app = await openApp();
    app.book.book.sqlite.prepare("UPDATE company SET vat_registered = 1, vat_registration_number = 'GB123456782', sales_tax_effective_date = '2025-05-01'").run();
    const acme = await app.book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Acme Ltd', address1: '5 Mill Lane', town: 'York' } } });
    expect(acme.status).toBe(201);
    acmeUrl = acme.body.contact.url;
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.reload();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterEach(async () => {
    // Every test ran without Content-Security-Policy violations or page errors.
    expect(app.problems).toEqual([]);
    await app?.close();
  });

  const estimates = async () => (await app.book.json('GET', '/v2/estimates?nested_estimate_items=true')).body.estimates as any[];
  const postings = () => app.book.book.sqlite.prepare('SELECT count(*) FROM postings').pluck().get() as number;
  const line = (number: number, field: string) => app.page.getByRole(field === 'unit' || field === 'VAT' ? 'combobox' : 'textbox', { name: `Line ${number} ${field}`, exact: true });

  /**
   * Quote 001 to Acme Ltd as the editor test writes it (three lines at 20%, 0% and 5%: £670.00 in all),
   * entered through the API and moved on by `transitions` (mark_as_sent, mark_as_approved, convert_to_invoice).
   */
  async function quote001(...transitions: string[]): Promise<void> {
    const estimate_items = [
      { description: 'Bookkeeping', item_type: 'Hours', quantity: '10', price: '45', sales_tax_rate: '20' },
      { description: 'Printed books', item_type: 'Products', quantity: '2', price: '12.50', sales_tax_rate: '0' },
      { description: 'Training session', item_type: 'Hours', quantity: '1', price: '100', sales_tax_rate: '5' },
    ];
    const made = await app.book.json('POST', '/v2/estimates', { body: { estimate: { contact: acmeUrl, estimate_type: 'Quote', status: 'Draft', dated_on: '2026-11-01', estimate_items } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.estimate).toMatchObject({ reference: '001', total_value: '670.0' });
    for (const transition of transitions) {
      const moved = await app.book.json('PUT', `${new URL(made.body.estimate.url).pathname}/transitions/${transition}`);
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
  }

  /** Invoices (Alt+3), then its Estimates tab. */
  async function openEstimates(): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await page.getByRole('tablist', { name: 'Documents' }).getByRole('tab', { name: 'Estimates' }).click();
    await page.getByRole('heading', { name: 'Estimates' }).waitFor();
  }

  /** Quote 001 opened from the estimates list by the keyboard (Enter on the list). */
  async function openQuote001(): Promise<void> {
    const { page } = app;
    await openEstimates();
    const grid = page.getByRole('grid', { name: 'Estimates' });
    await grid.locator('[role=row][aria-rowindex="2"]').getByText('001').waitFor();
    await grid.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Quote 001' }).waitFor();
  }

  it('sits beside invoices in the Invoices section and says how to write the first estimate', async () => {
    const { page } = app;
    await openEstimates();
    await page.getByText('No estimates yet. Press N to write the first one.').waitFor();
    await checkScreen(app, 'estimates-empty');
  });

  it('writes an estimate of three lines at 20%, 0% and 5% with the invoice editor; bad input shows at its field and saves nothing', async () => {
    const { page } = app;
    await openEstimates();
    await page.getByRole('heading', { name: 'Estimates' }).click();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New estimate' }).waitFor();
    await page.getByRole('combobox', { name: 'Contact' }).click();
    await page.keyboard.type('Acme');
    await page.getByRole('listbox').getByRole('option', { name: /Acme Ltd/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('01/11/2026');
    await page.getByRole('combobox', { name: 'Shown as' }).selectOption('Quote');

    await line(1, 'description').fill('Bookkeeping');
    await line(1, 'unit').selectOption('Hours');
    await line(1, 'quantity').fill('10');
    await line(1, 'price').fill('4x5');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Line 1 price must be a decimal number.').waitFor();
    expect(await estimates()).toEqual([]);
    await line(1, 'price').fill('45');

    // A discount over 100% is the engine's sentence at the Discount field.
    await page.getByRole('textbox', { name: 'Discount (%)' }).fill('150');
    await page.keyboard.press('ControlOrMeta+s');
    await page.locator('#estimate-discount-error').getByText('Discount must be a percentage from 0 to 100.').waitFor();
    expect(await estimates()).toEqual([]);
    await page.getByRole('textbox', { name: 'Discount (%)' }).fill('');

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
    await expect.poll(async () => (await totals.allTextContents()).map((text) => text.trim())).toEqual(['£575.00', '£95.00', '£670.00']);
    await checkScreen(app, 'estimate-editor-new');

    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('heading', { name: 'Quote 001' }).waitFor();
    await page.getByText('Saved quote 001 as a draft.').waitFor();
    const [saved] = await estimates();
    expect(saved).toMatchObject({ reference: '001', estimate_type: 'Quote', contact_name: 'Acme Ltd', dated_on: '2026-11-01', net_value: '575.0', sales_tax_value: '95.0', total_value: '670.0', status: 'Draft' });
    expect(saved.estimate_items.map((item: any) => [item.description, item.sales_tax_rate])).toEqual([
      ['Bookkeeping', '20.0'],
      ['Printed books', '0.0'],
      ['Training session', '5.0'],
    ]);
    await page.getByText('Not with the customer yet.', { exact: false }).waitFor();
  });

  it('marks it as sent, and undoes and redoes that', async () => {
    const { page } = app;
    await quote001();
    await openQuote001();
    await page.getByRole('button', { name: 'Mark as sent' }).click();
    await page.getByText('Marked estimate 001 as sent.').waitFor();
    expect((await estimates())[0].status).toBe('Sent');
    await page.locator('body').press('ControlOrMeta+z');
    await page.getByText('Undone: Marked estimate 001 as sent.').waitFor();
    expect((await estimates())[0].status).toBe('Draft');
    await page.getByRole('button', { name: 'Mark as sent' }).waitFor();
    await page.locator('body').press('ControlOrMeta+Shift+z');
    await expect.poll(async () => (await estimates())[0].status).toBe('Sent');
    await page.getByRole('button', { name: 'Mark as approved' }).waitFor();
    await page.getByText('With the customer.', { exact: false }).waitFor();
  });

  it('previews its PDF page by page and saves it from the preview', async () => {
    const { page } = app;
    await quote001('mark_as_sent');
    await openQuote001();
    await page.getByRole('button', { name: 'Preview PDF' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview: Quote 001' });
    await preview.getByRole('img', { name: 'Page 1 of 1' }).waitFor();
    await preview.getByText('1 page, as the customer receives it.').waitFor();
    await checkScreen(app, 'estimate-pdf-preview');
    const download = page.waitForEvent('download');
    await preview.getByRole('button', { name: 'Save PDF…' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Quote 001.pdf');
    const bytes = readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
    // Escape closed the preview only: the editor is still there.
    await page.getByRole('heading', { name: 'Quote 001' }).waitFor();
  });

  it('is approved, its buttons saying what comes next', async () => {
    const { page } = app;
    await quote001('mark_as_sent');
    await openQuote001();
    await page.getByRole('button', { name: 'Mark as approved' }).click();
    await page.getByText('Marked estimate 001 as approved.').waitFor();
    await page.getByText('The customer accepted it.', { exact: false }).waitFor();
    await checkScreen(app, 'estimate-editor-approved');
    expect(postings()).toBe(0);
  });

  it('asks before converting with a price changed but not saved, and makes the invoice from what was saved', async () => {
    const { page } = app;
    // The invoice was made from the estimate as stored, and the changed price was left in a draft of an
    // estimate that could no longer be edited.
    await quote001('mark_as_sent', 'mark_as_approved');
    await openQuote001();
    await line(1, 'price').fill('50');
    await page.getByRole('button', { name: 'Convert to invoice' }).click();
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Invoice 001' }).waitFor();
    const [estimate] = await estimates();
    expect(estimate.status).toBe('Invoiced');
    const invoice = (await app.book.json('GET', new URL(estimate.invoice).pathname)).body.invoice;
    // 10 x 50.00 + 20% VAT, 2 x 12.50, 1 x 100.00 + 5% VAT.
    expect(invoice.total_value).toBe('730.0');
    expect((await app.book.json('GET', '/v2/drafts')).body.drafts).toEqual([]);
  });

  it('converts to an invoice that opens at once; nothing is in the books yet', async () => {
    const { page } = app;
    await quote001('mark_as_sent', 'mark_as_approved');
    await openQuote001();
    await page.getByRole('button', { name: 'Convert to invoice' }).click();
    await page.getByRole('heading', { name: 'Invoice 001' }).waitFor();
    await page.getByText('Converted estimate 001 to an invoice.').waitFor();
    const [estimate] = await estimates();
    const invoice = (await app.book.json('GET', new URL(estimate.invoice).pathname)).body.invoice;
    expect(estimate.status).toBe('Invoiced');
    expect(invoice).toMatchObject({ status: 'Draft', estimate: estimate.url, contact_name: 'Acme Ltd', total_value: '670.0' });
    expect(await line(1, 'description').inputValue()).toBe('Bookkeeping');
    // The invoice says where it came from, with the way back to it.
    await page.getByText('Raised from quote 001.').waitFor();
    await page.getByRole('button', { name: 'Open the estimate' }).waitFor();
    await expect.poll(async () => (await page.getByRole('definition').allTextContents()).map((text) => text.trim())).toEqual(['£575.00', '£95.00', '£670.00']);
    expect(postings()).toBe(0);
    await checkScreen(app, 'invoice-from-estimate');
  });

  it('shows the invoice in the invoices list and the estimate as invoiced in its own', async () => {
    const { page } = app;
    await quote001('mark_as_sent', 'mark_as_approved', 'convert_to_invoice');
    await page.keyboard.press('Alt+3');
    const invoices = page.getByRole('grid', { name: 'Invoices' });
    await expect.poll(async () => (await invoices.locator('[role=row][aria-rowindex="2"] [role=gridcell]').allTextContents()).map((text) => text.trim())[0]).toBe('001');

    await page.getByRole('tablist', { name: 'Documents' }).getByRole('tab', { name: 'Estimates' }).click();
    const grid = page.getByRole('grid', { name: 'Estimates' });
    const cells = async () => (await grid.locator('[role=row][aria-rowindex="2"] [role=gridcell]').allTextContents()).map((text) => text.trim());
    await expect.poll(cells).toEqual(['001', '1 Nov 2026', 'Acme Ltd', 'Quote', 'Invoiced', '£670.00']);
    await page.getByText('Estimated: £670.00').waitFor();
    await page.getByRole('tablist', { name: 'Estimates by status' }).getByRole('tab', { name: /Invoiced/ }).click();
    await expect.poll(cells).toEqual(['001', '1 Nov 2026', 'Acme Ltd', 'Quote', 'Invoiced', '£670.00']);
    await page.getByRole('tablist', { name: 'Estimates by status' }).getByRole('tab', { name: /Draft/ }).click();
    await page.getByText('No estimates in this list.').waitFor();
    await page.getByRole('tablist', { name: 'Estimates by status' }).getByRole('tab', { name: /All/ }).click();
    await expect.poll(cells).toEqual(['001', '1 Nov 2026', 'Acme Ltd', 'Quote', 'Invoiced', '£670.00']);
    await checkScreen(app, 'estimates-list');
  });

  it('opens the invoiced estimate read-only, with the way to its invoice', async () => {
    const { page } = app;
    await quote001('mark_as_sent', 'mark_as_approved', 'convert_to_invoice');
    await openQuote001();
    await page.getByText('An invoice was raised from it', { exact: false }).waitFor();
    expect(await page.locator('button[type=submit]').isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Open the invoice' }).click();
    await page.getByRole('heading', { name: 'Invoice 001' }).waitFor();
    await expect.poll(() => page.getByText('Raised from quote 001.').count()).toBe(1);
  });
});
