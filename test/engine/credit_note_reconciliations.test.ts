import { describe, expect, it } from 'vitest';
import { decodeXml } from '../../main/engine/codec/xml';
import { idOf, ledgerTotal, postingsOf } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { contact, creditNote, get, invoice, item, sentInvoice } from './sales-helpers';

const path = (url: string) => new URL(url).pathname;
const reconcile = (t: TestBook, fields: Record<string, unknown>, token?: string) =>
  t.json('POST', '/v2/credit_note_reconciliations', { body: { credit_note_reconciliation: fields }, token });

async function pair(t: TestBook, invoiceFields: Record<string, unknown> = {}, creditFields: Record<string, unknown> = {}) {
  const owner = await contact(t);
  const sent = await sentInvoice(t, { contact: owner, ...invoiceFields });
  const note = await creditNote(t, { contact: owner, ...creditFields });
  return { owner, invoice: sent, creditNote: note };
}

describe('credit note reconciliations (2.9, 4.10)', () => {
  it('set a credit note against an invoice: 201 and Location; both documents follow', async () => {
    const t = createTestBook();
    const { invoice: inv, creditNote: note } = await pair(t);
    const response = await reconcile(t, { invoice: inv.url, credit_note: note.url, gross_value: '40' });
    expect(response.status).toBe(201);
    const record = response.body.credit_note_reconciliation;
    expect(response.headers.get('location')).toBe(record.url);
    expect(record).toMatchObject({ gross_value: '40.0', dated_on: '2026-11-02', currency: 'GBP', exchange_rate: '1.0', invoice: inv.url, credit_note: note.url, created_at: '2026-11-22T10:00:00.000Z' });
    expect((await get(t, inv.url)).invoice).toMatchObject({ status: 'Part paid', paid_value: '40.0', due_value: '60.0' });
    expect((await get(t, note.url)).credit_note).toMatchObject({ status: 'Refunded', refunded_value: '-40.0', due_value: '0.0' });
    // Through 790: out of debtors for the invoice, back in for the credit note.
    expect(postingsOf(t, 'credit_note_reconciliations', idOf(record.url))).toEqual([
      { code: '681', debit: -4000 },
      { code: '681', debit: 4000 },
      { code: '790', debit: 4000 },
      { code: '790', debit: -4000 },
    ]);
    expect(ledgerTotal(t)).toBe(0);
    expect((await t.json('GET', path(record.url))).body.credit_note_reconciliation).toEqual(record);
  });

  it('gross_value may not exceed what remains on the invoice or on the credit note (422)', async () => {
    const t = createTestBook();
    const { owner, invoice: inv, creditNote: note } = await pair(t, {}, { credit_note_items: [item({ price: '-150' })] });
    const overInvoice = await reconcile(t, { invoice: inv.url, credit_note: note.url, gross_value: '100.01' });
    expect(overInvoice.status).toBe(422);
    expect(overInvoice.body.errors[0].message).toBe('gross_value is more than remains due on the invoice');
    const full = await reconcile(t, { invoice: inv.url, credit_note: note.url, gross_value: '100' });
    expect(full.status).toBe(201);
    expect((await get(t, inv.url)).invoice.status).toBe('Paid');
    const second = await sentInvoice(t, { contact: owner });
    const overNote = await reconcile(t, { invoice: second.url, credit_note: note.url, gross_value: '50.01' });
    expect(overNote.body.errors[0].message).toBe('gross_value is more than remains on the credit note');
    expect((await reconcile(t, { invoice: second.url, credit_note: note.url, gross_value: '0' })).status).toBe(422);
    expect((await reconcile(t, { invoice: second.url, credit_note: note.url, gross_value: '-5' })).status).toBe(422);
    expect((await reconcile(t, { invoice: second.url, credit_note: note.url })).status).toBe(422);
    expect(t.book.sqlite.prepare('SELECT count(*) FROM credit_note_reconciliations').pluck().get()).toBe(1);
  });

  it('needs sent documents of one contact and one currency, dated no earlier than both', async () => {
    const t = createTestBook();
    const { owner, invoice: inv, creditNote: note } = await pair(t);
    const draftInvoice = await invoice(t, { contact: owner });
    expect((await reconcile(t, { invoice: draftInvoice.url, credit_note: note.url, gross_value: '1' })).body.errors[0].message).toMatch(/invoice must be sent/);
    const draftNote = await creditNote(t, { contact: owner }, false);
    expect((await reconcile(t, { invoice: inv.url, credit_note: draftNote.url, gross_value: '1' })).body.errors[0].message).toMatch(/credit_note must be sent/);
    const stranger = await contact(t, { organisation_name: 'Stranger' });
    const theirs = await creditNote(t, { contact: stranger });
    expect((await reconcile(t, { invoice: inv.url, credit_note: theirs.url, gross_value: '1' })).body.errors[0].message).toMatch(/same contact/);
    const dollars = await creditNote(t, { contact: owner, currency: 'USD', exchange_rate: '0.8' });
    expect((await reconcile(t, { invoice: inv.url, credit_note: dollars.url, gross_value: '1' })).body.errors[0].message).toMatch(/same currency/);
    expect((await reconcile(t, { invoice: note.url, credit_note: inv.url, gross_value: '1' })).status).toBe(422);
    expect((await reconcile(t, { invoice: inv.url, credit_note: note.url, gross_value: '1', dated_on: '2026-11-01' })).body.errors[0].message).toMatch(/must not be before/);
    expect((await reconcile(t, { invoice: inv.url, credit_note: note.url, gross_value: '1', currency: 'EUR' })).status).toBe(422);
  });

  it('update and delete move both documents back and forth', async () => {
    const t = createTestBook();
    const { invoice: inv, creditNote: note } = await pair(t);
    const record = (await reconcile(t, { invoice: inv.url, credit_note: note.url, gross_value: '40' })).body.credit_note_reconciliation;
    t.clock.set('2026-11-24T10:00:00Z');
    const updated = await t.json('PUT', path(record.url), { body: { credit_note_reconciliation: { gross_value: '15', dated_on: '2026-11-05' } } });
    expect(updated.status).toBe(200);
    expect(updated.body.credit_note_reconciliation).toMatchObject({ gross_value: '15.0', dated_on: '2026-11-05', updated_at: '2026-11-24T10:00:00.000Z' });
    expect((await get(t, inv.url)).invoice.due_value).toBe('85.0');
    expect((await get(t, note.url)).credit_note).toMatchObject({ status: 'Open', due_value: '-25.0' });
    expect((await t.json('PUT', path(record.url), { body: { credit_note_reconciliation: { gross_value: '41' } } })).status).toBe(422);
    // A reconciled document cannot go back to draft or be deleted.
    expect((await t.json('PUT', `${path(note.url)}/transitions/mark_as_draft`)).status).toBe(422);
    expect((await t.json('DELETE', path(inv.url))).status).toBe(422);
    expect((await t.json('DELETE', path(record.url))).status).toBe(200);
    expect((await get(t, inv.url)).invoice).toMatchObject({ status: 'Open', due_value: '100.0' });
    expect(postingsOf(t, 'credit_note_reconciliations', idOf(record.url))).toEqual([]);
    expect((await t.json('GET', path(record.url))).status).toBe(404);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('lists with from_date, to_date and updated_since', async () => {
    const t = createTestBook();
    const { invoice: inv, creditNote: note } = await pair(t, {}, { credit_note_items: [item({ price: '-90' })] });
    const early = (await reconcile(t, { invoice: inv.url, credit_note: note.url, gross_value: '10', dated_on: '2026-11-03' })).body.credit_note_reconciliation;
    t.clock.set('2026-11-25T10:00:00Z');
    const late = (await reconcile(t, { invoice: inv.url, credit_note: note.url, gross_value: '10', dated_on: '2026-11-20' })).body.credit_note_reconciliation;
    const urls = async (query: string) => (await t.json('GET', `/v2/credit_note_reconciliations${query}`)).body.credit_note_reconciliations.map((row: any) => row.url);
    expect(await urls('')).toEqual([early.url, late.url]);
    expect(await urls('?from_date=2026-11-10')).toEqual([late.url]);
    expect(await urls('?to_date=2026-11-10')).toEqual([early.url]);
    expect(await urls('?updated_since=2026-11-24T00:00:00Z')).toEqual([late.url]);
    expect((await t.json('GET', '/v2/credit_note_reconciliations?from_date=soon')).status).toBe(400);
  });

  it('are refused on or before the lock date', async () => {
    const t = createTestBook();
    const { invoice: inv, creditNote: note } = await pair(t);
    const record = (await reconcile(t, { invoice: inv.url, credit_note: note.url, gross_value: '10', dated_on: '2026-11-05' })).body.credit_note_reconciliation;
    t.book.sqlite.prepare("INSERT INTO account_locks (id, locked_to_date, created_at, updated_at) VALUES (1, '2026-11-05', 'x', 'x')").run();
    expect((await reconcile(t, { invoice: inv.url, credit_note: note.url, gross_value: '1', dated_on: '2026-11-04' })).status).toBe(422);
    expect((await t.json('PUT', path(record.url), { body: { credit_note_reconciliation: { dated_on: '2026-11-10' } } })).status).toBe(422);
    expect((await t.json('DELETE', path(record.url))).status).toBe(422);
    expect((await reconcile(t, { invoice: inv.url, credit_note: note.url, gross_value: '1', dated_on: '2026-11-06' })).status).toBe(201);
  });

  it('in a foreign currency at two rates: the difference goes to realised exchange (390), 790 clears', async () => {
    const t = createTestBook();
    const { invoice: inv, creditNote: note } = await pair(t, { currency: 'USD', exchange_rate: '0.8' }, { currency: 'USD', exchange_rate: '0.75', credit_note_items: [item({ price: '-100' })] });
    const record = (await reconcile(t, { invoice: inv.url, credit_note: note.url, gross_value: '100' })).body.credit_note_reconciliation;
    expect(record).toMatchObject({ currency: 'USD', exchange_rate: '0.8' });
    expect(postingsOf(t, 'credit_note_reconciliations', idOf(record.url))).toEqual([
      { code: '390', debit: 500 },
      { code: '681', debit: -8000 },
      { code: '681', debit: 7500 },
      { code: '790', debit: 8000 },
      { code: '790', debit: -7500 },
      { code: '790', debit: -500 },
    ]);
    const debtors = t.book.sqlite.prepare("SELECT sum(p.debit_minor) FROM postings p JOIN categories c ON c.id = p.category_id WHERE c.nominal_code IN ('681', '790')").pluck().get();
    expect(debtors).toBe(0);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('need Invoices, Estimates & Files (4), and round-trip through XML', async () => {
    const t = createTestBook();
    const below = await t.userWithLevel(3);
    const allowed = await t.userWithLevel(4);
    const { invoice: inv, creditNote: note } = await pair(t);
    expect((await t.json('GET', '/v2/credit_note_reconciliations', { token: below })).status).toBe(403);
    expect((await reconcile(t, { invoice: inv.url, credit_note: note.url, gross_value: '1' }, below)).status).toBe(403);
    const made = await reconcile(t, { invoice: inv.url, credit_note: note.url, gross_value: '1' }, allowed);
    expect(made.status).toBe(201);
    const target = path(made.body.credit_note_reconciliation.url);
    for (const [method, body] of [['GET', undefined], ['PUT', { credit_note_reconciliation: { gross_value: '2' } }]] as const) {
      expect((await t.json(method, target, { token: below, body })).status).toBe(403);
      expect((await t.json(method, target, { token: allowed, body })).status).toBe(200);
    }
    expect((await t.json('DELETE', target, { token: below })).status).toBe(403);
    expect((await t.json('DELETE', target, { token: allowed })).status).toBe(200);

    const xml = `<credit-note-reconciliation><invoice>${inv.url}</invoice><credit-note>${note.url}</credit-note><gross-value type="decimal">12.34</gross-value><dated-on type="date">2026-11-10</dated-on></credit-note-reconciliation>`;
    const posted = await t.request('POST', '/v2/credit_note_reconciliations', { xml, headers: { Accept: 'application/xml' } });
    expect(posted.status).toBe(201);
    const asXml = decodeXml(await posted.text()).credit_note_reconciliation as Record<string, unknown>;
    expect(asXml).toEqual((await t.json('GET', path(asXml.url as string))).body.credit_note_reconciliation);
    expect(asXml.gross_value).toBe('12.34');
  });
  it('list what is set against one credit note or one invoice (?credit_note=, ?invoice=), refusing a url of another kind', async () => {
    const t = createTestBook();
    const { owner, invoice: first, creditNote: note } = await pair(t);
    const second = await sentInvoice(t, { contact: owner });
    const other = await creditNote(t, { contact: owner });
    const a = (await reconcile(t, { invoice: first.url, credit_note: note.url, gross_value: '10' })).body.credit_note_reconciliation;
    const b = (await reconcile(t, { invoice: second.url, credit_note: note.url, gross_value: '5' })).body.credit_note_reconciliation;
    const c = (await reconcile(t, { invoice: second.url, credit_note: other.url, gross_value: '7' })).body.credit_note_reconciliation;
    const urls = async (query: string) => {
      const response = await t.json('GET', `/v2/credit_note_reconciliations?${query}`);
      return { status: response.status, urls: response.body.credit_note_reconciliations?.map((row: any) => row.url), total: response.headers.get('x-total-count') };
    };
    expect(await urls(`credit_note=${encodeURIComponent(note.url)}`)).toEqual({ status: 200, urls: [a.url, b.url], total: '2' });
    expect(await urls(`invoice=${encodeURIComponent(second.url)}`)).toEqual({ status: 200, urls: [b.url, c.url], total: '2' });
    expect(await urls(`invoice=${encodeURIComponent(second.url)}&credit_note=${encodeURIComponent(other.url)}`)).toEqual({ status: 200, urls: [c.url], total: '1' });
    // An invoice's url under credit_note= is malformed (400); its bare id names no credit note (404).
    expect((await t.json('GET', `/v2/credit_note_reconciliations?credit_note=${encodeURIComponent(first.url)}`)).status).toBe(400);
    expect((await t.json('GET', `/v2/credit_note_reconciliations?credit_note=${idOf(first.url)}`)).status).toBe(404);
    expect((await t.json('GET', '/v2/credit_note_reconciliations?invoice=nonsense')).status).toBe(400);
  });
});
