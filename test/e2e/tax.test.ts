import { describe, expect, it } from 'vitest';
import { postDocument } from '../engine/report-fixtures';
import { chooseCategoryByCode, openRegister } from './accounts';
import { checkScreen } from './screens';
import { useBookOpener } from './fresh-book';
import type { AppSession } from './session';
import type { TestBook } from '../engine/harness';

interface Contacts {
  customer: string;
  supplier: string;
}

/**
 * Issue 10 item 6 by keys and clicks: a company not registered for VAT is told where registration is
 * set; once registered, a sale with VAT and a bill are entered, the quarter's return is opened with
 * Alt+0, boxes 1 and 4 are checked to the penny, box 1 is traced to the invoice behind it, the return
 * is marked filed, an edit to the bill that would move the filed figures is refused naming the box, a
 * bank line in the filed quarter is explained when its VAT moves nothing (and refused when it would),
 * the return is marked unfiled again, and its payment marked paid. Then the director's self
 * assessment return, read-only, with how its bill is estimated.
 * The engine's clock is fixed at 2026-11-22: the quarter 1 Aug - 31 Oct 2026 has ended and is due
 * by 7 Dec 2026. Where a step needs what an earlier one entered by keys, the same records are put in
 * through the API (saleAndBill), so each step stands alone.
 */
// Each test makes what it needs, in a book of its own: a quarter's figures and its lock are the book's.
describe.shuffle('VAT returns in browser mode', () => {
  const opener = useBookOpener();
  let app: AppSession;

  /** Registered from 1 May 2025, quarterly, as a first run or Settings would record it. */
  function register(book: TestBook) {
    book.book.sqlite.prepare("UPDATE company SET vat_registered = 1, vat_registration_number = 'GB123456782', sales_tax_effective_date = '2025-05-01'").run();
  }

  /**
   * What the quarter 1 Aug - 31 Oct 2026 holds in these tests, as the two tests that enter them by keys
   * leave it: invoice 001 of 2 x 450.55 with VAT at 20% (180.22), sent, and bill PS-31 of 240.30 with
   * VAT at 20% in it (40.05).
   */
  async function saleAndBill(book: TestBook, contacts: Contacts) {
    register(book);
    const invoice = await book.json('POST', '/v2/invoices', {
      body: { invoice: { contact: contacts.customer, dated_on: '2026-09-15', invoice_items: [{ description: 'Consulting', item_type: 'Hours', quantity: '2', price: '450.55', sales_tax_rate: '20' }] } },
    });
    expect(invoice.status).toBe(201);
    expect((await book.json('PUT', `${new URL(invoice.body.invoice.url).pathname}/transitions/mark_as_sent`)).status).toBe(200);
    expect((await book.json('GET', '/v2/invoices')).body.invoices[0]).toMatchObject({ reference: '001', sales_tax_value: '180.22', total_value: '1081.32' });
    const bill = await book.json('POST', '/v2/bills', {
      body: {
        bill: {
          contact: contacts.supplier,
          reference: 'PS-31',
          dated_on: '2026-10-05',
          due_on: '2026-11-04',
          bill_items: [{ category: '285', total_value: '240.30', sales_tax_rate: '20', sales_tax_status: 'TAXABLE' }],
        },
      },
    });
    expect(bill.status).toBe(201);
  }

  /** As saleAndBill, with the quarter's return marked filed (its figures frozen). */
  async function saleAndBillFiled(book: TestBook, contacts: Contacts) {
    await saleAndBill(book, contacts);
    expect((await book.json('PUT', `/v2/vat_returns/${quarter}/mark_as_filed`)).status).toBe(200);
  }

  /** As saleAndBillFiled, with an unexplained payment of 300.00 on 20 Oct 2026 in Business Current. */
  async function filedWithLine(book: TestBook, contacts: Contacts) {
    await saleAndBill(book, contacts);
    const account = await book.json('POST', '/v2/bank_accounts', { body: { bank_account: { type: 'StandardBankAccount', name: 'Business Current', opening_balance: '0' } } });
    expect(account.status).toBe(201);
    const statement = [{ dated_on: '2026-10-20', description: 'HMRC CORPORATION TAX', amount: '-300.00' }];
    expect((await book.json('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(account.body.bank_account.url)}`, { body: { statement } })).status).toBe(200);
    expect((await book.json('PUT', `/v2/vat_returns/${quarter}/mark_as_filed`)).status).toBe(200);
  }

  /**
   * A new book with the customer and the supplier and what `prepare` adds, the window opened on its
   * Overview at 1280x800.
   */
  async function openBook(prepare: (book: TestBook, contacts: Contacts) => Promise<void> | void = () => undefined) {
    app = await opener.open({
      viewport: { width: 1280, height: 800 },
      async prepare(book) {
        const customer = await book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Bright Customer Ltd' } } });
        const supplier = await book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Paper Supplies Ltd' } } });
        expect([customer.status, supplier.status]).toEqual([201, 201]);
        await prepare(book, { customer: customer.body.contact.url, supplier: supplier.body.contact.url });
      },
    });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  }

  const quarter = '2026-10-31';
  const returnRecord = async () => (await app.book.json('GET', `/v2/vat_returns/${quarter}`)).body.vat_return;
  const returnsGrid = () => app.page.getByRole('grid', { name: 'VAT returns' });
  const gridRow = (index: number) => returnsGrid().locator(`[role=row][aria-rowindex="${index + 2}"] [role=gridcell]`);

  async function openQuarter() {
    const { page } = app;
    await page.keyboard.press('Alt+0');
    await page.getByRole('heading', { name: 'VAT returns' }).waitFor();
    // Newest first: the running quarter, then the one that has ended.
    await expect.poll(async () => (await gridRow(1).first().textContent())?.trim()).toBe('1 Aug 2026 – 31 Oct 2026');
    await returnsGrid().focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'VAT return 1 Aug 2026 – 31 Oct 2026' }).waitFor();
  }

  it('tells a company that is not registered for VAT where registration is set (Tax opens with Alt+0)', async () => {
    await openBook();
    const { page } = app;
    await page.keyboard.press('Alt+0');
    await page.getByRole('heading', { name: 'Tax', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'This company is not registered for VAT' }).waitFor();
    await page.getByText('is set in Settings, and the Settings screen is not built yet').waitFor();
    await checkScreen(app, 'tax-not-registered');
  });

  it('raises a sale with VAT in the quarter', async () => {
    await openBook(register);
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New invoice' }).waitFor();
    await page.getByRole('combobox', { name: 'Contact' }).click();
    await page.keyboard.type('Bright');
    await page.getByRole('listbox').getByRole('option', { name: /Bright Customer Ltd/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('15/09/2026');
    await page.getByRole('textbox', { name: 'Line 1 description', exact: true }).fill('Consulting');
    await page.getByRole('textbox', { name: 'Line 1 quantity', exact: true }).fill('2');
    await page.getByRole('textbox', { name: 'Line 1 price', exact: true }).fill('450.55');
    await page.getByRole('combobox', { name: 'Line 1 VAT', exact: true }).selectOption('20');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('heading', { name: 'Invoice 001' }).waitFor();
    await page.getByRole('button', { name: 'Mark as sent' }).click();
    await page.getByText('Marked invoice 001 as sent.').waitFor();
    expect((await app.book.json('GET', '/v2/invoices')).body.invoices[0]).toMatchObject({ reference: '001', sales_tax_value: '180.22', total_value: '1081.32' });
  });

  it('enters a supplier bill with VAT in the quarter', async () => {
    await openBook(register);
    const { page } = app;
    await page.keyboard.press('Alt+4');
    await page.getByRole('heading', { name: 'Bills' }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New bill' }).waitFor();
    await page.getByRole('combobox', { name: 'Supplier' }).click();
    await page.keyboard.type('Paper');
    await page.getByRole('listbox').getByRole('option', { name: /Paper Supplies Ltd/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Reference' }).fill('PS-31');
    await page.getByRole('textbox', { name: 'Date', exact: true }).fill('05/10/2026');
    await page.getByRole('combobox', { name: 'Line 1 category' }).click();
    await page.keyboard.type('285');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Line 1 amount' }).fill('240.30');
    await page.getByRole('combobox', { name: 'Line 1 VAT' }).selectOption('20');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByRole('heading', { name: 'Bill PS-31' }).waitFor();
    expect((await app.book.json('GET', '/v2/bills?nested_bill_items=true')).body.bills[0]).toMatchObject({
      reference: 'PS-31',
      total_value: '240.3',
      bill_items: [expect.objectContaining({ total_value: '240.3', sales_tax_status: 'TAXABLE' })],
    });
    await page.keyboard.press('Escape');
  });

  it('lists the quarter with its due date, status and net VAT, and opens it', async () => {
    await openBook(saleAndBill);
    const { page } = app;
    await page.keyboard.press('Alt+0');
    await page.getByRole('heading', { name: 'VAT returns' }).waitFor();
    // 180.22 charged less 40.05 reclaimed. Whether it is overdue follows the computer's date.
    await expect.poll(async () => (await gridRow(1).allTextContents()).map((text) => text.trim())).toEqual([
      '1 Aug 2026 – 31 Oct 2026',
      '7 Dec 2026',
      expect.stringMatching(/^(To file|Overdue)$/),
      '£140.17',
      expect.stringMatching(/^Unpaid/),
    ]);
    expect((await gridRow(0).allTextContents()).map((text) => text.trim()).slice(0, 3)).toEqual(['1 Nov 2026 – 31 Jan 2027', '7 Mar 2027', expect.any(String)]);
    // Every quarter since registration has ended unfiled: the oldest comes first.
    await page.getByText(/^6 returns to file, (5 of them|all) overdue; the oldest is 1 May 2025 – 31 Jul 2025, due by 7 Sept 2025\.$/).waitFor();
    await page.getByText(/^Net VAT is box 5: what to pay HMRC, or to reclaim when negative/).waitFor();
    await checkScreen(app, 'tax-vat-returns');
    await openQuarter();
  });

  it('shows boxes 1 and 4 to the penny, and box 1 traced to the invoice behind it', async () => {
    await openBook(saleAndBill);
    await openQuarter();
    const { page } = app;
    const box = (number: number) => page.getByRole('button', { name: new RegExp(`^Box ${number}: `) });
    await expect.poll(() => box(1).getAttribute('aria-label')).toBe('Box 1: VAT due in the period on sales and other outputs, £180.22');
    expect(await box(4).getAttribute('aria-label')).toMatch(/^Box 4: VAT reclaimed in the period on purchases and other inputs .*, £40\.05$/);
    expect(await box(5).getAttribute('aria-label')).toMatch(/, £140\.17$/);
    // Whole pounds: 901.10 of sales and 200.25 of purchases.
    expect(await box(6).getAttribute('aria-label')).toMatch(/, £901\.00$/);
    expect(await box(7).getAttribute('aria-label')).toMatch(/, £200\.00$/);
    expect(await box(9).getAttribute('aria-label')).toMatch(/^Box 9: Total value of acquisitions of goods .* from EU Member States, £0\.00$/);

    await box(1).click();
    const behind = page.getByRole('table', { name: 'Transactions behind box 1' });
    await behind.waitFor();
    const rows = async () => (await behind.locator('tbody tr').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
    expect(await rows()).toEqual(['15 Sept 2026 Invoice 001 819 VAT Charged Invoice £180.22']);
    expect((await behind.locator('tfoot').innerText()).replace(/\s+/g, ' ').trim()).toBe('Total of these transactions £180.22');
    await checkScreen(app, 'tax-vat-return-box-1');

    // Box 4 by its key: the bill.
    await page.keyboard.press('4');
    const reclaimed = page.getByRole('table', { name: 'Transactions behind box 4' });
    await expect.poll(async () => (await reclaimed.locator('tbody tr').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
      '5 Oct 2026 PS-31 818 VAT Reclaimed Bill £40.05',
    ]);

    await page.keyboard.press('1');
    await behind.getByRole('button', { name: 'Open invoice: Invoice 001' }).click();
    await page.getByRole('heading', { name: 'Invoice 001' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Line 1 description', exact: true }).inputValue()).toBe('Consulting');
  });

  it('marks the return filed after a plain warning, and shows the frozen figures', async () => {
    await openBook(saleAndBill);
    const { page } = app;
    await openQuarter();
    await page.getByRole('button', { name: 'Mark as filed' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Mark this VAT return as filed?' });
    await dialog.waitFor();
    const warning = await dialog.innerText();
    expect(warning).toContain('freezes its figures as they are now (box 5: £140.17)');
    expect(warning).toContain('a change that would move them (an invoice, a bill or a bank transaction with VAT dated in the period) is refused, until the return is marked as unfiled');
    expect(warning).toContain('one that moves none of them, such as a year-end journal, is saved as usual');
    await checkScreen(app, 'tax-file-confirm');
    // Cancel first: nothing happens.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await returnRecord()).filing_status).toBe('unfiled');

    await page.getByRole('button', { name: 'Mark as filed' }).click();
    await dialog.getByRole('button', { name: 'Mark as filed' }).click();
    await page.getByText('Marked the VAT return for 1 Aug 2026 – 31 Oct 2026 as filed.').waitFor();
    await page.getByText('Marked as filed', { exact: true }).waitFor();
    await page.getByText(/These are the figures the return was filed with: they are frozen/).waitFor();
    await page.getByRole('button', { name: 'Mark as unfiled' }).waitFor();
    expect(await returnRecord()).toMatchObject({ filing_status: 'marked_as_filed', payments: [{ amount_due: '140.17' }] });
    expect((await app.book.json('GET', '/v2/account_locks')).body.account_locks[0]).toMatchObject({ locked_to_date: quarter });
    await page.getByRole('button', { name: /^Box 1: / }).click();
    await page.getByRole('table', { name: 'Transactions behind box 1' }).waitFor();
    await checkScreen(app, 'tax-vat-return-filed');
  });

  it('refuses an edit to a bill that would move the filed figures, naming the box', async () => {
    await openBook(saleAndBillFiled);
    const { page } = app;
    await page.keyboard.press('Alt+4');
    await page.getByRole('heading', { name: 'Bills' }).waitFor();
    await page.getByRole('tab', { name: /^All/ }).click();
    const grid = page.getByRole('grid', { name: 'Bills' });
    await expect.poll(async () => (await grid.locator('[role=row][aria-rowindex="2"] [role=gridcell]').allTextContents()).map((text) => text.trim())[2]).toBe('PS-31');
    await grid.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Bill PS-31' }).waitFor();
    await page.getByRole('textbox', { name: 'Line 1 amount' }).fill('250.00');
    await page.keyboard.press('ControlOrMeta+s');
    // 250.00 with VAT at 20% in it holds 41.67 of VAT, where the return was filed with 40.05 from it.
    await page
      .getByText(
        "The VAT return for the period ending 2026-10-31 is filed, and this change would move its box 4 from £40.05 (as filed) to £41.67; a filed return's figures cannot change, so nothing was saved (put a VAT error right on a later return, VAT Notice 700/45, or mark the return as unfiled if it was never sent).",
      )
      .waitFor();
    // The figures are the reason, not the date.
    expect(await page.getByRole('textbox', { name: 'Date', exact: true }).getAttribute('aria-invalid')).not.toBe('true');
    expect((await app.book.json('GET', '/v2/bills')).body.bills[0].total_value).toBe('240.3');
    await checkScreen(app, 'tax-bill-refused');
    // Leaving a changed bill asks first (issue 19 drafts): the refused change is thrown away.
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Bill PS-31' }).waitFor({ state: 'hidden' });
  });

  it('explains a bank line in the filed quarter when its VAT moves nothing, and refuses VAT on it naming the box', async () => {
    await openBook(filedWithLine);
    const { page } = app;
    await openRegister(app);
    const grid = page.getByRole('grid', { name: 'Transactions of Business Current' });
    await expect.poll(() => grid.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor();
    const panel = page.locator('form[aria-labelledby="explain-title"]');
    await panel
      .getByRole('note')
      .getByText("VAT returns are filed up to 31 Oct 2026: a change that would move a filed return's figures is refused; anything else saves as usual.")
      .waitFor();
    await page.getByRole('combobox', { name: 'Category' }).focus();
    await chooseCategoryByCode(app, '285');
    // With the category's own VAT (20%) the 300.00 holds 50.00 to reclaim: box 4 would go from 40.05 to 90.05.
    await page.keyboard.press('Enter');
    await panel.getByText(/^The VAT return for the period ending 2026-10-31 is filed, and this change would move its box 4 from £40\.05 \(as filed\) to £90\.05;/).waitFor();
    await checkScreen(app, 'tax-filed-line-refused');
    // Out of scope it moves no box: saved.
    await page.getByRole('combobox', { name: 'VAT', exact: true }).focus();
    await page.getByRole('combobox', { name: 'VAT', exact: true }).selectOption({ label: 'Out of scope' });
    await panel.getByRole('button', { name: /^Save and next/ }).click();
    const account = (await app.book.json('GET', '/v2/bank_accounts')).body.bank_accounts.find((found: { name: string }) => found.name === 'Business Current').url as string;
    const explained = async () =>
      (await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}`)).body.bank_transactions[0].bank_transaction_explanations;
    await expect.poll(explained).toMatchObject([{ sales_tax_status: 'OUT_OF_SCOPE' }]);
    expect(await panel.getByText(/would move its box/).count()).toBe(0);
    expect((await returnRecord()).payments[0].amount_due).toBe('140.17');
  });

  it('marks the return unfiled to correct a mistake, after confirming, and the bill can be changed again', async () => {
    await openBook(saleAndBillFiled);
    const { page } = app;
    await openQuarter();
    await page.getByRole('button', { name: 'Mark as unfiled' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Mark this VAT return as unfiled?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('lifts the lock on its figures for the period to 31 Oct 2026');
    await dialog.getByRole('button', { name: 'Mark as unfiled' }).click();
    await page.getByText('Marked the VAT return for 1 Aug 2026 – 31 Oct 2026 as unfiled.').waitFor();
    await page.getByRole('button', { name: 'Mark as filed' }).waitFor();
    expect((await returnRecord()).filing_status).toBe('unfiled');
    expect((await app.book.json('GET', '/v2/account_locks')).body.account_locks).toEqual([]);
    const bill = (await app.book.json('GET', '/v2/bills')).body.bills[0];
    expect((await app.book.json('PUT', new URL(bill.url).pathname, { body: { bill: { comments: 'Checked against the return' } } })).status).toBe(200);
  });

  it('marks the payment paid and unpaid', async () => {
    await openBook(saleAndBill);
    await openQuarter();
    const { page } = app;
    const payments = page.getByRole('table', { name: 'Payment' });
    await expect.poll(async () => (await payments.locator('tbody tr').innerText()).replace(/\s+/g, ' ').trim()).toMatch(/^VAT Payment 7 Dec 2026 £140\.17 Unpaid(, overdue)? Mark as paid$/);
    await payments.getByRole('button', { name: 'Mark as paid' }).click();
    await page.getByText('VAT Payment due 7 Dec 2026 marked as paid.').waitFor();
    await expect.poll(async () => (await payments.locator('tbody tr').innerText()).replace(/\s+/g, ' ').trim()).toBe('VAT Payment 7 Dec 2026 £140.17 Paid Mark as unpaid');
    expect((await returnRecord()).payments[0].status).toBe('marked_as_paid');
    await checkScreen(app, 'tax-vat-return-paid');
    await payments.getByRole('button', { name: 'Mark as unpaid' }).click();
    await expect.poll(async () => (await returnRecord()).payments[0].status).toBe('unpaid');
    await page.keyboard.press('Escape');
    await returnsGrid().waitFor();
  });

  it('offers no filing for the quarter still running, and says why', async () => {
    await openBook(register);
    const { page } = app;
    await page.keyboard.press('Alt+0');
    await page.getByRole('heading', { name: 'VAT returns' }).waitFor();
    await returnsGrid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'VAT return 1 Nov 2026 – 31 Jan 2027' }).waitFor();
    await page.getByText('The period has not ended yet, so these figures can still change and the return cannot be filed.').waitFor();
    expect(await page.getByRole('button', { name: 'Mark as filed' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await returnsGrid().waitFor();
  });

  it('shows the director’s self assessment returns with how the bill is estimated, read-only', async () => {
    await openBook(register);
    const { page } = app;
    await page.keyboard.press('Alt+0');
    await page.getByRole('heading', { name: 'VAT returns' }).waitFor();
    // A dividend of 20,000 to the owner (a director) in 2025/26, as a journal would post it.
    const owner = app.book.ownerId;
    postDocument(app.book, '2025-12-01', [{ code: `908-${owner}`, debit: 2_000_000 }, { code: `907-${owner}`, debit: -2_000_000 }]);
    await page.getByRole('tab', { name: 'Self assessment' }).click();
    await page.getByText('Olive Owner (Director)').waitFor();
    const years = page.getByRole('table', { name: 'Self assessment returns of Olive Owner' });
    await expect.poll(async () => (await years.locator('tbody tr').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim())).toEqual([
      // Whether a year is current, to file or overdue follows the computer's date.
      expect.stringMatching(/^2026\/27 31 Jan 2028 (Current period|To file|Overdue) £0\.00$/),
      expect.stringMatching(/^2025\/26 31 Jan 2027 (To file|Overdue) £606\.37$/),
    ]);
    await years.getByRole('button', { name: '2025/26' }).click();
    const parts = page.getByRole('definition');
    // 20,000 of dividends: 12,570 allowance, 500 at 0%, 6,930 at 8.75%.
    await expect.poll(async () => (await parts.allInnerTexts()).map((text) => text.trim())).toEqual(['£20,000.00', '£606.37', '£606.37']);
    expect(await page.getByRole('term').allInnerTexts()).toEqual(['Dividends', 'Income tax', 'Estimated bill']);
    const payments = page.getByRole('table', { name: 'Payments for 2025/26' });
    expect((await payments.locator('tbody tr').innerText()).replace(/\s+/g, ' ').trim()).toBe('Balancing Payment 31 Jan 2027 £606.37 Unpaid');
    expect(await page.getByRole('button', { name: /Mark as/ }).count()).toBe(0);
    await checkScreen(app, 'tax-self-assessment');
    expect(app.problems).toEqual([]);
  });
});
