import { describe, expect, it } from 'vitest';
import { decodeXml } from '../../main/engine/codec/xml';
import { ledgerTotal } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { contact, invoice, item } from './sales-helpers';

const path = (url: string) => new URL(url).pathname;
const setUp = (t: TestBook, fields: Record<string, unknown>, token?: string) =>
  t.json('POST', '/v2/recurring_invoices', { body: { recurring_invoice: fields }, token });
const invoiceDates = async (t: TestBook) =>
  (await t.json('GET', '/v2/invoices?sort=dated_on&per_page=100')).body.invoices.map((row: any) => [row.dated_on, row.reference, row.status]);

describe('recurring invoices: set up from an invoice', () => {
  it('copies the invoice into a profile; the first invoice is due one period after it', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const source = await invoice(t, { contact: owner, dated_on: '2026-11-20', comments: 'Monthly retainer', invoice_items: [item({ description: 'Retainer', item_type: 'Months', price: '500' })] });
    const response = await setUp(t, { invoice: source.url, frequency: 'Monthly', recurring_end_date: '2027-03-31' });
    expect(response.status).toBe(201);
    const record = response.body.recurring_invoice;
    expect(response.headers.get('location')).toBe(record.url);
    expect(record.url).toMatch(/\/v2\/recurring_invoices\/\d+$/);
    expect(record).toMatchObject({
      contact: owner,
      contact_name: 'Acme Ltd',
      dated_on: '2026-11-20',
      reference: source.reference,
      currency: 'GBP',
      exchange_rate: '1.0',
      net_value: '500.0',
      sales_tax_value: '0.0',
      total_value: '500.0',
      omit_header: false,
      always_show_bic_and_iban: false,
      payment_terms_in_days: 30,
      payment_methods: {},
      frequency: 'Monthly',
      recurring_status: 'Active',
      recurring_end_date: '2027-03-31',
      next_recurs_on: '2026-12-20',
      comments: 'Monthly retainer',
    });
    expect(record.invoice_items).toMatchObject([{ description: 'Retainer', item_type: 'Months', price: '500.0', quantity: '1.0' }]);
    // The template is not an invoice and posts nothing.
    expect((await t.json('GET', '/v2/invoices')).body.invoices).toHaveLength(1);
    expect(t.book.sqlite.prepare('SELECT count(*) FROM postings').pluck().get()).toBe(0);
  });

  it('carries the discount into the profile and every invoice it issues', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const source = await invoice(t, { contact: owner, dated_on: '2026-10-01', discount_percent: '10', show_project_name: true, invoice_items: [item({ price: '500' })] });
    const record = (await setUp(t, { invoice: source.url, frequency: 'Monthly', recurring_end_date: '2027-03-31' })).body.recurring_invoice;
    expect(record).toMatchObject({ discount_percent: '10.0', net_value: '450.0', show_project_name: true });
    const issued = (await t.json('GET', '/v2/invoices?sort=dated_on&per_page=100')).body.invoices;
    expect(issued.length).toBeGreaterThan(1);
    for (const row of issued) expect(row).toMatchObject({ discount_percent: '10.0', net_value: '450.0', show_project_name: true });
  });

  it('refuses what is not an invoice, an unknown frequency, and an inactive start', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const source = await invoice(t, { contact: owner });
    expect((await setUp(t, { invoice: 'http://x/v2/invoices/999', frequency: 'Weekly' })).status).toBe(422);
    expect((await setUp(t, { invoice: source.url, frequency: 'Fortnightly' })).body.errors[0].message).toMatch(/^frequency must be one of Weekly, Two Weekly/);
    // A missing frequency is said in words a form can show at its field.
    const missing = await setUp(t, { invoice: source.url });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((error: { message: string }) => error.message)).toEqual(['frequency is required']);
    expect((await setUp(t, { invoice: source.url, frequency: 'Weekly', recurring_status: 'Inactive' })).status).toBe(422);
    expect(t.book.sqlite.prepare('SELECT count(*) FROM recurring_invoices').pluck().get()).toBe(0);
  });
});

describe('recurring invoices: issuing by the engine clock', () => {
  it('issues every missed date once when a request comes, even after days closed', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const source = await invoice(t, { contact: owner, dated_on: '2026-11-02', invoice_items: [item({ price: '75' })] });
    // Set up on 2026-11-22 for a series that started on 2 November: two dates are already due.
    const profile = (await setUp(t, { invoice: source.url, frequency: 'Weekly' })).body.recurring_invoice;
    expect(profile.next_recurs_on).toBe('2026-11-23');
    expect(await invoiceDates(t)).toEqual([
      ['2026-11-02', '001', 'Draft'],
      ['2026-11-09', '002', 'Open'],
      ['2026-11-16', '003', 'Open'],
    ]);

    // The app is closed for three weeks; the first request after catches up.
    t.clock.set('2026-12-14T07:00:00Z');
    await t.json('GET', '/v2/company');
    const after = await invoiceDates(t);
    expect(after.slice(3).map((row: any) => row[0])).toEqual(['2026-11-23', '2026-11-30', '2026-12-07', '2026-12-14']);
    expect((await t.json('GET', path(profile.url))).body.recurring_invoice.next_recurs_on).toBe('2026-12-21');
    // More requests that day, or a later one the same day, issue nothing more.
    await t.json('GET', '/v2/invoices');
    t.clock.set('2026-12-14T23:00:00Z');
    await t.json('GET', '/v2/contacts');
    expect(await invoiceDates(t)).toHaveLength(7);
    const issued = (await t.json('GET', '/v2/invoices?sort=dated_on&per_page=100')).body.invoices.at(-1);
    expect(issued).toMatchObject({ status: 'Open', total_value: '75.0', due_on: '2027-01-13', contact: owner });
    expect(ledgerTotal(t)).toBe(0);
  });

  it('stops after its end date and turns Inactive', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const source = await invoice(t, { contact: owner, dated_on: '2026-10-31' });
    const profile = (await setUp(t, { invoice: source.url, frequency: 'Monthly', recurring_end_date: '2027-01-15' })).body.recurring_invoice;
    expect(profile.next_recurs_on).toBe('2026-11-30');
    t.clock.set('2027-06-01T09:00:00Z');
    await t.json('GET', '/v2/company');
    // Months are counted from the start: 31 October, 30 November, 31 December.
    expect((await invoiceDates(t)).map((row: any) => row[0])).toEqual(['2026-10-31', '2026-11-30', '2026-12-31']);
    const done = (await t.json('GET', path(profile.url))).body.recurring_invoice;
    expect(done.recurring_status).toBe('Inactive');
    expect(done.next_recurs_on).toBeUndefined();
  });

  it('a draft profile issues nothing until made active', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const source = await invoice(t, { contact: owner, dated_on: '2026-11-01' });
    const profile = (await setUp(t, { invoice: source.url, frequency: 'Two Weekly', recurring_status: 'Draft' })).body.recurring_invoice;
    t.clock.set('2026-12-01T09:00:00Z');
    await t.json('GET', '/v2/company');
    expect(await invoiceDates(t)).toHaveLength(1);
    const active = await t.json('PUT', path(profile.url), { body: { recurring_invoice: { recurring_status: 'Active' } } });
    expect(active.status).toBe(200);
    expect((await invoiceDates(t)).map((row: any) => row[0])).toEqual(['2026-11-01', '2026-11-15', '2026-11-29']);
    expect(active.body.recurring_invoice.next_recurs_on).toBe('2026-12-13');
  });

  it('an occurrence in a locked period stops the profile instead of issuing into closed books', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const source = await invoice(t, { contact: owner, dated_on: '2026-11-01' });
    t.book.sqlite.prepare("INSERT INTO account_locks (id, locked_to_date, created_at, updated_at) VALUES (1, '2026-11-10', 'x', 'x')").run();
    const profile = (await setUp(t, { invoice: source.url, frequency: 'Weekly' })).body.recurring_invoice;
    expect(profile.recurring_status).toBe('Inactive');
    expect(await invoiceDates(t)).toHaveLength(1);
  });
});

describe('recurring invoices: reading, changing, deleting', () => {
  it('lists by view and contact without items; a single read has them', async () => {
    const t = createTestBook();
    const a = await contact(t, { organisation_name: 'A' });
    const b = await contact(t, { organisation_name: 'B' });
    const fromA = await invoice(t, { contact: a });
    const fromB = await invoice(t, { contact: b });
    const active = (await setUp(t, { invoice: fromA.url, frequency: 'Quarterly' })).body.recurring_invoice;
    const draft = (await setUp(t, { invoice: fromB.url, frequency: 'Annually', recurring_status: 'Draft' })).body.recurring_invoice;
    const inactive = (await setUp(t, { invoice: fromB.url, frequency: 'Two Yearly' })).body.recurring_invoice;
    await t.json('PUT', path(inactive.url), { body: { recurring_invoice: { recurring_status: 'Inactive' } } });
    const urls = async (query: string) => (await t.json('GET', `/v2/recurring_invoices${query}`)).body.recurring_invoices.map((row: any) => row.url);
    expect(await urls('')).toEqual([active.url, draft.url, inactive.url]);
    expect(await urls('?view=active')).toEqual([active.url]);
    expect(await urls('?view=draft')).toEqual([draft.url]);
    expect(await urls('?view=inactive')).toEqual([inactive.url]);
    expect(await urls(`?contact=${encodeURIComponent(b)}`)).toEqual([draft.url, inactive.url]);
    expect((await t.json('GET', '/v2/recurring_invoices')).body.recurring_invoices[0].invoice_items).toBeUndefined();
    expect((await t.json('GET', path(active.url))).body.recurring_invoice.invoice_items).toHaveLength(1);
    expect((await t.json('GET', '/v2/recurring_invoices?view=paused')).status).toBe(400);
    expect((await t.json('GET', '/v2/recurring_invoices/999')).status).toBe(404);
  });

  it('changes the template and the recurrence; restarts from next_recurs_on', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const source = await invoice(t, { contact: owner, dated_on: '2026-11-20' });
    const profile = (await setUp(t, { invoice: source.url, frequency: 'Monthly' })).body.recurring_invoice;
    const itemUrl = profile.invoice_items[0].url;
    const changed = await t.json('PUT', path(profile.url), { body: { recurring_invoice: { invoice_items: [{ url: itemUrl, price: '120' }], frequency: 'Quarterly', payment_terms_in_days: 7 } } });
    expect(changed.status).toBe(200);
    expect(changed.body.recurring_invoice).toMatchObject({ total_value: '120.0', frequency: 'Quarterly', payment_terms_in_days: 7, next_recurs_on: '2027-02-20' });
    const restarted = await t.json('PUT', path(profile.url), { body: { recurring_invoice: { next_recurs_on: '2027-01-05' } } });
    expect(restarted.body.recurring_invoice).toMatchObject({ dated_on: '2027-01-05', next_recurs_on: '2027-01-05' });
    expect((await t.json('PUT', path(profile.url), { body: { recurring_invoice: { next_recurs_on: '2027-01-05', dated_on: '2027-02-01' } } })).status).toBe(422);
    expect((await t.json('PUT', path(profile.url), { body: { recurring_invoice: { frequency: 'Daily' } } })).status).toBe(422);
    // The source invoice is untouched by changes to the profile.
    expect((await t.json('GET', path(source.url))).body.invoice.total_value).toBe('100.0');
    t.clock.set('2027-01-05T09:00:00Z');
    await t.json('GET', '/v2/company');
    const issued = (await t.json('GET', '/v2/invoices?sort=dated_on')).body.invoices.at(-1);
    expect(issued).toMatchObject({ dated_on: '2027-01-05', total_value: '120.0', due_on: '2027-01-12' });
  });

  it('deletes the profile; invoices it issued stay', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const source = await invoice(t, { contact: owner, dated_on: '2026-11-15' });
    const profile = (await setUp(t, { invoice: source.url, frequency: 'Weekly' })).body.recurring_invoice;
    expect(await invoiceDates(t)).toHaveLength(2);
    expect((await t.json('DELETE', path(profile.url))).status).toBe(200);
    expect((await t.json('GET', path(profile.url))).status).toBe(404);
    expect(await invoiceDates(t)).toHaveLength(2);
    // The contact still has invoices; the template is gone with the profile.
    expect(t.book.sqlite.prepare("SELECT count(*) FROM invoices WHERE kind = 'recurring_template'").pluck().get()).toBe(0);
  });

  it('need Invoices, Estimates & Files (4), and round-trip through XML', async () => {
    const t = createTestBook();
    const below = await t.userWithLevel(3);
    const allowed = await t.userWithLevel(4);
    const owner = await contact(t);
    const source = await invoice(t, { contact: owner, dated_on: '2026-11-21' });
    expect((await setUp(t, { invoice: source.url, frequency: 'Weekly' }, below)).status).toBe(403);
    const made = await setUp(t, { invoice: source.url, frequency: 'Weekly' }, allowed);
    expect(made.status).toBe(201);
    const target = path(made.body.recurring_invoice.url);
    for (const [method, where, body] of [
      ['GET', '/v2/recurring_invoices', undefined],
      ['GET', target, undefined],
      ['PUT', target, { recurring_invoice: { frequency: 'Monthly' } }],
    ] as const) {
      expect((await t.json(method, where, { token: below, body })).status).toBe(403);
      expect((await t.json(method, where, { token: allowed, body })).status).toBe(200);
    }
    const asXml = decodeXml(await (await t.request('GET', target, { headers: { Accept: 'application/xml' } })).text()).recurring_invoice as Record<string, unknown>;
    expect({ ...asXml, payment_methods: {} }).toEqual((await t.json('GET', target)).body.recurring_invoice);
    const put = await t.request('PUT', target, { xml: '<recurring-invoice><frequency>Two Monthly</frequency><recurring-end-date type="date">2027-12-31</recurring-end-date></recurring-invoice>' });
    expect(put.status).toBe(200);
    expect((await t.json('GET', target)).body.recurring_invoice).toMatchObject({ frequency: 'Two Monthly', recurring_end_date: '2027-12-31' });
    expect((await t.json('DELETE', target, { token: below })).status).toBe(403);
    expect((await t.json('DELETE', target, { token: allowed })).status).toBe(200);
  });
});
