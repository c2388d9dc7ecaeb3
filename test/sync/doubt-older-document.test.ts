import { describe, expect, it } from 'vitest';
import { IN_DOUBT_MS } from '../../main/sync/in-doubt';
import { canonical, world, type Replica, type World } from './replicas';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const path = (url: string) => url.replace(/^.*?\/v2\//, '/v2/');
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

const item = (description: string) => [{ description, item_type: 'Hours', quantity: '1', price: '100.00' }];
const invoicePosts = (w: World) => w.remote.log.filter((entry) => entry.method === 'POST' && entry.path === '/v2/invoices').length;

/** Book a with Acme Ltd and invoice 001 to it, both synced; answers carry the service's Date, as live ones do. */
async function bookWithFirstInvoice(seed: number, clockOffsetMs = 0, dated = true): Promise<{ w: World; a: Replica }> {
  const w = world(seed, dated ? { live: { lateCommitMs: 90_000 } } : {});
  const a = w.replica('a', undefined, { clockOffsetMs });
  await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } });
  await a.book.call('POST', '/v2/invoices', { invoice: { contact: await contactUrl(a.book, 'Acme Ltd'), dated_on: '2026-11-20', invoice_items: item('First job') } });
  await a.sync();
  return { w, a };
}

/**
 * A create whose answer was lost is looked for online by its number and customer. The service does not
 * keep numbers unique, so an accountant's invoice to the same customer may carry our number; made
 * before ours ever went out, it cannot be ours. Taken for ours, the two became one: merged against what
 * we sent, its lines replaced ours in the book (our invoice's work gone without a word).
 */
describe('a document in doubt and an older one online with the same number and customer', { timeout: 120_000 }, () => {
  it("the accountant's invoice made an hour before ours went out is not taken for ours: theirs is untouched, ours goes to review", async () => {
    const { w, a } = await bookWithFirstInvoice(81);
    // The accountant invoices Acme online; the service numbers it 002.
    const theirs = await w.remote.book.call('POST', '/v2/invoices', { invoice: { contact: path(await contactUrl(w.remote.book, 'Acme Ltd')), dated_on: '2026-11-22', invoice_items: item('Audit for Acme') } });
    expect(theirs.body.invoice.reference).toBe('002');
    w.timer.advance(HOUR);
    // An hour later, not having read the service since, this book numbers its next invoice to Acme 002 too
    // and sends it (a round that only sends); the POST never reaches the service and is in doubt.
    await a.book.call('POST', '/v2/invoices', { invoice: { contact: await contactUrl(a.book, 'Acme Ltd'), dated_on: '2026-11-22', invoice_items: item('Design for Acme') } });
    w.remote.force('slow', (method, where) => method === 'POST' && where === '/v2/invoices');
    await a.sync({ direction: 'push' });
    expect(invoicePosts(w)).toBe(2);
    // The next rounds read the accountant's 002 (the pull) and look for ours again (the push).
    w.timer.advance(5 * MINUTE);
    await a.sync();
    w.timer.advance(IN_DOUBT_MS);
    await a.sync();
    await a.sync();

    expect(await invoicesIn(w.remote.book)).toEqual(['001 Acme Ltd: First job', '002 Acme Ltd: Audit for Acme']);
    expect(await invoicesIn(a.book)).toEqual(['001 Acme Ltd: First job', '002 Acme Ltd: Audit for Acme', '002 Acme Ltd: Design for Acme']);
    expect(invoicePosts(w)).toBe(2);
    const reviews = a.service.reviewList();
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ kind: 'refused', family: 'invoices', label: 'Invoice 002' });
    expect(reviews[0]!.reason).toContain('The number 002 is already used online');
  });

  for (const offset of [10 * MINUTE, -10 * MINUTE]) {
    const desk = offset > 0 ? 'ten minutes ahead of' : 'ten minutes behind';
    for (const fault of ['slow-after', 'late-commit'] as const) {
      const how = fault === 'slow-after' ? 'made with the answer lost (found by the push)' : 'made after the client gave up (found by the next pull)';
      it(`with the desktop clock ${desk} the service's, our invoice ${how} is still taken for ours, made once`, async () => {
        const { w, a } = await bookWithFirstInvoice(82, offset);
        await a.book.call('POST', '/v2/invoices', { invoice: { contact: await contactUrl(a.book, 'Acme Ltd'), dated_on: '2026-11-22', invoice_items: item('Design for Acme') } });
        w.remote.force(fault, (method, where) => method === 'POST' && where === '/v2/invoices');
        await a.sync();
        w.timer.advance(5 * MINUTE);
        await a.sync();
        await a.sync();
        const wanted = ['001 Acme Ltd: First job', '002 Acme Ltd: Design for Acme'];
        expect(await invoicesIn(w.remote.book)).toEqual(wanted);
        expect(await invoicesIn(a.book)).toEqual(wanted);
        expect(w.remote.creates.filter((created) => created === '/v2/invoices')).toHaveLength(2);
        expect(invoicePosts(w)).toBe(2);
        expect(a.service.reviewList()).toEqual([]);
        expect(a.service.status().waiting).toBe(0);
        expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
      });
    }
  }

  it("with answers that carry no Date, the service's clock is unknown: our invoice that landed is still taken for ours though the desktop clock is three hours ahead", async () => {
    const { w, a } = await bookWithFirstInvoice(83, 3 * HOUR, false);
    await a.book.call('POST', '/v2/invoices', { invoice: { contact: await contactUrl(a.book, 'Acme Ltd'), dated_on: '2026-11-22', invoice_items: item('Design for Acme') } });
    w.remote.force('slow-after', (method, where) => method === 'POST' && where === '/v2/invoices');
    await a.sync();
    w.timer.advance(5 * MINUTE);
    await a.sync();
    const wanted = ['001 Acme Ltd: First job', '002 Acme Ltd: Design for Acme'];
    expect(await invoicesIn(w.remote.book)).toEqual(wanted);
    expect(await invoicesIn(a.book)).toEqual(wanted);
    expect(invoicePosts(w)).toBe(2);
    expect(a.service.reviewList()).toEqual([]);
  });
});
