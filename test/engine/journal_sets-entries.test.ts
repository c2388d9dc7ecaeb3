import { describe, expect, it } from 'vitest';
import { bankAccount } from './banking-helpers';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, type TestBook } from './harness';
import { contact, createSet, entry, postSet, posted, putSet, setId, user } from './journal-helpers';

async function refusedEntry(t: TestBook, first: Record<string, unknown>, message: RegExp): Promise<void> {
  const before = bookSnapshot(t);
  const response = await postSet(t, { journal_entries: [first, entry('001', `-${first.debit_value as string}`)] });
  expect(response.status, JSON.stringify(first)).toBe(422);
  expect(response.body.errors[0].message).toMatch(message);
  expect(bookSnapshot(t)).toEqual(before);
}

const idOf = (url: string) => Number(url.split('/').pop());

describe('user categories (900 to 910) need a user', () => {
  it('902 with a user posts to that user\'s sub account 902-N and shows both', async () => {
    const t = createTestBook();
    const ann = await user(t, 'Ann');
    const set = await createSet(t, { journal_entries: [entry('401', '100'), entry('902', '-100', { user: ann })] });
    const net = set.journal_entries[1];
    expect(net.category).toBe(`http://127.0.0.1:9999/v2/categories/902-${idOf(ann)}`);
    expect(net.user).toBe(ann);
    expect(posted(t, 'journal_sets', setId(set.url))).toEqual({ '401': 10000, [`902-${idOf(ann)}`]: -10000 });
  });

  it('accepts the sub account itself, the user being implied, or given and matching', async () => {
    const t = createTestBook();
    const ann = await user(t, 'Ann');
    const code = `902-${idOf(ann)}`;
    const set = await createSet(t, { journal_entries: [entry('401', '5'), entry(code, '-3'), entry(`/v2/categories/${code}`, '-2', { user: ann })] });
    expect(set.journal_entries.slice(1).map((row: any) => row.user)).toEqual([ann, ann]);
  });

  it('refuses a user category without a user, with an unknown user, or with a sub account of another user', async () => {
    const t = createTestBook();
    const ann = await user(t, 'Ann');
    const bob = await user(t, 'Bob');
    await refusedEntry(t, entry('907', '10'), /^journal_entries\.0\.user is required for category 907/);
    await refusedEntry(t, entry('907', '10', { user: '/v2/users/999' }), /user is not a user of this company/);
    await refusedEntry(t, entry(`907-${idOf(bob)}`, '10', { user: ann }), /does not match category 907-/);
  });

  it('refuses a user on a category that is not a user category', async () => {
    const t = createTestBook();
    const ann = await user(t, 'Ann');
    await refusedEntry(t, entry('285', '10', { user: ann }), /user applies only to user categories/);
  });

  it('a PUT may move an entry to another user by sending just the user', async () => {
    const t = createTestBook();
    const ann = await user(t, 'Ann');
    const bob = await user(t, 'Bob');
    const set = await createSet(t, { journal_entries: [entry('401', '100'), entry('902', '-100', { user: ann })] });
    const response = await putSet(t, set.url, { journal_entries: [{ url: set.journal_entries[1].url, user: bob }] });
    expect(response.status).toBe(200);
    expect(response.body.journal_set.journal_entries[1]).toMatchObject({ user: bob, category: `http://127.0.0.1:9999/v2/categories/902-${idOf(bob)}` });
    const moved = await putSet(t, set.url, { journal_entries: [{ url: set.journal_entries[1].url, category: '814', user: null }] });
    expect(moved.body.journal_set.journal_entries[1].user).toBeUndefined();
  });
});

describe('capital asset categories (601 to 607) need a capital_asset_type', () => {
  it('resolves 602 and a type to the type\'s sub account', async () => {
    const t = createTestBook();
    const types = (await t.json('GET', '/v2/capital_asset_types')).body.capital_asset_types;
    const computers = types.find((row: any) => row.name === 'Computer Equipment').url;
    const set = await createSet(t, { journal_entries: [entry('602', '1200', { capital_asset_type: computers }), entry('797', '-1200')] });
    expect(set.journal_entries[0]).toMatchObject({ category: `http://127.0.0.1:9999/v2/categories/602-${idOf(computers)}`, capital_asset_type: computers });
  });

  it('refuses 601-607 without a type, and a type on any other category', async () => {
    const t = createTestBook();
    const types = (await t.json('GET', '/v2/capital_asset_types')).body.capital_asset_types;
    await refusedEntry(t, entry('606', '10'), /capital_asset_type is required for category 606/);
    await refusedEntry(t, entry('606', '10', { capital_asset_type: '/v2/capital_asset_types/999' }), /not a capital asset type of this company/);
    await refusedEntry(t, entry('285', '10', { capital_asset_type: types[0].url }), /capital_asset_type applies only to capital asset categories/);
  });
});

describe('stock, bank accounts and other entries that are refused', () => {
  it('refuses stock items (the book holds none) and a stock quantity without one', async () => {
    const t = createTestBook();
    await refusedEntry(t, entry('610', '10', { stock_item: '/v2/stock_items/1', stock_altering_quantity: 2 }), /stock_item is not a stock item of this company/);
    await refusedEntry(t, entry('610', '10', { stock_altering_quantity: 2 }), /stock_altering_quantity applies only to an entry with a stock_item/);
  });

  it('refuses bank_account entries (historical only) and the bank accounts\' 750 categories', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    await refusedEntry(t, entry('285', '10', { bank_account: account }), /journalling to or from bank accounts is no longer possible/);
    await refusedEntry(t, entry(`750-${idOf(account)}`, '10'), /cannot be a bank account \(750\)/);
    await refusedEntry(t, entry('750', '10'), /cannot be a bank account \(750\)/);
  });

  it('refuses a contact outside the opening balances', async () => {
    const t = createTestBook();
    await refusedEntry(t, entry('681', '10', { contact: contact(t, 'Acme') }), /contact is only valid in the opening balances/);
  });
});

describe('property: unincorporated landlords, profit and loss categories only', () => {
  async function landlord() {
    const t = createTestBook({ type: 'UkUnincorporatedLandlord' });
    const response = await t.json('POST', '/v2/properties', { body: { property: { address1: '1 Rental Row' } } });
    return { t, property: response.body.property.url as string };
  }

  it('takes a property on a profit and loss entry of a landlord, and shows it', async () => {
    const { t, property } = await landlord();
    const set = await createSet(t, { journal_entries: [entry('285', '40', { property }), entry('797', '-40')] });
    expect(set.journal_entries[0].property).toBe(property);
  });

  it('refuses a property on a balance sheet category, an unknown property, and any property on other company types', async () => {
    const { t, property } = await landlord();
    await refusedEntry(t, entry('797', '10', { property }), /property applies only to profit and loss categories/);
    await refusedEntry(t, entry('285', '10', { property: '/v2/properties/999' }), /property is not a property of this company/);
    const limited = createTestBook();
    await refusedEntry(limited, entry('285', '10', { property: '/v2/properties/1' }), /property applies only to UkUnincorporatedLandlord companies/);
  });
});

describe('records that journal entries name cannot be deleted, even when the entry is zero', () => {
  it('a user, a capital asset type and a property are refused with 422 and stay', async () => {
    const t = createTestBook({ type: 'UkUnincorporatedLandlord' });
    const ann = await user(t, 'Ann');
    const type = (await t.json('POST', '/v2/capital_asset_types', { body: { capital_asset_type: { name: 'Drones' } } })).body.capital_asset_type.url;
    const property = (await t.json('POST', '/v2/properties', { body: { property: { address1: '1 Rental Row' } } })).body.property.url;
    await createSet(t, {
      journal_entries: [entry('902', '0', { user: ann }), entry('602', '0', { capital_asset_type: type }), entry('285', '0', { property }), entry('285', '1'), entry('001', '-1')],
    });
    const before = bookSnapshot(t);
    for (const url of [ann, type, property]) {
      const response = await t.json('DELETE', new URL(url).pathname);
      expect(response.status, url).toBe(422);
    }
    expect(bookSnapshot(t)).toEqual(before);
  });
});
