import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { bankAccount } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { estimate } from './estimate-helpers';
import { contact, creditNote, invoice, item } from './sales-helpers';

const path = (url: string) => new URL(url).pathname;
// pdf.js reads the 14 standard fonts' metrics from its own folder.
const standardFontDataUrl = `${join(process.cwd(), 'node_modules', 'pdfjs-dist', 'standard_fonts')}/`;

/** The PDF of a document read back as a person's PDF reader would: the text of each page. */
async function pdfPages(t: TestBook, url: string, token?: string): Promise<string[]> {
  const response = await t.json('GET', `${path(url)}/pdf`, { token });
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

async function sellingBook(): Promise<{ t: TestBook; customer: string }> {
  const t = createTestBook({ vatRegistered: true });
  t.book.sqlite.prepare("UPDATE company SET address1 = '1 High Street', town = 'Leeds', postcode = 'LS1 1AA', vat_registration_number = 'GB123456782', company_registration_number = '01234567'").run();
  await bankAccount(t, { name: 'Business Current', bank_name: 'Example Bank', sort_code: '12-34-56', account_number: '12345678' });
  const customer = await contact(t, { organisation_name: 'Acme Ltd', address1: '5 Mill Lane', town: 'York', postcode: 'YO1 2AB' });
  return { t, customer };
}

describe('GET /v2/invoices/:id/pdf', () => {
  it('answers {"pdf":{"content":base64}} with the invoice as real text: seller, customer, dates, items with VAT, VAT by rate, totals, bank details, terms', async () => {
    const { t, customer } = await sellingBook();
    const draft = await invoice(t, {
      contact: customer,
      dated_on: '2026-11-01',
      payment_terms_in_days: 14,
      comments: 'Thank you for your business.',
      invoice_items: [
        item({ description: 'Bookkeeping', item_type: 'Hours', price: '45', quantity: '10' }),
        item({ description: 'Printed books', item_type: 'Products', price: '12.50', quantity: '2', sales_tax_rate: '0' }),
      ],
    });
    const [page, ...rest] = await pdfPages(t, draft.url);
    expect(rest).toEqual([]);
    for (const text of [
      'Example Ltd', '1 High Street', 'Leeds', 'LS1 1AA', 'VAT registration number GB123456782', 'Company number 01234567',
      'INVOICE', `Invoice number: ${draft.reference}`, 'Date: 1 November 2026', 'Due: 15 November 2026',
      'Acme Ltd', '5 Mill Lane', 'York', 'YO1 2AB',
      'Bookkeeping', '10 hours', '45.00', '20%', '£450.00', 'Printed books', '2 products', '12.50', '0%', '£25.00',
      'Net', '£475.00', 'VAT at 20% on £450.00', '£90.00', 'VAT at 0% on £25.00', 'Total (GBP)', '£565.00',
      'Sort code: 12-34-56', 'Account number: 12345678', 'Payment is due within 14 days, by 15 November 2026.', 'Thank you for your business.',
      // Issue 24 item 5: the registration UK company law asks business documents to show.
      'Example Ltd is registered in England and Wales, company number 01234567. Registered office: 1 High Street, Leeds, LS1 1AA.',
    ]) {
      expect(page, text).toContain(text);
    }
  });

  it('shows a discount before VAT, and a foreign document in its own currency', async () => {
    const { t, customer } = await sellingBook();
    const discounted = await invoice(t, { contact: customer, discount_percent: '10' });
    const [page] = await pdfPages(t, discounted.url);
    for (const text of ['Subtotal before discount', '£100.00', 'Discount 10%', '-£10.00', 'Net', '£90.00', 'VAT at 20% on £90.00', '£18.00', '£108.00']) expect(page, text).toContain(text);

    const euro = await invoice(t, { contact: customer, currency: 'EUR', exchange_rate: '0.85', invoice_items: [item({ price: '1000' })] });
    const [euroPage] = await pdfPages(t, euro.url);
    expect(euroPage).toContain('Total (EUR)');
    expect(euroPage).toContain('€1,200.00');
    // No EUR account: no bank details that would send euros to a sterling account.
    expect(euroPage).not.toContain('Sort code');
  });

  it('breaks a long invoice over pages with the table heading repeated and the totals kept whole on one page', async () => {
    const { t, customer } = await sellingBook();
    const items = Array.from({ length: 70 }, (_, index) => item({ description: `Line ${index + 1}`, price: '1' }));
    const long = await invoice(t, { contact: customer, invoice_items: items });
    const pages = await pdfPages(t, long.url);
    expect(pages.length).toBeGreaterThan(1);
    // Every page that carries lines carries the table's heading.
    const withLines = pages.filter((page) => /Line \d+/.test(page));
    expect(withLines.length).toBeGreaterThan(1);
    expect(withLines.every((page) => page.includes('Description') && page.includes('Amount (GBP)'))).toBe(true);
    expect(pages.join(' ')).toContain('Line 70');
    const withTotal = pages.filter((page) => page.includes('Total (GBP)'));
    expect(withTotal).toHaveLength(1);
    for (const text of ['Net', '£70.00', 'VAT at 20% on £70.00', '£14.00', '£84.00']) expect(withTotal[0], text).toContain(text);
  });

  it('is a 404 for an unknown or other kind of document, and needs Invoices, Estimates & Files', async () => {
    const { t, customer } = await sellingBook();
    const draft = await invoice(t, { contact: customer });
    expect((await t.json('GET', '/v2/invoices/999/pdf')).status).toBe(404);
    expect((await t.json('GET', `/v2/credit_notes/${draft.url.split('/').pop()}/pdf`)).status).toBe(404);
    const contacts = await t.userWithLevel(Level.ContactsAndProjects);
    expect((await t.json('GET', `${path(draft.url)}/pdf`, { token: contacts })).status).toBe(403);
  });
});

describe('GET .../pdf in XML', () => {
  it('carries the same base64 content under <pdf><content>', async () => {
    const { t, customer } = await sellingBook();
    const draft = await invoice(t, { contact: customer });
    const json = (await t.json('GET', `${path(draft.url)}/pdf`)).body.pdf.content as string;
    const response = await t.request('GET', `${path(draft.url)}/pdf`, { headers: { Accept: 'application/xml' } });
    expect(response.status).toBe(200);
    const text = await response.text();
    const content = /<pdf>\s*<content[^>]*>([^<]+)<\/content>\s*<\/pdf>/.exec(text)?.[1]?.trim();
    expect(content).toBe(json);
  });
});

describe('the legal details on a document', () => {
  it('names the part of the UK by the company number, and none for a sole trader', async () => {
    const { companyLegalNotice } = await import('../../main/engine/sales/pdf/document-facts');
    expect(companyLegalNotice('UkLimitedCompany', 'Thistle Ltd', 'SC123456', ['1 Rose Street', 'Edinburgh'])).toBe('Thistle Ltd is registered in Scotland, company number SC123456. Registered office: 1 Rose Street, Edinburgh.');
    expect(companyLegalNotice('UkLimitedCompany', 'Lough Ltd', 'NI612345', [])).toBe('Lough Ltd is registered in Northern Ireland, company number NI612345.');
    expect(companyLegalNotice('UkLimitedCompany', 'No Number Ltd', null, ['1 High Street'])).toBeNull();
    expect(companyLegalNotice('UkSoleTrader', 'Sam Smith', '01234567', ['1 High Street'])).toBeNull();
  });
});

describe('GET /v2/credit_notes/:id/pdf', () => {
  it('is titled a credit note, with its negative values and no payment details', async () => {
    const { t, customer } = await sellingBook();
    const note = await creditNote(t, { contact: customer, credit_note_items: [item({ description: 'Refund of overcharge', price: '25' })] }, false);
    const [page] = await pdfPages(t, note.url);
    for (const text of ['CREDIT NOTE', `Credit note number: ${note.reference}`, 'CREDIT TO', 'Acme Ltd', 'Refund of overcharge', '-£25.00', '-£5.00', 'Total (GBP)', '-£30.00', 'registered in England and Wales, company number 01234567']) {
      expect(page, text).toContain(text);
    }
    expect(page).not.toContain('Sort code');
  });
});

describe('GET /v2/estimates/:id/pdf', () => {
  it('is drawn by the same renderer: titled by its type, for the customer, items with VAT, VAT by rate, totals, no due date or payment details', async () => {
    const { t, customer } = await sellingBook();
    const quote = await estimate(t, {
      contact: customer,
      estimate_type: 'Quote',
      notes: 'Valid for 30 days.',
      estimate_items: [
        item({ description: 'Bookkeeping', item_type: 'Hours', price: '45', quantity: '10' }),
        item({ description: 'Child seats', item_type: 'Products', price: '80', sales_tax_rate: '5' }),
      ],
    });
    const [page, ...rest] = await pdfPages(t, quote.url);
    expect(rest).toEqual([]);
    for (const text of [
      'Example Ltd', 'VAT registration number GB123456782', 'QUOTE', `Quote number: ${quote.reference}`, 'Date: 1 November 2026',
      'PREPARED FOR', 'Acme Ltd', '5 Mill Lane', 'Bookkeeping', '10 hours', '20%', '£450.00', 'Child seats', '5%', '£80.00',
      'Net', '£530.00', 'VAT at 20% on £450.00', '£90.00', 'VAT at 5% on £80.00', '£4.00', 'Total (GBP)', '£624.00', 'Valid for 30 days.',
      'Example Ltd is registered in England and Wales, company number 01234567. Registered office: 1 High Street, Leeds, LS1 1AA.',
    ]) {
      expect(page, text).toContain(text);
    }
    for (const text of ['Due:', 'Sort code', 'Payment terms', 'BILL TO']) expect(page, text).not.toContain(text);
    expect((await t.json('GET', '/v2/estimates/999/pdf')).status).toBe(404);
  });

  it('quotes the net alone when include_sales_tax_on_total_value is false, VAT by rate still shown', async () => {
    const { t, customer } = await sellingBook();
    const net = await estimate(t, { contact: customer, include_sales_tax_on_total_value: false, estimate_items: [item({ price: '200' })] });
    const [page] = await pdfPages(t, net.url);
    for (const text of ['ESTIMATE', 'VAT at 20% on £200.00', '£40.00', 'Total excluding VAT (GBP)', '£200.00']) expect(page, text).toContain(text);
    expect(page).not.toContain('£240.00');
  });
});
