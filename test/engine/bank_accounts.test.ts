import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RETURNED_ONLY_BANK_ACCOUNT_TYPES } from '../../shared/api/bank_accounts';
import { bankTransactions, categories, changes } from '../../main/db/schema';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, FIXED_NOW, ORIGIN, type TestBook } from './harness';

const create = (t: TestBook, fields: Record<string, unknown>) => t.json('POST', '/v2/bank_accounts', { body: { bank_account: fields } });
const update = (t: TestBook, id: number, fields: Record<string, unknown>) => t.json('PUT', `/v2/bank_accounts/${id}`, { body: { bank_account: fields } });
const read = async (t: TestBook, id: number) => (await t.json('GET', `/v2/bank_accounts/${id}`)).body.bank_account;
const message = (response: { body: { errors: { message: string }[] } }) => response.body.errors.map((error) => error.message).join(' | ');

/** Simulates a statement line arriving, straight into the table, as the banking code will. */
/** A line written straight to the book, with its change-log entry as every engine write has (the engine keeps counts until the log moves). */
function addTransaction(t: TestBook, accountId: number, amountMinor: number, datedOn: string, flags: { manual?: boolean; review?: boolean } = {}) {
  const { id } = t.book.db
    .insert(bankTransactions)
    .values({
      bankAccountId: accountId,
      datedOn,
      description: 'line',
      amountMinor,
      isManual: flags.manual ?? false,
      markedForReview: flags.review ?? false,
      createdAt: FIXED_NOW,
      updatedAt: FIXED_NOW,
    })
    .returning({ id: bankTransactions.id })
    .get();
  t.book.db.insert(changes).values({ resource: 'bank_transactions', recordId: String(id), operation: 'create', at: FIXED_NOW }).run();
}

describe('creating a bank account', () => {
  it('answers 201 with Location and the full record, typed as the service types it', async () => {
    const t = createTestBook();
    const response = await create(t, { name: 'Business Current', opening_balance: '1000.00', bank_name: 'Barclays', sort_code: '20-00-00', account_number: '00012345' });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`${ORIGIN}/v2/bank_accounts/1`);
    expect(response.body.bank_account).toEqual({
      url: `${ORIGIN}/v2/bank_accounts/1`,
      type: 'StandardBankAccount',
      name: 'Business Current',
      currency: 'GBP',
      is_personal: false,
      is_primary: true,
      status: 'active',
      bank_name: 'Barclays',
      bank_code: 'barclays',
      opening_balance: '1000.0',
      current_balance: '1000.0',
      latest_activity_date: '2025-05-01',
      account_number: '00012345',
      sort_code: '20-00-00',
      bank_guess_enabled: false,
      bank_feed_enabled: false,
      total_count: 0,
      unexplained_transaction_count: 0,
      marked_for_review_count: 0,
      manually_added_transaction_count: 0,
      created_at: FIXED_NOW,
      updated_at: FIXED_NOW,
    });
  });

  it('requires a name and an opening balance', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    expect(message(await create(t, { opening_balance: '0' }))).toMatch(/^name /);
    expect(message(await create(t, { name: '  ', opening_balance: '0' }))).toBe("name can't be blank");
    expect(message(await create(t, { name: 'No balance' }))).toMatch(/^opening_balance /);
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('accepts the three settable types and refuses the returned-only ones with 422', async () => {
    const t = createTestBook();
    expect((await create(t, { type: 'StandardBankAccount', name: 'S', opening_balance: '0' })).status).toBe(201);
    expect((await create(t, { type: 'CreditCardAccount', name: 'C', opening_balance: '0', account_number: '1234' })).status).toBe(201);
    expect((await create(t, { type: 'EcommerceAccount', name: 'E', opening_balance: '0', email: 'shop@example.com' })).status).toBe(201);
    const before = bookSnapshot(t);
    for (const type of RETURNED_ONLY_BANK_ACCOUNT_TYPES) {
      const response = await create(t, { type, name: 'R', opening_balance: '0', email: 'w@example.com' });
      expect(response.status, type).toBe(422);
      expect(message(response)).toBe(`type ${type} cannot be set through the API`);
    }
    const unknown = await create(t, { type: 'SavingsAccount', name: 'U', opening_balance: '0' });
    expect(unknown.status).toBe(422);
    expect(message(unknown)).toContain('StandardBankAccount, CreditCardAccount, EcommerceAccount');
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('needs the card number (last four digits are enough) on a credit card account', async () => {
    const t = createTestBook();
    expect(message(await create(t, { type: 'CreditCardAccount', name: 'Card', opening_balance: '0' }))).toMatch(/account_number is required for credit card/);
    expect((await create(t, { type: 'CreditCardAccount', name: 'Card', opening_balance: '0', account_number: 'abcd' })).status).toBe(422);
    const card = await create(t, { type: 'CreditCardAccount', name: 'Card', opening_balance: '-120.50', account_number: '**** 4242' });
    expect(card.status).toBe(201);
    expect(card.body.bank_account).toMatchObject({ account_number: '**** 4242', opening_balance: '-120.5' });
    const id = Number(card.body.bank_account.url.split('/').pop());
    expect((await update(t, id, { account_number: null })).status).toBe(422);
    expect((await read(t, id)).account_number).toBe('**** 4242');
  });

  it('refuses the standard-only fields on other types', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    const extras: Record<string, string> = { sort_code: '20-00-00', secondary_sort_code: '20-00-01', iban: 'GB82WEST12345698765432', bic: 'NWBKGB2L' };
    for (const [field, value] of Object.entries(extras)) {
      const card = await create(t, { type: 'CreditCardAccount', name: 'Card', opening_balance: '0', account_number: '1234', [field]: value });
      expect(card.status, field).toBe(422);
      expect(message(card)).toBe(`${field} is only for standard bank accounts`);
      const shop = await create(t, { type: 'EcommerceAccount', name: 'Shop', opening_balance: '0', [field]: value });
      expect(shop.status, field).toBe(422);
    }
    expect(bookSnapshot(t)).toEqual(before);
    await create(t, { type: 'CreditCardAccount', name: 'Card', opening_balance: '0', account_number: '1234' });
    expect((await update(t, 1, { iban: 'GB82WEST12345698765432' })).status).toBe(422);
  });
});

describe('bank codes and identifiers', () => {
  it('normalises sort codes and routing numbers and derives the bank code from them', async () => {
    const t = createTestBook();
    const cases: [string, string, string][] = [
      ['200000', '20-00-00', 'barclays'],
      ['60 83 71', '60-83-71', 'starling'],
      ['04-00-04', '04-00-04', 'monzo'],
      ['40-11-62', '40-11-62', 'hsbc'],
      ['99-99-99', '99-99-99', 'generic'],
      ['026009593', '026009593', 'generic'],
    ];
    for (const [given, stored, bank] of cases) {
      const response = await create(t, { name: given, opening_balance: '0', sort_code: given });
      expect(response.body.bank_account, given).toMatchObject({ sort_code: stored, bank_code: bank });
    }
    for (const bad of ['12-34', 'abcdef', '1234567', '20-00-00-00']) {
      const response = await create(t, { name: 'Bad', opening_balance: '0', sort_code: bad });
      expect(response.status, bad).toBe(422);
      expect(message(response)).toBe('sort_code must be a 6-digit sort code or 9-digit routing number');
    }
  });

  it('follows the sort code when it changes, back to generic when cleared', async () => {
    const t = createTestBook();
    await create(t, { name: 'Main', opening_balance: '0', sort_code: '20-00-00' });
    expect((await update(t, 1, { sort_code: '07-00-93' })).body.bank_account.bank_code).toBe('nationwide');
    const cleared = (await update(t, 1, { sort_code: '' })).body.bank_account;
    expect(cleared.bank_code).toBe('generic');
    expect(cleared).not.toHaveProperty('sort_code');
  });

  it('needs a sort code before a secondary one', async () => {
    const t = createTestBook();
    expect(message(await create(t, { name: 'Two', opening_balance: '0', secondary_sort_code: '20-00-00' }))).toBe('secondary_sort_code needs a sort_code');
    const both = await create(t, { name: 'Two', opening_balance: '0', sort_code: '200000', secondary_sort_code: '200001' });
    expect(both.body.bank_account).toMatchObject({ sort_code: '20-00-00', secondary_sort_code: '20-00-01' });
  });

  it('checks IBAN check digits and writes the IBAN without spaces in capitals', async () => {
    const t = createTestBook();
    const valid = await create(t, { name: 'EUR', opening_balance: '0', iban: 'gb82 west 1234 5698 7654 32' });
    expect(valid.body.bank_account.iban).toBe('GB82WEST12345698765432');
    expect((await create(t, { name: 'DE', opening_balance: '0', iban: 'DE89 3704 0044 0532 0130 00' })).body.bank_account.iban).toBe('DE89370400440532013000');
    for (const bad of ['GB82WEST12345698765433', 'GB00WEST12345698765432', 'XX', '1234567890123456', 'GB82-WEST-1234']) {
      const response = await create(t, { name: 'Bad', opening_balance: '0', iban: bad });
      expect(response.status, bad).toBe(422);
      expect(message(response)).toBe('iban is not a valid IBAN');
    }
  });

  it('checks the shape of a BIC and writes it in capitals', async () => {
    const t = createTestBook();
    expect((await create(t, { name: 'A', opening_balance: '0', bic: ' nwbkgb2l ' })).body.bank_account.bic).toBe('NWBKGB2L');
    expect((await create(t, { name: 'B', opening_balance: '0', bic: 'NWBKGB2LXXX' })).body.bank_account.bic).toBe('NWBKGB2LXXX');
    for (const bad of ['NWBK', '1234GB2L', 'NWBKGB2LX', 'NWBK GB 2L']) {
      expect(message(await create(t, { name: 'Bad', opening_balance: '0', bic: bad })), bad).toBe('bic is not a valid BIC');
    }
  });
});

describe('views', () => {
  it('lists standard, credit card and wallet accounts separately, and refuses an unknown view', async () => {
    const t = createTestBook();
    await create(t, { name: 'Current', opening_balance: '0' });
    await create(t, { type: 'CreditCardAccount', name: 'Card', opening_balance: '0', account_number: '1234' });
    await create(t, { type: 'EcommerceAccount', name: 'Shop', opening_balance: '0', email: 'shop@example.com' });
    await create(t, { name: 'Savings', opening_balance: '0' });
    const names = async (query: string) => (await t.json('GET', `/v2/bank_accounts${query}`)).body.bank_accounts.map((account: { name: string }) => account.name);
    expect(await names('')).toEqual(['Current', 'Card', 'Shop', 'Savings']);
    expect(await names('?view=standard_bank_accounts')).toEqual(['Current', 'Savings']);
    expect(await names('?view=credit_card_accounts')).toEqual(['Card']);
    expect(await names('?view=wallet_accounts')).toEqual(['Shop']);
    const unknown = await t.json('GET', '/v2/bank_accounts?view=savings');
    expect(unknown.status).toBe(400);
    expect(message(unknown)).toContain('standard_bank_accounts');
  });
});

describe('currency', () => {
  it('defaults to the company currency and reads codes in any case', async () => {
    const t = createTestBook();
    expect((await create(t, { name: 'Home', opening_balance: '0' })).body.bank_account.currency).toBe('GBP');
    expect((await create(t, { name: 'Dollars', opening_balance: '0', currency: 'usd' })).body.bank_account.currency).toBe('USD');
    for (const bad of ['US', 'DOLLARS', '123', 5]) expect((await create(t, { name: 'Bad', opening_balance: '0', currency: bad })).status, String(bad)).toBe(422);
    const us = createTestBook({ type: 'Us' });
    expect((await create(us, { name: 'Checking', opening_balance: '0' })).body.bank_account.currency).toBe('USD');
  });

  it('can change until the account has transactions, then is locked', async () => {
    const t = createTestBook();
    await create(t, { name: 'Main', opening_balance: '10' });
    const changed = await update(t, 1, { currency: 'EUR' });
    expect(changed.status).toBe(200);
    expect(changed.body.bank_account).toMatchObject({ currency: 'EUR', opening_balance: '10.0' });

    addTransaction(t, 1, 500, '2026-01-01');
    const before = bookSnapshot(t);
    const locked = await update(t, 1, { currency: 'GBP', name: 'Renamed' });
    expect(locked.status).toBe(422);
    expect(message(locked)).toBe('currency cannot be changed once the account has transactions');
    expect(bookSnapshot(t)).toEqual(before);
    // Sending the same currency back is not a change.
    expect((await update(t, 1, { currency: 'EUR', name: 'Renamed' })).status).toBe(200);
  });

  it('refuses a currency change the opening balance cannot be written in', async () => {
    const t = createTestBook();
    await create(t, { name: 'Main', opening_balance: '10.50' });
    const response = await update(t, 1, { currency: 'JPY' });
    expect(response.status).toBe(422);
    expect(message(response)).toMatch(/opening_balance has more than 0 decimal places/);
    expect((await update(t, 1, { currency: 'JPY', opening_balance: '1050' })).body.bank_account).toMatchObject({ currency: 'JPY', opening_balance: '1050.0' });
  });
});

describe('amounts', () => {
  it('keeps the opening balance exact and trims it like the service', async () => {
    const cases: [unknown, string, string?][] = [
      ['0.1', '0.1'],
      ['1000', '1000.0'],
      ['957.50', '957.5'],
      ['-0.01', '-0.01'],
      ['  12.30  ', '12.3'],
      [1000.5, '1000.5'],
      ['999999999999.99', '999999999999.99'],
      ['1000', '1000.0', 'JPY'],
      ['1.005', '1.005', 'KWD'],
    ];
    for (const [given, written, currency] of cases) {
      // Each in a book of its own: the opening balances of a book's accounts are posted, and add up.
      const t = createTestBook();
      const response = await create(t, { name: 'A', opening_balance: given, ...(currency ? { currency } : {}) });
      expect(response.status, String(given)).toBe(201);
      expect(response.body.bank_account.opening_balance, String(given)).toBe(written);
    }
  });

  it('refuses more decimal places than the currency has, and anything that is not a decimal', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    const cases: [unknown, string?][] = [['1000.005'], ['0.001'], ['1000.5', 'JPY'], ['1.0005', 'KWD'], ['1e3'], ['12,50'], [''], ['£10'], ['NaN'], ['99999999999999999999'], ['1000000000000'], [true], [{}]];
    for (const [given, currency] of cases) {
      const response = await create(t, { name: 'A', opening_balance: given, ...(currency ? { currency } : {}) });
      expect(response.status, `${String(given)} ${currency ?? ''}`).toBe(422);
      expect(message(response)).toMatch(/^opening_balance /);
    }
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('gives current_balance as opening balance plus transactions, exactly', async () => {
    const t = createTestBook();
    await create(t, { name: 'Main', opening_balance: '0.1' });
    expect((await read(t, 1)).current_balance).toBe('0.1');
    addTransaction(t, 1, 20, '2026-02-01');
    const account = await read(t, 1);
    // 0.1 + 0.2 in floats would be 0.30000000000000004.
    expect(account.current_balance).toBe('0.3');
    addTransaction(t, 1, -1030, '2026-01-15');
    expect((await read(t, 1)).current_balance).toBe('-10.0');
  });

  it('reports the latest transaction date and the counts as JSON numbers', async () => {
    const t = createTestBook();
    await create(t, { name: 'Main', opening_balance: '500' });
    await create(t, { name: 'Other', opening_balance: '0' });
    addTransaction(t, 1, 100, '2026-03-01', { manual: true });
    addTransaction(t, 1, -50, '2026-04-15', { review: true });
    addTransaction(t, 1, 25, '2026-02-10');
    addTransaction(t, 2, 999, '2026-09-09');
    const account = await read(t, 1);
    expect(account).toMatchObject({
      current_balance: '500.75',
      latest_activity_date: '2026-04-15',
      total_count: 3,
      manually_added_transaction_count: 1,
      marked_for_review_count: 1,
    });
    expect(typeof account.unexplained_transaction_count).toBe('number');
    expect(typeof account.opening_balance).toBe('string');
    expect(typeof account.current_balance).toBe('string');
  });
});

describe('the primary account', () => {
  it('is the first account, whatever the request says', async () => {
    const t = createTestBook();
    expect((await create(t, { name: 'First', opening_balance: '0', is_primary: false })).body.bank_account.is_primary).toBe(true);
    expect((await create(t, { name: 'Second', opening_balance: '0' })).body.bank_account.is_primary).toBe(false);
  });

  it('moves when another account is made primary, on create or update', async () => {
    const t = createTestBook();
    await create(t, { name: 'First', opening_balance: '0' });
    t.clock.set('2026-12-01T00:00:00.000Z');
    expect((await create(t, { name: 'Second', opening_balance: '0', is_primary: true })).body.bank_account.is_primary).toBe(true);
    const first = await read(t, 1);
    expect(first.is_primary).toBe(false);
    expect(first.updated_at).toBe('2026-12-01T00:00:00.000Z');

    expect((await update(t, 1, { is_primary: true })).body.bank_account.is_primary).toBe(true);
    expect((await read(t, 2)).is_primary).toBe(false);
    const primaries = (await t.json('GET', '/v2/bank_accounts')).body.bank_accounts.filter((account: { is_primary: boolean }) => account.is_primary);
    expect(primaries).toHaveLength(1);
  });

  it('cannot simply be unset', async () => {
    const t = createTestBook();
    await create(t, { name: 'First', opening_balance: '0' });
    const response = await update(t, 1, { is_primary: false });
    expect(response.status).toBe(422);
    expect((await read(t, 1)).is_primary).toBe(true);
  });

  it('passes to the oldest remaining account when the primary is deleted', async () => {
    const t = createTestBook();
    await create(t, { name: 'First', opening_balance: '0' });
    await create(t, { name: 'Second', opening_balance: '0' });
    await create(t, { name: 'Third', opening_balance: '0' });
    expect((await t.json('DELETE', '/v2/bank_accounts/1')).status).toBe(200);
    expect((await read(t, 2)).is_primary).toBe(true);
    expect((await read(t, 3)).is_primary).toBe(false);
  });
});

describe('updating', () => {
  it('changes only the fields sent and moves updated_at', async () => {
    const t = createTestBook();
    const created = (await create(t, { name: 'Main', opening_balance: '100', bank_name: 'Barclays', sort_code: '200000' })).body.bank_account;
    t.clock.set('2026-12-24T12:00:00.000Z');
    const updated = await update(t, 1, { bank_name: 'Lloyds', is_personal: 'true', bank_guess_enabled: true, status: 'hidden' });
    expect(updated.status).toBe(200);
    expect(updated.body.bank_account).toEqual({
      ...created,
      bank_name: 'Lloyds',
      is_personal: true,
      bank_guess_enabled: true,
      status: 'hidden',
      updated_at: '2026-12-24T12:00:00.000Z',
    });
  });

  it('refuses a change of type, a blank name and an unknown status', async () => {
    const t = createTestBook();
    await create(t, { name: 'Main', opening_balance: '0' });
    const before = bookSnapshot(t);
    expect(message(await update(t, 1, { type: 'CreditCardAccount', account_number: '1234' }))).toBe('type cannot be changed once the account exists');
    expect((await update(t, 1, { name: '' })).status).toBe(422);
    expect(message(await update(t, 1, { status: 'closed' }))).toBe('status must be active or hidden');
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('404s an account that does not exist', async () => {
    const t = createTestBook();
    expect((await update(t, 7, { name: 'x' })).status).toBe(404);
    expect((await t.json('GET', '/v2/bank_accounts/7')).status).toBe(404);
    expect((await t.json('DELETE', '/v2/bank_accounts/7')).status).toBe(404);
  });
});

describe('the 750 sub account', () => {
  const subAccounts = (t: TestBook, id: number) => t.book.db.select().from(categories).where(eq(categories.bankAccountId, id)).all();

  it('is created with the account, renamed with it and removed with it', async () => {
    const t = createTestBook();
    await create(t, { name: 'Main', opening_balance: '0' });
    await create(t, { name: 'Savings', opening_balance: '0' });
    expect(subAccounts(t, 2).map((row) => [row.nominalCode, row.description])).toEqual([['750-2', 'Bank Account: Savings']]);

    await update(t, 2, { name: 'Rainy Day' });
    expect(subAccounts(t, 2).map((row) => row.description)).toEqual(['Bank Account: Rainy Day']);

    expect((await t.json('DELETE', '/v2/bank_accounts/2')).status).toBe(200);
    expect(subAccounts(t, 2)).toEqual([]);
    expect(t.book.db.select().from(categories).where(eq(categories.nominalCode, '750-2')).all()).toEqual([]);
    expect(subAccounts(t, 1)).toHaveLength(1);
  });
});

describe('deleting', () => {
  it('removes an account without transactions with 200 and no body', async () => {
    const t = createTestBook();
    await create(t, { name: 'Main', opening_balance: '0' });
    const response = await t.json('DELETE', '/v2/bank_accounts/1');
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
    expect((await t.json('GET', '/v2/bank_accounts/1')).status).toBe(404);
  });

  it('refuses an account with transactions and changes nothing', async () => {
    const t = createTestBook();
    await create(t, { name: 'Main', opening_balance: '0' });
    addTransaction(t, 1, 100, '2026-01-01');
    const before = bookSnapshot(t);
    const response = await t.json('DELETE', '/v2/bank_accounts/1');
    expect(response.status).toBe(422);
    expect(message(response)).toBe('A bank account with transactions cannot be deleted');
    expect(bookSnapshot(t)).toEqual(before);
  });
});
