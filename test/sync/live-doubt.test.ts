import { describe, expect, it } from 'vitest';
import { IN_DOUBT_MS } from '../../main/sync/in-doubt';
import { canonical, world, type Replica, type World } from './replicas';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Book = Replica['book'] | World['remote']['book'];

async function invoices(book: Book): Promise<{ reference: string; total_value: string }[]> {
  return (await book.call('GET', '/v2/invoices?view=all&per_page=100')).body.invoices;
}

async function contactNames(book: Book): Promise<string[]> {
  return ((await book.call('GET', '/v2/contacts?view=all&per_page=100')).body.contacts as { organisation_name: string }[]).map((c) => c.organisation_name).sort();
}

/** Book a with contact Acme Ltd (synced) and invoice 001 for 251.00 made offline, not sent yet. */
async function invoiceWaiting(w: World, a: Replica): Promise<void> {
  const contact = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
  await a.sync();
  const made = await a.book.call('POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-20', payment_terms_in_days: 30, invoice_items: [{ description: 'Design work', item_type: 'Hours', quantity: '2', price: '125.50' }] } });
  expect(made.status).toBe(201);
  expect(w.remote.creates).toEqual(['/v2/contacts']);
}

describe('a create whose answer never came is never made twice (live service: slow commits, clocks hours apart)', { timeout: 120_000 }, () => {
  it('an invoice the service commits after the client gave up is linked when it appears, not sent again and not pulled in as a second invoice', async () => {
    const w = world(301, { live: { lateCommitMs: 90_000 } });
    const a = w.replica('a');
    const b = w.replica('b');
    await invoiceWaiting(w, a);
    w.remote.force('late-commit', (method, path) => method === 'POST' && path === '/v2/invoices');
    await a.sync();
    // The answer never came, and the commit has not landed yet: nothing else was sent for it.
    expect(w.remote.creates).toEqual(['/v2/contacts']);
    expect(w.remote.log.filter((entry) => entry.method === 'POST' && entry.path === '/v2/invoices')).toHaveLength(1);
    w.timer.advance(5 * MINUTE); // the app's next round
    await a.sync();
    await b.sync();
    expect(w.remote.creates).toEqual(['/v2/contacts', '/v2/invoices']);
    expect((await invoices(w.remote.book)).map((invoice) => invoice.reference)).toEqual(['001']);
    expect((await invoices(a.book)).map((invoice) => invoice.reference)).toEqual(['001']);
    expect((await invoices(b.book)).map((invoice) => `${invoice.reference} ${invoice.total_value}`)).toEqual(['001 251.0']);
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
    expect(await canonical(b.book)).toBe(await canonical(w.remote.book));
  });

  it('a create that never reached the service waits out the window, then is sent once', async () => {
    const w = world(302, { live: {} });
    const a = w.replica('a');
    await invoiceWaiting(w, a);
    w.remote.force('slow', (method, path) => method === 'POST' && path === '/v2/invoices');
    await a.sync();
    w.timer.advance(5 * MINUTE);
    await a.sync();
    // Still in doubt: looked for, not found, not sent again before the window has passed.
    expect(w.remote.log.filter((entry) => entry.method === 'POST' && entry.path === '/v2/invoices')).toHaveLength(1);
    expect(a.service.status().waiting).toBe(1);
    w.timer.advance(IN_DOUBT_MS);
    await a.sync();
    expect(w.remote.creates).toEqual(['/v2/contacts', '/v2/invoices']);
    expect((await invoices(w.remote.book)).map((invoice) => invoice.reference)).toEqual(['001']);
    expect(a.service.status().waiting).toBe(0);
    await a.sync();
    expect(w.remote.creates).toEqual(['/v2/contacts', '/v2/invoices']);
  });

  for (const offset of [3 * HOUR, -3 * HOUR]) {
    const desk = offset > 0 ? 'three hours ahead of' : 'three hours behind';
    it(`with the desktop clock ${desk} the service's, a create whose answer was lost is found by its key, not sent again`, async () => {
      const w = world(303, { live: {} });
      // Sweeps far apart, so the look-up lists only what changed lately, as on the live service.
      const a = w.replica('a', undefined, { clockOffsetMs: offset, sweepEveryMs: 24 * HOUR });
      const b = w.replica('b');
      await invoiceWaiting(w, a);
      await a.sync();
      w.timer.advance(5 * MINUTE);
      await a.sync(); // invoices listed by updated_since from here on
      const contact = (await a.book.call('GET', '/v2/contacts')).body.contacts[0].url;
      await a.book.call('POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-21', payment_terms_in_days: 30, invoice_items: [{ description: 'More work', item_type: 'Hours', quantity: '1', price: '80.00' }] } });
      // Made on the remote, and the answer lost on the way back.
      w.remote.force('slow-after', (method, path) => method === 'POST' && path === '/v2/invoices');
      await a.sync();
      w.timer.advance(5 * MINUTE);
      await a.sync();
      await b.sync();
      expect(w.remote.creates).toEqual(['/v2/contacts', '/v2/invoices', '/v2/invoices']);
      expect((await invoices(w.remote.book)).map((invoice) => invoice.reference).sort()).toEqual(['001', '002']);
      expect((await invoices(a.book)).map((invoice) => invoice.reference).sort()).toEqual(['001', '002']);
      expect(a.service.status().waiting).toBe(0);
      expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
      expect(await canonical(b.book)).toBe(await canonical(w.remote.book));
    });

    it(`with the desktop clock ${desk} the service's, an edit made on the remote arrives at the next round, not the next sweep`, async () => {
      const w = world(304, { live: {} });
      const a = w.replica('a', undefined, { clockOffsetMs: offset, sweepEveryMs: 24 * HOUR });
      const made = await w.remote.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } });
      await a.sync();
      w.timer.advance(5 * MINUTE);
      await a.sync(); // a quiet round: the cursor now stands where the service says
      w.timer.advance(5 * MINUTE);
      await w.remote.book.call('PUT', String(made.body.contact.url).replace(/^.*?\/v2\//, '/v2/'), { contact: { organisation_name: 'Acme Trading Ltd' } });
      w.timer.advance(5 * MINUTE);
      await a.sync();
      expect(await contactNames(a.book)).toEqual(['Acme Trading Ltd']);
    });
  }
});
