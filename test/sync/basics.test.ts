import { describe, expect, it } from 'vitest';
import { canonical, world } from './replicas';

const contact = (organisation_name: string, extra: Record<string, unknown> = {}) => ({ contact: { organisation_name, ...extra } });

describe('sync of contacts and bank accounts between two books and the remote', { timeout: 60_000 }, () => {
  it('sends a book to an empty remote and brings it into an empty second book', async () => {
    const w = world(1);
    const a = w.replica('a');
    const b = w.replica('b');
    await a.book.call('POST', '/v2/contacts', contact('Acme Ltd', { email: 'ap@acme.test' }));
    await a.book.call('POST', '/v2/bank_accounts', { bank_account: { name: 'Current', type: 'StandardBankAccount', opening_balance: '120.50', account_number: '12345678', sort_code: '12-34-56' } });
    const first = await a.sync();
    expect(first).toMatchObject({ pushed: 2, pulled: 0, conflicts: 0, refused: 0 });
    const second = await b.sync();
    expect(second).toMatchObject({ pulled: 2, pushed: 0 });
    expect(await canonical(b.book)).toBe(await canonical(w.remote.book));
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
    // Nothing to do: nothing pulled or pushed, and records that came from the remote are not sent back.
    expect(await b.sync()).toMatchObject({ pulled: 0, pushed: 0 });
    expect(await a.sync()).toMatchObject({ pulled: 0, pushed: 0 });
    expect(w.remote.creates).toEqual(['/v2/contacts', '/v2/bank_accounts']);
  });

  it('merges edits to different fields made on both sides, and carries deletions both ways', async () => {
    const w = world(2);
    const a = w.replica('a');
    const b = w.replica('b');
    const made = await a.book.call('POST', '/v2/contacts', contact('Acme Ltd', { email: 'ap@acme.test' }));
    await a.book.call('POST', '/v2/contacts', contact('Gone Soon'));
    await a.sync();
    await b.sync();
    const inB = (await b.book.call('GET', '/v2/contacts?view=all')).body.contacts as { url: string; organisation_name: string }[];
    const acmeB = inB.find((c) => c.organisation_name === 'Acme Ltd')!.url.replace(/^.*\/v2/, '/v2');
    const goneB = inB.find((c) => c.organisation_name === 'Gone Soon')!.url.replace(/^.*\/v2/, '/v2');
    await a.book.call('PUT', made.body.contact.url.replace(/^.*\/v2/, '/v2'), contact('Acme Ltd', { town: 'Leeds' }));
    await b.book.call('PUT', acmeB, { contact: { phone_number: '0113 000' } });
    await b.book.call('DELETE', goneB);
    await a.sync();
    await b.sync();
    await a.sync();
    const acmeA = (await a.book.call('GET', made.body.contact.url.replace(/^.*\/v2/, '/v2'))).body.contact;
    expect(acmeA).toMatchObject({ town: 'Leeds', phone_number: '0113 000' });
    expect(await canonical(a.book)).toBe(await canonical(b.book));
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
    expect(((await a.book.call('GET', '/v2/contacts?view=all')).body.contacts as unknown[]).length).toBe(1);
  });

  it('a record deleted and put back by undo between two rounds stays on the remote and in the other book', async () => {
    // The delete was folded into the outbox and the undo's create dropped behind it: the remote lost
    // the contact, and the book kept it unlinked with nothing left to send.
    const w = world(3);
    const a = w.replica('a');
    const b = w.replica('b');
    const made = await a.book.call('POST', '/v2/contacts', contact('Kept Ltd', { email: 'ap@kept.test' }));
    await a.sync();
    await b.sync();
    const path = made.body.contact.url.replace(/^.*\/v2/, '/v2');
    expect((await a.book.call('DELETE', path)).status).toBe(200);
    expect((await a.book.call('POST', '/v2/undo')).status).toBe(200);
    expect((await a.book.call('GET', path)).body.contact).toMatchObject({ organisation_name: 'Kept Ltd' });
    await a.sync();
    await b.sync();
    const names = async (book: typeof a.book) => ((await book.call('GET', '/v2/contacts?view=all')).body.contacts as { organisation_name: string }[]).map((c) => c.organisation_name);
    expect(await names(w.remote.book)).toEqual(['Kept Ltd']);
    expect(await names(b.book)).toEqual(['Kept Ltd']);
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
    // Still linked: an edit made afterwards reaches the remote as an edit of the same contact.
    await a.book.call('PUT', path, contact('Kept Ltd', { town: 'York' }));
    await a.sync();
    await b.sync();
    expect(await canonical(b.book)).toBe(await canonical(w.remote.book));
    expect((await b.book.call('GET', '/v2/contacts?view=all')).body.contacts).toMatchObject([{ organisation_name: 'Kept Ltd', town: 'York' }]);
  });
});
