import { describe, expect, it } from 'vitest';
import { canonical, world, type Replica, type World } from './replicas';

const MINUTE = 60_000;

type Book = Replica['book'] | World['remote']['book'];

async function invoiceLines(book: Book): Promise<string[]> {
  const list = (await book.call('GET', '/v2/invoices?view=all&per_page=100')).body.invoices as { url: string }[];
  const lines: string[] = [];
  for (const { url } of list) {
    const invoice = (await book.call('GET', String(url).replace(/^.*?\/v2\//, '/v2/'))).body.invoice;
    for (const item of invoice.invoice_items) lines.push(`${invoice.reference} ${item.description} ${item.quantity} x ${item.price}`);
  }
  return lines.sort();
}

/**
 * An edit's PUT replaces a document's lines (the old rows' urls with _destroy, the wanted rows without
 * a url: main/sync/nested.ts). Sent twice, the second adds the lines again. So when its answer is lost
 * (the live service commits slowly and the client gives up), it is never resent blind: the next round
 * reads the remote again and merges from what is there.
 */
describe('an edit whose answer never came is never applied twice', { timeout: 120_000 }, () => {
  const cases = [
    { fault: 'slow-after', when: 'committed by the service after the client gave up' },
    { fault: 'slow', when: 'never reaching the service' },
  ] as const;
  for (const [n, { fault, when }] of cases.entries()) it(`an invoice's changed lines, ${when}, end as one set of lines on every side, with nothing to review`, async () => {
    const w = world(311 + n, { live: {} });
    const a = w.replica('a');
    const b = w.replica('b');
    const contact = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
    const made = await a.book.call('POST', '/v2/invoices', {
      invoice: { contact, dated_on: '2026-11-20', payment_terms_in_days: 30, invoice_items: [{ description: 'Design work', item_type: 'Hours', quantity: '2', price: '125.50' }] },
    });
    await a.sync();
    const path = String(made.body.invoice.url).replace(/^.*?\/v2\//, '/v2/');
    const item = made.body.invoice.invoice_items[0].url;
    const edited = await a.book.call('PUT', path, {
      invoice: { invoice_items: [{ url: item, price: '130.00' }, { description: 'Printing', item_type: 'Products', quantity: '1', price: '40.00' }] },
    });
    expect(edited.status).toBe(200);
    w.remote.force(fault, (method, target) => method === 'PUT' && target.startsWith('/v2/invoices/'));
    await a.sync();
    w.timer.advance(5 * MINUTE);
    await a.sync();
    await b.sync();
    const wanted = ['001 Design work 2.0 x 130.0', '001 Printing 1.0 x 40.0'];
    expect(await invoiceLines(w.remote.book)).toEqual(wanted);
    expect(await invoiceLines(a.book)).toEqual(wanted);
    expect(await invoiceLines(b.book)).toEqual(wanted);
    expect(a.service.reviewList().map((entry) => entry.reason)).toEqual([]);
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
    // The PUT went once, and once more only where the first never arrived.
    const puts = w.remote.log.filter((entry) => entry.method === 'PUT' && entry.path === path.split('?')[0]);
    expect(puts).toHaveLength(fault === 'slow' ? 2 : 1);
  });
});
