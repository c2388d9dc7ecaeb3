import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { bankAccount } from './banking-helpers';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { createSet, entry } from './journal-helpers';
import { postBill } from './purchases-helpers';
import { contact, item, pay, sentInvoice } from './sales-helpers';

// pdf.js reads the 14 standard fonts' metrics from its own folder.
const standardFontDataUrl = `${join(process.cwd(), 'node_modules', 'pdfjs-dist', 'standard_fonts')}/`;

/** A report's PDF read back as a PDF reader would: the text of each page. */
async function pdfPages(t: TestBook, report: string, query = '', token?: string): Promise<string[]> {
  const response = await t.json('GET', `/v2/reports/${report}/pdf${query}`, { token });
  if (response.status !== 200) throw new Error(`pdf: ${response.status} ${JSON.stringify(response.body)}`);
  const bytes = new Uint8Array(Buffer.from(response.body.pdf.content, 'base64'));
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const pdf = await getDocument({ data: bytes, standardFontDataUrl, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((entry) => ('str' in entry ? entry.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  return pages;
}

/** Example Ltd (year 2 from 1 May 2026): 12,000.00 opening, an invoice of 1,200.00 part paid (600.00), a bill of 600.00 unpaid. */
async function yearOfBooks(): Promise<TestBook> {
  const t = createTestBook({ vatRegistered: true });
  const bank = await bankAccount(t, { name: 'Current', opening_balance: '12000' });
  await createSet(t, { dated_on: '2026-03-01', description: 'Accountancy, year 1', journal_entries: [entry('285', '300'), entry('797', '-300')] });
  const customer = await contact(t, { organisation_name: 'Acme Ltd' });
  const sale = await sentInvoice(t, { contact: customer, dated_on: '2026-09-01', invoice_items: [item({ price: '100', quantity: '10', sales_tax_rate: '20' })] });
  expect((await pay(t, sale.url, '600', { account: bank, dated_on: '2026-11-10' })).status).toBe(201);
  const supplier = await contact(t, { organisation_name: 'Supplies Ltd' });
  expect((await postBill(t, supplier, { dated_on: '2026-11-05', due_on: '2026-12-05', bill_items: [{ category: `${ORIGIN}/v2/categories/285`, total_value: '600', sales_tax_rate: '20' }] })).status).toBe(201);
  return t;
}

describe('GET /v2/reports/:report/pdf (Ledgerdesk extension)', () => {
  it('prints the profit and loss as text with the JSON’s figures, beside the previous period when asked', async () => {
    const t = await yearOfBooks();
    const json = (await t.json('GET', '/v2/accounting/profit_and_loss/summary?from_date=2026-05-01&to_date=2026-11-22')).body.profit_and_loss_summary;
    // The whole accounting year compared with the one before it, each category on its line (issue 24 item 2).
    const [page] = await pdfPages(t, 'profit_and_loss', '?from_date=2026-05-01&to_date=2027-04-30&compare=previous_period');
    expect(page).toContain('Example Ltd');
    expect(page).toContain('Profit and loss');
    expect(page).toContain('2026-05-01 to 2027-04-30, compared with 2025-05-01 to 2026-04-30');
    expect(json.income).toBe('1000.0');
    expect(page).toMatch(/001 Sales £1,000\.00 £0\.00 £1,000\.00/);
    expect(page).toMatch(/Total administrative expenses £500\.00 £300\.00 £200\.00/);
    expect(page).toMatch(/Operating profit £500\.00 -£300\.00 £800\.00/);
  });

  it('prints the balance sheet, the trial balance, the cashflow and the aged reports, each with its own figures', async () => {
    const t = await yearOfBooks();
    const [sheet] = await pdfPages(t, 'balance_sheet', '?as_at_date=2026-11-22');
    expect(sheet).toContain('As at 2026-11-22');
    expect(sheet).toMatch(/Net assets £/);
    const total = (await t.json('GET', '/v2/accounting/balance_sheet?as_at_date=2026-11-22')).body.balance_sheet.total_assets as string;
    expect(sheet).toContain(`Net assets £${Number(total.split('.')[0]).toLocaleString('en-GB')}.${(total.split('.')[1] ?? '').padEnd(2, '0')}`);

    const [trial] = await pdfPages(t, 'trial_balance', '?from_date=2026-05-01&to_date=2026-11-22');
    expect(trial).toContain('Trial balance');
    expect(trial).toMatch(/001 Sales £1,000\.00|001 Sales\s+£1,000\.00/);

    const [flow] = await pdfPages(t, 'cashflow', '?from_date=2026-05-01&to_date=2026-11-22');
    expect(flow).toContain('2026-11 £600.00 £0.00');
    expect(flow).toContain('Total £600.00 £0.00');

    const [debtors] = await pdfPages(t, 'aged_debtors', '?as_at_date=2026-11-22');
    expect(debtors).toContain('Aged debtors');
    expect(debtors).toContain('Acme Ltd GBP');
    const [creditors] = await pdfPages(t, 'aged_creditors', '?as_at_date=2026-11-22');
    expect(creditors).toContain('Supplies Ltd GBP £600.00');
  });

  it('breaks a long report across pages with the headings repeated', async () => {
    const t = createTestBook();
    for (let index = 0; index < 40; index++) await contact(t, { organisation_name: `Customer ${String(index).padStart(2, '0')}` });
    const customers = (await t.json('GET', '/v2/contacts?per_page=100')).body.contacts as { url: string; organisation_name: string }[];
    for (const customer of customers) await sentInvoice(t, { contact: customer.url, dated_on: '2026-10-01', invoice_items: [item({ price: '10', quantity: '1' })] });
    const pages = await pdfPages(t, 'aged_debtors', '?as_at_date=2026-11-22');
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain('Contact Currency 0-30 days');
    expect(pages.join(' ')).toContain('Customer 39');
    // Forty customers and their invoices are many requests; a busy machine needs longer than the default.
  }, 60_000);

  it('refuses what the report refuses, and keeps out a level that may not read it', async () => {
    const t = createTestBook();
    expect((await t.json('GET', '/v2/reports/balance_sheet/pdf?as_at_date=2026-02-30')).status).toBe(400);
    expect((await t.json('GET', '/v2/reports/profit_and_loss/pdf?compare=last_week')).status).toBe(400);
    const banking = await t.userWithLevel(Level.Banking);
    expect((await t.json('GET', '/v2/reports/trial_balance/pdf?from_date=2026-05-01&to_date=2026-11-22', { token: banking })).status).toBe(403);
    expect((await t.json('GET', '/v2/reports/cashflow/pdf', { token: banking })).status).toBe(200);
    expect((await t.json('GET', '/v2/reports/nonsense/pdf')).status).toBe(404);
  });
});
