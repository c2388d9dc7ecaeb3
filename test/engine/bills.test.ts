import { describe, expect, it } from 'vitest';
import { daysInWords } from '../../main/engine/purchases/bill-status';
import { idOf, ledgerTotal, postingsOf } from './banking-helpers';
import { createTestBook, ORIGIN } from './harness';
import { insertContact, insertProject, lockBooks, postBill, postingRows, putBill } from './purchases-helpers';
import { readXml } from './xml-reader';

type Book = ReturnType<typeof createTestBook>;
const vatBook = () => createTestBook({ vatRegistered: true });

async function bill(t: Book, fields: Record<string, unknown> = {}, contact = insertContact(t)) {
  const response = await postBill(t, contact, fields);
  if (response.status !== 201) throw new Error(`bill: ${JSON.stringify(response.body)}`);
  return response.body.bill;
}

/** A bill of one item with these fields (category 285 unless given). */
async function itemOf(t: Book, item: Record<string, unknown>) {
  const created = await bill(t, { bill_items: [{ category: '285', total_value: '60', ...item }] });
  return created.bill_items[0];
}

describe('bills: the live shape', () => {
  it('answers a create with 201, Location and the golden bill, items included', async () => {
    const t = vatBook();
    t.clock.set('2026-08-16T12:43:41.000Z');
    const contact = insertContact(t, 'Example Organisation Ltd');
    const response = await postBill(t, contact);
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`${ORIGIN}/v2/bills/1`);
    expect(response.body.bill).toEqual({
      url: `${ORIGIN}/v2/bills/1`,
      contact,
      contact_name: 'Example Organisation Ltd',
      reference: '001',
      dated_on: '2026-08-16',
      due_on: '2026-09-16',
      currency: 'GBP',
      total_value: '60.0',
      net_value: '-50.0',
      sales_tax_value: '-10.0',
      paid_value: '0.0',
      due_value: '60.0',
      native_due_value: '60.0',
      status: 'Open',
      long_status: 'Open - due in about 1 month',
      input_total_values_inc_tax: false,
      is_locked: false,
      is_paid_by_hire_purchase: false,
      bill_items: [
        {
          url: `${ORIGIN}/v2/bill_items/1`,
          bill: `${ORIGIN}/v2/bills/1`,
          category: `${ORIGIN}/v2/categories/285`,
          description: 'SDKTEST bill line',
          total_value: '60.0',
          total_value_ex_tax: '50.0',
          sales_tax_rate: '20.0',
          sales_tax_value: '-10.0',
          sales_tax_status: 'TAXABLE',
        },
      ],
      created_at: '2026-08-16T12:43:41.000Z',
      updated_at: '2026-08-16T12:43:41.000Z',
    });
    expect((await t.json('GET', '/v2/bills/1')).body.bill).toEqual(response.body.bill);
  });

  it("names a person contact by first and last name; keeps comments, project and ec_status", async () => {
    const t = vatBook();
    const person = insertContact(t, null, { firstName: 'Ada', lastName: 'Lovelace' });
    const project = insertProject(t, person);
    const created = await bill(t, { comments: 'Paid by card', project, ec_status: 'Reverse Charge' }, person);
    expect(created).toMatchObject({ contact_name: 'Ada Lovelace', comments: 'Paid by card', project, ec_status: 'Reverse Charge' });
  });

  it('lists leave items out unless nested_bill_items=true', async () => {
    const t = vatBook();
    await bill(t);
    const plain = await t.json('GET', '/v2/bills');
    expect(plain.body.bills[0].bill_items).toBeUndefined();
    const nested = await t.json('GET', '/v2/bills?nested_bill_items=true');
    expect(nested.body.bills[0].bill_items).toHaveLength(1);
    expect((await t.json('GET', '/v2/bills?nested_bill_items=yes')).status).toBe(400);
  });
});

describe('bills: sales tax rules 1-6 of section 1, per item', () => {
  it('rule 1: with neither rate nor manual amount the category rate applies', async () => {
    const t = vatBook();
    expect(await itemOf(t, { total_value: '42.50' })).toMatchObject({ sales_tax_rate: '20.0', sales_tax_value: '-7.08', sales_tax_status: 'TAXABLE' });
    expect(await itemOf(t, { category: '365', total_value: '42.50' })).toMatchObject({ sales_tax_rate: '0.0', sales_tax_value: '0.0' });
  });

  it('rule 1: a rate of Auto is the same as no rate', async () => {
    const t = vatBook();
    expect(await itemOf(t, { total_value: '42.50', sales_tax_rate: 'Auto' })).toMatchObject({ sales_tax_rate: '20.0', sales_tax_value: '-7.08' });
  });

  it('rule 2: a read returns the rate and the computed value', async () => {
    const t = vatBook();
    const created = await bill(t, { bill_items: [{ category: '285', total_value: '120', sales_tax_rate: '5' }] });
    const read = await t.json('GET', `/v2/bills/${idOf(created.url)}`);
    expect(read.body.bill.bill_items[0]).toMatchObject({ sales_tax_rate: '5.0', sales_tax_value: '-5.71' });
    expect(read.body.bill).toMatchObject({ sales_tax_value: '-5.71', net_value: '-114.29', total_value: '120.0' });
  });

  it('rule 3: a given rate computes the tax from the gross so that tax + net = gross', async () => {
    const t = vatBook();
    const item = await itemOf(t, { total_value: '10.00', sales_tax_rate: '5' });
    expect(item).toMatchObject({ sales_tax_rate: '5.0', sales_tax_value: '-0.48', total_value_ex_tax: '9.52', total_value: '10.0' });
  });

  it('rule 3: the tax is rounded to the penny, half away from zero', async () => {
    const t = vatBook();
    expect((await itemOf(t, { total_value: '0.03', sales_tax_rate: '20' })).sales_tax_value).toBe('-0.01');
    expect((await itemOf(t, { total_value: '-0.03', sales_tax_rate: '20' })).sales_tax_value).toBe('0.01');
  });

  it('rule 4: a manual amount is stored and returned with the value, and no rate is returned', async () => {
    const t = vatBook();
    const created = await bill(t, { bill_items: [{ category: '285', total_value: '42.50', manual_sales_tax_amount: '3.00' }] });
    const item = created.bill_items[0];
    expect(item).toMatchObject({ manual_sales_tax_amount: '3.0', sales_tax_value: '-3.0', total_value_ex_tax: '39.5' });
    expect(item.sales_tax_rate).toBeUndefined();
    const later = await putBill(t, created.url, { reference: 'INV-9' });
    expect(later.body.bill.bill_items[0]).toMatchObject({ manual_sales_tax_amount: '3.0', sales_tax_value: '-3.0' });
    expect(later.body.bill.bill_items[0].sales_tax_rate).toBeUndefined();
  });

  it('rule 5: with both a manual amount and a rate, the rate is ignored', async () => {
    const t = vatBook();
    const item = await itemOf(t, { total_value: '42.50', manual_sales_tax_amount: '1.50', sales_tax_rate: '20' });
    expect(item).toMatchObject({ manual_sales_tax_amount: '1.5', sales_tax_value: '-1.5' });
    expect(item.sales_tax_rate).toBeUndefined();
  });

  it('rule 6: EXEMPT and OUT_OF_SCOPE carry no tax, whatever else is sent', async () => {
    const t = vatBook();
    const exempt = await itemOf(t, { sales_tax_status: 'EXEMPT' });
    expect(exempt).toMatchObject({ sales_tax_status: 'EXEMPT', total_value_ex_tax: '60.0' });
    expect(exempt.sales_tax_value).toBeUndefined();
    const outside = await bill(t, { bill_items: [{ category: '285', total_value: '60', sales_tax_status: 'OUT_OF_SCOPE', sales_tax_rate: '20' }] });
    expect(outside.bill_items[0].sales_tax_status).toBe('OUT_OF_SCOPE');
    expect(outside.sales_tax_value).toBeUndefined();
    expect(outside.net_value).toBe('-60.0');
    const bad = await postBill(t, insertContact(t), { bill_items: [{ category: '285', total_value: '1', sales_tax_status: 'ZERO' }] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].message).toMatch(/^bill_items\.0\.sales_tax_status/);
  });

  it('without VAT registration nothing is taxed', async () => {
    const t = createTestBook();
    const created = await bill(t, { bill_items: [{ category: '285', total_value: '60', sales_tax_rate: '20' }] });
    expect(created.bill_items[0].sales_tax_rate).toBeUndefined();
    expect(created).toMatchObject({ net_value: '-60.0', total_value: '60.0' });
    expect(created.sales_tax_value).toBeUndefined();
  });

  it("the bill's totals are the sums of its items", async () => {
    const t = vatBook();
    const created = await bill(t, {
      bill_items: [
        { category: '285', total_value: '60' },
        { category: '365', total_value: '25.50' },
        { category: '285', total_value: '10', manual_sales_tax_amount: '1' },
        { category: '285', total_value: '-12', sales_tax_rate: '20' },
      ],
    });
    expect(created).toMatchObject({ total_value: '83.5', sales_tax_value: '-9.0', net_value: '-74.5', due_value: '83.5' });
  });
});

describe('bills: postings', () => {
  it('debit each category with its net and 818 with the tax against Trade Creditors (796); net lines carry the VAT treatment', async () => {
    const t = vatBook();
    const created = await bill(t, { bill_items: [{ category: '285', total_value: '60' }, { category: '365', total_value: '12', sales_tax_status: 'EXEMPT' }] });
    expect(postingRows(t, 'bills', idOf(created.url)).map(({ code, debit, status, ec }) => ({ code, debit, status, ec }))).toEqual([
      { code: '285', debit: 5000, status: 'TAXABLE', ec: null },
      { code: '365', debit: 1200, status: 'EXEMPT', ec: null },
      { code: '796', debit: -7200, status: null, ec: null },
      { code: '818', debit: 1000, status: null, ec: null },
    ]);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('under the reverse charge, cost the whole amount and account for the VAT on it both ways (818 and 819)', async () => {
    const t = vatBook();
    const created = await bill(t, { ec_status: 'Reverse Charge', bill_items: [{ category: '285', total_value: '60' }, { category: '365', total_value: '12', sales_tax_status: 'EXEMPT' }] });
    expect(created).toMatchObject({ total_value: '72.0', net_value: '-72.0' });
    expect(postingRows(t, 'bills', idOf(created.url)).map(({ code, debit, status, ec }) => ({ code, debit, status, ec }))).toEqual([
      { code: '285', debit: 6000, status: 'TAXABLE', ec: 'Reverse Charge' },
      { code: '365', debit: 1200, status: 'EXEMPT', ec: 'Reverse Charge' },
      { code: '796', debit: -7200, status: null, ec: null },
      { code: '818', debit: 1200, status: null, ec: null },
      { code: '819', debit: -1200, status: null, ec: null },
    ]);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('are replaced on update and removed on delete', async () => {
    const t = vatBook();
    const created = await bill(t);
    await putBill(t, created.url, { dated_on: '2026-08-20', bill_items: [{ url: created.bill_items[0].url, total_value: '120' }] });
    expect(postingsOf(t, 'bills', idOf(created.url))).toEqual([
      { code: '285', debit: 10000 },
      { code: '796', debit: -12000 },
      { code: '818', debit: 2000 },
    ]);
    expect(t.book.sqlite.prepare("SELECT DISTINCT dated_on FROM postings WHERE source_resource = 'bills'").pluck().all()).toEqual(['2026-08-20']);
    expect((await t.json('DELETE', `/v2/bills/${idOf(created.url)}`)).status).toBe(200);
    expect(postingsOf(t, 'bills', idOf(created.url))).toEqual([]);
    expect(t.book.sqlite.prepare('SELECT count(*) FROM bill_items').pluck().get()).toBe(0);
    expect((await t.json('GET', `/v2/bills/${idOf(created.url)}`)).status).toBe(404);
  });

  it('a foreign-currency bill owes its total times the rate: EUR 1,143.03 at 0.85555 is 977.92, the rounding penny on one item', async () => {
    const t = createTestBook();
    const three = [0, 1, 2].map(() => ({ category: '285', total_value: '381.01', sales_tax_status: 'OUT_OF_SCOPE' }));
    const created = await bill(t, { currency: 'EUR', exchange_rate: '0.85555', bill_items: three });
    expect(created).toMatchObject({ total_value: '1143.03', native_due_value: '977.92' });
    // Item by item each is 325.97 (381.01 x 0.85555 = 325.9731...), three of them 977.91.
    expect(postingsOf(t, 'bills', idOf(created.url))).toEqual([
      { code: '285', debit: 32598 },
      { code: '285', debit: 32597 },
      { code: '285', debit: 32597 },
      { code: '796', debit: -97792 },
    ]);
  });

  it('a foreign-currency bill needs exchange_rate and posts at it, item by item', async () => {
    const t = vatBook();
    const missing = await postBill(t, insertContact(t), { currency: 'EUR' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].message).toMatch(/^exchange_rate is required/);
    const created = await bill(t, { currency: 'EUR', exchange_rate: '0.85', bill_items: [{ category: '285', total_value: '100', sales_tax_status: 'OUT_OF_SCOPE' }, { category: '365', total_value: '33.33' }] });
    expect(created).toMatchObject({ currency: 'EUR', exchange_rate: '0.85', total_value: '133.33', native_due_value: '113.33', input_total_values_inc_tax: true });
    expect(postingRows(t, 'bills', idOf(created.url)).map(({ code, debit, currency, foreign }) => ({ code, debit, currency, foreign }))).toEqual([
      { code: '285', debit: 8500, currency: null, foreign: null },
      { code: '365', debit: 2833, currency: null, foreign: null },
      { code: '796', debit: -11333, currency: 'EUR', foreign: -13333 },
    ]);
    const moved = await putBill(t, created.url, { bill_items: [{ url: created.bill_items[1].url, total_value: '10.50' }] });
    expect(moved.body.bill.exchange_rate).toBe('0.85');
    expect(postingsOf(t, 'bills', idOf(created.url)).find((row) => row.code === '796')!.debit).toBe(-9393);
    expect((await postBill(t, insertContact(t), { exchange_rate: '1.2' })).status).toBe(422);
    const home = await putBill(t, created.url, { currency: 'GBP' });
    expect(home.body.bill).toMatchObject({ currency: 'GBP', total_value: '110.5' });
    expect(home.body.bill.exchange_rate).toBeUndefined();
    const yen = await putBill(t, created.url, { currency: 'JPY', exchange_rate: '0.0052' });
    expect(yen.status).toBe(422);
    expect(yen.body.errors[0].message).toMatch(/^bill item \d+: total_value has more than 0 decimal places/);
    expect((await postBill(t, insertContact(t), { currency: 'USD', exchange_rate: '0' })).status).toBe(422);
  });
});

describe('bills: updating items', () => {
  it('changes an item by url, removes one with _destroy, adds one without a url, and keeps the rest', async () => {
    const t = vatBook();
    const created = await bill(t, { bill_items: [{ category: '285', total_value: '60' }, { category: '285', total_value: '30' }, { category: '365', total_value: '5' }] });
    const [first, second, third] = created.bill_items;
    const updated = await putBill(t, created.url, {
      reference: 'REF100',
      bill_items: [
        { url: first.url, description: 'Updating an existing bill item', total_value: '172.50' },
        { url: second.url, _destroy: 1 },
        { url: '', category: '285', description: 'New bill item for accommodation fees', total_value: '200.00' },
      ],
    });
    expect(updated.status).toBe(200);
    const items = updated.body.bill.bill_items;
    expect(items.map((item: any) => [item.url, item.total_value, item.description])).toEqual([
      [first.url, '172.5', 'Updating an existing bill item'],
      [third.url, '5.0', undefined],
      [`${ORIGIN}/v2/bill_items/4`, '200.0', 'New bill item for accommodation fees'],
    ]);
    expect(updated.body.bill).toMatchObject({ reference: 'REF100', total_value: '377.5' });
  });

  it('re-applies each kept item\'s tax the way it was asked for when the date moves', async () => {
    const t = createTestBook({ vatRegistered: true, startDate: '2010-05-01', firstAccountingYearEnd: '2011-04-30' });
    const created = await bill(t, { dated_on: '2011-01-10', due_on: '2011-02-10', bill_items: [{ category: '285', total_value: '117.5' }, { category: '285', total_value: '117.5', sales_tax_rate: '20' }] });
    expect(created.bill_items.map((item: any) => item.sales_tax_rate)).toEqual(['20.0', '20.0']);
    const earlier = await putBill(t, created.url, { dated_on: '2010-12-20' });
    expect(earlier.body.bill.bill_items.map((item: any) => [item.sales_tax_rate, item.sales_tax_value])).toEqual([
      ['17.5', '-17.5'],
      ['20.0', '-19.58'],
    ]);
  });

  it('refuses an update that would leave no items, or names an item the bill does not have', async () => {
    const t = vatBook();
    const created = await bill(t);
    const other = await bill(t);
    const empty = await putBill(t, created.url, { bill_items: [{ url: created.bill_items[0].url, _destroy: true }] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].message).toMatch(/at least one item/);
    const foreign = await putBill(t, created.url, { bill_items: [{ url: other.bill_items[0].url, total_value: '1' }] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0].message).toBe('bill_items.0.url is not an item of this bill');
    const incomplete = await putBill(t, created.url, { bill_items: [{ description: 'no category' }] });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.errors.map((error: any) => error.message)).toEqual(['bill_items.0.category is required', 'bill_items.0.total_value is required']);
    const twice = await putBill(t, created.url, { bill_items: [{ url: created.bill_items[0].url, total_value: '1' }, { url: created.bill_items[0].url, _destroy: 1 }] });
    expect(twice.status).toBe(422);
    expect((await putBill(t, created.url, { bill_items: [{ _destroy: 1 }] })).status).toBe(422);
    expect((await t.json('GET', `/v2/bills/${idOf(created.url)}`)).body.bill.total_value).toBe('60.0');
  });
});

describe('bills: status', () => {
  it('is Open before the due date and Overdue after it, by the engine clock', async () => {
    const t = vatBook();
    t.clock.set('2026-09-10T09:00:00Z');
    const created = await bill(t);
    expect(created).toMatchObject({ status: 'Open', long_status: 'Open - due in 6 days' });
    t.clock.set('2026-09-16T09:00:00Z');
    expect((await t.json('GET', `/v2/bills/${idOf(created.url)}`)).body.bill).toMatchObject({ status: 'Open', long_status: 'Open - due today' });
    t.clock.set('2026-09-17T09:00:00Z');
    expect((await t.json('GET', `/v2/bills/${idOf(created.url)}`)).body.bill).toMatchObject({ status: 'Overdue', long_status: 'Overdue - 1 day overdue' });
  });

  it('is Zero Value for a bill of nothing', async () => {
    const t = vatBook();
    const created = await bill(t, { bill_items: [{ category: '285', total_value: '0' }] });
    expect(created).toMatchObject({ status: 'Zero Value', long_status: 'Zero Value', due_value: '0.0' });
  });

  it('puts spans of days in words as the live service does', () => {
    expect([1, 2, 29, 30, 59, 60, 75, 364, 365, 500, 700].map(daysInWords)).toEqual([
      '1 day',
      '2 days',
      '29 days',
      'about 1 month',
      'about 1 month',
      '2 months',
      '3 months',
      '12 months',
      'about 1 year',
      'over 1 year',
      'almost 2 years',
    ]);
  });
});

describe('bills: lists', () => {
  it('filter by view, by the engine clock', async () => {
    const t = vatBook();
    t.clock.set('2026-09-20T09:00:00Z');
    const overdue = await bill(t, { reference: 'late' });
    const open = await bill(t, { reference: 'open', due_on: '2026-10-16' });
    const zero = await bill(t, { reference: 'zero', bill_items: [{ category: '285', total_value: '0' }] });
    const refund = await bill(t, { reference: 'refund', due_on: '2026-10-16', bill_items: [{ category: '285', total_value: '-5' }] });
    const references = async (view: string) => (await t.json('GET', `/v2/bills?view=${view}`)).body.bills.map((row: any) => row.reference).sort();
    expect(await references('all')).toEqual(['late', 'open', 'refund', 'zero']);
    expect(await references('open')).toEqual(['open', 'refund']);
    expect(await references('overdue')).toEqual(['late']);
    expect(await references('open_or_overdue')).toEqual(['late', 'open', 'refund']);
    expect(await references('open_or_overdue_payments')).toEqual(['late', 'open']);
    expect(await references('open_or_overdue_refunds')).toEqual(['refund']);
    expect(await references('paid')).toEqual([]);
    expect(await references('recurring')).toEqual([]);
    expect(await references('hire_purchase')).toEqual([]);
    expect(await references('cis')).toEqual([]);
    expect((await t.json('GET', '/v2/bills?view=unpaid')).status).toBe(400);
    expect([overdue, open, zero, refund].map((row) => row.status)).toEqual(['Overdue', 'Open', 'Zero Value', 'Open']);
  });

  it('filter by contact, project, from_date, to_date and updated_since; newest first, paged', async () => {
    const t = vatBook();
    const supplier = insertContact(t, 'Supplier');
    const project = insertProject(t, supplier);
    await bill(t, { reference: 'a', dated_on: '2026-07-01', due_on: '2026-07-31' });
    t.clock.set('2026-11-23T09:00:00Z');
    await bill(t, { reference: 'b', dated_on: '2026-08-01', due_on: '2026-08-31', project }, supplier);
    const references = async (query: string) => (await t.json('GET', `/v2/bills?${query}`)).body.bills.map((row: any) => row.reference);
    expect(await references('')).toEqual(['b', 'a']);
    expect(await references(`contact=${encodeURIComponent(supplier)}`)).toEqual(['b']);
    expect(await references(`contact=${idOf(supplier)}`)).toEqual(['b']);
    expect(await references(`project=${encodeURIComponent(project)}`)).toEqual(['b']);
    expect(await references('from_date=2026-07-15')).toEqual(['b']);
    expect(await references('to_date=2026-07-15')).toEqual(['a']);
    expect(await references('updated_since=2026-11-23T00:00:00Z')).toEqual(['b']);
    expect(await references(`contact=${encodeURIComponent(`${ORIGIN}/v2/contacts/99`)}`)).toEqual([]);
    expect((await t.json('GET', '/v2/bills?contact=someone')).status).toBe(400);
    const page = await t.json('GET', '/v2/bills?per_page=1&page=2');
    expect(page.body.bills.map((row: any) => row.reference)).toEqual(['a']);
    expect(page.headers.get('x-total-count')).toBe('2');
  });
});

describe('bills: access, refusals and locks', () => {
  it('need the Bills level (5): level 4 is refused on every endpoint', async () => {
    const t = vatBook();
    const created = await bill(t);
    const invoices = await t.userWithLevel(4);
    const id = idOf(created.url);
    expect((await t.json('GET', '/v2/bills', { token: invoices })).status).toBe(403);
    expect((await t.json('GET', `/v2/bills/${id}`, { token: invoices })).status).toBe(403);
    expect((await postBill(t, created.contact, {}, invoices)).status).toBe(403);
    expect((await putBill(t, created.url, { reference: 'x' }, invoices)).status).toBe(403);
    expect((await t.json('DELETE', `/v2/bills/${id}`, { token: invoices })).status).toBe(403);
    const bills = await t.userWithLevel(5);
    expect((await t.json('GET', '/v2/bills', { token: bills })).status).toBe(200);
    expect((await t.json('GET', `/v2/bills/${id}`, { token: bills })).status).toBe(200);
    expect((await postBill(t, created.contact, {}, bills)).status).toBe(201);
    expect((await putBill(t, created.url, { reference: 'x' }, bills)).status).toBe(200);
    expect((await t.json('DELETE', `/v2/bills/${id}`, { token: bills })).status).toBe(200);
  });

  it('names the field for each broken rule and changes nothing', async () => {
    const t = vatBook();
    const contact = insertContact(t);
    const before = t.changeCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ contact: `${ORIGIN}/v2/contacts/99` }, /^contact is not a contact/],
      [{ contact: 'nobody' }, /^contact must be the url of a contact/],
      [{ reference: ' ' }, /^reference/],
      [{ due_on: '2026-08-15' }, /^due_on cannot be before dated_on/],
      [{ bill_items: [] }, /^bill_items must hold at least one item/],
      [{ bill_items: Array.from({ length: 41 }, () => ({ category: '285', total_value: '1' })) }, /^bill_items can hold at most 40/],
      [{ bill_items: [{ category: '796', total_value: '1' }] }, /^bill_items\.0\.category cannot be 796/],
      [{ bill_items: [{ category: '285', total_value: '1' }, { category: '750', total_value: '1' }] }, /^bill_items\.1\.category cannot be 750/],
      [{ bill_items: [{ category: '285', total_value: '1.001' }] }, /^bill_items\.0\.total_value/],
      [{ bill_items: [{ category: '285', total_value: '1', manual_sales_tax_amount: '2' }] }, /^bill_items\.0\.manual_sales_tax_amount/],
      [{ bill_items: [{ category: '285' }] }, /^bill_items\.0\.total_value is required/],
      [{ project: `${ORIGIN}/v2/projects/3` }, /^project is not a project/],
      [{ ec_status: 'EC Services' }, /^ec_status EC Services is not valid/],
      [{ recurring: 'Monthly' }, /^recurring is not supported on bills/],
      [{ is_paid_by_hire_purchase: true }, /^is_paid_by_hire_purchase is not supported/],
    ];
    for (const [fields, message] of cases) {
      const response = await postBill(t, contact, fields);
      expect(response.status, JSON.stringify(fields).slice(0, 80)).toBe(422);
      expect(response.body.errors[0].message, JSON.stringify(fields).slice(0, 80)).toMatch(message);
    }
    const bare = await t.json('POST', '/v2/bills', { body: { bill: {} } });
    expect(bare.body.errors.map((error: any) => error.message).sort()).toEqual([
      'bill_items is required',
      'contact is required',
      'dated_on is required',
      'due_on is required',
      'reference is required',
    ]);
    expect((await t.json('POST', '/v2/bills', { body: { expense: {} } })).status).toBe(422);
    expect((await t.json('GET', '/v2/bills/77')).status).toBe(404);
    expect((await putBill(t, `${ORIGIN}/v2/bills/77`, {})).status).toBe(404);
    expect((await t.json('DELETE', '/v2/bills/77')).status).toBe(404);
    expect(t.changeCount()).toBe(before);
  });

  it('nothing dated on or before the lock date can be created, moved or deleted', async () => {
    const t = vatBook();
    const contact = insertContact(t);
    const open = await bill(t, { dated_on: '2026-09-10', due_on: '2026-10-10' }, contact);
    lockBooks(t, '2026-08-31');
    expect((await postBill(t, contact, { dated_on: '2026-08-31' })).status).toBe(422);
    expect((await putBill(t, open.url, { dated_on: '2026-08-01' })).status).toBe(422);
    expect((await t.json('GET', `/v2/bills/${idOf(open.url)}`)).body.bill.is_locked).toBe(false);
    t.book.sqlite.prepare("UPDATE account_locks SET locked_to_date = '2026-09-30'").run();
    expect((await t.json('GET', `/v2/bills/${idOf(open.url)}`)).body.bill.is_locked).toBe(true);
    expect((await putBill(t, open.url, { reference: 'late' })).status).toBe(422);
    expect((await t.json('DELETE', `/v2/bills/${idOf(open.url)}`)).status).toBe(422);
  });

  it('records every write in the change log', async () => {
    const t = vatBook();
    const created = await bill(t);
    await putBill(t, created.url, { reference: 'b' });
    await t.json('DELETE', `/v2/bills/${idOf(created.url)}`);
    expect(t.book.sqlite.prepare("SELECT operation FROM changes WHERE resource = 'bills' ORDER BY id").pluck().all()).toEqual(['create', 'update', 'delete']);
  });
});

describe('bills: XML', () => {
  it('round-trips with its items: an XML create reads back the same as its JSON twin', async () => {
    const t = vatBook();
    const contact = insertContact(t);
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bill>
  <contact>${contact}</contact>
  <reference>REF100</reference>
  <dated-on type="date">2026-09-14</dated-on>
  <due-on type="date">2026-10-14</due-on>
  <bill-items type="array">
    <bill-item>
      <category>${ORIGIN}/v2/categories/285</category>
      <description>Alex Gregory - Bill REF100</description>
      <sales-tax-rate type="decimal">20.0</sales-tax-rate>
      <total-value type="decimal">100.0</total-value>
    </bill-item>
  </bill-items>
</bill>`;
    const response = await t.request('POST', '/v2/bills', { xml });
    expect(response.status).toBe(201);
    const body = (await readXml(response)) as any;
    expect(body.bill).toMatchObject({ total_value: '100.0', net_value: '-83.33', sales_tax_value: '-16.67' });
    expect(body.bill.bill_items[0]).toMatchObject({ total_value_ex_tax: '83.33', sales_tax_value: '-16.67' });
    const update = `<bill><bill-items type="array"><bill-item><url>${body.bill.bill_items[0].url}</url><_destroy type="integer">1</_destroy></bill-item><bill-item><url></url><category>285</category><total-value type="decimal">200.0</total-value></bill-item></bill-items></bill>`;
    const updated = await t.request('PUT', `/v2/bills/${idOf(body.bill.url)}`, { xml: update });
    expect(updated.status).toBe(200);
    const json = await t.json('GET', `/v2/bills/${idOf(body.bill.url)}`);
    expect(json.body.bill.total_value).toBe('200.0');
    const asXml = await readXml(await t.request('GET', `/v2/bills/${idOf(body.bill.url)}`, { headers: { Accept: 'application/xml' } }));
    expect(asXml).toEqual(json.body);
  });
});
