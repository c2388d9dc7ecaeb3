import { describe, expect, it } from 'vitest';
import { describeShared, readSharedJson } from '../shared-corpus/shared';
import { bankAccount, ledgerTotal } from './banking-helpers';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, type TestBook } from './harness';
import { contact, createSet, entry, posted, putOpening, putSet, setId } from './journal-helpers';

const OPENING = '/v2/journal_sets/opening_balances';
const idOf = (url: string) => Number(url.split('/').pop());
const opening = async (t: TestBook) => (await t.json('GET', OPENING)).body.journal_set;
const codeOf = (row: { category: string }) => row.category.split('/').pop();

async function refused(t: TestBook, send: () => Promise<{ status: number; body: any }>, message: RegExp): Promise<void> {
  const before = bookSnapshot(t);
  const response = await send();
  expect(response.status).toBe(422);
  expect(response.body.errors[0].message).toMatch(message);
  expect(bookSnapshot(t)).toEqual(before);
}

describe('GET /v2/journal_sets/opening_balances', () => {
  it('before anything is entered: no entries, no bank or stock legs, and no date', async () => {
    const t = createTestBook();
    expect(await opening(t)).toEqual({
      url: 'http://127.0.0.1:9999/v2/journal_sets/opening_balances',
      description: 'Opening Balances Journal Set',
      journal_entries: [],
      bank_accounts: [],
      stock_items: [],
    });
  });
});

describe('bank accounts\' opening balances are read-only legs of the opening balances', () => {
  it('an account opened with 1000.0 shows as the live service shows it, balanced on Suspense', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { name: 'Business Current Account', opening_balance: '1000' });
    const set = await opening(t);
    expect(set.bank_accounts).toEqual([{ url: account, description: 'Business Current Account', debit_value: '-1000.0' }]);
    expect(set.journal_entries).toEqual([{ url: expect.stringMatching(/journal_entries\/\d+$/), category: 'http://127.0.0.1:9999/v2/categories/999', debit_value: '-1000.0', description: 'Automatic Balancing Entry' }]);
    expect(set.stock_items).toEqual([]);
    expect(set.dated_on).toBeUndefined();
    // The entries alone do not sum to zero (api-quirks.md); the postings do: the bank is debited.
    expect(posted(t, 'journal_sets', setId(set.url))).toEqual({ [`750-${idOf(account)}`]: 100000, '999': -100000 });
    expect(t.book.sqlite.prepare('SELECT DISTINCT dated_on FROM postings').pluck().all()).toEqual(['2025-05-01']);
  });

  it('follows changes to the opening balance, and drops the leg when the account is deleted', async () => {
    const t = createTestBook();
    const current = await bankAccount(t, { opening_balance: '1000' });
    const savings = await bankAccount(t, { name: 'Savings', opening_balance: '250.50' });
    expect((await opening(t)).journal_entries[0].debit_value).toBe('-1250.5');
    await t.json('PUT', new URL(current).pathname, { body: { bank_account: { opening_balance: '-300' } } });
    const changed = await opening(t);
    expect(changed.bank_accounts.map((row: any) => row.debit_value)).toEqual(['300.0', '-250.5']);
    expect(changed.journal_entries[0].debit_value).toBe('49.5');
    expect((await t.json('DELETE', new URL(savings).pathname)).status).toBe(200);
    expect((await opening(t)).journal_entries[0].debit_value).toBe('300.0');
    await t.json('PUT', new URL(current).pathname, { body: { bank_account: { opening_balance: '0' } } });
    const cleared = await opening(t);
    expect(cleared.bank_accounts).toEqual([]);
    expect(cleared.journal_entries).toEqual([]);
    expect(t.book.sqlite.prepare('SELECT count(*) FROM postings').pluck().get()).toBe(0);
  });

  it('renaming an account changes its leg\'s description only, and posts nothing new', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { opening_balance: '10' });
    const before = t.book.sqlite.prepare('SELECT * FROM postings').all();
    await t.json('PUT', new URL(account).pathname, { body: { bank_account: { name: 'Renamed' } } });
    expect((await opening(t)).bank_accounts[0].description).toBe('Renamed');
    expect(t.book.sqlite.prepare('SELECT * FROM postings').all()).toEqual(before);
  });

  it('refuses an opening balance that would take the total past what can be held exactly', async () => {
    const t = createTestBook();
    // Each balance is within the 12-digit field limit; ninety of them add up past 2^53 pence.
    const largest = '999999999999.99';
    for (let n = 0; n < 90; n += 1) await bankAccount(t, { name: `Account ${n}`, opening_balance: largest });
    await refused(t, () => t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Huge', opening_balance: largest } } }), /total out of range/);
  });

  it('an account in another currency posts its opening balance as foreign currency data only', async () => {
    const t = createTestBook();
    const dollars = await bankAccount(t, { name: 'Dollars', currency: 'USD', opening_balance: '500' });
    const set = await opening(t);
    expect(set.bank_accounts).toEqual([{ url: dollars, description: 'Dollars', debit_value: '-500.0' }]);
    expect(set.journal_entries).toEqual([]);
    const row = t.book.sqlite.prepare('SELECT debit_minor, foreign_currency, foreign_debit_minor FROM postings').get();
    expect(row).toEqual({ debit_minor: 0, foreign_currency: 'USD', foreign_debit_minor: 50000 });
  });
});

describeShared('the opening balances against the live service (golden-responses/journal_sets.json)', () => {
  it('has the live keys and values for an account opened with 1000.0', async () => {
    const live = readSharedJson('corpora', 'freeagent', 'golden-responses', 'journal_sets.json').journal_sets[0];
    const t = createTestBook();
    await bankAccount(t, { name: 'Business Current Account', opening_balance: '1000' });
    const set = await opening(t);
    expect(Object.keys(set).sort()).toEqual(Object.keys(live).sort());
    const comparable = (record: any) => ({
      description: record.description,
      stock_items: record.stock_items,
      bank_accounts: record.bank_accounts.map((row: any) => ({ description: row.description, debit_value: row.debit_value })),
      journal_entries: record.journal_entries.map((row: any) => ({ ...row, url: undefined, category: codeOf(row) })),
    });
    expect(comparable(set)).toEqual(comparable(live));
  });
});

describe('PUT /v2/journal_sets/opening_balances', () => {
  it('takes entries, balances them on Suspense, and posts them on the company start date', async () => {
    const t = createTestBook();
    const acme = contact(t, 'Acme');
    const types = (await t.json('GET', '/v2/capital_asset_types')).body.capital_asset_types;
    const response = await putOpening(t, [
      entry('681', '1200', { contact: acme }),
      entry('796', '-450', { contact: acme }),
      entry('601', '3000', { capital_asset_type: types[0].url }),
      entry('901', '-2000', { user: `/v2/users/${t.ownerId}` }),
    ]);
    expect(response.status).toBe(200);
    const set = response.body.journal_set;
    expect(set.journal_entries.map((row: any) => [codeOf(row), row.debit_value, row.contact])).toEqual([
      ['681', '1200.0', acme],
      ['796', '-450.0', acme],
      [`601-${idOf(types[0].url)}`, '3000.0', undefined],
      [`901-${t.ownerId}`, '-2000.0', undefined],
      ['999', '-1750.0', undefined],
    ]);
    expect(ledgerTotal(t)).toBe(0);
    expect(t.book.sqlite.prepare('SELECT DISTINCT dated_on FROM postings').pluck().all()).toEqual(['2025-05-01']);
  });

  it('changes and removes entries by url; the balancing entry follows, and goes when nothing is left over', async () => {
    const t = createTestBook();
    const first = (await putOpening(t, [entry('681', '100'), entry('796', '-60')])).body.journal_set;
    const [debtors, creditors] = first.journal_entries;
    const changed = (await putOpening(t, [{ url: creditors.url, debit_value: '-100' }])).body.journal_set;
    expect(changed.journal_entries.map(codeOf)).toEqual(['681', '796']);
    const removed = (await putOpening(t, [{ url: debtors.url, _destroy: true }, entry('682', '100')])).body.journal_set;
    expect(removed.journal_entries.map((row: any) => [codeOf(row), row.debit_value])).toEqual([
      ['796', '-100.0'],
      ['682', '100.0'],
    ]);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('ignores what is sent for the balancing entry, so a read record can be sent back as it is', async () => {
    const t = createTestBook();
    await putOpening(t, [entry('681', '100')]);
    const set = await opening(t);
    const response = await t.json('PUT', OPENING, { body: { journal_set: { ...set, journal_entries: set.journal_entries.map((row: any) => ({ ...row, debit_value: '5' })) } } });
    expect(response.status).toBe(200);
    const after = response.body.journal_set;
    expect(after.journal_entries.map((row: any) => [codeOf(row), row.debit_value])).toEqual([
      ['681', '5.0'],
      ['999', '-5.0'],
    ]);
  });

  it('allows one opening balance per contact per category, only on 681 and 796', async () => {
    const t = createTestBook();
    const acme = contact(t, 'Acme');
    await refused(t, () => putOpening(t, [entry('681', '10', { contact: acme }), entry('681', '5', { contact: acme })]), /only one opening balance entry per category/);
    await refused(t, () => putOpening(t, [entry('682', '10', { contact: acme })]), /contact needs category Trade Debtors \(681\) or Trade Creditors \(796\)/);
    await refused(t, () => putOpening(t, [entry('681', '10', { contact: '/v2/contacts/999' })]), /contact is not a contact of this company/);
    expect((await putOpening(t, [entry('681', '10', { contact: acme })])).status).toBe(200);
    await refused(t, () => putOpening(t, [entry('681', '3', { contact: acme })]), /only one opening balance entry per category/);
  });

  it('refuses Suspense (the engine\'s own), bank accounts, a date and a tag', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    await refused(t, () => putOpening(t, [entry('999', '10')]), /balanced automatically/);
    await refused(t, () => putOpening(t, [entry(`750-${idOf(account)}`, '10')]), /cannot be a bank account/);
    await refused(t, () => t.json('PUT', OPENING, { body: { journal_set: { dated_on: '2025-04-30' } } }), /dated_on does not apply/);
    await refused(t, () => t.json('PUT', OPENING, { body: { journal_set: { tag: 'X' } } }), /tag does not apply/);
  });

  it('is the same set at its own url: readable and writable there, but never deleted', async () => {
    const t = createTestBook();
    const set = (await putOpening(t, [entry('681', '10')])).body.journal_set;
    expect(set.url).toMatch(/\/v2\/journal_sets\/\d+$/);
    expect((await t.json('GET', new URL(set.url).pathname)).body.journal_set).toEqual(set);
    const viaId = await putSet(t, set.url, { journal_entries: [{ url: set.journal_entries[0].url, debit_value: '20' }] });
    expect(viaId.body.journal_set.journal_entries[1].debit_value).toBe('-20.0');
    await refused(t, () => t.json('DELETE', new URL(set.url).pathname), /opening balances cannot be deleted/);
  });

  it('lists the opening balances first, and leaves them out when filtering by date or tag', async () => {
    const t = createTestBook();
    const set = (await putOpening(t, [entry('681', '10')])).body.journal_set;
    const dated = await createSet(t, { tag: 'T', journal_entries: [entry('285', '1'), entry('001', '-1')] });
    const urls = async (query: string) => (await t.json('GET', `/v2/journal_sets${query}`)).body.journal_sets.map((row: any) => row.url);
    expect(await urls('')).toEqual([set.url, dated.url]);
    expect(await urls('?from_date=2025-01-01')).toEqual([dated.url]);
    expect(await urls('?tag=T')).toEqual([dated.url]);
  });
});
