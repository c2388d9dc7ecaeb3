import { describe, expect, it } from 'vitest';
import { world, type Replica, type World } from './replicas';

const path = (url: string) => url.replace(/^.*?\/v2\//, '/v2/');
type Book = Replica['book'] | World['remote']['book'];

async function billIn(book: Book, reference: string): Promise<Record<string, any> | undefined> {
  const list = (await book.call('GET', '/v2/bills?view=all&per_page=100')).body.bills as Record<string, any>[];
  const found = list.find((bill) => bill.reference === reference);
  return found ? ((await book.call('GET', path(found.url))).body.bill as Record<string, any>) : undefined;
}

/** A bill as a person compares two books: its fields, its supplier by name, its items without urls. */
async function seen(book: Book, reference: string) {
  const bill = (await billIn(book, reference))!;
  const contact = (await book.call('GET', path(bill.contact))).body.contact.organisation_name;
  const items = (bill.bill_items as Record<string, any>[]).map(({ description, total_value, category }) => ({ description, total_value, category: path(category) }));
  return { reference: bill.reference, contact, dated_on: bill.dated_on, due_on: bill.due_on, comments: bill.comments ?? null, total_value: bill.total_value, items };
}

async function billFrom(book: Book, supplier: string, reference: string): Promise<void> {
  const created = await book.call('POST', '/v2/bills', {
    bill: { contact: supplier, reference, dated_on: '2026-11-20', due_on: '2026-12-20', bill_items: [{ category: '/v2/categories/285', description: 'Hotel', total_value: '120' }] },
  });
  expect(created.status).toBe(201);
}

describe('bills sync', { timeout: 60_000 }, () => {
  it('a bill made offline reaches the remote and the other book; edits to different fields merge', async () => {
    const w = world(51);
    const a = w.replica('a');
    const b = w.replica('b');
    const supplier = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Hotel Ltd' } })).body.contact.url;
    await billFrom(a.book, supplier, 'H-100');
    await a.sync();
    await b.sync();
    expect(w.remote.creates).toEqual(['/v2/contacts', '/v2/bills']);
    expect(await seen(w.remote.book, 'H-100')).toMatchObject({ contact: 'Hotel Ltd', total_value: '120.0', items: [{ description: 'Hotel', category: '/v2/categories/285' }] });
    expect(await seen(b.book, 'H-100')).toEqual(await seen(w.remote.book, 'H-100'));

    const onB = (await billIn(b.book, 'H-100'))!;
    await a.book.call('PUT', path((await billIn(a.book, 'H-100'))!.url), { bill: { comments: 'Conference stay' } });
    await b.book.call('PUT', path(onB.url), { bill: { bill_items: [{ url: onB.bill_items[0].url, total_value: '150' }] } });
    await b.sync();
    expect((await a.sync()).conflicts).toBe(0);
    await b.sync();
    const remote = await seen(w.remote.book, 'H-100');
    expect(remote).toMatchObject({ comments: 'Conference stay', total_value: '150.0' });
    expect(await seen(a.book, 'H-100')).toEqual(remote);
    expect(await seen(b.book, 'H-100')).toEqual(remote);
    expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0 });
  });

  it('a create whose answer was lost is found by reference and supplier, not made twice; another supplier\'s same reference is not taken for it', async () => {
    const w = world(52);
    const a = w.replica('a');
    await w.remote.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Taxi Ltd' } });
    await a.sync();
    const hotel = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Hotel Ltd' } })).body.contact.url;
    const taxi = (await w.remote.book.call('GET', '/v2/contacts?view=all')).body.contacts.find((c: { organisation_name: string }) => c.organisation_name === 'Taxi Ltd').url;
    await billFrom(w.remote.book, taxi, 'INV-1');
    await billFrom(a.book, hotel, 'INV-1');
    w.remote.force('error-after', (method, where) => method === 'POST' && where === '/v2/bills');
    expect((await a.sync()).pushed).toBe(2); // Hotel Ltd and its bill
    expect(w.remote.creates.filter((where) => where === '/v2/bills')).toHaveLength(1);
    await a.sync();
    const remoteBills = (await w.remote.book.call('GET', '/v2/bills?view=all')).body.bills as unknown[];
    expect(remoteBills).toHaveLength(2);
    expect((await a.book.call('GET', '/v2/bills?view=all')).body.bills).toHaveLength(2);
  });
});
