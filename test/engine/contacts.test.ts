import { describe, expect, it } from 'vitest';
import { decodeXml } from '../../main/engine/codec/xml';
import { createTestBook } from './harness';
import { contact, invoice, sentInvoice, transition } from './sales-helpers';

describe('contacts: create, read, update (the recorded exchanges)', () => {
  it('creates a person with the live service defaults, 201 and Location', async () => {
    const t = createTestBook();
    const response = await t.json('POST', '/v2/contacts', { body: { contact: { first_name: 'Dwight', last_name: 'Schrute' } } });
    expect(response.status).toBe(201);
    const record = response.body.contact;
    expect(response.headers.get('location')).toBe(record.url);
    expect(record).toMatchObject({
      first_name: 'Dwight',
      last_name: 'Schrute',
      active_projects_count: 0,
      contact_name_on_invoices: true,
      country: 'United Kingdom',
      charge_sales_tax: 'Auto',
      locale: 'en',
      account_balance: '0.0',
      status: 'Active',
      created_at: '2026-11-22T10:00:00.000Z',
      updated_at: '2026-11-22T10:00:00.000Z',
    });
    expect(record.organisation_name).toBeUndefined();
    const read = await t.json('GET', new URL(record.url).pathname);
    expect(read.body.contact).toEqual(record);
  });

  it('needs organisation_name, or first_name and last_name', async () => {
    const t = createTestBook();
    const none = await t.json('POST', '/v2/contacts', { body: { contact: { email: 'a@example.com' } } });
    expect(none.status).toBe(422);
    expect(none.body.errors[0].message).toMatch(/organisation_name, or first_name and last_name/);
    expect((await t.json('POST', '/v2/contacts', { body: { contact: { first_name: 'Only' } } })).status).toBe(422);
    const organisation = await contact(t, { organisation_name: 'Dunder Mifflin' });
    // Clearing the only name is refused too, and changes nothing.
    const cleared = await t.json('PUT', new URL(organisation).pathname, { body: { contact: { organisation_name: '' } } });
    expect(cleared.status).toBe(422);
    expect((await t.json('GET', new URL(organisation).pathname)).body.contact.organisation_name).toBe('Dunder Mifflin');
  });

  it('updates only the fields sent', async () => {
    const t = createTestBook();
    const url = await contact(t, { organisation_name: null, first_name: 'Dwight', last_name: 'Schrute', email: 'dwight@example.com', default_payment_terms_in_days: 14 });
    t.clock.set('2026-11-23T09:00:00Z');
    const response = await t.json('PUT', new URL(url).pathname, { body: { contact: { first_name: 'Dwight Kurt' } } });
    expect(response.status).toBe(200);
    expect(response.body.contact).toMatchObject({ first_name: 'Dwight Kurt', last_name: 'Schrute', email: 'dwight@example.com', default_payment_terms_in_days: 14, updated_at: '2026-11-23T09:00:00.000Z' });
  });

  it('refuses broken fields with a 422 naming them', async () => {
    const t = createTestBook();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ charge_sales_tax: 'Sometimes' }, /^charge_sales_tax must be one of Auto, Always, Never/],
      [{ status: 'Gone' }, /^status must be one of Active, Hidden/],
      [{ email: 'not an address' }, /^email must be an email address/],
      [{ default_payment_terms_in_days: -1 }, /^default_payment_terms_in_days must not be negative/],
      [{ locale: 'english' }, /^locale/],
      // Issue 24 item 5: a UK VAT number with a wrong check digit, an EU one in the wrong format.
      [{ sales_tax_registration_number: 'GB 123 4567 89' }, /^sales_tax_registration_number is not a valid UK VAT number: its check digits are wrong/],
      [{ sales_tax_registration_number: 'DE12345678' }, /^sales_tax_registration_number is not a valid DE VAT number/],
    ];
    for (const [fields, message] of cases) {
      const response = await t.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'X', ...fields } } });
      expect(response.status).toBe(422);
      expect(response.body.errors[0].message).toMatch(message);
    }
    expect((await t.json('POST', '/v2/contacts', { body: { organisation_name: 'No root key' } })).status).toBe(422);
    expect((await t.json('GET', '/v2/contacts?view=all')).body.contacts).toEqual([]);
  });

  it('keeps a right VAT number of the UK, of an EU country, or of a country whose format it does not know', async () => {
    const t = createTestBook();
    for (const number of ['GB123456782', 'XI 987 6543 53', 'DE123456789', 'FR40303265045', 'NL123456789B01', 'CHE-123.456.789']) {
      const response = await t.json('POST', '/v2/contacts', { body: { contact: { organisation_name: `Firm ${number}`, sales_tax_registration_number: number } } });
      expect(response.status, number).toBe(201);
    }
  });
});

describe('contacts: lists', () => {
  it('lists active contacts by name by default; view all and hidden', async () => {
    const t = createTestBook();
    await contact(t, { organisation_name: 'Zeta' });
    await contact(t, { organisation_name: null, first_name: 'Maurice', last_name: 'Moss' });
    await contact(t, { organisation_name: 'alpha', status: 'Hidden' });
    const names = async (query: string) => (await t.json('GET', `/v2/contacts${query}`)).body.contacts.map((row: any) => row.organisation_name ?? row.last_name);
    expect(await names('')).toEqual(['Moss', 'Zeta']);
    expect(await names('?view=all')).toEqual(['alpha', 'Moss', 'Zeta']);
    expect(await names('?view=hidden')).toEqual(['alpha']);
    expect(await names('?view=all&sort=-name')).toEqual(['Zeta', 'Moss', 'alpha']);
    expect(await names('?view=all&sort=-created_at')).toEqual(['alpha', 'Moss', 'Zeta']);
    expect((await t.json('GET', '/v2/contacts?view=friends')).status).toBe(400);
    expect((await t.json('GET', '/v2/contacts?sort=colour')).status).toBe(400);
  });

  it('filters by updated_since', async () => {
    const t = createTestBook();
    await contact(t, { organisation_name: 'Old' });
    t.clock.set('2026-11-25T00:00:00Z');
    await contact(t, { organisation_name: 'New' });
    const response = await t.json('GET', '/v2/contacts?view=all&updated_since=2026-11-24T00:00:00Z');
    expect(response.body.contacts.map((row: any) => row.organisation_name)).toEqual(['New']);
    expect((await t.json('GET', '/v2/contacts?updated_since=yesterday')).status).toBe(400);
  });

  it('clients, open clients, suppliers and project views', async () => {
    const t = createTestBook();
    const client = await contact(t, { organisation_name: 'Client' });
    const paidUp = await contact(t, { organisation_name: 'Draft only' });
    const supplier = await contact(t, { organisation_name: 'Supplier' });
    const builder = await contact(t, { organisation_name: 'Builder' });
    await sentInvoice(t, { contact: client });
    await invoice(t, { contact: paidUp });
    t.book.sqlite
      .prepare(`INSERT INTO bills (contact_id, reference, dated_on, due_on, currency, exchange_rate, net_minor, sales_tax_minor, total_minor, native_total_minor, created_at, updated_at)
        VALUES (?, 'B1', '2026-11-01', '2026-12-01', 'GBP', '1.0', 5000, 0, 5000, 5000, '2026-11-22T10:00:00.000Z', '2026-11-22T10:00:00.000Z')`)
      .run(Number(supplier.split('/').pop()));
    await t.json('POST', '/v2/projects', { body: { project: { contact: builder, name: 'Extension' } } });
    await t.json('POST', '/v2/projects', { body: { project: { contact: client, name: 'Old job', status: 'Completed' } } });
    const names = async (view: string) => (await t.json('GET', `/v2/contacts?view=${view}`)).body.contacts.map((row: any) => row.organisation_name);
    expect(await names('clients')).toEqual(['Client', 'Draft only']);
    expect(await names('open_clients')).toEqual(['Client']);
    expect(await names('suppliers')).toEqual(['Supplier']);
    expect(await names('open_suppliers')).toEqual(['Supplier']);
    expect(await names('active_projects')).toEqual(['Builder']);
    expect(await names('completed_projects')).toEqual(['Client']);
    const clientRecord = (await t.json('GET', new URL(client).pathname)).body.contact;
    expect(clientRecord.account_balance).toBe('100.0');
    expect((await t.json('GET', new URL(supplier).pathname)).body.contact.account_balance).toBe('-50.0');
    expect((await t.json('GET', new URL(builder).pathname)).body.contact.active_projects_count).toBe(1);
  });
});

describe('contacts: delete', () => {
  it('deletes a contact with nothing against it, and its notes', async () => {
    const t = createTestBook();
    const url = await contact(t);
    const note = await t.json('POST', `/v2/notes?contact=${encodeURIComponent(url)}`, { body: { note: { note: 'Call back' } } });
    const response = await t.json('DELETE', new URL(url).pathname);
    expect(response.status).toBe(200);
    expect((await t.json('GET', new URL(url).pathname)).status).toBe(404);
    expect((await t.json('GET', new URL(note.body.note.url).pathname)).status).toBe(404);
  });

  it('refuses (422) a contact with invoices, credit notes, bills or projects, and changes nothing', async () => {
    const t = createTestBook();
    const withInvoice = await contact(t);
    const draft = await invoice(t, { contact: withInvoice });
    expect((await t.json('DELETE', new URL(withInvoice).pathname)).status).toBe(422);
    // A cancelled invoice still names the contact.
    await transition(t, draft.url, 'mark_as_cancelled');
    const refused = await t.json('DELETE', new URL(withInvoice).pathname);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toMatch(/invoices/);
    expect((await t.json('GET', new URL(withInvoice).pathname)).status).toBe(200);

    const withBill = await contact(t, { organisation_name: 'Supplier' });
    t.book.sqlite
      .prepare(`INSERT INTO bills (contact_id, reference, dated_on, due_on, currency, exchange_rate, net_minor, sales_tax_minor, total_minor, native_total_minor, created_at, updated_at)
        VALUES (?, 'B1', '2026-11-01', '2026-12-01', 'GBP', '1.0', 100, 0, 100, 100, 'x', 'x')`)
      .run(Number(withBill.split('/').pop()));
    expect((await t.json('DELETE', new URL(withBill).pathname)).body.errors[0].message).toMatch(/bills/);

    // An opening balance entry on Trade Debtors names its contact too.
    const withOpening = await contact(t, { organisation_name: 'Opening' });
    const set = t.book.sqlite.prepare("INSERT INTO journal_sets (description, is_opening_balances, created_at, updated_at) VALUES ('Opening balances', 1, 'x', 'x')").run();
    t.book.sqlite
      .prepare("INSERT INTO journal_entries (journal_set_id, category_id, debit_minor, contact_id, created_at, updated_at) VALUES (?, (SELECT id FROM categories WHERE nominal_code = '681'), 100, ?, 'x', 'x')")
      .run(set.lastInsertRowid, Number(withOpening.split('/').pop()));
    expect((await t.json('DELETE', new URL(withOpening).pathname)).body.errors[0].message).toMatch(/opening balance entries/);

    const withProject = await contact(t, { organisation_name: 'Projects' });
    await t.json('POST', '/v2/projects', { body: { project: { contact: withProject, name: 'P' } } });
    expect((await t.json('DELETE', new URL(withProject).pathname)).body.errors[0].message).toMatch(/projects/);
  });
});

describe('contacts: permissions and XML', () => {
  it('needs Contacts & Projects (3) for every endpoint', async () => {
    const t = createTestBook();
    const below = await t.userWithLevel(2);
    const allowed = await t.userWithLevel(3);
    const url = await contact(t);
    const path = new URL(url).pathname;
    for (const [method, target, body] of [
      ['GET', '/v2/contacts', undefined],
      ['GET', path, undefined],
      ['POST', '/v2/contacts', { contact: { organisation_name: 'New' } }],
      ['PUT', path, { contact: { email: 'x@example.com' } }],
    ] as const) {
      expect((await t.json(method, target, { token: below, body })).status).toBe(403);
      expect((await t.json(method, target, { token: allowed, body })).status).toBeLessThan(300);
    }
    expect((await t.json('DELETE', path, { token: below })).status).toBe(403);
    expect((await t.json('DELETE', path, { token: allowed })).status).toBe(200);
  });

  it('round-trips through XML', async () => {
    const t = createTestBook();
    const xml = '<contact><organisation-name>Smith &amp; Sons</organisation-name><charge-sales-tax>Always</charge-sales-tax><default-payment-terms-in-days>14</default-payment-terms-in-days><contact-name-on-invoices>false</contact-name-on-invoices></contact>';
    const posted = await t.request('POST', '/v2/contacts', { xml, headers: { Accept: 'application/xml' } });
    expect(posted.status).toBe(201);
    const asXml = decodeXml(await posted.text()).contact as Record<string, unknown>;
    const asJson = (await t.json('GET', new URL(asXml.url as string).pathname)).body.contact;
    expect(asXml).toEqual(asJson);
    expect(asJson).toMatchObject({ organisation_name: 'Smith & Sons', charge_sales_tax: 'Always', default_payment_terms_in_days: 14, contact_name_on_invoices: false });
  });
});
