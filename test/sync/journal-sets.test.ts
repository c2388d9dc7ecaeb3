import { describe, expect, it } from 'vitest';
import { world } from './replicas';
import { emailAt, path, person, threeBooks, type Book } from './people';

async function setTagged(book: Book, tag: string) {
  const list = (await book.call('GET', '/v2/journal_sets?per_page=100')).body.journal_sets as Record<string, any>[];
  return list.find((set) => set.tag === tag);
}

/** A journal as a person compares two books: its fields, and each entry's code, amount and user by email. */
async function seen(book: Book, tag: string) {
  const set = (await setTagged(book, tag))!;
  const entries = [];
  for (const entry of set.journal_entries as Record<string, any>[]) {
    entries.push({ category: path(entry.category).replace(/-\d+$/, '-N'), debit_value: entry.debit_value, user: entry.user ? await emailAt(book, entry.user) : null });
  }
  return { dated_on: set.dated_on, description: set.description, tag: set.tag, entries };
}

/** Net pay to Pat: the payroll journal of spec 4.18, with Pat's 902 sub account. */
const payroll = (pat: string, description = 'November payroll', tag = 'payroll-2026-11') => ({
  journal_set: { dated_on: '2026-11-20', description, tag, journal_entries: [{ category: '/v2/categories/401', debit_value: '1000' }, { category: '/v2/categories/902', user: pat, debit_value: '-1000' }] },
});

describe('journal sets sync', { timeout: 90_000 }, () => {
  it('a payroll journal reaches the remote and the other book with each entry\'s user and sub account rewritten by email', async () => {
    const { w, a, b, pat } = await threeBooks(71);
    expect((await a.book.call('POST', '/v2/journal_sets', payroll(pat))).status).toBe(201);
    expect((await a.book.call('PUT', '/v2/journal_sets/opening_balances', { journal_set: { journal_entries: [{ category: '/v2/categories/681', debit_value: '250' }] } })).status).toBe(200);
    expect(await a.sync()).toMatchObject({ pushed: 1, refused: 0, conflicts: 0 });
    await b.sync();
    const expected = { dated_on: '2026-11-20', description: 'November payroll', tag: 'payroll-2026-11', entries: [{ category: '/v2/categories/401', debit_value: '1000.0', user: null }, { category: '/v2/categories/902-N', debit_value: '-1000.0', user: 'pat@example.com' }] };
    expect(await seen(w.remote.book, 'payroll-2026-11')).toEqual(expected);
    expect(await seen(b.book, 'payroll-2026-11')).toEqual(expected);
    // The sub account is the remote's own Pat's (902-<Pat's id there>), not A's.
    const remotePat = (await w.remote.book.call('GET', '/v2/users?view=all')).body.users.find((u: { email: string }) => u.email === 'pat@example.com').url as string;
    expect((await setTagged(w.remote.book, 'payroll-2026-11'))!.journal_entries[1].category).toMatch(new RegExp(`/v2/categories/902-${/\d+$/.exec(remotePat)![0]}$`));
    expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0 });
    expect(await b.sync()).toMatchObject({ pushed: 0, pulled: 0 });
    // The opening balances are each book's own: never sent.
    expect(w.remote.creates).toEqual(['/v2/journal_sets']);
  });

  it('edits to different fields merge; the same field on both books is a conflict; deleted there and edited here is a conflict', async () => {
    const { w, a, b, pat } = await threeBooks(72);
    await a.book.call('POST', '/v2/journal_sets', payroll(pat));
    await a.sync();
    await b.sync();
    const onA = (await setTagged(a.book, 'payroll-2026-11'))!;
    const onB = (await setTagged(b.book, 'payroll-2026-11'))!;
    await a.book.call('PUT', path(onA.url), { journal_set: { description: 'November payroll (final)' } });
    await b.book.call('PUT', path(onB.url), { journal_set: { journal_entries: onB.journal_entries.map((entry: Record<string, any>) => ({ url: entry.url, debit_value: String(Math.sign(Number(entry.debit_value)) * 1200) })) } });
    await b.sync();
    expect((await a.sync()).conflicts).toBe(0);
    await b.sync();
    const remote = await seen(w.remote.book, 'payroll-2026-11');
    expect(remote).toMatchObject({ description: 'November payroll (final)', entries: [{ debit_value: '1200.0' }, { debit_value: '-1200.0', user: 'pat@example.com' }] });
    expect(await seen(a.book, 'payroll-2026-11')).toEqual(remote);
    expect(await seen(b.book, 'payroll-2026-11')).toEqual(remote);

    await a.book.call('PUT', path(onA.url), { journal_set: { description: 'Mine' } });
    await b.book.call('PUT', path(onB.url), { journal_set: { description: 'Theirs' } });
    await b.sync();
    expect((await a.sync()).conflicts).toBe(1);
    expect(a.service.reviewList()[0]).toMatchObject({ kind: 'conflict', family: 'journal_sets', fields: [{ field: 'description', mine: 'Mine', theirs: 'Theirs' }] });
    await a.service.resolve(a.service.reviewList()[0]!.id, { choice: 'theirs' });
    expect((await seen(a.book, 'payroll-2026-11')).description).toBe('Theirs');

    expect((await b.book.call('DELETE', path(onB.url))).status).toBeLessThan(300);
    await b.sync();
    expect(await setTagged(w.remote.book, 'payroll-2026-11')).toBeUndefined();
    await a.book.call('PUT', path(onA.url), { journal_set: { description: 'Edited after the delete' } });
    expect((await a.sync()).conflicts).toBe(1);
    expect(a.service.reviewList()[0]).toMatchObject({ kind: 'deleted-there', family: 'journal_sets' });
    expect((await seen(a.book, 'payroll-2026-11')).description).toBe('Edited after the delete');
  });

  it('a create whose answer was lost is found by its tag and date, or untagged by its date, description and amounts; never made twice', async () => {
    for (const tag of ['payroll-2026-11', '']) {
      const w = world(73);
      const a = w.replica('a');
      await a.sync();
      await a.book.call('POST', '/v2/journal_sets', { journal_set: { dated_on: '2026-11-20', description: 'Accrual', tag, journal_entries: [{ category: '/v2/categories/285', debit_value: '50' }, { category: '/v2/categories/290', debit_value: '-50' }] } });
      w.remote.force('error-after', (method, where) => method === 'POST' && where === '/v2/journal_sets');
      expect((await a.sync()).pushed).toBe(1);
      expect(w.remote.creates).toEqual(['/v2/journal_sets']);
      expect(await a.sync()).toMatchObject({ pushed: 0, pulled: 0, refused: 0 });
    }
  });
});

describe('journal sets naming what the sync does not carry', { timeout: 60_000 }, () => {
  it('an entry on a capital asset type reaches the remote naming its own type of the same name (system defaults are linked by name)', async () => {
    const w = world(74);
    const a = w.replica('a');
    const types = (await a.book.call('GET', '/v2/capital_asset_types')).body.capital_asset_types as Record<string, any>[];
    const created = await a.book.call('POST', '/v2/journal_sets', {
      journal_set: { dated_on: '2026-11-20', description: 'Laptop', journal_entries: [{ category: '/v2/categories/602', capital_asset_type: types[0]!.url, debit_value: '900' }, { category: '/v2/categories/290', debit_value: '-900' }] },
    });
    expect(created.status).toBe(201);
    expect(await a.sync()).toMatchObject({ refused: 0, pushed: 1, agree: true });
    expect(w.remote.creates).toEqual(['/v2/journal_sets']);
    const online = ((await w.remote.book.call('GET', '/v2/journal_sets')).body.journal_sets as Record<string, any>[]).find((set) => set.description === 'Laptop')!;
    const entries = (await w.remote.book.call('GET', online.url.replace(/^.*?\/v2\//, '/v2/'))).body.journal_set.journal_entries as Record<string, any>[];
    const typeThere = entries.find((entry) => entry.capital_asset_type)!.capital_asset_type as string;
    expect((await w.remote.book.call('GET', typeThere.replace(/^.*?\/v2\//, '/v2/'))).body.capital_asset_type.name).toBe(types[0]!.name);
  });
});

describe('journal sets on first link', { timeout: 60_000 }, () => {
  it('the same tagged journal on both sides is linked by tag and date, its entries compared through the email map', async () => {
    const w = world(75);
    const a = w.replica('a');
    const patHere = await person(a.book, 'pat@example.com', ['x@example.com']);
    const patThere = await person(w.remote.book, 'pat@example.com');
    await w.remote.book.call('POST', '/v2/journal_sets', payroll(patThere));
    await a.book.call('POST', '/v2/journal_sets', payroll(patHere));
    const plan = await a.service.planLink();
    const sets = plan.families.find((family) => family.family === 'journal_sets')!;
    expect(sets.linked).toEqual([expect.objectContaining({ differs: [] })]);
    expect(sets.createThere).toEqual([]);
    await a.service.applyLink(plan);
    expect(await a.sync()).toMatchObject({ pushed: 0, conflicts: 0, refused: 0 });
    expect(w.remote.creates).toEqual([]);
    expect(await seen(a.book, 'payroll-2026-11')).toEqual(await seen(w.remote.book, 'payroll-2026-11'));
  });
});
