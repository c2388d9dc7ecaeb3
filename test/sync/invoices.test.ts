import { describe, expect, it } from 'vitest';
import { world, type Replica, type World } from './replicas';

const path = (url: string) => url.replace(/^.*?\/v2\//, '/v2/');
type Book = Replica['book'] | World['remote']['book'];

async function invoiceIn(book: Book, reference: string): Promise<Record<string, any> | undefined> {
  const list = (await book.call('GET', '/v2/invoices?view=all&per_page=100')).body.invoices as Record<string, any>[];
  const found = list.find((invoice) => invoice.reference === reference);
  return found ? ((await book.call('GET', path(found.url))).body.invoice as Record<string, any>) : undefined;
}

/** An invoice as a person compares two books: its fields, its contact by name, its items without urls. */
async function seen(book: Book, reference: string) {
  const invoice = (await invoiceIn(book, reference))!;
  const contact = (await book.call('GET', path(invoice.contact))).body.contact.organisation_name;
  const items = (invoice.invoice_items as Record<string, any>[]).map(({ description, price, quantity, item_type }) => ({ description, price, quantity, item_type }));
  return { reference: invoice.reference, contact, dated_on: invoice.dated_on, comments: invoice.comments ?? null, total_value: invoice.total_value, status: invoice.status, items };
}

/** Two books and the remote sharing contact Acme Ltd and invoice 001 with one item. */
async function pairWithInvoice(seed: number) {
  const w = world(seed);
  const a = w.replica('a');
  const b = w.replica('b');
  const contact = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
  const created = await a.book.call('POST', '/v2/invoices', {
    invoice: { contact, dated_on: '2026-11-20', payment_terms_in_days: 30, invoice_items: [{ description: 'Design work', item_type: 'Hours', quantity: '3', price: '50.00' }] },
  });
  expect(created.status).toBe(201);
  await a.sync();
  await b.sync();
  return { w, a, b };
}

describe('invoices sync', { timeout: 60_000 }, () => {
  it('an invoice made offline reaches the remote and the other book with its number, contact and items', async () => {
    const { w, a, b } = await pairWithInvoice(41);
    expect(w.remote.creates).toEqual(['/v2/contacts', '/v2/invoices']);
    const expected = { reference: '001', contact: 'Acme Ltd', dated_on: '2026-11-20', total_value: '150.0', items: [{ description: 'Design work', item_type: 'Hours', quantity: '3.0', price: '50.0' }] };
    expect(await seen(w.remote.book, '001')).toMatchObject(expected);
    expect(await seen(b.book, '001')).toEqual(await seen(w.remote.book, '001'));
    expect(await seen(a.book, '001')).toEqual(await seen(w.remote.book, '001'));
    // Nothing to do: no resend, no write.
    expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0, conflicts: 0 });
    expect(await b.sync()).toMatchObject({ pushed: 0, pulled: 0, conflicts: 0 });
  });

  it('edits to different fields on two books merge; changed items replace the items on every side; totals never conflict', async () => {
    const { w, a, b } = await pairWithInvoice(42);
    const onA = (await invoiceIn(a.book, '001'))!;
    const onB = (await invoiceIn(b.book, '001'))!;
    await a.book.call('PUT', path(onA.url), { invoice: { comments: 'Thanks for your business' } });
    const item = onB.invoice_items[0];
    await b.book.call('PUT', path(onB.url), { invoice: { invoice_items: [{ url: item.url, quantity: '4' }, { description: 'Hosting', item_type: 'Services', quantity: '1', price: '20' }] } });
    await b.sync();
    const round = await a.sync();
    expect(round.conflicts).toBe(0);
    await b.sync();
    const remote = await seen(w.remote.book, '001');
    expect(remote).toMatchObject({ comments: 'Thanks for your business', total_value: '220.0' });
    expect(remote.items.map((row) => row.description)).toEqual(['Design work', 'Hosting']);
    expect(await seen(a.book, '001')).toEqual(remote);
    expect(await seen(b.book, '001')).toEqual(remote);
    expect(a.service.reviewList()).toEqual([]);
  });

  it('the same field changed on both books is a conflict kept for review', async () => {
    const { w, a, b } = await pairWithInvoice(43);
    await a.book.call('PUT', path((await invoiceIn(a.book, '001'))!.url), { invoice: { comments: 'Mine' } });
    await b.book.call('PUT', path((await invoiceIn(b.book, '001'))!.url), { invoice: { comments: 'Theirs' } });
    await b.sync();
    expect((await a.sync()).conflicts).toBe(1);
    expect(a.service.reviewList()[0]).toMatchObject({ kind: 'conflict', family: 'invoices', label: 'Invoice 001', fields: [{ field: 'comments', mine: 'Mine', theirs: 'Theirs' }] });
    expect((await seen(w.remote.book, '001')).comments).toBe('Theirs');
  });

  it('a transition on the remote (marked as sent) changes status and due values there without a conflict with an edit here', async () => {
    const { w, a } = await pairWithInvoice(45);
    const remoteUrl = (await invoiceIn(w.remote.book, '001'))!.url;
    expect((await w.remote.book.call('PUT', `${path(remoteUrl)}/transitions/mark_as_sent`)).status).toBeLessThan(300);
    await a.book.call('PUT', path((await invoiceIn(a.book, '001'))!.url), { invoice: { comments: 'Sent by post' } });
    const round = await a.sync();
    expect(round).toMatchObject({ conflicts: 0, refused: 0 });
    expect(await seen(w.remote.book, '001')).toMatchObject({ comments: 'Sent by post', status: 'Open' });
    expect(a.service.status()).toMatchObject({ review: 0, waiting: 0 });
  });

  it('a create whose answer was lost is found on the remote by its reference, not made twice', async () => {
    for (const fault of ['error-after', 'reset', 'slow-after'] as const) {
      const w = world(44);
      const a = w.replica('a');
      const contact = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
      await a.sync();
      await a.book.call('POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-20', invoice_items: [{ description: 'Design work', item_type: 'Hours', quantity: '1', price: '10' }] } });
      w.remote.force(fault, (method, where) => method === 'POST' && where === '/v2/invoices');
      expect((await a.sync()).pushed).toBe(1);
      expect(w.remote.creates).toEqual(['/v2/contacts', '/v2/invoices']);
      expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0 });
      expect(await seen(a.book, '001')).toEqual(await seen(w.remote.book, '001'));
    }
  });
});
