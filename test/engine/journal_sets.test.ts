import { describe, expect, it } from 'vitest';
import { ledgerTotal } from './banking-helpers';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, type TestBook } from './harness';
import { createSet, entry, postSet, posted, putSet, setId } from './journal-helpers';
import { describeShared, readSharedJson } from '../shared-corpus/shared';
import { readXml } from './xml-reader';

const SDKTEST = {
  dated_on: '2026-08-16',
  description: 'SDKTEST journal',
  tag: 'SDKTEST',
  journal_entries: [
    entry('https://api.freeagent.com/v2/categories/285', '12.34', { description: 'SDKTEST debit' }),
    entry('https://api.freeagent.com/v2/categories/001', '-12.34', { description: 'SDKTEST credit' }),
  ],
};

async function refused(t: TestBook, send: () => Promise<{ status: number; body: any }>, message: RegExp): Promise<void> {
  const before = bookSnapshot(t);
  const response = await send();
  expect(response.status).toBe(422);
  expect(response.body.errors[0].message).toMatch(message);
  expect(bookSnapshot(t)).toEqual(before);
}

describe('POST /v2/journal_sets (2.2, 4.2)', () => {
  it('creates a balanced set: 201, Location, the live record shape, and balanced postings', async () => {
    const t = createTestBook();
    const response = await postSet(t, SDKTEST);
    expect(response.status).toBe(201);
    const record = response.body.journal_set;
    expect(response.headers.get('location')).toBe(record.url);
    expect(record).toMatchObject({
      dated_on: '2026-08-16',
      description: 'SDKTEST journal',
      tag: 'SDKTEST',
      updated_at: '2026-11-22T10:00:00.000Z',
      journal_entries: [
        { category: 'http://127.0.0.1:9999/v2/categories/285', debit_value: '12.34', description: 'SDKTEST debit' },
        { category: 'http://127.0.0.1:9999/v2/categories/001', debit_value: '-12.34', description: 'SDKTEST credit' },
      ],
    });
    expect(record.journal_entries[0].url).toMatch(/\/v2\/journal_sets\/\d+\/journal_entries\/\d+$/);
    expect(posted(t, 'journal_sets', setId(record.url))).toEqual({ '001': -1234, '285': 1234 });
    expect(ledgerTotal(t)).toBe(0);
  });

  it('refuses an unbalanced set with 422 and stores nothing', async () => {
    const t = createTestBook();
    await refused(
      t,
      () => postSet(t, { journal_entries: [entry('285', '12.34'), entry('001', '-12.00')] }),
      /^journal_entries must balance: debits total 12.34 and credits 12.0, a difference of 0.34$/,
    );
  });

  it('requires a date, a description and entries; entries need a category and a debit_value', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ dated_on: undefined }, /^dated_on /],
      [{ description: '' }, /^description /],
      [{ journal_entries: undefined }, /^journal_entries /],
      [{ journal_entries: [] }, /at least one entry/],
      [{ journal_entries: [{ debit_value: '1' }, entry('001', '-1')] }, /^journal_entries\.0\.category is required/],
      [{ journal_entries: [entry('285', '1'), { category: '001' }] }, /^journal_entries\.1\.debit_value is required/],
      [{ journal_entries: [entry('285', '1.001'), entry('001', '-1.001')] }, /^journal_entries\.0\.debit_value has more than 2 decimal places/],
      [{ journal_entries: [entry('123', '1'), entry('001', '-1')] }, /^journal_entries\.0\.category 123 does not exist/],
      [{ dated_on: '2025-04-30', journal_entries: [entry('285', '1'), entry('001', '-1')] }, /before the company start date 2025-05-01/],
    ];
    for (const [fields, message] of cases) {
      const response = await postSet(t, { journal_entries: [entry('285', '1'), entry('001', '-1')], ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(422);
      expect(response.body.errors[0].message).toMatch(message);
    }
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('refuses totals past what can be held exactly rather than compare rounded ones', async () => {
    const t = createTestBook();
    // Each value is within the 12-digit field limit; a hundred of them add up past 2^53 pence.
    const largest = '999999999999.99';
    const debits = Array.from({ length: 100 }, () => entry('285', largest));
    const credits = Array.from({ length: 100 }, () => entry('001', `-${largest}`));
    await refused(t, () => postSet(t, { journal_entries: [...debits, ...credits] }), /total out of range/);
  });

  it('refuses entries with a url or _destroy on create', async () => {
    const t = createTestBook();
    const response = await postSet(t, { journal_entries: [entry('285', '1', { url: '/v2/journal_sets/1/journal_entries/1' }), entry('001', '-1')] });
    expect(response.status).toBe(422);
    expect((await postSet(t, { journal_entries: [entry('285', '1', { _destroy: true }), entry('001', '-1')] })).body.errors[0].message).toMatch(/_destroy needs the url/);
  });

  it('takes categories as urls, codes or numbers, and an entry without a description posts the set description', async () => {
    const t = createTestBook();
    const record = await createSet(t, { description: 'Accrual', journal_entries: [entry('/v2/categories/285', '5'), { category: 1, debit_value: -5 }] });
    expect(record.journal_entries[1]).toEqual({ url: record.journal_entries[1].url, category: 'http://127.0.0.1:9999/v2/categories/001', debit_value: '-5.0' });
    const descriptions = t.book.sqlite.prepare('SELECT DISTINCT description FROM postings').pluck().all();
    expect(descriptions).toEqual(['Accrual']);
  });
});

describeShared('a journal set against the live service (golden-responses/journal_sets.json)', () => {
  it('has the keys of the live SDKTEST journal, on the set and on its entries', async () => {
    const live = readSharedJson('corpora', 'freeagent', 'golden-responses', 'journal_sets.json').journal_sets[1];
    const t = createTestBook();
    const record = await createSet(t, SDKTEST);
    expect(Object.keys(record).sort()).toEqual(Object.keys(live).sort());
    expect(Object.keys(record.journal_entries[0]).sort()).toEqual(Object.keys(live.journal_entries[0]).sort());
    const withoutUrls = (set: any) => ({ ...set, url: undefined, updated_at: undefined, journal_entries: set.journal_entries.map((row: any) => ({ ...row, url: undefined, category: row.category.split('/').pop() })) });
    expect(withoutUrls(record)).toEqual(withoutUrls(live));
  });
});

describe('GET /v2/journal_sets (4.2)', () => {
  async function threeSets(t: TestBook) {
    const april = await createSet(t, { dated_on: '2026-04-10', journal_entries: [entry('285', '1'), entry('001', '-1')] });
    t.clock.set('2026-11-23T10:00:00Z');
    const june = await createSet(t, { dated_on: '2026-06-10', tag: 'PAYROLL', journal_entries: [entry('285', '2'), entry('001', '-2')] });
    const august = await createSet(t, { dated_on: '2026-08-10', tag: 'PAYROLL', journal_entries: [entry('285', '3'), entry('001', '-3')] });
    return { april, june, august };
  }

  it('reads one set, and 404 for an unknown one', async () => {
    const t = createTestBook();
    const { june } = await threeSets(t);
    const response = await t.json('GET', new URL(june.url).pathname);
    expect(response.body.journal_set).toEqual(june);
    expect((await t.json('GET', '/v2/journal_sets/999')).status).toBe(404);
  });

  it('lists by date with from_date, to_date, updated_since and tag, paginated', async () => {
    const t = createTestBook();
    const { april, june, august } = await threeSets(t);
    const urls = async (query: string) => (await t.json('GET', `/v2/journal_sets${query}`)).body.journal_sets.map((row: any) => row.url);
    expect(await urls('')).toEqual([april.url, june.url, august.url]);
    expect(await urls('?from_date=2026-06-01')).toEqual([june.url, august.url]);
    expect(await urls('?to_date=2026-06-10')).toEqual([april.url, june.url]);
    expect(await urls('?updated_since=2026-11-23T00:00:00Z')).toEqual([june.url, august.url]);
    expect(await urls('?tag=PAYROLL&to_date=2026-07-01')).toEqual([june.url]);
    expect(await urls('?tag=OTHER')).toEqual([]);
    const page = await t.json('GET', '/v2/journal_sets?per_page=2&page=2');
    expect(page.body.journal_sets.map((row: any) => row.url)).toEqual([august.url]);
    expect(page.headers.get('x-total-count')).toBe('3');
    expect((await t.json('GET', '/v2/journal_sets?from_date=2026-13-01')).status).toBe(400);
  });
});

describe('PUT /v2/journal_sets/:id: the entry rules of 4.2', () => {
  async function salesJournal(t: TestBook) {
    return createSet(t, { journal_entries: [entry('285', '100', { description: 'hotel' }), entry('001', '-100', { description: 'sale' })] });
  }

  it('url + _destroy removes, url + fields changes, no url adds, all in one request', async () => {
    const t = createTestBook();
    const set = await salesJournal(t);
    const [hotel, sale] = set.journal_entries;
    const response = await putSet(t, set.url, {
      journal_entries: [
        { url: hotel.url, _destroy: true },
        { url: sale.url, debit_value: '-80', description: 'smaller sale' },
        entry('250', '80', { description: 'advert' }),
      ],
    });
    expect(response.status).toBe(200);
    const entries = response.body.journal_set.journal_entries;
    expect(entries.map((row: any) => [row.url === sale.url, row.category.split('/').pop(), row.debit_value, row.description])).toEqual([
      [true, '001', '-80.0', 'smaller sale'],
      [false, '250', '80.0', 'advert'],
    ]);
    expect(posted(t, 'journal_sets', setId(set.url))).toEqual({ '001': -8000, '250': 8000 });
  });

  it('a change keeps the fields it does not send; an entry may be named by its bare id', async () => {
    const t = createTestBook();
    const set = await salesJournal(t);
    const [hotel, sale] = set.journal_entries;
    const id = (url: string) => Number(url.split('/').pop());
    const response = await putSet(t, set.url, { journal_entries: [{ url: id(hotel.url), debit_value: '60' }, { url: sale.url, debit_value: '-60' }] });
    expect(response.body.journal_set.journal_entries[0]).toMatchObject({ category: 'http://127.0.0.1:9999/v2/categories/285', description: 'hotel', debit_value: '60.0' });
  });

  it('the result must still balance: an unbalanced change is 422 and changes nothing', async () => {
    const t = createTestBook();
    const set = await salesJournal(t);
    await refused(t, () => putSet(t, set.url, { journal_entries: [{ url: set.journal_entries[0].url, debit_value: '99' }] }), /must balance/);
    await refused(t, () => putSet(t, set.url, { journal_entries: [entry('250', '1')] }), /must balance/);
    await refused(t, () => putSet(t, set.url, { journal_entries: set.journal_entries.map((row: any) => ({ url: row.url, _destroy: true })) }), /at least one entry/);
  });

  it('refuses a url that is not an entry of this set', async () => {
    const t = createTestBook();
    const set = await salesJournal(t);
    const other = await salesJournal(t);
    await refused(t, () => putSet(t, set.url, { journal_entries: [{ url: other.journal_entries[0].url, _destroy: true }] }), /entry of another journal set/);
    await refused(t, () => putSet(t, set.url, { journal_entries: [{ url: `${set.url}/journal_entries/999`, _destroy: true }] }), /not an entry of this journal set/);
    await refused(t, () => putSet(t, set.url, { journal_entries: [{ url: 'nonsense', _destroy: true }] }), /must be the url of a journal entry/);
  });

  it('changes the date, description and tag, and re-dates the postings; tagged sets are editable through the API', async () => {
    const t = createTestBook();
    const set = await createSet(t, { ...SDKTEST, journal_entries: [entry('285', '1'), entry('001', '-1')] });
    t.clock.set('2026-11-24T08:00:00Z');
    const response = await putSet(t, set.url, { dated_on: '2026-09-01', description: 'Moved', tag: 'OTHER' });
    expect(response.status).toBe(200);
    expect(response.body.journal_set).toMatchObject({ dated_on: '2026-09-01', description: 'Moved', tag: 'OTHER', updated_at: '2026-11-24T08:00:00.000Z' });
    expect(t.book.sqlite.prepare('SELECT DISTINCT dated_on FROM postings').pluck().all()).toEqual(['2026-09-01']);
    const cleared = await putSet(t, set.url, { tag: null });
    expect(cleared.body.journal_set.tag).toBeUndefined();
  });

  it('records the change in the change log', async () => {
    const t = createTestBook();
    const set = await salesJournal(t);
    await putSet(t, set.url, { description: 'again' });
    await t.json('DELETE', new URL(set.url).pathname);
    const ops = t.book.sqlite.prepare("SELECT operation FROM changes WHERE resource = 'journal_sets' ORDER BY id").pluck().all();
    expect(ops).toEqual(['create', 'update', 'delete']);
  });
});

describe('DELETE /v2/journal_sets/:id', () => {
  it('removes the set, its entries and its postings', async () => {
    const t = createTestBook();
    const set = await createSet(t, SDKTEST);
    expect((await t.json('DELETE', new URL(set.url).pathname)).status).toBe(200);
    expect((await t.json('GET', new URL(set.url).pathname)).status).toBe(404);
    expect(t.book.sqlite.prepare('SELECT count(*) FROM postings').pluck().get()).toBe(0);
    expect(t.book.sqlite.prepare('SELECT count(*) FROM journal_entries').pluck().get()).toBe(0);
    expect((await t.json('DELETE', new URL(set.url).pathname)).status).toBe(404);
  });
});

describe('journal sets need Tax, Accounting & Users (7)', () => {
  it('level 6 is refused with 403 on every endpoint; level 7 is allowed', async () => {
    const t = createTestBook();
    const six = await t.userWithLevel(6);
    const seven = await t.userWithLevel(7);
    const set = await createSet(t, SDKTEST);
    const path = new URL(set.url).pathname;
    const calls = (token: string) => [
      () => t.json('GET', '/v2/journal_sets', { token }),
      () => t.json('GET', path, { token }),
      () => t.json('GET', '/v2/journal_sets/opening_balances', { token }),
      () => postSet(t, SDKTEST, token),
      () => putSet(t, set.url, { description: 'x' }, token),
      () => t.json('PUT', '/v2/journal_sets/opening_balances', { body: { journal_set: { journal_entries: [] } }, token }),
    ];
    for (const call of calls(six)) expect((await call()).status).toBe(403);
    expect((await t.json('DELETE', path, { token: six })).status).toBe(403);
    const allowed = await Promise.all(calls(seven).map((call) => call()));
    expect(allowed.map((response) => response.status)).toEqual([200, 200, 200, 201, 200, 200]);
    expect((await t.json('DELETE', path, { token: seven })).status).toBe(200);
  });
});

describe('journal sets in XML', () => {
  it('creates from XML and reads back the same record as JSON', async () => {
    const t = createTestBook();
    const xml = `<freeagent><journal-set><dated-on type="date">2026-08-16</dated-on><description>XML journal</description><tag>XML</tag>
      <journal-entries type="array">
        <journal-entry><category>/v2/categories/285</category><debit-value type="decimal">12.34</debit-value><description>debit</description></journal-entry>
        <journal-entry><category>/v2/categories/001</category><debit-value type="decimal">-12.34</debit-value></journal-entry>
      </journal-entries></journal-set></freeagent>`;
    const created = await t.request('POST', '/v2/journal_sets', { xml });
    expect(created.status).toBe(201);
    const fromXml = (await readXml(created)).journal_set as any;
    const json = (await t.json('GET', new URL(fromXml.url).pathname)).body.journal_set;
    expect(fromXml).toEqual(json);
    expect(json.journal_entries.map((row: any) => row.debit_value)).toEqual(['12.34', '-12.34']);
  });

  it('reads journal entries sent without type attributes', async () => {
    const t = createTestBook();
    const xml = `<journal-set><dated-on>2026-08-16</dated-on><description>untyped</description>
      <journal-entries><journal-entry><category>285</category><debit-value>3</debit-value></journal-entry>
      <journal-entry><category>001</category><debit-value>-3</debit-value></journal-entry></journal-entries></journal-set>`;
    const response = await t.request('POST', '/v2/journal_sets', { xml, headers: { Accept: 'application/json' } });
    expect(response.status).toBe(201);
    expect(((await response.json()) as any).journal_set.journal_entries).toHaveLength(2);
  });
});
