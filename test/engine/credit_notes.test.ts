import { describe, expect, it } from 'vitest';
import { decodeXml } from '../../main/engine/codec/xml';
import { idOf, ledgerTotal, postingsOf } from './banking-helpers';
import { createTestBook } from './harness';
import { contact, creditNote, get, invoice, item, transition } from './sales-helpers';

const path = (url: string) => new URL(url).pathname;

describe('credit notes', () => {
  it('are drafted with negative values, as the live service shows them', async () => {
    const t = createTestBook();
    const owner = await contact(t, { organisation_name: 'Example Organisation Ltd' });
    await invoice(t, { contact: owner });
    const response = await t.json('POST', '/v2/credit_notes', { body: { credit_note: { contact: owner, dated_on: '2026-08-16', credit_note_items: [item({ price: '-25' })] } } });
    expect(response.status).toBe(201);
    const record = response.body.credit_note;
    expect(response.headers.get('location')).toBe(record.url);
    expect(record).toMatchObject({
      contact_name: 'Example Organisation Ltd',
      currency: 'GBP',
      dated_on: '2026-08-16',
      due_on: '2026-09-15',
      due_value: '-25.0',
      exchange_rate: '1.0',
      involves_sales_tax: false,
      long_status: 'Draft',
      net_value: '-25.0',
      omit_header: false,
      payment_terms_in_days: 30,
      // Credit notes count apart from invoices.
      reference: '001',
      refunded_value: '0.0',
      status: 'Draft',
      total_value: '-25.0',
    });
    expect(record.url).toMatch(/\/v2\/credit_notes\/\d+$/);
    expect(record.paid_value).toBeUndefined();
    expect(record.payment_methods).toBeUndefined();
    expect(record.credit_note_items[0].url).toMatch(/\/v2\/credit_note_items\/\d+$/);
    expect((await t.json('GET', path(record.url))).body.credit_note).toEqual(record);
    // A credit note is not an invoice.
    expect((await t.json('GET', `/v2/invoices/${idOf(record.url)}`)).status).toBe(404);
  });

  it('take lines typed as positive amounts and store them negative, so they can be sent, and reverse a sale in the ledger', async () => {
    const t = createTestBook({ vatRegistered: true });
    const owner = await contact(t);
    const typed = await creditNote(t, { contact: owner, credit_note_items: [item({ price: '40' })] }, false);
    expect(typed).toMatchObject({ net_value: '-40.0', sales_tax_value: '-8.0', total_value: '-48.0' });
    expect(typed.credit_note_items[0].price).toBe('-40.0');
    const sent = await transition(t, typed.url, 'mark_as_sent');
    expect(sent.status).toBe(200);
    expect(sent.body.credit_note).toMatchObject({ status: 'Open', total_value: '-48.0', sales_tax_value: '-8.0', due_value: '-48.0' });
    expect(postingsOf(t, 'credit_notes', idOf(typed.url))).toEqual([
      { code: '001', debit: 4000 },
      { code: '681', debit: -4800 },
      { code: '819', debit: 800 },
    ]);
    // A negative price means the same; a line edited to a positive price stays a credit.
    const negative = await creditNote(t, { contact: owner, credit_note_items: [item({ price: '-40' })] });
    expect(negative).toMatchObject({ status: 'Open', total_value: '-48.0' });
    const edited = await t.json('PUT', path(negative.url), { body: { credit_note: { credit_note_items: [{ url: negative.credit_note_items[0].url, price: '50' }] } } });
    expect(edited.body.credit_note).toMatchObject({ total_value: '-60.0' });
    expect(ledgerTotal(t)).toBe(0);
  });

  it('move through the same transitions as invoices', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const draft = await creditNote(t, { contact: owner }, false);
    expect((await transition(t, draft.url, 'mark_as_draft')).status).toBe(422);
    expect((await transition(t, draft.url, 'mark_as_refunded')).body.errors[0].message).toMatch(/^mark_as_refunded is not a transition of a credit note/);
    expect((await transition(t, draft.url, 'mark_as_sent')).body.credit_note.status).toBe('Open');
    expect((await transition(t, draft.url, 'mark_as_cancelled')).body.credit_note.status).toBe('Cancelled');
    expect(postingsOf(t, 'credit_notes', idOf(draft.url))).toEqual([]);
    t.clock.set('2027-01-10T10:00:00Z');
    expect((await transition(t, draft.url, 'mark_as_sent')).body.credit_note).toMatchObject({ status: 'Overdue' });
  });

  it('list by view and contact; update and delete', async () => {
    const t = createTestBook();
    const owner = await contact(t);
    const draft = await creditNote(t, { contact: owner }, false);
    const sent = await creditNote(t, { contact: owner, dated_on: '2026-11-03' });
    const urls = async (query: string) => (await t.json('GET', `/v2/credit_notes${query}`)).body.credit_notes.map((row: any) => row.url);
    expect(await urls('')).toEqual([sent.url, draft.url]);
    expect(await urls('?view=draft')).toEqual([draft.url]);
    expect(await urls('?view=open')).toEqual([sent.url]);
    expect(await urls('?view=refunded')).toEqual([]);
    expect((await t.json('GET', '/v2/credit_notes?view=paid')).status).toBe(400);
    const updated = await t.json('PUT', path(draft.url), { body: { credit_note: { credit_note_items: [item({ price: '-5' })] } } });
    expect(updated.body.credit_note.total_value).toBe('-45.0');
    expect((await t.json('DELETE', path(draft.url))).status).toBe(200);
    expect(await urls('')).toEqual([sent.url]);
  });

  it('need Invoices, Estimates & Files (4), and round-trip through XML', async () => {
    const t = createTestBook();
    const below = await t.userWithLevel(3);
    const allowed = await t.userWithLevel(4);
    const owner = await contact(t);
    expect((await t.json('GET', '/v2/credit_notes', { token: below })).status).toBe(403);
    expect((await t.json('GET', '/v2/credit_notes', { token: allowed })).status).toBe(200);
    const body = { credit_note: { contact: owner, dated_on: '2026-11-01', credit_note_items: [item({ price: '-1' })] } };
    expect((await t.json('POST', '/v2/credit_notes', { token: below, body })).status).toBe(403);
    const created = await t.json('POST', '/v2/credit_notes', { token: allowed, body });
    expect(created.status).toBe(201);
    const target = path(created.body.credit_note.url);
    expect((await t.json('PUT', `${target}/transitions/mark_as_sent`, { token: below })).status).toBe(403);
    expect((await t.json('PUT', `${target}/transitions/mark_as_sent`, { token: allowed })).status).toBe(200);

    const xml = `<credit-note><contact>${owner}</contact><dated-on>2026-11-01</dated-on><credit-note-items type="array"><credit-note-item><description>Refund</description><price type="decimal">-12.50</price></credit-note-item></credit-note-items></credit-note>`;
    const posted = await t.request('POST', '/v2/credit_notes', { xml, headers: { Accept: 'application/xml' } });
    expect(posted.status).toBe(201);
    const asXml = decodeXml(await posted.text()).credit_note as Record<string, unknown>;
    expect(asXml).toEqual((await get(t, asXml.url as string)).credit_note);
    expect(asXml.total_value).toBe('-12.5');
  });
});
