import { describe, expect, it } from 'vitest';
import { bankAccount, explain, upload } from './banking-helpers';
import { createTestBook, ORIGIN, type TestBook } from './harness';

// running_balance=true (Ledgerdesk's extension): the account's balance after each listed line, so
// the register shows it on any page it opens at. The balance follows the register's order (date,
// then the order lines arrived), starts from the opening balance and is exact to the penny.

async function listed(t: TestBook, account: string, query = '') {
  const response = await t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&running_balance=true${query}`);
  expect(response.status).toBe(200);
  return (response.body.bank_transactions as { url: string; description: string; running_balance: string }[]).map((row) => [row.description.split('/')[0], row.running_balance]);
}

describe('running balances on the bank transaction list', () => {
  it('give the balance after each line from the opening balance, newest first, on every page', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { opening_balance: '100.00' });
    // Sent out of date order: the balance follows the dates, not the order of arrival.
    await upload(t, account, [
      { dated_on: '2026-03-03', amount: '-0.10', description: 'Third' },
      { dated_on: '2026-03-01', amount: '1250.55', description: 'First' },
      { dated_on: '2026-03-02', amount: '-0.20', description: 'Second' },
      { dated_on: '2026-03-03', amount: '-999.99', description: 'Fourth' },
    ]);
    expect(await listed(t, account)).toEqual([
      ['Fourth', '350.26'],
      ['Third', '1350.25'],
      ['Second', '1350.35'],
      ['First', '1350.55'],
    ]);
    expect(await listed(t, account, '&per_page=2&page=2')).toEqual([
      ['Second', '1350.35'],
      ['First', '1350.55'],
    ]);
    // A filtered view shows the account's balance after the line, as a bank statement would.
    expect(await listed(t, account, '&from_date=2026-03-02&to_date=2026-03-02')).toEqual([['Second', '1350.35']]);
  });

  it('change for every newer line when an older line is deleted, and not when a line is explained', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { opening_balance: '0' });
    await upload(t, account, [
      { dated_on: '2026-04-01', amount: '10.00', description: 'Older' },
      { dated_on: '2026-04-02', amount: '5.00', description: 'Newer' },
    ]);
    const all = await t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}`);
    const [newer, older] = all.body.bank_transactions;
    await explain(t, { bank_transaction: newer.url, dated_on: newer.dated_on, gross_value: newer.amount, category: `${ORIGIN}/v2/categories/001` });
    expect(await listed(t, account)).toEqual([
      ['Newer', '15.0'],
      ['Older', '10.0'],
    ]);
    expect((await t.request('DELETE', new URL(older.url).pathname)).status).toBe(200);
    expect(await listed(t, account)).toEqual([['Newer', '5.0']]);
  });

  it('counts the lines a view leaves out between two shown lines', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { opening_balance: '1.00' });
    await upload(t, account, [
      { dated_on: '2026-05-01', amount: '10.00', description: 'Oldest' },
      { dated_on: '2026-05-02', amount: '-2.50', description: 'Middle' },
      { dated_on: '2026-05-02', amount: '0.25', description: 'Same day' },
      { dated_on: '2026-05-03', amount: '100.00', description: 'Newest' },
    ]);
    const all = await t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}`);
    for (const line of all.body.bank_transactions.filter((row: { description: string }) => /^(Middle|Same day)/.test(row.description))) {
      expect((await explain(t, { bank_transaction: line.url, dated_on: line.dated_on, gross_value: line.amount, category: `${ORIGIN}/v2/categories/001` })).status).toBe(201);
    }
    expect(await listed(t, account, '&view=unexplained')).toEqual([
      ['Newest', '108.75'],
      ['Oldest', '11.0'],
    ]);
    expect(await listed(t, account, '&view=explained')).toEqual([
      ['Same day', '8.75'],
      ['Middle', '8.5'],
    ]);
  });

  it('is left out unless asked for, and a value other than true or false is a 400', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    await upload(t, account, [{ dated_on: '2026-04-01', amount: '10.00', description: 'Line' }]);
    const plain = await t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}`);
    expect(plain.body.bank_transactions[0].running_balance).toBeUndefined();
    const wrong = await t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&running_balance=yes`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].message).toBe('running_balance must be true or false');
  });
  it("follow the bank's own order within a day when the statement runs newest first", async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { opening_balance: '100.00' });
    // As a Lloyds CSV export lists them: newest first, so a day's last line comes first. The bank's
    // balance after each line (in brackets) is what the register's running balance must agree with.
    await upload(t, account, [
      { dated_on: '2026-03-02', amount: '-30.00', description: 'Card at noon' }, // (110.00)
      { dated_on: '2026-03-02', amount: '50.00', description: 'Transfer in at nine' }, // (140.00)
      { dated_on: '2026-03-01', amount: '-10.00', description: 'Monthly fee' }, // (90.00)
    ]);
    expect(await listed(t, account)).toEqual([
      ['Card at noon', '110.0'],
      ['Transfer in at nine', '140.0'],
      ['Monthly fee', '90.0'],
    ]);
  });
});
