import { describe, expect, it } from 'vitest';
import { bankAccount, explain, idOf, oneTransaction, transactions, upload } from './banking-helpers';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, type TestBook } from './harness';

const LOCKED = /books are locked up to 2026-03-31/;

async function lockTo(t: TestBook, date: string): Promise<void> {
  const response = await t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: date } } });
  if (response.status !== 204) throw new Error(`lock: ${JSON.stringify(response.body)}`);
}

/** A book with lines either side of 31 March 2026, one explained on each side, then locked to that day. */
async function lockedBook() {
  const t = createTestBook();
  const account = await bankAccount(t);
  const savings = await bankAccount(t, { name: 'Savings' });
  const early = await oneTransaction(t, account, { dated_on: '2026-01-10', amount: '-40', description: 'early' });
  const earlyOpen = await oneTransaction(t, account, { dated_on: '2026-01-12', amount: '-15', description: 'early, unexplained' });
  const late = await oneTransaction(t, account, { dated_on: '2026-06-10', amount: '-60', description: 'late' });
  const lateOpen = await oneTransaction(t, account, { dated_on: '2026-06-12', amount: '-25', description: 'late, unexplained' });
  const earlyExplanation = (await explain(t, { bank_transaction: early.url, category: '285', gross_value: '-40' })).body.bank_transaction_explanation;
  const lateExplanation = (await explain(t, { bank_transaction: late.url, category: '285', gross_value: '-60' })).body.bank_transaction_explanation;
  await lockTo(t, '2026-03-31');
  return { t, account, savings, earlyOpen, lateOpen, earlyExplanation, lateExplanation };
}

/** Sends a request that the lock must refuse, and proves that nothing in the book changed. */
async function refused(t: TestBook, send: () => Promise<{ status: number; body: any }>): Promise<void> {
  const before = bookSnapshot(t);
  const response = await send();
  expect(response.status).toBe(422);
  expect(response.body.errors[0].message).toMatch(LOCKED);
  expect(bookSnapshot(t)).toEqual(before);
}

describe('the lock on bank transaction explanations', () => {
  it('refuses an explanation of a transaction in the locked period', async () => {
    const { t, earlyOpen } = await lockedBook();
    await refused(t, () => explain(t, { bank_transaction: earlyOpen.url, category: '285', gross_value: '-15' }));
  });

  it('refuses an explanation dated into the locked period, even of a later transaction', async () => {
    const { t, lateOpen } = await lockedBook();
    await refused(t, () => explain(t, { bank_transaction: lateOpen.url, category: '285', gross_value: '-25', dated_on: '2026-03-31' }));
    expect((await explain(t, { bank_transaction: lateOpen.url, category: '285', gross_value: '-25', dated_on: '2026-04-01' })).status).toBe(201);
  });

  it('refuses changing a locked explanation, and moving an unlocked one into the lock', async () => {
    const { t, earlyExplanation, lateExplanation } = await lockedBook();
    const put = (url: string, fields: object) => t.json('PUT', new URL(url).pathname, { body: { bank_transaction_explanation: fields } });
    await refused(t, () => put(earlyExplanation.url, { description: 'renamed' }));
    await refused(t, () => put(lateExplanation.url, { dated_on: '2026-02-01' }));
    expect((await put(lateExplanation.url, { description: 'renamed' })).status).toBe(200);
  });

  it('refuses deleting a locked explanation', async () => {
    const { t, earlyExplanation, lateExplanation } = await lockedBook();
    await refused(t, () => t.json('DELETE', new URL(earlyExplanation.url).pathname));
    expect((await t.json('DELETE', new URL(lateExplanation.url).pathname)).status).toBe(200);
  });

  it('refuses a transfer dated in the locked period', async () => {
    const { t, earlyOpen, savings } = await lockedBook();
    await refused(t, () => explain(t, { bank_transaction: earlyOpen.url, transfer_bank_account: savings, gross_value: '-15' }));
  });

  it('refuses a manual transaction (an explanation given a bank account) dated in the locked period', async () => {
    const { t, account } = await lockedBook();
    await refused(t, () => explain(t, { bank_account: account, category: '285', gross_value: '-9', dated_on: '2026-02-02' }));
    expect((await explain(t, { bank_account: account, category: '285', gross_value: '-9', dated_on: '2026-07-02' })).status).toBe(201);
  });

  it('allows it all again once the user lock is removed', async () => {
    const { t, earlyOpen, earlyExplanation } = await lockedBook();
    expect((await t.json('DELETE', '/v2/account_locks')).status).toBe(204);
    expect((await explain(t, { bank_transaction: earlyOpen.url, category: '285', gross_value: '-15' })).status).toBe(201);
    expect((await t.json('DELETE', new URL(earlyExplanation.url).pathname)).status).toBe(200);
  });
});

describe('the lock on bank transactions', () => {
  it('refuses deleting a transaction dated in the locked period, at both delete paths', async () => {
    const { t, earlyOpen, lateOpen } = await lockedBook();
    await refused(t, () => t.json('DELETE', `/v2/bank_transactions/${idOf(earlyOpen.url)}`));
    await refused(t, () => t.json('DELETE', `/v2/bank_transaction/${idOf(earlyOpen.url)}`));
    expect((await t.json('DELETE', `/v2/bank_transactions/${idOf(lateOpen.url)}`)).status).toBe(200);
  });

  it('refuses a statement upload that adds a line in the locked period, keeping none of it', async () => {
    const { t, account } = await lockedBook();
    await refused(t, () =>
      upload(t, account, [
        { dated_on: '2026-07-01', amount: '-5', description: 'new and open' },
        { dated_on: '2026-03-31', amount: '-7', description: 'new but locked' },
      ]),
    );
    const message = (await upload(t, account, [{ dated_on: '2026-03-31', amount: '-7', description: 'new but locked' }])).body.errors[0].message;
    expect(message).toBe('Statement line 1 is dated 2026-03-31, and the books are locked up to 2026-03-31; nothing from this upload was imported');
  });

  it('takes a statement that overlaps the lock when its locked lines are already in the account', async () => {
    const { t, account } = await lockedBook();
    const response = await upload(t, account, [
      { dated_on: '2026-01-10', amount: '-40', description: 'early' },
      { dated_on: '2026-01-12', amount: '-15', description: 'early, unexplained' },
      { dated_on: '2026-07-01', amount: '-5', description: 'new and open' },
    ]);
    expect(response.status).toBe(200);
    expect((await transactions(t, account)).map((row) => row.dated_on)).toContain('2026-07-01');
  });
});

describe('a filed VAT return locks like the user lock', () => {
  it('refuses explaining a transaction inside a filed return period when its VAT would move the return', async () => {
    const t = createTestBook({ vatRegistered: true });
    const account = await bankAccount(t);
    const line = await oneTransaction(t, account, { dated_on: '2025-07-15', amount: '-12', description: 'in a filed quarter' });
    expect((await t.json('PUT', '/v2/vat_returns/2025-07-31/mark_as_filed')).status).toBe(200);
    const before = bookSnapshot(t);
    const response = await explain(t, { bank_transaction: line.url, category: '285', gross_value: '-12' });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].message).toMatch(/^The VAT return for the period ending 2025-07-31 is filed, and this change would move its box 4 from £0\.00 \(as filed\) to £2\.00/);
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('refuses any dated write in the period of a return stored filed without its figures (nothing to check it against)', async () => {
    const t = createTestBook({ vatRegistered: true });
    const account = await bankAccount(t);
    const line = await oneTransaction(t, account, { dated_on: '2025-07-15', amount: '-12', description: 'in a filed quarter' });
    t.book.sqlite
      .prepare("INSERT INTO vat_return_states (period_ends_on, filing_status, created_at, updated_at) VALUES ('2025-07-31', 'marked_as_filed', 'x', 'x')")
      .run();
    const before = bookSnapshot(t);
    const response = await explain(t, { bank_transaction: line.url, category: '285', gross_value: '-12', sales_tax_status: 'OUT_OF_SCOPE' });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].message).toBe('The VAT return for the period ending 2025-07-31 is filed, but the figures it was filed with were not kept, so nothing dated in its period can change');
    expect(bookSnapshot(t)).toEqual(before);
  });
});
