import { describe, expect, it } from 'vitest';
import { world, type Replica, type World } from './replicas';

const path = (url: string) => url.replace(/^.*?\/v2\//, '/v2/');
const MINUTE = 60_000;
type Book = Replica['book'] | World['remote']['book'];

/** Every invoice as a person reads it: number, customer by name, lines. */
async function invoicesIn(book: Book): Promise<string[]> {
  const list = (await book.call('GET', '/v2/invoices?view=all&per_page=100')).body.invoices as { url: string }[];
  const out: string[] = [];
  for (const { url } of list) {
    const invoice = (await book.call('GET', path(url))).body.invoice;
    const customer = (await book.call('GET', path(invoice.contact))).body.contact.organisation_name;
    const lines = (invoice.invoice_items as { description: string }[]).map((item) => item.description).join(', ');
    out.push(`${invoice.reference} ${customer}: ${lines}`);
  }
  return out.sort();
}

async function contactUrl(book: Book, name: string): Promise<string> {
  const list = (await book.call('GET', '/v2/contacts?view=all')).body.contacts as { url: string; organisation_name: string }[];
  return list.find((contact) => contact.organisation_name === name)!.url;
}

/**
 * Invoice numbers are not unique on the live service: it numbers an invoice made without a reference
 * itself, and two made apart can get the same number (forum 931, 2515). An invoice of ours whose create
 * is in doubt is looked for by its number; another invoice with that number is not ours.
 */
describe('an invoice in doubt and another invoice given the same number online', { timeout: 60_000 }, () => {
  it("the accountant's invoice is neither taken for ours nor overwritten with it; ours is made once", async () => {
    const w = world(61);
    const a = w.replica('a');
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } });
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Beta Ltd' } });
    const item = (description: string) => [{ description, item_type: 'Hours', quantity: '1', price: '100.00' }];
    await a.book.call('POST', '/v2/invoices', { invoice: { contact: await contactUrl(a.book, 'Acme Ltd'), dated_on: '2026-11-20', invoice_items: item('First job') } });
    await a.sync();

    // Invoice 002 to Beta is made here; its POST never reaches the service, and is in doubt.
    await a.book.call('POST', '/v2/invoices', { invoice: { contact: await contactUrl(a.book, 'Beta Ltd'), dated_on: '2026-11-21', invoice_items: item('Design for Beta') } });
    w.remote.force('slow', (method, where) => method === 'POST' && where === '/v2/invoices');
    await a.sync();
    // Meanwhile the accountant invoices Acme online; the service numbers it 002 as well.
    const theirs = await w.remote.book.call('POST', '/v2/invoices', { invoice: { contact: path(await contactUrl(w.remote.book, 'Acme Ltd')), dated_on: '2026-11-21', invoice_items: item('Audit for Acme') } });
    expect(theirs.body.invoice.reference).toBe('002');

    w.timer.advance(5 * MINUTE);
    await a.sync();
    w.timer.advance(20 * MINUTE);
    await a.sync();
    await a.sync();

    const wanted = ['001 Acme Ltd: First job', '002 Acme Ltd: Audit for Acme', '002 Beta Ltd: Design for Beta'];
    expect(await invoicesIn(w.remote.book)).toEqual(wanted);
    expect(await invoicesIn(a.book)).toEqual(wanted);
    expect(w.remote.creates.filter((created) => created === '/v2/invoices')).toHaveLength(2);
  });
});
