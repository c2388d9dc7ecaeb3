import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowById } from '../../main/db/row-by-id';
import { bankAccounts } from '../../main/db/schema';
import { createTestBook } from '../engine/harness';

// GET by id reads rows with raw SQL (main/db/row-by-id.ts); every field a record shows must be what
// drizzle's select gives, flags as booleans and empty fields as null, or the API would change.

describe('rowById', () => {
  it('gives the row drizzle gives, flags and empty fields included', async () => {
    const t = createTestBook();
    const made = await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Current', opening_balance: '12.34', sort_code: '12-34-56', is_personal: true } } });
    expect(made.status).toBe(201);
    const id = Number(made.body.bank_account.url.split('/').pop());
    const byId = rowById(bankAccounts);
    const drizzleRow = t.book.db.select().from(bankAccounts).where(eq(bankAccounts.id, id)).get();
    const row = byId(t.book.sqlite, id);
    expect(row).toEqual(drizzleRow);
    expect(row).toMatchObject({ isPersonal: true, isPrimary: true, bankGuessEnabled: false, bankName: null, openingBalanceMinor: 1234 });
    expect(Object.keys(row!)).toEqual(Object.keys(drizzleRow!));
    expect(byId(t.book.sqlite, id + 1000)).toBeUndefined();
  });
});
