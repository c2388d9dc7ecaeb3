import { describe, expect, it } from 'vitest';
import { accountIn, seenLines, upload } from './lines';
import { canonical, world, type Replica, type World } from './replicas';

const path = (url: string) => url.replace(/^.*?\/v2\//, '/v2/');
type Book = Replica['book'] | World['remote']['book'];

async function contactsIn(book: Book): Promise<Record<string, any>[]> {
  const out: Record<string, any>[] = [];
  for (let page = 1; ; page += 1) {
    const rows = (await book.call('GET', `/v2/contacts?view=all&per_page=100&page=${page}`)).body.contacts as Record<string, any>[];
    out.push(...rows);
    if (rows.length < 100) return out;
  }
}

/** Fields no client may write: the live service refuses them outright on some families (api-quirks.md). */
const READ_ONLY = ['url', 'created_at', 'updated_at'];

describe('quirks of the live service (SYNC.md, corpora/freeagent/api-quirks.md)', { timeout: 120_000 }, () => {
  it('a contact hidden online is listed with view=all: it stays in the book, hidden, and is not taken for deleted', async () => {
    const w = world(81);
    const a = w.replica('a');
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd', email: 'ap@acme.test' } });
    await a.sync();
    const online = (await contactsIn(w.remote.book)).find((contact) => contact.organisation_name === 'Acme Ltd')!;
    expect((await w.remote.book.call('PUT', path(online.url), { contact: { status: 'Hidden' } })).status).toBe(200);
    // The service's default list no longer shows it.
    expect((await w.remote.book.call('GET', '/v2/contacts')).body.contacts).toEqual([]);
    await a.sync();
    await a.sync();
    expect(await contactsIn(a.book)).toMatchObject([{ organisation_name: 'Acme Ltd', status: 'Hidden' }]);
    expect(a.service.reviewList()).toEqual([]);
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
  });

  it('a list whose second page keeps failing (5xx) stops the round as offline with nothing deleted or sent; the next round completes', async () => {
    const w = world(82);
    for (let i = 0; i < 130; i += 1) await w.remote.book.call('POST', '/v2/contacts', { contact: { organisation_name: `Contact ${String(i).padStart(3, '0')}` } });
    const a = w.replica('a');
    await a.sync();
    expect(await contactsIn(a.book)).toHaveLength(130);
    const writesBefore = w.remote.log.filter((entry) => entry.method !== 'GET').length;

    // Every full list of contacts from now on: page 1 answers, page 2 is a 503 or 502, every time.
    let failing = true;
    const secondPage = (method: string, where: string) => failing && method === 'GET' && where === '/v2/contacts';
    const pageTwo = () => w.remote.log.at(-1)!.path.includes('page=2');
    for (let i = 0; i < 12; i += 1) w.remote.force(i % 2 ? 'error-before' : 'error-after', (method, where) => secondPage(method, where) && pageTwo());
    const asked = w.remote.log.length;
    await expect(a.sync()).rejects.toThrow();
    expect(a.service.status().state).toBe('offline');
    // Page 2 was asked again after each failure (five times in all), never skipped.
    expect(w.remote.log.slice(asked).filter((entry) => entry.path.startsWith('/v2/contacts?') && entry.path.includes('page=2'))).toHaveLength(5);
    expect(await contactsIn(a.book)).toHaveLength(130);
    expect(a.service.reviewList()).toEqual([]);

    failing = false;
    const round = await a.sync();
    expect(round).toMatchObject({ pulled: 0, pushed: 0, conflicts: 0 });
    expect(await contactsIn(a.book)).toHaveLength(130);
    expect(w.remote.log.filter((entry) => entry.method !== 'GET').length).toBe(writesBefore);
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
  });

  it('a single 502 on a later page is asked again, and the list is read whole', async () => {
    const w = world(83);
    for (let i = 0; i < 130; i += 1) await w.remote.book.call('POST', '/v2/contacts', { contact: { organisation_name: `Contact ${String(i).padStart(3, '0')}` } });
    const a = w.replica('a');
    w.remote.force('error-after', (method, where) => method === 'GET' && where === '/v2/contacts' && w.remote.log.at(-1)!.path.includes('page=2'));
    await a.sync();
    expect(await contactsIn(a.book)).toHaveLength(130);
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
  });

  it('statement lines go up with their amounts as JSON numbers (a quoted amount is a 200 that imports nothing), pence and all', async () => {
    const w = world(85, { live: { quotedAmountsImportNothing: true } });
    const a = w.replica('a');
    const b = w.replica('b');
    await upload(a.book, await accountIn(a.book), [
      { dated_on: '2026-11-02', amount: -12.34, description: 'Stationery' },
      { dated_on: '2026-11-03', amount: 1500.5, description: 'Acme Ltd' },
      { dated_on: '2026-11-04', amount: -0.01, description: 'Rounding' },
    ]);
    await a.sync();
    await b.sync();
    const wanted = await seenLines(a.book);
    expect(wanted.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(['2026-11-02 -12.34', '2026-11-03 1500.5', '2026-11-04 -0.01']);
    expect(await seenLines(w.remote.book)).toEqual(wanted);
    expect(await seenLines(b.book)).toEqual(wanted);
    expect(a.service.status()).toMatchObject({ waiting: 0, review: 0 });
  });

  it('a create answered 201 with no body and a relative Location is read from there: linked once, not made twice', async () => {
    const w = world(86, { live: { bodilessCreates: true } });
    const a = w.replica('a');
    const b = w.replica('b');
    const contact = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
    await a.book.call('POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-20', invoice_items: [{ description: 'Design work', item_type: 'Hours', quantity: '1', price: '10' }] } });
    await a.sync();
    expect(w.remote.creates).toEqual(['/v2/contacts', '/v2/invoices']);
    // Each create was read back at its Location, not looked for as a create in doubt.
    const afterPosts = w.remote.log.flatMap((entry, n) => (entry.method === 'POST' ? [w.remote.log[n + 1]!] : []));
    expect(afterPosts.map((entry) => `${entry.method} ${entry.path.replace(/\d+$/, ':id')}`)).toEqual(['GET /v2/contacts/:id', 'GET /v2/invoices/:id']);
    expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0, conflicts: 0, refused: 0 });
    await b.sync();
    expect(w.remote.creates).toEqual(['/v2/contacts', '/v2/invoices']);
    expect(a.service.status()).toMatchObject({ waiting: 0, review: 0 });
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
    expect(await canonical(b.book)).toBe(await canonical(w.remote.book));
  });

  it('an estimate is created with an explicit status (the live service answers 422 "status is not valid" without one), then moved by transitions', async () => {
    const w = world(87, {
      refuse: (method, target, body) => (method === 'POST' && target === '/v2/estimates' && !(JSON.parse(body) as { estimate?: { status?: unknown } }).estimate?.status ? 'status is not valid' : null),
    });
    const a = w.replica('a');
    const b = w.replica('b');
    const contact = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
    const made = await a.book.call('POST', '/v2/estimates', { estimate: { contact, reference: 'EST-1', dated_on: '2026-11-20', status: 'Draft', estimate_type: 'Quote', estimate_items: [{ description: 'Survey', item_type: 'Hours', quantity: '2', price: '80' }] } });
    expect((await a.book.call('PUT', `${path(made.body.estimate.url)}/transitions/mark_as_sent`)).status).toBe(200);
    await a.sync();
    await b.sync();
    expect(a.service.reviewList()).toEqual([]);
    for (const side of [w.remote, b]) expect((await side.book.call('GET', '/v2/estimates?view=all')).body.estimates).toMatchObject([{ reference: 'EST-1', status: 'Sent' }]);
  });

  it('no write names a read-only field (capital asset types answer 400 even to created_at: null): creates and edits of every kind go through', async () => {
    const sent: string[] = [];
    const w = world(84, {
      refuse: (method, target, body) => {
        if (!body) return null;
        const payload = JSON.parse(body) as Record<string, unknown>;
        for (const record of Object.values(payload)) {
          if (!record || typeof record !== 'object') continue;
          const named = READ_ONLY.filter((field) => field in record);
          if (named.length > 0) return `found unpermitted parameters: ${named.join(', ')}`;
        }
        sent.push(`${method} ${target.replace(/\/\d+/g, '/:id')}`);
        return null;
      },
    });
    const a = w.replica('a');
    const contact = (await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).body.contact.url;
    const type = (await a.book.call('POST', '/v2/capital_asset_types', { capital_asset_type: { name: 'Solar Panels' } })).body.capital_asset_type.url;
    const invoice = (await a.book.call('POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-20', invoice_items: [{ description: 'Design work', item_type: 'Hours', quantity: '1', price: '10' }] } })).body.invoice.url;
    await a.sync();
    await a.book.call('PUT', path(contact), { contact: { town: 'Leeds' } });
    await a.book.call('PUT', path(type), { capital_asset_type: { name: 'Solar Arrays' } });
    await a.book.call('PUT', path(invoice), { invoice: { comments: 'Thanks' } });
    await a.sync();
    expect(a.service.reviewList()).toEqual([]);
    expect(sent).toEqual(expect.arrayContaining(['POST /v2/contacts', 'POST /v2/capital_asset_types', 'POST /v2/invoices', 'PUT /v2/contacts/:id', 'PUT /v2/capital_asset_types/:id', 'PUT /v2/invoices/:id']));
    expect(await canonical(a.book)).toBe(await canonical(w.remote.book));
  });
});
