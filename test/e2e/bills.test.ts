import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithLines, openRegister } from './accounts';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 14 item 4 by keys and clicks: enter a supplier's bill of two lines (a missing reference at its
 * field first), see what is to pay, pay it from the bank line that paid it, and delete a bill and put
 * it back with Ctrl+Z. Each test opens its own book with what it needs, so they run in any order
 * (describe.shuffle: scripts/e2e.mjs prints the seed to replay one).
 */
describe.shuffle('bills in browser mode', () => {
  let app: AppSession;
  let supplierUrl: string;

  // A VAT-registered book of its own for each test, with the supplier and the bank line of -150.00
  // that paid the bill, the window opened afresh on Overview.
  beforeEach(async () => {
    app = await openApp();
    app.book.book.sqlite.prepare("UPDATE company SET vat_registered = 1, vat_registration_number = 'GB123456782', sales_tax_effective_date = '2025-05-01'").run();
    const supplier = await app.book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Office Supplies Co' } } });
    expect(supplier.status).toBe(201);
    supplierUrl = supplier.body.contact.url;
    await accountWithLines(app, [{ dated_on: '2026-11-12', description: 'OFFICE SUPPLIES OS-1001', amount: '-150.00' }]);
  });

  afterEach(async () => {
    await app?.close();
  });

  /** A bill entered through the API, as if on an earlier day; the screens read it when they open. */
  async function enterBill(reference: string, datedOn: string, total: string): Promise<void> {
    const bill = { contact: supplierUrl, reference, dated_on: datedOn, due_on: datedOn, bill_items: [{ category: '285', total_value: total, sales_tax_status: 'EXEMPT' }] };
    expect((await app.book.json('POST', '/v2/bills', { body: { bill } })).status).toBe(201);
  }

  const billCount = async () => Number((await app.book.json('GET', '/v2/bills?per_page=1')).headers.get('x-total-count'));
  const grid = () => app.page.getByRole('grid', { name: 'Bills' });
  const firstRow = async () => (await grid().locator('[role=row][aria-rowindex="2"] [role=gridcell]').allTextContents()).map((text) => text.trim());

  async function pickCategory(line: number, code: string) {
    const { page } = app;
    await page.getByRole('combobox', { name: `Line ${line} category` }).click();
    await page.keyboard.type(code);
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
  }

  it('says there is nothing to pay and how to enter a bill', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+4');
    await page.getByRole('heading', { name: 'Bills' }).waitFor();
    await page.getByText('Nothing to pay. Press N to enter a bill.').waitFor();
    expect(await billCount()).toBe(0);
    await checkScreen(app, 'bills-empty');
  });

  it('enters a bill of two lines, the VAT in it worked out as you type, a missing reference at its field', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+4');
    await page.getByRole('heading', { name: 'Bills' }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New bill' }).waitFor();
    await page.getByRole('combobox', { name: 'Supplier' }).click();
    await page.keyboard.type('Office');
    await page.getByRole('listbox').getByRole('option', { name: /Office Supplies Co/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('01/11/2026');
    await pickCategory(1, '285');
    await page.getByRole('textbox', { name: 'Line 1 description' }).fill('Printer paper');
    await page.getByRole('textbox', { name: 'Line 1 amount' }).fill('120.00');
    await page.getByRole('combobox', { name: 'Line 1 VAT' }).selectOption('20');
    await page.keyboard.press('ControlOrMeta+Enter');
    await pickCategory(2, '285');
    await page.getByRole('textbox', { name: 'Line 2 amount' }).fill('30');
    await page.getByRole('combobox', { name: 'Line 2 VAT' }).selectOption('exempt');
    await expect.poll(async () => (await page.getByRole('definition').allTextContents()).map((text) => text.trim())).toEqual(['£20.00', '£150.00']);

    await page.keyboard.press('ControlOrMeta+s');
    await page.locator('#bill-reference-error').waitFor();
    expect(await billCount()).toBe(0);
    await checkScreen(app, 'bill-editor-errors');
    await page.getByRole('textbox', { name: 'Reference' }).fill('OS-1001');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('heading', { name: 'Bill OS-1001' }).waitFor();
    const saved = (await app.book.json('GET', '/v2/bills?nested_bill_items=true')).body.bills[0];
    expect(saved).toMatchObject({ reference: 'OS-1001', contact_name: 'Office Supplies Co', total_value: '150.0', due_value: '150.0' });
    expect(saved.bill_items.map((item: any) => [item.description ?? '', item.total_value, item.sales_tax_status])).toEqual([
      ['Printer paper', '120.0', 'TAXABLE'],
      ['', '30.0', 'EXEMPT'],
    ]);
    await page.keyboard.press('Escape');
    await expect.poll(firstRow).toEqual(['1 Nov 2026', 'Office Supplies Co', 'OS-1001', '1 Dec 2026', expect.stringMatching(/Overdue|Open/), '£150.00', '£150.00']);
    await page.getByText('To pay: £150.00').waitFor();
    await checkScreen(app, 'bills-list');
  });

  it('is paid from the bank line that paid it', async () => {
    await enterBill('OS-1001', '2026-11-01', '150.00');
    const { page } = app;
    await openRegister(app);
    await page.getByRole('grid', { name: 'Transactions of Business Current' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('radio', { name: 'Payment of a bill' }).check();
    await expect.poll(async () => page.getByRole('combobox', { name: 'Bill paid' }).locator('option:checked').textContent()).toBe('OS-1001 · Office Supplies Co · £150.00 to pay');
    await page.getByRole('button', { name: /Save and next/ }).click();
    await expect.poll(async () => (await app.book.json('GET', '/v2/bills')).body.bills[0].status).toBe('Paid');
  });

  it('deletes a bill after confirmation and puts it back with Ctrl+Z', async () => {
    await enterBill('OS-1001', '2026-11-01', '150.00');
    await enterBill('OS-1002', '2026-11-15', '48.00');
    const { page } = app;
    await page.keyboard.press('Alt+4');
    await expect.poll(firstRow).toContain('OS-1002');
    await grid().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Bill OS-1002' }).waitFor();
    await page.getByRole('button', { name: 'Delete bill' }).click();
    await page.getByRole('alertdialog', { name: 'Delete this bill?' }).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete bill' }).click();
    await page.getByText('Deleted bill OS-1002.').waitFor();
    expect(await billCount()).toBe(1);
    await page.locator('body').press('ControlOrMeta+z');
    await page.getByText('Undone: Deleted bill OS-1002.').waitFor();
    await expect.poll(billCount).toBe(2);
    await expect.poll(firstRow).toContain('OS-1002');
    expect(app.problems).toEqual([]);
  });
  it('opens a bill of 40 lines (the most a bill holds) with the lines in view on the page, the rest as it scrolls, every line kept on save', async () => {
    const items = Array.from({ length: 40 }, (_, index) => ({ category: '285', description: `Part ${index + 1}`, total_value: '1.00', sales_tax_status: 'EXEMPT' }));
    const bill = { contact: supplierUrl, reference: 'LONG-B', dated_on: '2026-11-01', due_on: '2026-11-30', bill_items: items };
    expect((await app.book.json('POST', '/v2/bills', { body: { bill } })).status).toBe(201);
    const { page } = app;
    await page.keyboard.press('Alt+4');
    await expect.poll(firstRow).toContain('LONG-B');
    await grid().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Bill LONG-B' }).waitFor();
    const description = (number: number) => page.getByRole('textbox', { name: `Line ${number} description`, exact: true });
    await expect.poll(() => description(1).inputValue()).toBe('Part 1');
    expect(await description(40).count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Bill lines' }).getAttribute('aria-rowcount')).toBe('41');
    // The Category heading names each line's picker: its own label is for screen readers, not drawn.
    expect((await page.locator('label', { hasText: /^Line 1 category/ }).boundingBox())?.height).toBeLessThanOrEqual(1);
    await page.getByText('£40.00').first().waitFor();

    await description(1).hover();
    await expect.poll(async () => {
      await page.mouse.wheel(0, 3000);
      return description(40).count();
    }, { timeout: 60_000 }).toBe(1);
    await description(40).fill('Part 40, changed');
    await page.keyboard.press('ControlOrMeta+s');
    await expect.poll(async () => {
      const saved = (await app.book.json('GET', '/v2/bills?nested_bill_items=true&view=all')).body.bills.find((candidate: { reference: string }) => candidate.reference === 'LONG-B');
      return [saved.bill_items.length, saved.bill_items[0].description, saved.bill_items.at(-1).description];
    }).toEqual([40, 'Part 1', 'Part 40, changed']);
    expect(app.problems).toEqual([]);
  });
});
