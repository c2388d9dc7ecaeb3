import { describe, expect, it } from 'vitest';
import { world } from './replicas';

// A round does not ask for families whose every record must name a contact (projects, invoices,
// estimates, credit notes, bills) once the contacts' full list came back empty, nor for credit note
// reconciliations with no invoices or credit notes: their lists are empty too. What appears there
// later is still pulled, and what is deleted there is still deleted here.

const path = (url: string) => url.replace(/^.*?\/v2\//, '/v2/');
const HOUR = 3_600_000;
const CONTACT_BOUND = ['projects', 'invoices', 'estimates', 'credit_notes', 'bills', 'credit_note_reconciliations'];

function listsAskedFor(log: readonly { method: string; path: string }[]): string[] {
  return log.filter((entry) => entry.method === 'GET').map((entry) => entry.path.replace(/^\/v2\//, '').replace(/\?.*$/, ''));
}

describe('families that need a contact', { timeout: 60_000 }, () => {
  it('are not asked for while the remote holds no contact; an invoice made there later is pulled with its contact', async () => {
    const w = world(301);
    const a = w.replica('a');
    await a.sync();
    w.timer.advance(2 * HOUR);
    const before = w.remote.log.length;
    const quiet = await a.sync();
    const asked = listsAskedFor(w.remote.log.slice(before));
    expect(asked).toContain('contacts');
    for (const family of CONTACT_BOUND) expect(asked, family).not.toContain(family);
    expect(quiet.agree).toBe(true);

    // Made on the service after that round, its contact with it.
    const contact = (await w.remote.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Late Ltd' } })).body.contact.url;
    const made = await w.remote.book.call('POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-20', payment_terms_in_days: 30, invoice_items: [{ description: 'Audit', item_type: 'Hours', quantity: '2', price: '125.50' }] } });
    expect(made.status).toBe(201);
    w.timer.advance(HOUR);
    const round = await a.sync();
    expect(round.pulled).toBe(2);
    const invoices = (await a.book.call('GET', '/v2/invoices?view=all')).body.invoices as Record<string, unknown>[];
    expect(invoices.map((invoice) => [invoice.reference, invoice.total_value])).toEqual([['001', '251.0']]);
    expect(round.agree).toBe(true);
  });

  it('an invoice deleted there with its contact is deleted here, though the round does not list invoices', async () => {
    const w = world(302);
    const a = w.replica('a');
    const contact = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Gone Ltd' } })).body.contact.url;
    expect((await a.book.call('POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-20', payment_terms_in_days: 30, invoice_items: [{ description: 'Work', item_type: 'Hours', quantity: '1', price: '10' }] } })).status).toBe(201);
    await a.sync();
    const there = (await w.remote.book.call('GET', '/v2/invoices?view=all')).body.invoices as { url: string; contact: string }[];
    expect(there).toHaveLength(1);
    expect((await w.remote.book.call('DELETE', path(there[0]!.url))).status).toBeLessThan(300);
    expect((await w.remote.book.call('DELETE', path(there[0]!.contact))).status).toBeLessThan(300);

    w.timer.advance(HOUR);
    const before = w.remote.log.length;
    await a.sync();
    expect((await a.book.call('GET', '/v2/invoices?view=all')).body.invoices).toEqual([]);
    expect((await a.book.call('GET', '/v2/contacts?view=all')).body.contacts).toEqual([]);
    expect(listsAskedFor(w.remote.log.slice(before))).not.toContain('invoices');
  });
});
