import { describe, expect, it } from 'vitest';
import { canonical, world, type Replica, type World } from './replicas';

const MINUTE = 60_000;
const path = (url: string) => url.replace(/^.*?\/v2\//, '/v2/');

async function betaIn(side: Replica | World['remote']): Promise<Record<string, any> | undefined> {
  const list = (await side.book.call('GET', '/v2/contacts?view=all')).body.contacts as Record<string, any>[];
  return list.find((contact) => contact.organisation_name === 'Beta Ltd');
}

/**
 * A create whose answer never came lands on the service late, and the accountant works on the new
 * record there before this book finds it. Found by its key, it is ours; what the accountant changed
 * on it since is theirs, and must not be undone by ours going out as an edit.
 */
describe('a create in doubt, edited online before this book finds it', { timeout: 60_000 }, () => {
  it("keeps the accountant's change on every side; the record is made once", async () => {
    const w = world(91, { live: { lateCommitMs: 90_000 } });
    const a = w.replica('a');
    const b = w.replica('b');
    await a.sync();
    await b.sync();
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Beta Ltd', email: 'ap@beta.test' } });
    w.remote.force('late-commit', (method, where) => method === 'POST' && where === '/v2/contacts');
    await a.sync();
    expect(w.remote.creates).toEqual([]);
    w.timer.advance(2 * MINUTE);
    // Another book's round: the late commit lands as it arrives, and that book takes the new contact.
    await b.sync();
    expect(w.remote.creates).toEqual(['/v2/contacts']);
    // The accountant adds the town to the new contact online.
    await w.remote.book.call('PUT', path((await betaIn(w.remote))!.url), { contact: { town: 'York' } });
    w.timer.advance(3 * MINUTE);
    await a.sync();
    await a.sync();
    await b.sync();
    expect(await betaIn(w.remote)).toMatchObject({ town: 'York' });
    expect(await betaIn(a)).toMatchObject({ town: 'York' });
    expect(await betaIn(b)).toMatchObject({ town: 'York' });
    expect(w.remote.creates).toEqual(['/v2/contacts']);
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
  });

  it('an edit made here while the create was in doubt still goes online', async () => {
    const w = world(92, { live: { lateCommitMs: 90_000 } });
    const a = w.replica('a');
    await a.sync();
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Beta Ltd', email: 'ap@beta.test' } });
    w.remote.force('late-commit', (method, where) => method === 'POST' && where === '/v2/contacts');
    await a.sync();
    await a.book.call('PUT', path((await betaIn(a))!.url), { contact: { phone_number: '01904 000000' } });
    w.timer.advance(5 * MINUTE);
    await a.sync();
    await a.sync();
    expect(await betaIn(w.remote)).toMatchObject({ phone_number: '01904 000000' });
    expect(w.remote.creates).toEqual(['/v2/contacts']);
    expect(a.service.reviewList()).toEqual([]);
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
  });

  it('the same field changed here and online while the create was in doubt is a conflict with both values, neither overwritten', async () => {
    const w = world(93, { live: { lateCommitMs: 90_000 } });
    const a = w.replica('a');
    const b = w.replica('b');
    await a.sync();
    await b.sync();
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Beta Ltd', email: 'ap@beta.test' } });
    w.remote.force('late-commit', (method, where) => method === 'POST' && where === '/v2/contacts');
    await a.sync();
    w.timer.advance(2 * MINUTE);
    await b.sync();
    await w.remote.book.call('PUT', path((await betaIn(w.remote))!.url), { contact: { town: 'York' } });
    await a.book.call('PUT', path((await betaIn(a))!.url), { contact: { town: 'Leeds' } });
    w.timer.advance(3 * MINUTE);
    await a.sync();
    expect(a.service.reviewList()).toMatchObject([{ kind: 'conflict', fields: [{ field: 'town', mine: 'Leeds', theirs: 'York' }] }]);
    expect(await betaIn(w.remote)).toMatchObject({ town: 'York' });
    expect(await betaIn(a)).toMatchObject({ town: 'Leeds' });
    expect(w.remote.creates).toEqual(['/v2/contacts']);
  });

  it('an invoice made and marked as sent here, found online later with a comment the accountant added, ends sent with the comment everywhere', async () => {
    const w = world(94, { live: { lateCommitMs: 90_000 } });
    const a = w.replica('a');
    const b = w.replica('b');
    const contact = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
    await a.sync();
    await b.sync();
    const made = await a.book.call('POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-20', payment_terms_in_days: 30, invoice_items: [{ description: 'Design work', item_type: 'Hours', quantity: '2', price: '125.50' }] } });
    expect((await a.book.call('PUT', `${path(made.body.invoice.url)}/transitions/mark_as_sent`)).status).toBe(200);
    w.remote.force('late-commit', (method, where) => method === 'POST' && where === '/v2/invoices');
    await a.sync();
    w.timer.advance(2 * MINUTE);
    await b.sync();
    const online = ((await w.remote.book.call('GET', '/v2/invoices?view=all')).body.invoices as { url: string }[])[0]!;
    expect((await w.remote.book.call('PUT', path(online.url), { invoice: { comments: 'PO 4471' } })).status).toBe(200);
    w.timer.advance(3 * MINUTE);
    await a.sync();
    await a.sync();
    await b.sync();
    for (const side of [w.remote, a, b]) {
      const invoices = (await side.book.call('GET', '/v2/invoices?view=all')).body.invoices as Record<string, any>[];
      expect(invoices.map((invoice) => ({ reference: invoice.reference, status: invoice.status, comments: invoice.comments }))).toEqual([{ reference: '001', status: 'Open', comments: 'PO 4471' }]);
    }
    expect(a.service.reviewList()).toEqual([]);
    expect(w.remote.creates).toEqual(['/v2/contacts', '/v2/invoices']);
  });
});
