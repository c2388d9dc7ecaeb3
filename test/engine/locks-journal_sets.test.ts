import { describe, expect, it } from 'vitest';
import { bankAccount } from './banking-helpers';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, type TestBook } from './harness';
import { createSet, entry, postSet, putOpening, putSet } from './journal-helpers';

async function lockTo(t: TestBook, date: string): Promise<void> {
  const response = await t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: date } } });
  if (response.status !== 204) throw new Error(`lock: ${JSON.stringify(response.body)}`);
}

async function refused(t: TestBook, send: () => Promise<{ status: number; body: any }>): Promise<void> {
  const before = bookSnapshot(t);
  const response = await send();
  expect(response.status).toBe(422);
  expect(response.body.errors[0].message).toMatch(/books are locked up to 2026-03-31 by the lock date set on the books;/);
  expect(bookSnapshot(t)).toEqual(before);
}

const balanced = [entry('285', '10'), entry('001', '-10')];

describe('the lock on journal sets', () => {
  async function lockedBook() {
    const t = createTestBook();
    const early = await createSet(t, { dated_on: '2026-02-01', journal_entries: balanced });
    const late = await createSet(t, { dated_on: '2026-06-01', journal_entries: balanced });
    await lockTo(t, '2026-03-31');
    return { t, early, late };
  }

  it('refuses creating a set dated on or before the lock date', async () => {
    const { t } = await lockedBook();
    await refused(t, () => postSet(t, { dated_on: '2026-03-31', journal_entries: balanced }));
    expect((await postSet(t, { dated_on: '2026-04-01', journal_entries: balanced })).status).toBe(201);
  });

  it('refuses changing a locked set in any way, and moving an open set into the lock', async () => {
    const { t, early, late } = await lockedBook();
    await refused(t, () => putSet(t, early.url, { description: 'renamed' }));
    await refused(t, () => putSet(t, early.url, { dated_on: '2026-07-01' }));
    await refused(t, () => putSet(t, early.url, { journal_entries: [{ url: early.journal_entries[0].url, _destroy: true }, entry('285', '10')] }));
    await refused(t, () => putSet(t, late.url, { dated_on: '2026-01-01' }));
    expect((await putSet(t, late.url, { description: 'renamed' })).status).toBe(200);
  });

  it('refuses deleting a locked set', async () => {
    const { t, early, late } = await lockedBook();
    await refused(t, () => t.json('DELETE', new URL(early.url).pathname));
    expect((await t.json('DELETE', new URL(late.url).pathname)).status).toBe(200);
  });
});

describe('the lock on the opening balances (posted on the company start date)', () => {
  it('refuses any change to the opening balances once the books are locked', async () => {
    const t = createTestBook();
    await putOpening(t, [entry('681', '100')]);
    await lockTo(t, '2026-03-31');
    await refused(t, () => putOpening(t, [entry('682', '5')]));
  });

  it('refuses a bank account opening balance that would move them; a zero one or a rename is fine', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { opening_balance: '100' });
    await lockTo(t, '2026-03-31');
    await refused(t, () => t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Savings', opening_balance: '50' } } }));
    await refused(t, () => t.json('PUT', new URL(account).pathname, { body: { bank_account: { opening_balance: '150' } } }));
    await refused(t, () => t.json('DELETE', new URL(account).pathname));
    expect((await bankAccount(t, { name: 'New', opening_balance: '0' })).length).toBeGreaterThan(0);
    expect((await t.json('PUT', new URL(account).pathname, { body: { bank_account: { name: 'Renamed' } } })).status).toBe(200);
  });
});
