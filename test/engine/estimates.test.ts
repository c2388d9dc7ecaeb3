import { describe, expect, it } from 'vitest';
import { decodeXml } from '../../main/engine/codec/xml';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, type TestBook } from './harness';
import { createEstimate, estimate, moved } from './estimate-helpers';
import { contact, get, invoice, item } from './sales-helpers';

const vatBook = () => createTestBook({ vatRegistered: true });
const path = (url: string) => new URL(url).pathname;

/** A write that must be refused with this status and message, leaving every table as it was. */
async function refused(t: TestBook, run: () => Promise<{ status: number; body: any }>, status: number, message: string | RegExp) {
  const before = bookSnapshot(t);
  const response = await run();
  expect(response.status).toBe(status);
  expect(response.body.errors[0].message).toMatch(message);
  expect(bookSnapshot(t)).toEqual(before);
}

describe('estimates: the record', () => {
  it('creates a draft with the live service fields (golden-responses/estimates.json), 201 and Location', async () => {
    const t = createTestBook();
    const owner = await contact(t, { organisation_name: 'Example Organisation Ltd' });
    const response = await createEstimate(t, { contact: owner, dated_on: '2026-08-16', estimate_items: [item({ description: 'SDKTEST estimate line', item_type: 'Services', price: '500.0' })] });
    expect(response.status).toBe(201);
    const record = response.body.estimate;
    expect(response.headers.get('location')).toBe(record.url);
    expect(record.url).toMatch(/\/v2\/estimates\/\d+$/);
    expect(record).toMatchObject({
      contact: owner,
      contact_name: 'Example Organisation Ltd',
      currency: 'GBP',
      dated_on: '2026-08-16',
      estimate_type: 'Estimate',
      include_sales_tax_on_total_value: true,
      involves_sales_tax: false,
      is_interim_uk_vat: false,
      net_value: '500.0',
      total_value: '500.0',
      reference: '001',
      status: 'Draft',
    });
    // Nothing is owed on an estimate: no due date, terms, payments or CIS.
    for (const field of ['due_on', 'payment_terms_in_days', 'due_value', 'paid_value', 'cis_rate', 'invoice', 'exchange_rate']) expect(record[field], field).toBeUndefined();
    expect(record.estimate_items).toEqual([
      {
        url: expect.stringMatching(/\/v2\/estimate_items\/\d+$/),
        position: 1,
        description: 'SDKTEST estimate line',
        item_type: 'Services',
        price: '500.0',
        quantity: '1.0',
        category: 'http://127.0.0.1:9999/v2/categories/001',
        created_at: record.created_at,
        updated_at: record.updated_at,
      },
    ]);
    expect((await get(t, record.url)).estimate).toEqual(record);
  });

  it('numbers estimates in their own sequence, apart from invoices', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    await invoice(t, { contact: owner });
    await invoice(t, { contact: owner });
    expect((await estimate(t, { contact: owner })).reference).toBe('001');
    expect((await estimate(t, { contact: owner, reference: 'Q-7' })).reference).toBe('Q-7');
    expect((await estimate(t, { contact: owner })).reference).toBe('002');
  });

  it('needs status Draft on create, as the live service does, and a contact and a date', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    await refused(t, () => t.json('POST', '/v2/estimates', { body: { estimate: { contact: owner, dated_on: '2026-11-01', estimate_items: [item()] } } }), 422, 'status is not valid: a new estimate is created with status Draft');
    await refused(t, () => createEstimate(t, { contact: owner, status: 'Approved' }), 422, /^status must be Draft on a new estimate/);
    await refused(t, () => createEstimate(t, {}), 422, 'contact is required');
    await refused(t, () => createEstimate(t, { contact: owner, dated_on: undefined }), 422, 'dated_on is required');
    await refused(t, () => createEstimate(t, { contact: owner, dated_on: '2026-02-30' }), 422, /^dated_on/);
    await refused(t, () => createEstimate(t, { contact: owner, estimate_type: 'Guess' }), 422, 'estimate_type must be one of Estimate, Quote, Proposal');
    await refused(t, () => createEstimate(t, { contact: owner, estimate_items: [item({ price: 'lots' })] }), 422, /^estimate_items\.0\.price/);
    await refused(t, () => createEstimate(t, { contact: owner, estimate_items: [{ description: 'No price' }] }), 422, 'estimate_items[0].price is required');
    expect((await t.json('POST', '/v2/estimates', { raw: '{"estimate":', headers: { 'Content-Type': 'application/json' } })).status).toBe(400);
  });

  it('taxes items as invoices do: a rate per line, exempt, Auto from the contact, the discount before VAT', async () => {
    const t = vatBook();
    const owner = await contact(t);
    const quote = await estimate(t, {
      contact: owner,
      estimate_type: 'Quote',
      discount_percent: '10',
      notes: 'Valid for 30 days.',
      estimate_items: [
        item({ description: 'Design', item_type: 'Days', price: '450', quantity: '2', sales_tax_rate: '20' }),
        item({ description: 'Child seats', item_type: 'Products', price: '100', sales_tax_rate: '5' }),
        item({ description: 'Books', item_type: 'Products', price: '30', sales_tax_rate: '0' }),
        item({ description: 'Training', item_type: 'Training', price: '50', sales_tax_status: 'EXEMPT' }),
        item({ description: 'Support', item_type: 'Hours', price: '10' }),
      ],
    });
    // Nets after 10% off: 810 + 90 + 27 + 45 + 9 = 981; VAT 162 + 4.5 + 0 + 0 + 1.8 (Auto: 20%) = 168.3.
    expect(quote).toMatchObject({ estimate_type: 'Quote', notes: 'Valid for 30 days.', discount_percent: '10.0', net_value: '981.0', sales_tax_value: '168.3', total_value: '1149.3', involves_sales_tax: true });
    expect(quote.estimate_items.map((row: any) => [row.sales_tax_rate, row.sales_tax_status])).toEqual([
      ['20.0', 'TAXABLE'],
      ['5.0', 'TAXABLE'],
      ['0.0', 'TAXABLE'],
      [undefined, 'EXEMPT'],
      ['20.0', 'TAXABLE'],
    ]);
  });

  it('changes items by url, removes them with _destroy, adds those without; edits keep the status', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const draft = await estimate(t, { contact: owner, estimate_items: [item({ description: 'One' }), item({ description: 'Two', price: '50' })] });
    const [one, two] = draft.estimate_items;
    const sent = await moved(t, draft.url, 'mark_as_sent');
    const changed = await t.json('PUT', path(draft.url), {
      body: { estimate: { notes: 'Revised', status: 'Approved', estimate_items: [{ url: one.url, price: '120' }, { url: two.url, _destroy: true }, item({ description: 'Three', price: '5' })] } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.estimate).toMatchObject({ status: sent.status, notes: 'Revised', net_value: '125.0' });
    expect(changed.body.estimate.estimate_items.map((row: any) => row.description)).toEqual(['One', 'Three']);
    await refused(t, () => t.json('PUT', path(draft.url), { body: { estimate: { estimate_items: [{ url: 'http://x/v2/estimate_items/999', price: '1' }] } } }), 422, /is not an item of this estimate/);
  });

  it('refuses an estimate that comes to less than zero (it could never become an invoice that is sent)', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    await refused(t, () => createEstimate(t, { contact: owner, estimate_items: [item({ price: '-10' })] }), 422, /^An estimate cannot come to less than zero/);
  });

  it('a foreign estimate needs the rate its invoice will be raised at', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    await refused(t, () => createEstimate(t, { contact: owner, currency: 'EUR' }), 422, 'exchange_rate is required for a EUR document: GBP per 1 EUR');
    const euro = await estimate(t, { contact: owner, currency: 'EUR', exchange_rate: '0.85' });
    expect(euro).toMatchObject({ currency: 'EUR', exchange_rate: '0.85', total_value: '100.0' });
  });
});

describe('estimates: EC sales', () => {
  it('EC VAT MOSS needs a place of supply from the list (MOSS rule 2) and takes that country’s rates', async () => {
    const t = vatBook();
    const owner = await contact(t, { country: 'Germany' });
    await refused(t, () => createEstimate(t, { contact: owner, ec_status: 'EC VAT MOSS' }), 422, 'place_of_supply is required for an EC VAT MOSS sale');
    await refused(t, () => createEstimate(t, { contact: owner, ec_status: 'EC VAT MOSS', place_of_supply: 'Norway' }), 422, /^place_of_supply must be one of the 27 EU countries/);
    await refused(t, () => createEstimate(t, { contact: owner, place_of_supply: 'Germany' }), 422, /^place_of_supply is only for an EC VAT MOSS sale/);
    await refused(t, () => createEstimate(t, { contact: owner, ec_status: 'EC VAT MOSS', place_of_supply: 'Germany', estimate_items: [item({ sales_tax_rate: '20' })] }), 422, /^sales_tax_rate 20 is not a Germany VAT rate/);
    const moss = await estimate(t, { contact: owner, ec_status: 'EC VAT MOSS', place_of_supply: 'germany', estimate_items: [item(), item({ price: '10', sales_tax_rate: '7' })] });
    expect(moss).toMatchObject({ ec_status: 'EC VAT MOSS', place_of_supply: 'Germany', sales_tax_value: '19.7' });
  });

  it('EC VAT MOSS is for UK companies only; EC Goods are zero-rated', async () => {
    const universal = createTestBook({ type: 'Universal', vatRegistered: true });
    const abroad = await contact(universal, { country: 'Germany' });
    await refused(universal, () => createEstimate(universal, { contact: abroad, ec_status: 'EC VAT MOSS', place_of_supply: 'Germany' }), 422, 'EC VAT MOSS is only for UK companies');
    const t = vatBook();
    const french = await contact(t, { country: 'France', sales_tax_registration_number: 'FR40303265045' });
    const goods = await estimate(t, { contact: french, ec_status: 'EC Goods' });
    expect(goods.estimate_items[0].sales_tax_rate).toBe('0.0');
    expect(goods.ec_status).toBe('EC Goods');
  });
});

describe('estimates: lists', () => {
  it('filters by the live service’s views, contact, project and dates; sorts and pages', async () => {
    const t = createTestBook();
    const a = await contact(t, { organisation_name: 'A' });
    const b = await contact(t, { organisation_name: 'B' });
    const project = (await t.json('POST', '/v2/projects', { body: { project: { contact: b, name: 'Site', status: 'Active', currency: 'GBP', budget_units: 'Hours' } } })).body.project.url;
    const draft = await estimate(t, { contact: a, dated_on: '2026-06-01' });
    const sent = await estimate(t, { contact: b, project, dated_on: '2026-10-01' });
    await moved(t, sent.url, 'mark_as_sent');
    const approved = await estimate(t, { contact: a, dated_on: '2026-11-01' });
    await moved(t, approved.url, 'mark_as_sent', 'mark_as_approved');
    const rejected = await estimate(t, { contact: a, dated_on: '2026-11-05' });
    await moved(t, rejected.url, 'mark_as_sent', 'mark_as_rejected');
    const invoiced = await estimate(t, { contact: b, dated_on: '2026-11-10' });
    await moved(t, invoiced.url, 'mark_as_sent', 'convert_to_invoice');
    const urls = async (query: string) => (await t.json('GET', `/v2/estimates${query}`)).body.estimates.map((row: any) => row.url);
    expect(await urls('')).toEqual([invoiced.url, rejected.url, approved.url, sent.url, draft.url]);
    expect(await urls('?view=draft')).toEqual([draft.url]);
    expect(await urls('?view=non_draft')).toEqual([invoiced.url, rejected.url, approved.url, sent.url]);
    expect(await urls('?view=sent')).toEqual([sent.url]);
    expect(await urls('?view=approved')).toEqual([approved.url]);
    expect(await urls('?view=rejected')).toEqual([rejected.url]);
    expect(await urls('?view=invoiced')).toEqual([invoiced.url]);
    // Recent: dated in the last three months (the clock reads 2026-11-22).
    expect(await urls('?view=recent')).toEqual([invoiced.url, rejected.url, approved.url, sent.url]);
    expect(await urls('?view=last_1_months')).toEqual([invoiced.url, rejected.url, approved.url]);
    expect(await urls(`?contact=${encodeURIComponent(b)}`)).toEqual([invoiced.url, sent.url]);
    expect(await urls(`?project=${encodeURIComponent(project)}`)).toEqual([sent.url]);
    expect(await urls('?from_date=2026-10-01&to_date=2026-11-01')).toEqual([approved.url, sent.url]);
    expect(await urls('?sort=dated_on')).toEqual([draft.url, sent.url, approved.url, rejected.url, invoiced.url]);
    const page = await t.json('GET', '/v2/estimates?per_page=2&page=2');
    expect(page.body.estimates.map((row: any) => row.url)).toEqual([approved.url, sent.url]);
    expect(page.headers.get('x-total-count')).toBe('5');
    expect(page.headers.get('link')).toContain('rel="next"');
    expect((await t.json('GET', '/v2/estimates')).body.estimates[0].estimate_items).toBeUndefined();
    expect((await t.json('GET', '/v2/estimates?nested_estimate_items=true')).body.estimates[0].estimate_items).toHaveLength(1);
    // Estimates are not invoices: the invoice list holds only the one raised from an estimate.
    expect((await t.json('GET', '/v2/invoices')).body.invoices).toHaveLength(1);
    expect((await t.json('GET', '/v2/estimates?view=open')).status).toBe(400);
    expect((await t.json('GET', '/v2/estimates?sort=due_on')).status).toBe(400);
    expect((await t.json('GET', '/v2/estimates?contact=http://x/v2/contacts/99')).status).toBe(404);
    expect((await t.json('GET', '/v2/estimates/999')).status).toBe(404);
    // An invoice's id is not an estimate's.
    expect((await t.json('GET', path((await invoice(t, { contact: a })).url).replace('invoices', 'estimates'))).status).toBe(404);
  });
});

describe('estimates: permissions and XML', () => {
  it('needs Invoices, Estimates & Files (4) for every endpoint', async () => {
    const t = createTestBook();
    const below = await t.userWithLevel(3);
    const allowed = await t.userWithLevel(4);
    const owner = await contact(t);
    const draft = await estimate(t, { contact: owner });
    const endpoints: [string, string, unknown][] = [
      ['GET', '/v2/estimates', undefined],
      ['GET', path(draft.url), undefined],
      ['GET', `${path(draft.url)}/pdf`, undefined],
      ['POST', '/v2/estimates', { estimate: { status: 'Draft', contact: owner, dated_on: '2026-11-01' } }],
      ['PUT', path(draft.url), { estimate: { notes: 'hi' } }],
      ['PUT', `${path(draft.url)}/transitions/mark_as_sent`, undefined],
    ];
    for (const [method, target, body] of endpoints) {
      expect((await t.json(method, target, { token: below, body })).status, `${method} ${target}`).toBe(403);
      expect((await t.json(method, target, { token: allowed, body })).status, `${method} ${target}`).toBeLessThan(300);
    }
    const other = await estimate(t, { contact: owner });
    expect((await t.json('DELETE', path(other.url), { token: below })).status).toBe(403);
    expect((await t.json('DELETE', path(other.url), { token: allowed })).status).toBe(200);
  });

  it('round-trips through XML, items and all, and answers errors in XML', async () => {
    const t = vatBook();
    const owner = await contact(t);
    const xml = `<estimate><contact>${owner}</contact><status>Draft</status><estimate-type>Proposal</estimate-type><dated-on type="date">2026-11-01</dated-on>
      <include-sales-tax-on-total-value type="boolean">false</include-sales-tax-on-total-value>
      <estimate-items type="array"><estimate-item><description>Design &amp; build</description><item-type>Days</item-type><price type="decimal">450.00</price><quantity type="decimal">3</quantity><sales-tax-rate type="decimal">20</sales-tax-rate></estimate-item>
      <estimate-item><description>Hosting</description><item-type>Months</item-type><price>10</price><sales-tax-rate>5</sales-tax-rate></estimate-item></estimate-items></estimate>`;
    const posted = await t.request('POST', '/v2/estimates', { xml, headers: { Accept: 'application/xml' } });
    expect(posted.status).toBe(201);
    const text = await posted.text();
    expect(text).toContain('<net-value type="decimal">1360.0</net-value>');
    const asXml = decodeXml(text).estimate as Record<string, unknown>;
    const asJson = (await get(t, asXml.url as string)).estimate;
    expect(asXml).toEqual(asJson);
    expect(asJson).toMatchObject({ estimate_type: 'Proposal', include_sales_tax_on_total_value: false, net_value: '1360.0', sales_tax_value: '270.5', total_value: '1630.5' });
    expect(asJson.estimate_items.map((row: any) => row.description)).toEqual(['Design & build', 'Hosting']);
    const list = decodeXml(await (await t.request('GET', '/v2/estimates', { headers: { Accept: 'application/xml' } })).text());
    expect((list.estimates as any[]).map((row) => row.url)).toEqual([asJson.url]);
    const bad = await t.request('POST', '/v2/estimates', { xml: `<estimate><contact>${owner}</contact><dated-on>2026-11-01</dated-on></estimate>`, headers: { Accept: 'application/xml' } });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toContain('status is not valid');
  });
});
