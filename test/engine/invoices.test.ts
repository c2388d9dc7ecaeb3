import { describe, expect, it } from 'vitest';
import { decodeXml } from '../../main/engine/codec/xml';
import { idOf, ledgerTotal, postingsOf } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { contact, createInvoice, get, invoice, item, sentInvoice, transition } from './sales-helpers';

const vatBook = () => createTestBook({ vatRegistered: true });
const path = (url: string) => new URL(url).pathname;
const lock = (t: TestBook, date: string) =>
  t.book.sqlite.prepare("INSERT INTO account_locks (id, locked_to_date, created_at, updated_at) VALUES (1, ?, 'x', 'x')").run(date);

describe('invoices: the record', () => {
  it('creates a draft with the live service fields, 201 and Location', async () => {
    const t = createTestBook();
    const owner = await contact(t, { organisation_name: 'Example Organisation Ltd' });
    const response = await createInvoice(t, { contact: owner, dated_on: '2026-08-16', invoice_items: [item({ description: 'SDKTEST line', price: '125.5', quantity: '2' })] });
    expect(response.status).toBe(201);
    const record = response.body.invoice;
    expect(response.headers.get('location')).toBe(record.url);
    expect(record).toMatchObject({
      contact: owner,
      contact_name: 'Example Organisation Ltd',
      reference: '001',
      dated_on: '2026-08-16',
      due_on: '2026-09-15',
      payment_terms_in_days: 30,
      currency: 'GBP',
      exchange_rate: '1.0',
      net_value: '251.0',
      sales_tax_value: '0.0',
      total_value: '251.0',
      paid_value: '0.0',
      due_value: '251.0',
      status: 'Draft',
      long_status: 'Draft',
      involves_sales_tax: false,
      omit_header: false,
      always_show_bic_and_iban: false,
      show_project_name: false,
      is_interim_uk_vat: false,
      payment_methods: {},
    });
    // No discount: the field is left out, as the live service's answers show.
    expect(record.discount_percent).toBeUndefined();
    expect(record.invoice_items).toEqual([
      {
        url: expect.stringMatching(/\/v2\/invoice_items\/\d+$/),
        position: 1,
        description: 'SDKTEST line',
        item_type: 'Hours',
        price: '125.5',
        quantity: '2.0',
        category: 'http://127.0.0.1:9999/v2/categories/001',
        suffers_cis_deduction: false,
      },
    ]);
    // A draft posts nothing.
    expect(postingsOf(t, 'invoices', idOf(record.url))).toEqual([]);
  });

  it('numbers invoices in sequence unless a reference is given', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    expect((await invoice(t, { contact: owner })).reference).toBe('001');
    expect((await invoice(t, { contact: owner, reference: 'INV-0041' })).reference).toBe('INV-0041');
    expect((await invoice(t, { contact: owner, reference: '0099' })).reference).toBe('0099');
    expect((await invoice(t, { contact: owner })).reference).toBe('100');
  });

  it('needs a contact and a date; due_on and payment terms must agree', async () => {
    const t = createTestBook();
    const owner = await contact(t, { default_payment_terms_in_days: 14 });
    expect((await createInvoice(t, {})).body.errors[0].message).toBe('contact is required');
    expect((await createInvoice(t, { contact: owner, dated_on: undefined })).body.errors[0].message).toBe('dated_on is required');
    expect((await createInvoice(t, { contact: 'http://x/v2/contacts/404' })).status).toBe(422);
    // The contact's default terms apply when none are given.
    expect((await invoice(t, { contact: owner })).due_on).toBe('2026-11-15');
    const byDate = await invoice(t, { contact: owner, due_on: '2026-11-08' });
    expect(byDate.payment_terms_in_days).toBe(7);
    expect((await createInvoice(t, { contact: owner, due_on: '2026-11-08', payment_terms_in_days: 30 })).status).toBe(422);
    expect((await createInvoice(t, { contact: owner, due_on: '2026-10-01' })).body.errors[0].message).toBe('due_on must not be before dated_on');
    expect((await createInvoice(t, { contact: owner, status: 'Open' })).body.errors[0].message).toMatch(/^status must be Draft on a new invoice/);
    expect((await createInvoice(t, { contact: owner, invoice_items: [{ description: 'no price' }] })).body.errors[0].message).toBe('invoice_items[0].price is required');
    expect((await createInvoice(t, { contact: owner, invoice_items: [item({ item_type: 'Fish' })] })).body.errors[0].message).toMatch(/^invoice_items\.0\.item_type must be one of/);
    expect((await createInvoice(t, { contact: owner, invoice_items: [item({ category: '750' })] })).status).toBe(422);
    expect((await createInvoice(t, { contact: owner, invoice_items: [item({ price: '1.234' })] })).status).toBe(201);
  });

  it('changes items by url, removes them with _destroy and adds those without a url', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const draft = await invoice(t, { contact: owner, invoice_items: [item({ description: 'A', price: '10' }), item({ description: 'B', price: '20' })] });
    const [a, b] = draft.invoice_items;
    const response = await t.json('PUT', path(draft.url), {
      body: { invoice: { invoice_items: [{ url: a.url, price: '15', quantity: '2' }, { url: b.url, _destroy: 1 }, item({ description: 'C', price: '5' })] } },
    });
    expect(response.status).toBe(200);
    const items = response.body.invoice.invoice_items;
    expect(items.map((row: any) => [row.description, row.price, row.quantity, row.position])).toEqual([
      ['A', '15.0', '2.0', 1],
      ['C', '5.0', '1.0', 2],
    ]);
    expect(items[0].url).toBe(a.url);
    expect(response.body.invoice.net_value).toBe('35.0');
    expect((await t.json('PUT', path(draft.url), { body: { invoice: { invoice_items: [{ _destroy: true }] } } })).body.errors[0].message).toBe('invoice_items[0]._destroy needs the url of the item to remove');
    const foreign = await t.json('PUT', path(draft.url), { body: { invoice: { invoice_items: [{ url: 'http://x/v2/invoice_items/999', price: '1' }] } } });
    expect(foreign.status).toBe(422);
    expect((await get(t, draft.url)).invoice.net_value).toBe('35.0');
  });

  it('rounds each item to the penny: price x quantity, half away from zero', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const draft = await invoice(t, { contact: owner, invoice_items: [item({ price: '0.125', quantity: '1' }), item({ price: '-0.125', quantity: '1', item_type: 'Discount' }), item({ price: '33.333', quantity: '3' })] });
    expect(draft.invoice_items.map((row: any) => row.price)).toEqual(['0.125', '-0.125', '33.333']);
    // 0.13 - 0.13 + 100.00 (99.999 rounds up)
    expect(draft.net_value).toBe('100.0');
  });
});

describe('invoices: sales tax (section 1, invoice rules 1-4)', () => {
  it('rule 1: a rate per item, its tax rounded per item; the invoice tax is their sum', async () => {
    const t = vatBook();
    const owner = await contact(t);
    const draft = await invoice(t, {
      contact: owner,
      invoice_items: [item({ price: '0.13', sales_tax_rate: '20' }), item({ price: '0.13', sales_tax_rate: '20' }), item({ price: '10', sales_tax_rate: '5' })],
    });
    // Each 0.13 at 20% is 0.026, rounded to 0.03: 0.06 on the two, not 0.05 on their sum; 0.50 at 5%.
    expect(draft).toMatchObject({ net_value: '10.26', sales_tax_value: '0.56', total_value: '10.82', involves_sales_tax: true });
    expect(draft.invoice_items.map((row: any) => [row.sales_tax_rate, row.sales_tax_status])).toEqual([
      ['20.0', 'TAXABLE'],
      ['20.0', 'TAXABLE'],
      ['5.0', 'TAXABLE'],
    ]);
  });

  it("rule 2: with no rate the contact's charge_sales_tax decides", async () => {
    const t = vatBook();
    const rateFor = async (fields: Record<string, unknown>, invoiceFields: Record<string, unknown> = {}) => {
      const owner = await contact(t, fields);
      const draft = await invoice(t, { contact: owner, ...invoiceFields });
      return [draft.invoice_items[0].sales_tax_rate, draft.sales_tax_value];
    };
    expect(await rateFor({ charge_sales_tax: 'Always' })).toEqual(['20.0', '20.0']);
    expect(await rateFor({ charge_sales_tax: 'Never' })).toEqual(['0.0', '0.0']);
    expect(await rateFor({ charge_sales_tax: 'Auto' })).toEqual(['20.0', '20.0']);
    expect(await rateFor({ charge_sales_tax: 'Auto', country: 'France', sales_tax_registration_number: 'FR12345678901' })).toEqual(['0.0', '0.0']);
    expect(await rateFor({ charge_sales_tax: 'Auto', country: 'France' })).toEqual(['20.0', '20.0']);
    expect(await rateFor({ charge_sales_tax: 'Auto', country: 'United States' })).toEqual(['0.0', '0.0']);
    // Always charges even on a category the chart gives no rate (051 Interest Received).
    expect(await rateFor({ charge_sales_tax: 'Always' }, { invoice_items: [item({ category: '051' })] })).toEqual(['20.0', '20.0']);
    expect(await rateFor({ charge_sales_tax: 'Auto' }, { invoice_items: [item({ category: '051' })] })).toEqual([undefined, '0.0']);
    // "Auto" as a rate asks for the same rules.
    expect(await rateFor({ charge_sales_tax: 'Never' }, { invoice_items: [item({ sales_tax_rate: 'Auto' })] })).toEqual(['0.0', '0.0']);
  });

  it('a company that is not VAT registered charges none and shows no tax fields', async () => {
    const t = createTestBook();
    const owner = await contact(t, { charge_sales_tax: 'Always' });
    const draft = await invoice(t, { contact: owner, invoice_items: [item({ sales_tax_rate: '20' })] });
    expect(draft.sales_tax_value).toBe('0.0');
    expect(draft.invoice_items[0].sales_tax_rate).toBeUndefined();
    expect(draft.invoice_items[0].sales_tax_status).toBeUndefined();
  });

  it('rule 3: an EXEMPT item carries no tax, whatever rate comes with it', async () => {
    const t = vatBook();
    const owner = await contact(t);
    const sent = await sentInvoice(t, { contact: owner, invoice_items: [item({ sales_tax_status: 'EXEMPT', sales_tax_rate: '20' }), item({ price: '50', sales_tax_rate: '20' })] });
    expect(sent.invoice_items[0]).toMatchObject({ sales_tax_status: 'EXEMPT' });
    expect(sent.invoice_items[0].sales_tax_rate).toBeUndefined();
    expect(sent.sales_tax_value).toBe('10.0');
    const statuses = t.book.sqlite.prepare("SELECT sales_tax_status FROM postings WHERE source_resource = 'invoices' AND sales_tax_status IS NOT NULL ORDER BY id").pluck().all();
    expect(statuses).toEqual(['EXEMPT', 'TAXABLE']);
    expect((await createInvoice(t, { contact: owner, invoice_items: [item({ sales_tax_status: 'ZERO' })] })).status).toBe(422);
    expect((await createInvoice(t, { contact: owner, invoice_items: [item({ sales_tax_rate: '120' })] })).status).toBe(422);
  });

  it('rule 4: sales_tax_value is worked out and cannot be set (a value sent is ignored)', async () => {
    const t = vatBook();
    const owner = await contact(t);
    const draft = await invoice(t, { contact: owner, sales_tax_value: '999.99', net_value: '1', total_value: '2' });
    expect(draft).toMatchObject({ net_value: '100.0', sales_tax_value: '20.0', total_value: '120.0' });
    const updated = await t.json('PUT', path(draft.url), { body: { invoice: { sales_tax_value: '0' } } });
    expect(updated.body.invoice.sales_tax_value).toBe('20.0');
  });

  it('an item keeps its worked-out rate; sending Auto applies the rules again', async () => {
    const t = vatBook();
    const uk = await contact(t);
    const exporter = await contact(t, { organisation_name: 'US Inc', country: 'United States' });
    const draft = await invoice(t, { contact: uk });
    const moved = await t.json('PUT', path(draft.url), { body: { invoice: { contact: exporter } } });
    expect(moved.body.invoice.sales_tax_value).toBe('20.0');
    const again = await t.json('PUT', path(draft.url), { body: { invoice: { invoice_items: [{ url: draft.invoice_items[0].url, sales_tax_rate: 'Auto' }] } } });
    expect(again.body.invoice.sales_tax_value).toBe('0.0');
  });
});

describe('invoices: discount_percent', () => {
  it('takes the discount off before VAT: 100.00 + VAT at 10% off is 90.00 + 18.00 = 108.00, and posts that', async () => {
    const t = vatBook();
    const owner = await contact(t);
    const sent = await sentInvoice(t, { contact: owner, discount_percent: '10' });
    expect(sent).toMatchObject({ discount_percent: '10.0', net_value: '90.0', sales_tax_value: '18.0', total_value: '108.0', due_value: '108.0' });
    // The items keep their price: the discount is shown on the invoice, not hidden in the prices.
    expect(sent.invoice_items[0]).toMatchObject({ price: '100.0', quantity: '1.0' });
    expect(postingsOf(t, 'invoices', idOf(sent.url))).toEqual([
      { code: '001', debit: -9000 },
      { code: '681', debit: 10800 },
      { code: '819', debit: -1800 },
    ]);
    const box1 = (await t.json('GET', '/v2/vat_returns/2027-01-31')).body.vat_return.breakdown.rows[0].value;
    expect(box1).toBe('18.0');
  });

  it('discounts each line and rounds it once; changing or clearing the discount reprices every item', async () => {
    const t = vatBook();
    const owner = await contact(t);
    const draft = await invoice(t, { contact: owner, discount_percent: '12.5', invoice_items: [item({ price: '33.33' }), item({ price: '0.05', quantity: '3' })] });
    // 33.33 x 0.875 = 29.16375 -> 29.16; 0.15 x 0.875 = 0.13125 -> 0.13; VAT 5.83 + 0.03.
    expect(draft).toMatchObject({ discount_percent: '12.5', net_value: '29.29', sales_tax_value: '5.86', total_value: '35.15' });
    const none = await t.json('PUT', path(draft.url), { body: { invoice: { discount_percent: '0' } } });
    expect(none.body.invoice).toMatchObject({ net_value: '33.48', sales_tax_value: '6.7', total_value: '40.18' });
    expect(none.body.invoice.discount_percent).toBeUndefined();
    const again = await t.json('PUT', path(draft.url), { body: { invoice: { discount_percent: '100' } } });
    expect(again.body.invoice).toMatchObject({ discount_percent: '100.0', total_value: '0.0' });
  });

  it('refuses a discount below 0, over 100, with more than 2 places or not a number, with 422 or 400 and changes nothing', async () => {
    const t = vatBook();
    const owner = await contact(t);
    const draft = await invoice(t, { contact: owner });
    for (const value of ['-5', '100.01', '10.125']) {
      const response = await t.json('PUT', path(draft.url), { body: { invoice: { discount_percent: value } } });
      expect(response.status, value).toBe(422);
      expect(response.body.errors[0].message).toMatch(/^discount_percent /);
    }
    expect((await t.json('PUT', path(draft.url), { body: { invoice: { discount_percent: 'ten' } } })).status).toBe(422);
    expect((await get(t, draft.url)).invoice).toMatchObject({ total_value: '120.0' });
  });

  it('keeps show_project_name and is_interim_uk_vat as sent', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const draft = await invoice(t, { contact: owner, show_project_name: true, is_interim_uk_vat: true });
    expect(draft).toMatchObject({ show_project_name: true, is_interim_uk_vat: true });
    const changed = await t.json('PUT', path(draft.url), { body: { invoice: { show_project_name: false } } });
    expect(changed.body.invoice).toMatchObject({ show_project_name: false, is_interim_uk_vat: true });
  });
});

describe('invoices: EC sales', () => {
  it('EC VAT MOSS needs a place of supply from the list and takes its rate; VAT goes to 824', async () => {
    const t = vatBook();
    const owner = await contact(t, { country: 'Germany' });
    expect((await createInvoice(t, { contact: owner, ec_status: 'EC VAT MOSS' })).body.errors[0].message).toBe('place_of_supply is required for an EC VAT MOSS sale');
    expect((await createInvoice(t, { contact: owner, ec_status: 'EC VAT MOSS', place_of_supply: 'Norway' })).status).toBe(422);
    expect((await createInvoice(t, { contact: owner, place_of_supply: 'Germany' })).status).toBe(422);
    const wrongRate = await createInvoice(t, { contact: owner, ec_status: 'EC VAT MOSS', place_of_supply: 'Germany', invoice_items: [item({ sales_tax_rate: '20' })] });
    expect(wrongRate.body.errors[0].message).toMatch(/^sales_tax_rate 20 is not a Germany VAT rate on 2026-11-01/);
    const sent = await sentInvoice(t, { contact: owner, ec_status: 'EC VAT MOSS', place_of_supply: 'germany', invoice_items: [item(), item({ price: '10', sales_tax_rate: '7' })] });
    expect(sent).toMatchObject({ ec_status: 'EC VAT MOSS', place_of_supply: 'Germany', sales_tax_value: '19.7' });
    expect(postingsOf(t, 'invoices', idOf(sent.url))).toEqual([
      { code: '001', debit: -10000 },
      { code: '001', debit: -1000 },
      { code: '681', debit: 12970 },
      { code: '824', debit: -1970 },
    ]);
    const ec = t.book.sqlite.prepare("SELECT DISTINCT ec_status FROM postings WHERE source_resource = 'invoices' AND sales_tax_status IS NOT NULL").pluck().all();
    expect(ec).toEqual(['EC VAT MOSS']);
  });

  it('EC VAT MOSS is for UK companies only (the others have no MOSS account)', async () => {
    const t = createTestBook({ type: 'Universal', vatRegistered: true });
    const owner = await contact(t, { country: 'Germany' });
    expect((await createInvoice(t, { contact: owner, ec_status: 'EC VAT MOSS', place_of_supply: 'Germany' })).body.errors[0].message).toBe('EC VAT MOSS is only for UK companies');
  });

  it('EC Goods and EC Services are zero-rated unless an item says otherwise', async () => {
    const t = vatBook();
    const owner = await contact(t, { country: 'France', sales_tax_registration_number: 'FR40303265045' });
    const goods = await invoice(t, { contact: owner, ec_status: 'EC Goods' });
    expect(goods.invoice_items[0].sales_tax_rate).toBe('0.0');
    expect(goods.ec_status).toBe('EC Goods');
    expect((await createInvoice(t, { contact: owner, ec_status: 'Moon' })).status).toBe(422);
  });
});

describe('invoices: CIS', () => {
  it('deducts at the band rate from labour items only; trade debtors takes the rest, 682 the deduction', async () => {
    const t = createTestBook({ cisSubcontractor: true, vatRegistered: true });
    const owner = await contact(t);
    const sent = await sentInvoice(t, {
      contact: owner,
      cis_rate: 'cis_standard',
      invoice_items: [item({ price: '1000', sales_tax_rate: '20' }), item({ item_type: 'Products', price: '200', sales_tax_rate: '20' }), item({ item_type: 'Products', price: '50', sales_tax_rate: '20', suffers_cis_deduction: true })],
    });
    expect(sent).toMatchObject({ cis_rate: 'cis_standard', cis_deduction_rate: '0.2', cis_deduction: '210.0', total_value: '1500.0', due_value: '1290.0' });
    expect(sent.invoice_items.map((row: any) => row.suffers_cis_deduction)).toEqual([true, false, true]);
    expect(postingsOf(t, 'invoices', idOf(sent.url))).toEqual([
      { code: '001', debit: -100000 },
      { code: '001', debit: -20000 },
      { code: '001', debit: -5000 },
      { code: '681', debit: 129000 },
      { code: '682', debit: 21000 },
      { code: '819', debit: -25000 },
    ]);
  });

  it('is refused on companies outside CIS and for bands that do not exist', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    expect((await createInvoice(t, { contact: owner, cis_rate: 'cis_standard' })).body.errors[0].message).toMatch(/only for UK companies registered for CIS/);
    const cis = createTestBook({ cisSubcontractor: true });
    const other = await contact(cis);
    expect((await createInvoice(cis, { contact: other, cis_rate: 'cis_lower' })).body.errors[0].message).toBe('cis_rate must be one of cis_gross, cis_standard, cis_higher');
  });
});

describe('invoices: foreign currency', () => {
  it('needs an exchange rate, keeps native values and posts native amounts with the foreign ones', async () => {
    const t = vatBook();
    const owner = await contact(t, { country: 'United States' });
    expect((await createInvoice(t, { contact: owner, currency: 'USD' })).body.errors[0].message).toMatch(/^exchange_rate is required for a USD document/);
    expect((await createInvoice(t, { contact: owner, exchange_rate: '2' })).body.errors[0].message).toBe('exchange_rate must be 1 for a GBP document');
    expect((await createInvoice(t, { contact: owner, currency: 'USD', exchange_rate: '0' })).status).toBe(422);
    const sent = await sentInvoice(t, { contact: owner, currency: 'USD', exchange_rate: '0.7777', invoice_items: [item({ price: '100.01' }), item({ price: '0.05' })] });
    expect(sent).toMatchObject({ currency: 'USD', exchange_rate: '0.7777', total_value: '100.06', native_net_value: '77.82', native_total_value: '77.82' });
    const rows = t.book.sqlite
      .prepare("SELECT c.nominal_code AS code, p.debit_minor AS debit, p.foreign_currency AS currency, p.foreign_debit_minor AS foreign_minor FROM postings p JOIN categories c ON c.id = p.category_id WHERE p.source_resource = 'invoices' ORDER BY p.id")
      .all();
    // 100.01 x 0.7777 = 77.78, 0.05 x 0.7777 = 0.04: each line converted, so the document balances.
    expect(rows).toEqual([
      { code: '681', debit: 7782, currency: 'USD', foreign_minor: 10006 },
      { code: '001', debit: -7778, currency: 'USD', foreign_minor: -10001 },
      { code: '001', debit: -4, currency: 'USD', foreign_minor: -5 },
    ]);
  });
});

describe('invoices: foreign currency totals', () => {
  it('converts the total whole: EUR 1,143.03 at 0.85555 is 977.92, with the rounding penny on one line, not in exchange gains', async () => {
    const t = createTestBook();
    const owner = await contact(t, { country: 'France' });
    const three = [item({ price: '381.01' }), item({ price: '381.01' }), item({ price: '381.01' })];
    const sent = await sentInvoice(t, { contact: owner, currency: 'EUR', exchange_rate: '0.85555', invoice_items: three });
    // Line by line each is 325.97 (381.01 x 0.85555 = 325.9731...), three of them 977.91.
    expect(sent).toMatchObject({ total_value: '1143.03', native_net_value: '977.92', native_total_value: '977.92' });
    const rows = postingsOf(t, 'invoices', idOf(sent.url));
    expect(rows).toEqual([
      { code: '001', debit: -32598 },
      { code: '001', debit: -32597 },
      { code: '001', debit: -32597 },
      { code: '681', debit: 97792 },
    ]);
  });

  it('converts the VAT whole too, so the return shows the VAT times the rate', async () => {
    const t = vatBook();
    const owner = await contact(t, { country: 'United Kingdom' });
    const sent = await sentInvoice(t, { contact: owner, currency: 'USD', exchange_rate: '0.7777', invoice_items: [item({ price: '10.03' }), item({ price: '10.03' }), item({ price: '10.03' })] });
    // VAT 2.01 a line, 6.03 in all: 6.03 x 0.7777 = 4.69 (line by line 1.56 x 3 = 4.68).
    expect(sent).toMatchObject({ sales_tax_value: '6.03', total_value: '36.12', native_sales_tax_value: '4.69', native_total_value: '28.09', native_net_value: '23.4' });
    const vat = postingsOf(t, 'invoices', idOf(sent.url)).find((row: any) => row.code === '819');
    expect(vat).toEqual({ code: '819', debit: -469 });
    expect(ledgerTotal(t)).toBe(0);
  });
});

describe('invoices: status and transitions', () => {
  it('mark_as_sent posts trade debtors against income and VAT; back to draft takes it out', async () => {
    const t = vatBook();
    const owner = await contact(t);
    const draft = await invoice(t, { contact: owner });
    const sent = await transition(t, draft.url, 'mark_as_sent');
    expect(sent.status).toBe(200);
    expect(sent.body.invoice).toMatchObject({ status: 'Open', long_status: 'Open - due in 9 days', due_value: '120.0' });
    expect(postingsOf(t, 'invoices', idOf(draft.url))).toEqual([
      { code: '001', debit: -10000 },
      { code: '681', debit: 12000 },
      { code: '819', debit: -2000 },
    ]);
    const net = t.book.sqlite.prepare("SELECT sales_tax_status FROM postings WHERE source_resource = 'invoices' AND debit_minor = -10000").pluck().get();
    expect(net).toBe('TAXABLE');
    expect((await transition(t, draft.url, 'mark_as_draft')).body.invoice.status).toBe('Draft');
    expect(postingsOf(t, 'invoices', idOf(draft.url))).toEqual([]);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('follows the legal moves only: others, and unknown transitions, are 422', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const draft = await invoice(t, { contact: owner });
    expect((await transition(t, draft.url, 'mark_as_draft')).status).toBe(422);
    expect((await transition(t, draft.url, 'mark_as_paid')).body.errors[0].message).toBe('mark_as_paid is not a transition of an invoice; the transitions are mark_as_sent, mark_as_draft, mark_as_cancelled');
    expect((await transition(t, draft.url, 'mark_as_cancelled')).body.invoice.status).toBe('Cancelled');
    expect((await transition(t, draft.url, 'mark_as_cancelled')).status).toBe(422);
    // A cancelled invoice is reopened by sending it, or returned to draft.
    expect((await transition(t, draft.url, 'mark_as_sent')).body.invoice.status).toBe('Open');
    expect((await transition(t, draft.url, 'mark_as_sent')).status).toBe(422);
    expect((await transition(t, draft.url, 'mark_as_cancelled')).body.invoice.status).toBe('Cancelled');
    expect(postingsOf(t, 'invoices', idOf(draft.url))).toEqual([]);
    expect((await transition(t, draft.url, 'mark_as_draft')).body.invoice.status).toBe('Draft');
    expect((await t.json('PUT', '/v2/invoices/999/transitions/mark_as_sent')).status).toBe(404);
  });

  it('is Overdue by the engine clock once due_on has passed', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const sent = await sentInvoice(t, { contact: owner, payment_terms_in_days: 21 });
    expect(sent.status).toBe('Open');
    expect(sent.long_status).toBe('Open - due today');
    t.clock.set('2026-11-25T12:00:00Z');
    const later = await get(t, sent.url);
    expect(later.invoice).toMatchObject({ status: 'Overdue', long_status: 'Overdue - 3 days overdue' });
    expect((await t.json('GET', '/v2/invoices?view=overdue')).body.invoices.map((row: any) => row.url)).toEqual([sent.url]);
    expect((await t.json('GET', '/v2/invoices?view=open')).body.invoices).toEqual([]);
  });

  it('status changes only through the transitions: a status sent with an update is ignored', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const draft = await invoice(t, { contact: owner, payment_terms_in_days: 60 });
    const updated = await t.json('PUT', path(draft.url), { body: { invoice: { status: 'Paid', comments: 'Thanks' } } });
    expect(updated.body.invoice).toMatchObject({ status: 'Draft', comments: 'Thanks' });
    expect(postingsOf(t, 'invoices', idOf(draft.url))).toEqual([]);
    // Long statuses word the days as the live service does.
    expect((await transition(t, draft.url, 'mark_as_sent')).body.invoice.long_status).toBe('Open - due in about 1 month');
  });

  it('a negative invoice cannot be sent; a zero one is Zero Value', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const negative = await invoice(t, { contact: owner, invoice_items: [item({ price: '-5' })] });
    expect((await transition(t, negative.url, 'mark_as_sent')).body.errors[0].message).toMatch(/issue a credit note/);
    const zero = await sentInvoice(t, { contact: owner, invoice_items: [item({ item_type: 'Comment', description: 'Thanks', price: undefined })] });
    expect(zero.status).toBe('Zero Value');
  });

  it('a sent invoice can be edited and its postings follow', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const sent = await sentInvoice(t, { contact: owner });
    const updated = await t.json('PUT', path(sent.url), { body: { invoice: { invoice_items: [{ url: sent.invoice_items[0].url, price: '250' }] } } });
    expect(updated.body.invoice.status).toBe('Open');
    expect(postingsOf(t, 'invoices', idOf(sent.url))).toEqual([
      { code: '001', debit: -25000 },
      { code: '681', debit: 25000 },
    ]);
    expect((await t.json('PUT', path(sent.url), { body: { invoice: { invoice_items: [{ url: sent.invoice_items[0].url, price: '-1' }] } } })).status).toBe(422);
  });

  it('deletes a draft or a sent invoice with its postings', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const sent = await sentInvoice(t, { contact: owner });
    expect((await t.json('DELETE', path(sent.url))).status).toBe(200);
    expect((await t.json('GET', path(sent.url))).status).toBe(404);
    expect(postingsOf(t, 'invoices', idOf(sent.url))).toEqual([]);
    expect(t.book.sqlite.prepare('SELECT count(*) FROM invoice_items').pluck().get()).toBe(0);
  });
});

describe('invoices: account locks', () => {
  it('refuses creating, changing, sending or deleting anything dated on or before the lock', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const early = await invoice(t, { contact: owner, dated_on: '2026-09-30' });
    const late = await invoice(t, { contact: owner, dated_on: '2026-10-15' });
    lock(t, '2026-09-30');
    expect((await createInvoice(t, { contact: owner, dated_on: '2026-09-01' })).status).toBe(422);
    expect((await t.json('PUT', path(early.url), { body: { invoice: { comments: 'x' } } })).status).toBe(422);
    expect((await t.json('PUT', path(late.url), { body: { invoice: { dated_on: '2026-09-15' } } })).status).toBe(422);
    expect((await transition(t, early.url, 'mark_as_sent')).status).toBe(422);
    expect((await t.json('DELETE', path(early.url))).status).toBe(422);
    expect((await get(t, early.url)).invoice.status).toBe('Draft');
    expect((await transition(t, late.url, 'mark_as_sent')).status).toBe(200);
  });
});

describe('invoices: lists', () => {
  it('filters by view, contact, project, dates and updated_since; sorts; nests items when asked', async () => {
    const t = createTestBook();
    const a = await contact(t, { organisation_name: 'A' });
    const b = await contact(t, { organisation_name: 'B' });
    const project = (await t.json('POST', '/v2/projects', { body: { project: { contact: b, name: 'P' } } })).body.project.url;
    const draft = await invoice(t, { contact: a, dated_on: '2026-10-01' });
    const open = await sentInvoice(t, { contact: b, dated_on: '2026-11-01', project });
    t.clock.set('2026-11-23T10:00:00Z');
    const cancelled = await invoice(t, { contact: a, dated_on: '2026-11-05' });
    await transition(t, cancelled.url, 'mark_as_cancelled');
    const urls = async (query: string) => (await t.json('GET', `/v2/invoices${query}`)).body.invoices.map((row: any) => row.url);
    expect(await urls('')).toEqual([cancelled.url, open.url, draft.url]);
    expect(await urls('?view=draft')).toEqual([draft.url]);
    expect(await urls('?view=open')).toEqual([open.url]);
    expect(await urls('?view=open_or_overdue')).toEqual([open.url]);
    expect(await urls('?view=cancelled')).toEqual([cancelled.url]);
    expect(await urls('?view=paid')).toEqual([]);
    expect(await urls(`?contact=${encodeURIComponent(a)}`)).toEqual([cancelled.url, draft.url]);
    expect(await urls(`?project=${encodeURIComponent(project)}`)).toEqual([open.url]);
    expect(await urls('?from_date=2026-10-15&to_date=2026-11-02')).toEqual([open.url]);
    expect(await urls('?updated_since=2026-11-23T00:00:00Z')).toEqual([cancelled.url]);
    expect(await urls('?sort=dated_on')).toEqual([draft.url, open.url, cancelled.url]);
    expect(await urls('?view=last_1_months')).toEqual([cancelled.url, open.url]);
    const plain = (await t.json('GET', '/v2/invoices')).body.invoices[0];
    expect(plain.invoice_items).toBeUndefined();
    expect((await t.json('GET', '/v2/invoices?nested_invoice_items=true')).body.invoices[0].invoice_items).toHaveLength(1);
    expect((await t.json('GET', '/v2/invoices?view=unpaid')).status).toBe(400);
    expect((await t.json('GET', '/v2/invoices?sort=amount')).status).toBe(400);
    expect((await t.json('GET', '/v2/invoices?contact=http://x/v2/contacts/99')).status).toBe(404);
  });
});

describe('invoices: permissions and XML', () => {
  it('needs Invoices, Estimates & Files (4) for every endpoint', async () => {
    const t = createTestBook();
    const below = await t.userWithLevel(3);
    const allowed = await t.userWithLevel(4);
    const owner = await contact(t);
    const draft = await invoice(t, { contact: owner });
    const endpoints: [string, string, unknown][] = [
      ['GET', '/v2/invoices', undefined],
      ['GET', path(draft.url), undefined],
      ['POST', '/v2/invoices', { invoice: { contact: owner, dated_on: '2026-11-01' } }],
      ['PUT', path(draft.url), { invoice: { comments: 'hi' } }],
      ['PUT', `${path(draft.url)}/transitions/mark_as_sent`, undefined],
    ];
    for (const [method, target, body] of endpoints) {
      expect((await t.json(method, target, { token: below, body })).status).toBe(403);
      expect((await t.json(method, target, { token: allowed, body })).status).toBeLessThan(300);
    }
    expect((await t.json('DELETE', path(draft.url), { token: below })).status).toBe(403);
    expect((await t.json('DELETE', path(draft.url), { token: allowed })).status).toBe(200);
  });

  it('round-trips through XML, items and all', async () => {
    const t = vatBook();
    const owner = await contact(t);
    const xml = `<invoice><contact>${owner}</contact><dated-on type="date">2026-11-01</dated-on><payment-terms-in-days type="integer">14</payment-terms-in-days>
      <invoice-items type="array"><invoice-item><description>Design &amp; build</description><item-type>Days</item-type><price type="decimal">450.00</price><quantity type="decimal">3</quantity><sales-tax-rate type="decimal">20</sales-tax-rate></invoice-item>
      <invoice-item><description>Hosting</description><item-type>Months</item-type><price>10</price></invoice-item></invoice-items></invoice>`;
    const posted = await t.request('POST', '/v2/invoices', { xml, headers: { Accept: 'application/xml' } });
    expect(posted.status).toBe(201);
    const asXml = decodeXml(await posted.text()).invoice as Record<string, unknown>;
    const asJson = (await get(t, asXml.url as string)).invoice;
    // An empty object has no XML form: the XML reader gives an empty element back as text.
    expect({ ...asXml, payment_methods: {} }).toEqual(asJson);
    expect(asJson).toMatchObject({ net_value: '1360.0', sales_tax_value: '272.0', due_on: '2026-11-15' });
    expect(asJson.invoice_items.map((row: any) => row.description)).toEqual(['Design & build', 'Hosting']);
  });
});
