import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 10 item 4: the overview says where the business stands, each figure read from the engine's
 * reports and opening the screen behind it.
 */
// Each test makes what it needs (the book is only read) and starts on a freshly loaded Overview.
describe.shuffle('the overview figures in browser mode', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    const { book } = app;
    book.book.sqlite.prepare("UPDATE company SET vat_registered = 1, vat_registration_number = 'GB123456782', sales_tax_effective_date = '2026-08-01'").run();
    const bank = await book.json('POST', '/v2/bank_accounts', { body: { bank_account: { type: 'StandardBankAccount', name: 'Business Current', opening_balance: '12000' } } });
    const bankUrl = bank.body.bank_account.url as string;
    const upload = await book.json('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(bankUrl)}`, {
      body: { statement: [{ dated_on: '2026-11-12', description: 'CARD PAYMENT', amount: '-150.00' }, { dated_on: '2026-10-02', description: 'CUSTOMER', amount: '300.00' }] },
    });
    expect(upload.status).toBe(200);
    const lines = (await book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(bankUrl)}`)).body.bank_transactions as { url: string; amount: string }[];
    const received = lines.find((line) => line.amount.startsWith('300'))!;
    const explained = await book.json('POST', '/v2/bank_transaction_explanations', { body: { bank_transaction_explanation: { bank_transaction: received.url, category: '001', gross_value: '300', sales_tax_rate: '0' } } });
    expect(explained.status).toBe(201);
    const customer = (await book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Northwind Traders' } } })).body.contact.url;
    const invoice = await book.json('POST', '/v2/invoices', { body: { invoice: { contact: customer, dated_on: '2026-08-01', payment_terms_in_days: 30, invoice_items: [{ description: 'Consulting', item_type: 'Hours', price: '100', quantity: '10', sales_tax_rate: '20' }] } } });
    expect((await book.json('PUT', `${new URL(invoice.body.invoice.url).pathname}/transitions/mark_as_sent`)).status).toBe(200);
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.reload();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(async () => {
    await app.page.reload();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  const card = (label: string) => app.page.getByRole('region', { name: 'Where the business stands' }).getByRole('button', { name: new RegExp(`^${label}`) });

  it('shows the bank, what is to explain, owed both ways, the year\'s profit and the VAT due next', async () => {
    await card('In the bank').getByText('£12,150.00').waitFor();
    expect(await card('To explain').textContent()).toMatch(/1\s*bank line waiting for a category/);
    await card('Owed to you').getByText('overdue £1,200.00').waitFor();
    expect(await card('Owed to you').textContent()).toContain('overdue £1,200.00');
    expect(await card('You owe').textContent()).toContain('£0.00');
    expect(await card('Profit this year so far').textContent()).toContain('£1,300.00');
    // The quarter to 31 October 2026 holds the August invoice's 200.00 of VAT; it is due on 7 December.
    await card('VAT').getByText('£200.00').waitFor();
    expect(await card('VAT').textContent()).toContain('due 7 Dec 2026');
    await app.page.getByRole('row', { name: /^Oct 2026/ }).waitFor();
    expect((await app.page.getByRole('row', { name: /^Oct 2026/ }).getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual(['£300.00', '£0.00', '£300.00']);
    await checkScreen(app, 'overview-figures');
  });

  it('opens the report behind a figure', async () => {
    await card('Owed to you').click();
    await app.page.getByRole('grid', { name: /Aged debtors as at/ }).getByText('Northwind Traders').waitFor();
    expect(app.problems).toEqual([]);
  });
});
