import { IN_DOUBT_MS } from '../../main/sync/in-doubt';
import { describe, expect, it } from 'vitest';
import { RateBudget } from '../../main/sync/budget';
import { companyHolds, FAMILIES } from '../../main/sync/families';
import { RemoteClient } from '../../main/sync/remote';
import { CoalescingTokenSource } from '../../main/sync/tokens';
import { makeBook } from './books';
import { FaultyRemote } from './fault-remote';
import { canonical, TIMEOUT_MS, world, type Replica, type World } from './replicas';

/** Families listed once per round; those listed per bank account are not read in a book without one. */
// The families a round lists once each: not per bank account, and held by these books' limited companies
// (no properties: only a landlord holds them, and the round does not ask).
const UNSCOPED = FAMILIES.filter((family) => !family.scope && companyHolds(family, 'UkLimitedCompany'));

const path = (url: string) => url.replace(/^.*?\/v2\//, '/v2/');

async function contactIn(replica: Replica | World['remote'], name: string): Promise<Record<string, any> | undefined> {
  const list = (await replica.book.call('GET', '/v2/contacts?view=all')).body.contacts as Record<string, any>[];
  return list.find((contact) => contact.organisation_name === name);
}

/** Two books linked to the remote, sharing one contact "Acme Ltd". */
async function linkedPair(seed: number) {
  const w = world(seed);
  const a = w.replica('a');
  const b = w.replica('b');
  await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd', email: 'ap@acme.test' } });
  await a.sync();
  await b.sync();
  return { w, a, b };
}

describe('conflicts', { timeout: 60_000 }, () => {
  it('the same field changed on both sides becomes a review item with both values; keep mine sends mine everywhere', async () => {
    const { w, a, b } = await linkedPair(11);
    await a.book.call('PUT', path((await contactIn(a, 'Acme Ltd'))!.url), { contact: { town: 'Leeds', phone_number: '0113' } });
    await b.book.call('PUT', path((await contactIn(b, 'Acme Ltd'))!.url), { contact: { town: 'York' } });
    await b.sync();
    const round = await a.sync();
    expect(round.conflicts).toBe(1);
    const [item] = a.service.reviewList();
    expect(item).toMatchObject({ kind: 'conflict', family: 'contacts', label: 'Contact Acme Ltd', fields: [{ field: 'town', mine: 'Leeds', theirs: 'York' }] });
    // Held, not dropped: neither side was overwritten, and another round changes nothing.
    expect((await contactIn(a, 'Acme Ltd'))!.town).toBe('Leeds');
    expect((await contactIn(w.remote, 'Acme Ltd'))!.town).toBe('York');
    await a.sync();
    expect(a.service.reviewList()).toHaveLength(1);
    expect(a.service.status()).toMatchObject({ state: 'needs-attention', review: 1 });
    await a.service.resolve(item!.id, { choice: 'mine' });
    expect(a.service.reviewList()).toHaveLength(0);
    // Fields changed on one side only merged: b's town lost to a's, a's phone kept.
    expect(await contactIn(w.remote, 'Acme Ltd')).toMatchObject({ town: 'Leeds', phone_number: '0113' });
    await b.sync();
    expect(await canonical(b.book)).toBe(await canonical(w.remote.book));
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
  });

  it('keep theirs takes the remote value here; edit writes a third value to both', async () => {
    const { w, a, b } = await linkedPair(12);
    await a.book.call('PUT', path((await contactIn(a, 'Acme Ltd'))!.url), { contact: { town: 'Leeds', region: 'West' } });
    await b.book.call('PUT', path((await contactIn(b, 'Acme Ltd'))!.url), { contact: { town: 'York', region: 'North' } });
    await b.sync();
    await a.sync();
    const [item] = a.service.reviewList();
    expect(item!.fields.map((field) => field.field).sort()).toEqual(['region', 'town']);
    await a.service.resolve(item!.id, { choice: 'theirs' });
    expect(await contactIn(a, 'Acme Ltd')).toMatchObject({ town: 'York', region: 'North' });

    await a.book.call('PUT', path((await contactIn(a, 'Acme Ltd'))!.url), { contact: { postcode: 'LS1 1AA' } });
    await w.remote.book.call('PUT', path((await contactIn(w.remote, 'Acme Ltd'))!.url), { contact: { postcode: 'YO1 1AA' } });
    await a.sync();
    const [second] = a.service.reviewList();
    await a.service.resolve(second!.id, { choice: 'edit', values: { postcode: 'HG1 1AA' } });
    expect((await contactIn(a, 'Acme Ltd'))!.postcode).toBe('HG1 1AA');
    expect((await contactIn(w.remote, 'Acme Ltd'))!.postcode).toBe('HG1 1AA');
  });

  it('deleted on the remote and edited here is kept for review; keep mine puts it back on the remote', async () => {
    const { w, a } = await linkedPair(13);
    await w.remote.book.call('DELETE', path((await contactIn(w.remote, 'Acme Ltd'))!.url));
    await a.book.call('PUT', path((await contactIn(a, 'Acme Ltd'))!.url), { contact: { town: 'Leeds' } });
    const round = await a.sync();
    expect(round.conflicts).toBe(1);
    expect(a.service.reviewList()[0]).toMatchObject({ kind: 'deleted-there', theirs: null, mine: { town: 'Leeds' } });
    expect(await contactIn(a, 'Acme Ltd')).toBeDefined();
    await a.service.resolve(a.service.reviewList()[0]!.id, { choice: 'mine' });
    await a.sync();
    expect(await contactIn(w.remote, 'Acme Ltd')).toMatchObject({ town: 'Leeds' });
  });

  it('deleted here and edited on the remote is kept for review; keep theirs brings it back here', async () => {
    const { w, a } = await linkedPair(14);
    await a.book.call('DELETE', path((await contactIn(a, 'Acme Ltd'))!.url));
    await w.remote.book.call('PUT', path((await contactIn(w.remote, 'Acme Ltd'))!.url), { contact: { town: 'York' } });
    await a.sync();
    expect(a.service.reviewList()[0]).toMatchObject({ kind: 'deleted-here', mine: null, theirs: { town: 'York' } });
    expect(await contactIn(w.remote, 'Acme Ltd')).toBeDefined();
    await a.service.resolve(a.service.reviewList()[0]!.id, { choice: 'theirs' });
    expect(await contactIn(a, 'Acme Ltd')).toMatchObject({ town: 'York' });
    await a.sync();
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
  });

  it('a write the remote refuses (a locked period) goes to review once and is not retried', async () => {
    const w = world(15, { refuse: (method, _path, body) => (method === 'PUT' && body.includes('Locked town') ? 'The period is locked: 2025-04-30 and earlier cannot be changed' : null) });
    const a = w.replica('a');
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } });
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Other Ltd' } });
    await a.sync();
    await a.book.call('PUT', path((await contactIn(a, 'Acme Ltd'))!.url), { contact: { town: 'Locked town' } });
    await a.book.call('PUT', path((await contactIn(a, 'Other Ltd'))!.url), { contact: { town: 'Fine' } });
    const round = await a.sync();
    expect(round).toMatchObject({ refused: 1, pushed: 1 });
    expect(a.service.reviewList()[0]).toMatchObject({ kind: 'refused', reason: 'The period is locked: 2025-04-30 and earlier cannot be changed' });
    const puts = () => w.remote.log.filter((entry) => entry.method === 'PUT').length;
    const before = puts();
    await a.sync();
    expect(puts()).toBe(before);
    expect(a.service.status().waiting).toBe(1);
    await a.service.resolve(a.service.reviewList()[0]!.id, { choice: 'theirs' });
    expect((await contactIn(a, 'Acme Ltd'))!.town).toBeUndefined();
    expect(a.service.status()).toMatchObject({ waiting: 0, review: 0 });
  });
});

describe('keep theirs on a record the service never took', { timeout: 60_000 }, () => {
  it('removes it here; when the book refuses that too, it goes back to review with both reasons and is never dropped', async () => {
    let refusing = true;
    const w = world(16, { refuse: (method, where, body) => (refusing && method === 'POST' && where === '/v2/contacts' && body.includes('Held') ? 'Contacts cannot be added on this plan' : null) });
    const a = w.replica('a');
    const alone = await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Held Alone Ltd' } });
    const held = await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Held Ltd' } });
    const heldPath = path(held.body.contact.url);
    // Held Ltd has an invoice in the book, so the book refuses to delete it.
    await a.book.call('POST', '/v2/invoices', { invoice: { contact: held.body.contact.url, dated_on: '2026-11-20', invoice_items: [{ description: 'Design work', item_type: 'Hours', quantity: '1', price: '10' }] } });
    await a.sync();
    const refused = a.service.reviewList().filter((item) => item.kind === 'refused' && item.label === 'Contact Held Ltd');
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason).toBe('Contacts cannot be added on this plan');
    // A contact with nothing on it goes from the book at once.
    const aloneItem = a.service.reviewList().find((item) => item.label === 'Contact Held Alone Ltd')!;
    await a.service.resolve(aloneItem.id, { choice: 'theirs' });
    expect((await a.book.call('GET', path(alone.body.contact.url))).status).toBe(404);
    expect(a.service.reviewList().filter((item) => item.label === 'Contact Held Alone Ltd')).toHaveLength(0);

    await a.service.resolve(refused[0]!.id, { choice: 'theirs' });
    expect((await a.book.call('GET', heldPath)).status).toBe(200);
    const again = a.service.reviewList().filter((item) => item.label === 'Contact Held Ltd');
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ kind: 'refused' });
    expect(again[0]!.reason).toMatch(/^Keeping the service's side means removing this record from the book, which refused: This contact has invoices and cannot be deleted.* The service refused it first: Contacts cannot be added on this plan$/);
    expect(a.service.status().state).toBe('needs-attention');

    // Once the service takes it, keep mine sends it, and its invoice follows.
    refusing = false;
    await a.service.resolve(again[0]!.id, { choice: 'mine' });
    await a.sync();
    expect(await contactIn(w.remote, 'Held Ltd')).toBeDefined();
    expect(a.service.reviewList()).toHaveLength(0);
  });
});

describe('faults the live service shows', { timeout: 60_000 }, () => {
  it('a create whose answer is lost after the remote made it (502, reset, timeout) is found by its key, not made twice', async () => {
    for (const fault of ['error-after', 'reset', 'slow-after'] as const) {
      const w = world(21);
      const a = w.replica('a');
      await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd', email: 'ap@acme.test' } });
      w.remote.force(fault, (method) => method === 'POST');
      const round = await a.sync();
      expect(round.pushed).toBe(1);
      expect(w.remote.creates).toEqual(['/v2/contacts']);
      expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0 });
      expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
    }
  });

  it('a sync killed after the remote made a create finds it on restart instead of sending it again', async () => {
    const w = world(22);
    const a = w.replica('a');
    await a.sync();
    await a.book.call('POST', '/v2/bank_accounts', { bank_account: { name: 'Current', type: 'StandardBankAccount', opening_balance: '5', account_number: '11112222' } });
    const controller = new AbortController();
    // The first round's lists (one per family not read per account, and the users for the email map),
    // then the POST: killed just after the remote made the account.
    w.remote.killAfter(UNSCOPED.length + 2, () => controller.abort(), true);
    await expect(a.sync({ signal: controller.signal })).rejects.toThrow();
    expect(w.remote.creates).toEqual(['/v2/bank_accounts']);
    a.restart();
    await a.sync();
    expect(w.remote.creates).toEqual(['/v2/bank_accounts']);
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
  });

  it('a 429 is waited out: nothing goes out before Retry-After, then the request is sent again', async () => {
    const w = world(23);
    const a = w.replica('a');
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } });
    w.remote.force('rate-limit', (method) => method === 'POST');
    const started = w.timer.now();
    await a.sync();
    expect(w.remote.early).toBe(0);
    const limited = w.remote.log.findIndex((entry) => entry.method === 'POST');
    const resent = w.remote.log[limited + 1]!;
    expect(resent.method).toBe('POST');
    expect(resent.at - w.remote.log[limited]!.at).toBeGreaterThanOrEqual(1000);
    expect(w.timer.now()).toBeGreaterThan(started);
    expect(w.remote.creates).toEqual(['/v2/contacts']);
  });

  it('a Retry-After outlives the sync: a restarted app sends nothing before it either', async () => {
    const w = world(31);
    const a = w.replica('a');
    await a.sync();
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } });
    const controller = new AbortController();
    // Killed as the 429 arrives, before it could wait: the pause is already in the book.
    w.remote.force('rate-limit', (method) => method === 'POST', () => controller.abort());
    await expect(a.sync({ signal: controller.signal })).rejects.toThrow('stopped');
    expect(w.remote.creates).toEqual([]);
    a.restart();
    await a.sync();
    expect(w.remote.early).toBe(0);
    // Killed with its POST out, the create is in doubt: looked for, and sent again only after the window.
    expect(w.remote.creates).toEqual([]);
    w.timer.advance(IN_DOUBT_MS);
    await a.sync();
    expect(w.remote.early).toBe(0);
    expect(w.remote.creates).toEqual(['/v2/contacts']);
  });

  it('500 contacts pulled in pages of 100 stay under 120 requests a minute, with no 429 from the caps', async () => {
    const w = world(24);
    for (let i = 0; i < 500; i += 1) await w.remote.book.call('POST', '/v2/contacts', { contact: { organisation_name: `Contact ${String(i).padStart(3, '0')}` } });
    const a = w.replica('a', undefined, { sweepEveryMs: 86_400_000 });
    const round = await a.sync();
    expect(round.pulled).toBe(500);
    expect(w.remote.capped).toBe(0);
    const lists = w.remote.log.filter((entry) => entry.path.startsWith('/v2/contacts?') && !entry.path.includes('updated_since=2999'));
    expect(lists.every((entry) => entry.path.includes('per_page=100'))).toBe(true);
    // First link reads the list once, the pull once more: 5 pages each.
    expect(lists.length).toBe(10);
    // Rounds with nothing to do: the hour of overlap is read again once, then one list per family.
    w.timer.advance(2 * 3_600_000);
    await a.sync();
    const before = w.remote.requests;
    const quiet = await a.sync();
    expect(quiet).toMatchObject({ pulled: 0, pushed: 0 });
    // One list per family, the returns' filing status (VAT, and each person's self assessment), and the
    // agreement check's own requests, counted apart. Credit note reconciliations are not asked for: the
    // invoices' and credit notes' lists came back empty, and each reconciliation names one of each.
    const quietLog = w.remote.log.slice(-quiet.requests);
    const filingLists = quietLog.filter((entry) => /\/(vat_returns|self_assessment_returns)\?/.test(entry.path)).length;
    expect(filingLists).toBeGreaterThanOrEqual(1);
    expect(quietLog.filter((entry) => entry.path.startsWith('/v2/credit_note_reconciliations'))).toEqual([]);
    expect(quiet.requests - quiet.checkRequests - filingLists).toBe(UNSCOPED.length - 1);
    expect(w.remote.requests - before).toBe(quiet.requests);
  }, 120_000);

  it('many requests meeting one expired token make exactly one refresh', async () => {
    const w = world(25);
    const holder = makeBook('holder', w.timer);
    const tokens = new CoalescingTokenSource(w.remote.tokens());
    const client = new RemoteClient({ baseUrl: 'http://remote.test', tokens, budget: new RateBudget(holder.book.sqlite, w.timer), timer: w.timer, random: w.random, fetch: w.remote.fetch, timeoutMs: TIMEOUT_MS });
    w.remote.expireTokens();
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.get('/v2/contacts')));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(w.remote.refreshes).toBe(1);
  });

  it('a family that ignores updated_since is found out once and re-listed, changes found by comparing', async () => {
    const w = world(26, { ignoreUpdatedSince: ['contacts'] });
    const a = w.replica('a', undefined, { sweepEveryMs: 86_400_000 });
    await w.remote.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } });
    await a.sync();
    w.timer.advance(2 * 3_600_000);
    await w.remote.book.call('PUT', path((await contactIn(w.remote, 'Acme Ltd'))!.url), { contact: { town: 'York' } });
    expect(await a.sync()).toMatchObject({ pulled: 1 });
    expect((await contactIn(a, 'Acme Ltd'))!.town).toBe('York');
    // Probed when the filter would first be used (a first list reads everything anyway), and only once;
    // families with no records yet have no cursor to use it with (capital asset types have the system
    // defaults both sides start with).
    const probes = () => w.remote.log.filter((entry) => entry.path.includes('updated_since=2999')).map((entry) => entry.path.split('?')[0]);
    expect(probes()).toEqual(['/v2/contacts', '/v2/capital_asset_types']);
    await w.remote.book.call('PUT', path((await contactIn(w.remote, 'Acme Ltd'))!.url), { contact: { town: 'Leeds' } });
    w.timer.advance(2 * 3_600_000);
    expect(await a.sync()).toMatchObject({ pulled: 1 });
    expect(probes()).toEqual(['/v2/contacts', '/v2/capital_asset_types']);
  });

  it('pages that shift under an accountant writing while we read lose nothing and delete nothing', async () => {
    let writes = 0;
    let accountantAtWork = true;
    const w = world(27, {
      betweenPages: async () => {
        if (!accountantAtWork) return;
        writes += 1;
        await w.remote.book.call('POST', '/v2/contacts', { contact: { organisation_name: `Aaa new ${writes}` } });
      },
    });
    for (let i = 0; i < 150; i += 1) await w.remote.book.call('POST', '/v2/contacts', { contact: { organisation_name: `Contact ${String(i).padStart(3, '0')}` } });
    const a = w.replica('a');
    await a.sync();
    await a.sync();
    expect(writes).toBeGreaterThan(1);
    accountantAtWork = false;
    await a.sync();
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
    expect(((await a.book.call('GET', '/v2/contacts?view=all&per_page=100&page=2')).body.contacts as unknown[]).length).toBe(50 + writes);
  }, 120_000);

  it('a remote record the book will not take goes to review with the reason, and the rest of the sync goes on', async () => {
    const w = world(28, {
      rewrite: (method, p, body) => {
        if (method !== 'GET' || !p.startsWith('/v2/contacts')) return body;
        for (const contact of body.contacts ?? [body.contact]) if (contact?.organisation_name === 'Bad Ltd') contact.email = 'not an email';
        return body;
      },
    });
    await w.remote.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Bad Ltd' } });
    await w.remote.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Good Ltd' } });
    const a = w.replica('a');
    const round = await a.sync();
    expect(round).toMatchObject({ pulled: 1, refused: 1 });
    expect(a.service.reviewList()[0]).toMatchObject({ kind: 'invalid-remote', label: 'Contact Bad Ltd' });
    expect(a.service.reviewList()[0]!.reason).toContain('email');
    expect(await contactIn(a, 'Good Ltd')).toBeDefined();
    expect(await a.sync()).toMatchObject({ refused: 0 });
  });

  it('HTML instead of JSON, 503s and answers slower than the timeout are retried with backoff', async () => {
    const w = world(29);
    const a = w.replica('a');
    await w.remote.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } });
    w.remote.force('html', (method) => method === 'GET');
    w.remote.force('error-before', (method) => method === 'GET');
    w.remote.force('slow', (method) => method === 'GET');
    const started = w.timer.now();
    expect(await a.sync()).toMatchObject({ pulled: 1 });
    // 0.5 s, 1 s and 2 s backoffs (each at least half) and one 10 s timeout passed on the virtual clock.
    expect(w.timer.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS + 1750);
  });

  it('a refresh token that is revoked stops the round as needing authorisation, with nothing lost', async () => {
    const w = world(30);
    const a = w.replica('a', FaultyRemote.revoked());
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } });
    w.remote.expireTokens();
    await expect(a.sync()).rejects.toThrow();
    expect(a.service.status()).toMatchObject({ state: 'needs-authorization', linked: false });
    // Nothing was linked or sent: the book's contact waits for the next round.
    expect(await contactIn(a, 'Acme Ltd')).toBeDefined();
  });
});
