import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eachTestStartsOnOverview } from './fresh-window';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 10 item 5 and issue 24 by keys and clicks: a company's detailed profit and loss compared with the year before, its
 * balance sheet as at a date (balancing), the trial balance with a line drilled down to its postings
 * and on to the invoice that made them, and a report exported to CSV.
 */
// No test writes to the book; each starts on Overview and opens Reports itself, with the periods the
// window remembers forgotten, so they run in any order.
describe.shuffle('reports in browser mode', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    const { book } = app;
    book.book.sqlite.prepare("UPDATE company SET vat_registered = 1, vat_registration_number = 'GB123456782', sales_tax_effective_date = '2025-05-01'").run();
    const bank = await book.json('POST', '/v2/bank_accounts', { body: { bank_account: { type: 'StandardBankAccount', name: 'Business Current', opening_balance: '12000' } } });
    expect(bank.status).toBe(201);
    const customer = (await book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Northwind Traders' } } })).body.contact.url;
    const supplier = (await book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Office Supplies Co' } } })).body.contact.url;
    // Year 1 (to 30 April 2026): 300.00 of accountancy on credit.
    const journal = await book.json('POST', '/v2/journal_sets', { body: { journal_set: { dated_on: '2026-03-01', description: 'Accountancy, year 1', journal_entries: [{ category: '285', debit_value: '300' }, { category: '797', debit_value: '-300' }] } } });
    expect(journal.status).toBe(201);
    // Year 2: 40.00 of loan interest paid and 40.00 of interest received (the profit is unchanged by it),
    // shown after operating profit, never inside administrative expenses or other operating income.
    const interest = await book.json('POST', '/v2/journal_sets', { body: { journal_set: { dated_on: '2026-11-10', description: 'Interest', journal_entries: [{ category: '362', debit_value: '40' }, { category: '051', debit_value: '-40' }] } } });
    expect(interest.status).toBe(201);
    const invoice = await book.json('POST', '/v2/invoices', { body: { invoice: { contact: customer, dated_on: '2026-11-01', payment_terms_in_days: 30, invoice_items: [{ description: 'Consulting', item_type: 'Hours', price: '100', quantity: '10', sales_tax_rate: '20' }] } } });
    expect(invoice.status).toBe(201);
    expect((await book.json('PUT', `${new URL(invoice.body.invoice.url).pathname}/transitions/mark_as_sent`)).status).toBe(200);
    const bill = await book.json('POST', '/v2/bills', { body: { bill: { contact: supplier, reference: 'OS-1', dated_on: '2026-11-05', due_on: '2026-12-05', bill_items: [{ category: '285', total_value: '600', sales_tax_rate: '20' }] } } });
    expect(bill.status).toBe(201);
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.reload();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  eachTestStartsOnOverview(() => app, { width: 1280, height: 800 });

  // Reports open on the period each was last read for (report-memory.ts, the window's local storage):
  // a test that chose one must not choose the next test's, so each starts with none remembered.
  beforeEach(async () => {
    await app.page.evaluate(() => localStorage.removeItem('ledgerdesk.reports.periods'));
  });

  // Every test ran without Content-Security-Policy violations or page errors.
  afterEach(() => {
    expect(app.problems).toEqual([]);
  });

  /** Reports, as a person opens them: Alt+9. */
  async function openReports(): Promise<void> {
    await app.page.keyboard.press('Alt+9');
    await app.page.getByRole('heading', { name: 'Reports' }).waitFor();
  }

  const cells = async (table: string, row: string) => (await app.page.getByRole('table', { name: table }).getByRole('row', { name: new RegExp(`^${row}`) }).getByRole('cell').allTextContents()).map((text) => text.trim());

  it('shows profit and loss in detail for the accounting year to date, beside the previous year, by month, and opens a line\'s postings', async () => {
    const { page } = app;
    await openReports();
    const table = page.getByRole('table', { name: /Profit and loss, 1 May 2026 to 22 Nov 2026/ });
    await table.waitFor();
    expect(await cells('Profit and loss, 1 May 2026 to 22 Nov 2026', 'Total turnover')).toEqual(['£1,000.00']);
    expect(await cells('Profit and loss, 1 May 2026 to 22 Nov 2026', 'Total administrative expenses')).toEqual(['£500.00']);
    expect(await cells('Profit and loss, 1 May 2026 to 22 Nov 2026', 'Retained profit brought forward')).toEqual(['-£300.00']);
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Accounting year 2026/27' });
    await page.getByRole('table', { name: /1 May 2026 to 30 Apr 2027/ }).waitFor();
    await page.getByRole('combobox', { name: 'Beside it' }).selectOption({ label: 'The previous period' });
    await page.getByRole('columnheader', { name: '1 May 2025 to 30 Apr 2026' }).waitFor();
    // This year, last year and the change.
    expect(await cells('Profit and loss, 1 May 2026 to 30 Apr 2027', 'Total administrative expenses')).toEqual(['£500.00', '£300.00', '£200.00']);
    // Interest on its own lines after operating profit (Companies Act format 1 items 10 and 12).
    const rowsAfter = async (from: string) => {
      const labels = (await page.getByRole('table', { name: /1 May 2026 to 30 Apr 2027/ }).getByRole('rowheader').allTextContents()).map((text) => text.trim());
      return labels.slice(labels.indexOf(from), labels.indexOf(from) + 11);
    };
    expect(await rowsAfter('Operating profit')).toEqual([
      'Operating profit',
      'Interest receivable and similar income',
      '051 Interest Received',
      'Total interest receivable and similar income',
      'Interest payable and similar expenses',
      '362 Interest Payable',
      'Total interest payable and similar expenses',
      'Profit before taxation',
      '502 Tax on profit',
      'Profit for the financial year',
      '908 Dividends',
    ]);
    expect(await cells('Profit and loss, 1 May 2026 to 30 Apr 2027', 'Total interest receivable and similar income')).toEqual(['£40.00', '£0.00', '£40.00']);
    expect(await cells('Profit and loss, 1 May 2026 to 30 Apr 2027', 'Total interest payable and similar expenses')).toEqual(['£40.00', '£0.00', '£40.00']);
    expect(await cells('Profit and loss, 1 May 2026 to 30 Apr 2027', 'Profit before taxation')).toEqual(['£500.00', '-£300.00', '£800.00']);
    expect(await cells('Profit and loss, 1 May 2026 to 30 Apr 2027', 'Profit for the financial year')).toEqual(['£500.00', '-£300.00', '£800.00']);
    await page.getByRole('table', { name: /1 May 2026 to 30 Apr 2027/ }).getByRole('row', { name: /^Profit before taxation/ }).scrollIntoViewIfNeeded();
    await checkScreen(app, 'reports-profit-and-loss-interest');
    expect(await cells('Profit and loss, 1 May 2026 to 30 Apr 2027', 'Retained profit carried forward')).toEqual(['£200.00', '-£300.00', '£500.00']);
    // Year 1's loss of 300.00 is brought forward against year 2's 500.00 (CTA 2010 s45A): 200.00 taxable.
    await page.getByRole('region', { name: 'Corporation tax estimate' }).getByText(/On a taxable profit of £200\.00: £38\.00, due by 1 Feb 2028/).waitFor();
    await checkScreen(app, 'reports-profit-and-loss');

    // A category's line opens the postings behind it: the bill's 500.00 this year.
    await page.getByRole('button', { name: '285 Accommodation and Meals' }).click();
    await page.getByRole('heading', { name: /^285 Accommodation and Meals: postings from 1 May 2026 to 30 Apr 2027/ }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('combobox', { name: 'Beside it' }).selectOption({ label: 'Each month' });
    await page.getByRole('columnheader', { name: 'Nov 2026' }).waitFor();
    const months = await cells('Profit and loss, 1 May 2026 to 30 Apr 2027', 'Operating profit');
    expect(months).toHaveLength(13);
    expect(months[6]).toBe('£500.00');
    expect(months[12]).toBe('£500.00');
    await checkScreen(app, 'reports-profit-and-loss-by-month');
  });

  it('exports the report as CSV with the exact figures, two decimals each', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+9');
    await page.getByRole('tab', { name: 'Profit and loss' }).click();
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Accounting year 2026/27' });
    await page.getByRole('combobox', { name: 'Beside it' }).selectOption({ label: 'The previous period' });
    await page.getByRole('columnheader', { name: '1 May 2025 to 30 Apr 2026' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('profit-and-loss-2026-05-01-to-2027-04-30.csv');
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text).toContain('Code,Line,2026-05-01 to 2027-04-30,2025-05-01 to 2026-04-30,Change\r\n');
    expect(text).toContain(',Total turnover,1000.00,0.00,1000.00\r\n');
    expect(text).toContain(',Profit before taxation,500.00,-300.00,800.00\r\n');
  });

  it('shows the balance sheet as at a date, balancing', async () => {
    const { page } = app;
    await openReports();
    await page.getByRole('tab', { name: 'Balance sheet' }).click();
    const caption = /Balance sheet as at 22 Nov 2026/;
    await page.getByRole('table', { name: caption }).waitFor();
    const table = page.getByRole('table', { name: caption });
    expect((await table.getByRole('row', { name: /Trade Debtors/ }).getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual(['681', '£1,200.00']);
    // A limited company's sheet in the Companies Act format: net assets equal the shareholders' funds.
    expect((await table.getByRole('row', { name: /^Net assets/ }).getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual(['', '£200.00']);
    expect((await table.getByRole('row', { name: /^Total shareholders' funds/ }).getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual(['', '£200.00']);
    expect(await table.getByText('Creditors: amounts falling due within one year', { exact: true }).count()).toBe(1);
    await checkScreen(app, 'reports-balance-sheet');
    await page.getByRole('textbox', { name: 'As at' }).fill('30/04/2026');
    await page.getByRole('table', { name: /Balance sheet as at 30 Apr 2026/ }).waitFor();
    expect((await page.getByRole('table', { name: /30 Apr 2026/ }).getByRole('row', { name: /^Net liabilities/ }).getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual(['', '-£300.00']);
  });

  it('drills a trial balance line down to its postings and opens the invoice that made them', async () => {
    const { page } = app;
    await openReports();
    await page.getByRole('tab', { name: 'Trial balance' }).click();
    // The accounting year, whose postings the line opens (before, the profit and loss tests had chosen it).
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Accounting year 2026/27' });
    const grid = page.getByRole('grid', { name: 'Trial balance' });
    await grid.waitFor();
    await page.getByText('Total debits £14,140.00').waitFor();
    await page.getByText('Total credits £14,140.00').waitFor();
    await checkScreen(app, 'reports-trial-balance');
    await grid.getByRole('row', { name: /Sales/ }).dblclick();
    await page.getByRole('heading', { name: /001 Sales: postings from 1 May 2026 to 30 Apr 2027/ }).waitFor();
    const postings = page.getByRole('grid', { name: 'Postings on 001' });
    await postings.getByRole('row', { name: /Invoice/ }).waitFor();
    await checkScreen(app, 'reports-postings-behind');
    await postings.getByRole('row', { name: /Invoice/ }).dblclick();
    await page.getByRole('heading', { name: /Invoice/ }).first().waitFor();
    expect(app.problems).toEqual([]);
  });

  it('keeps the period chosen while the default year was still on its way', async () => {
    const { page } = app;
    // The accounting years arrive with the company, the default period later (held here): a choice made
    // in between was overwritten by the default when it came, under the person's hand.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route('**/v2/accounting/profit_and_loss/summary', async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    try {
      await openReports();
      await page.getByRole('tab', { name: 'Trial balance' }).click();
      const choice = page.getByRole('combobox', { name: 'Period' });
      await choice.selectOption({ label: 'Accounting year 2025/26' });
      await expect.poll(() => asked).toBe(true);
      const answered = page.waitForResponse((response) => response.url().includes('/v2/accounting/profit_and_loss/summary'));
      release();
      await answered;
      await page.getByRole('grid', { name: 'Trial balance' }).getByRole('row', { name: /Accommodation and Meals/ }).dblclick();
      await page.getByRole('heading', { name: /Accommodation and Meals: postings from 1 May 2025 to 30 Apr 2026/ }).waitFor();
      expect(await choice.locator('option:checked').textContent()).toBe('Accounting year 2025/26');
    } finally {
      release();
      await page.unroute('**/v2/accounting/profit_and_loss/summary');
    }
  });

  it('ages what customers owe and opens a customer from the aged debtors', async () => {
    const { page } = app;
    await page.getByRole('button', { name: /^Reports/ }).click();
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('tab', { name: 'Aged debtors' }).click();
    const grid = page.getByRole('grid', { name: 'Aged debtors as at 22 Nov 2026' });
    await grid.waitFor();
    const cells = (await grid.locator('[role=row][aria-rowindex="2"] [role=gridcell]').allTextContents()).map((text) => text.trim());
    expect(cells).toEqual(['Northwind Traders', '£1,200.00', '£0.00', '£0.00', '£0.00', '£0.00', '£1,200.00']);
    await page.getByText('Total GBP: £1,200.00, of which overdue £0.00').waitFor();
    await checkScreen(app, 'reports-aged-debtors');
    await page.getByRole('tab', { name: 'Aged creditors' }).click();
    await page.getByRole('grid', { name: 'Aged creditors as at 22 Nov 2026' }).getByText('Office Supplies Co').waitFor();
    await page.getByRole('tab', { name: 'Aged debtors' }).click();
    await grid.getByText('Northwind Traders').dblclick();
    // The customer's page: what they owe, with their invoices.
    await page.getByRole('heading', { name: 'Northwind Traders', exact: true }).waitFor();
    await page.getByRole('button', { name: /Change details/ }).waitFor();
    expect(app.problems).toEqual([]);
  });
});
