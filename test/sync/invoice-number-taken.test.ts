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
  it("the accountant's invoice is neither taken for ours nor overwritten with it; ours waits for a new number, then is made once", async () => {
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

    // The accountant's invoice is untouched; ours, its number now taken online, waits for its user.
    expect(await invoicesIn(w.remote.book)).toEqual(['001 Acme Ltd: First job', '002 Acme Ltd: Audit for Acme']);
    expect(await invoicesIn(a.book)).toEqual(['001 Acme Ltd: First job', '002 Acme Ltd: Audit for Acme', '002 Beta Ltd: Design for Beta']);
    const [review] = a.service.reviewList();
    expect(review).toMatchObject({ kind: 'refused', label: 'Invoice 002' });
    await a.service.resolve(review!.id, { choice: 'edit', values: { reference: '003' } });
    await a.sync();
    const wanted = ['001 Acme Ltd: First job', '002 Acme Ltd: Audit for Acme', '003 Beta Ltd: Design for Beta'];
    expect(await invoicesIn(w.remote.book)).toEqual(wanted);
    expect(await invoicesIn(a.book)).toEqual(wanted);
    expect(w.remote.creates.filter((created) => created === '/v2/invoices')).toHaveLength(2);
  });
});

describe('two books of one company numbering their offline invoices alike', { timeout: 60_000 }, () => {
  it('the second 001 is not sent: it is put to its user, who gives it another number, and then it goes', async () => {
    const w = world(62);
    const a = w.replica('a');
    const b = w.replica('b');
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } });
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Beta Ltd' } });
    await a.sync();
    await b.sync();
    const item = (description: string) => [{ description, item_type: 'Hours', quantity: '1', price: '100.00' }];
    // Offline, each book makes its next invoice: both number it 001.
    const made = await a.book.call('POST', '/v2/invoices', { invoice: { contact: await contactUrl(a.book, 'Acme Ltd'), dated_on: '2026-11-20', invoice_items: item('Job for Acme') } });
    const theirs = await b.book.call('POST', '/v2/invoices', { invoice: { contact: await contactUrl(b.book, 'Beta Ltd'), dated_on: '2026-11-20', invoice_items: item('Job for Beta') } });
    expect([made.body.invoice.reference, theirs.body.invoice.reference]).toEqual(['001', '001']);
    await a.sync();
    const round = await b.sync();
    expect(round.refused).toBe(1);
    const [item001] = b.service.reviewList();
    expect(item001).toMatchObject({ kind: 'refused', family: 'invoices', label: 'Invoice 001' });
    expect(item001!.reason).toContain('The number 001 is already used online');
    expect(await invoicesIn(w.remote.book)).toEqual(['001 Acme Ltd: Job for Acme']);
    // Kept in the book, not dropped: it waits for its user.
    expect(await invoicesIn(b.book)).toEqual(['001 Acme Ltd: Job for Acme', '001 Beta Ltd: Job for Beta']);
    // As the review says: another number in the book, then Keep mine.
    const mine = ((await b.book.call('GET', '/v2/invoices?view=all')).body.invoices as { url: string; contact: string }[]).find((invoice) => invoice.contact === theirs.body.invoice.contact)!;
    expect((await b.book.call('PUT', path(mine.url), { invoice: { reference: '002' } })).status).toBe(200);
    await b.service.resolve(item001!.id, { choice: 'mine' });
    await b.sync();
    await a.sync();
    const wanted = ['001 Acme Ltd: Job for Acme', '002 Beta Ltd: Job for Beta'];
    expect(await invoicesIn(w.remote.book)).toEqual(wanted);
    expect(await invoicesIn(a.book)).toEqual(wanted);
    expect(await invoicesIn(b.book)).toEqual(wanted);
    expect(b.service.reviewList()).toEqual([]);
  });
});
