import { describe, expect, it } from 'vitest';
import { bankAccount, explain, oneTransaction, transactions, upload } from './banking-helpers';
import { createTestBook } from './harness';

describe('statement upload as an array', () => {
  it('applies the field defaults and the transaction_type sign table exactly', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const lines = [
      { dated_on: '2026-10-01', amount: '-10', transaction_type: 'CREDIT', description: 'credit' },
      { dated_on: '2026-10-01', amount: '10', transaction_type: 'DEBIT', description: 'debit' },
      { dated_on: '2026-10-01', amount: '-3', transaction_type: 'INT', description: 'int' },
      { dated_on: '2026-10-01', amount: '-4', transaction_type: 'DIV', description: 'div' },
      { dated_on: '2026-10-01', amount: '5', transaction_type: 'FEE', description: 'fee' },
      { dated_on: '2026-10-01', amount: '6', transaction_type: 'SRVCHG', description: 'srvchg' },
      { dated_on: '2026-10-01', amount: '-7', transaction_type: 'DEP', description: 'dep' },
      { dated_on: '2026-10-01', amount: '8', transaction_type: 'ATM', description: 'atm' },
      { dated_on: '2026-10-01', amount: '-9', transaction_type: 'POS', description: 'pos' },
      { dated_on: '2026-10-01', amount: '11', transaction_type: 'XFER', description: 'xfer' },
      { dated_on: '2026-10-01', amount: '12', transaction_type: 'CHECK', description: 'check' },
      { dated_on: '2026-10-01', amount: '13', transaction_type: 'PAYMENT', description: 'payment' },
      { dated_on: '2026-10-01', amount: '14', transaction_type: 'CASH', description: 'cash' },
      { dated_on: '2026-10-01', amount: '-15', transaction_type: 'DIRECTDEP', description: 'directdep' },
      { dated_on: '2026-10-01', amount: '16', transaction_type: 'DIRECTDEBIT', description: 'directdebit' },
      { dated_on: '2026-10-01', amount: '17', transaction_type: 'REPEATPMT', description: 'repeatpmt' },
      { dated_on: '2026-10-01', amount: '-18', transaction_type: 'OTHER', description: 'other' },
      { dated_on: '2026-10-01', amount: 19.5, transaction_type: 'credit', description: 'lower case type, number amount' },
      { dated_on: '2026-10-02' },
    ];
    const response = await upload(t, account, lines);
    expect(response.status).toBe(200);
    const rows = await transactions(t, account);
    const amounts = Object.fromEntries(rows.map((row) => [row.description.split('/')[0], row.amount]));
    expect(amounts).toEqual({
      credit: '10.0', debit: '-10.0', int: '-3.0', div: '4.0', fee: '-5.0', srvchg: '-6.0', dep: '7.0', atm: '8.0', pos: '-9.0',
      xfer: '-11.0', check: '-12.0', payment: '-13.0', cash: '-14.0', directdep: '15.0', directdebit: '-16.0', repeatpmt: '-17.0',
      other: '-18.0', 'lower case type, number amount': '19.5', '': '0.0',
    });
    const bare = rows.find((row) => row.dated_on === '2026-10-02');
    expect(bare.description).toBe('//OTHER/');
    expect(bare.transaction_id).toBeUndefined();
  });

  it('keeps the live service description form and full_description with the amount', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const row = await oneTransaction(t, account, { dated_on: '2026-10-01', amount: '-1234.5', description: 'Card payment', reference: 'R1', fitid: 'F-1' });
    expect(row).toMatchObject({
      description: 'Card payment/R1/OTHER/',
      full_description: 'Card payment/R1/OTHER/£1,234.50',
      amount: '-1234.5',
      unexplained_amount: '-1234.5',
      is_manual: false,
      transaction_id: 'F-1',
      uploaded_at: '2026-11-22T10:00:00.000Z',
      matching_transactions_count: 0,
      bank_transaction_explanations: [],
    });
  });

  it('answers 404 for a missing or unknown bank account, 406 for an empty statement, 400 when badly formed', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    expect((await t.json('POST', '/v2/bank_transactions/statement', { body: { statement: [{ dated_on: '2026-10-01' }] } })).status).toBe(404);
    expect((await upload(t, 'http://127.0.0.1:9999/v2/bank_accounts/999', [{ dated_on: '2026-10-01' }])).status).toBe(404);
    expect((await upload(t, account, [])).status).toBe(406);
    expect((await t.json('POST', `/v2/bank_transactions/statement?bank_account=${account}`, { body: {} })).status).toBe(406);
    expect((await t.json('POST', `/v2/bank_transactions/statement?bank_account=${account}`)).status).toBe(406);
    expect((await upload(t, account, 'not an array')).status).toBe(400);
    expect((await t.json('POST', `/v2/bank_transactions/statement?bank_account=${account}`, { raw: '{"statement": [', headers: { 'Content-Type': 'application/json' } })).status).toBe(400);
  });

  it('is all or nothing: a line whose values break a rule is a 422 naming it and nothing is kept', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const changes = t.changeCount();
    for (const [bad, message] of [
      [{ dated_on: '2026-10-01', amount: 'ten' }, 'line 2: amount'],
      [{ dated_on: '2026-10-01', amount: '1.005' }, 'line 2: amount'],
      [{ dated_on: '2026-10-01', transaction_type: 'GIFT' }, 'line 2: transaction_type GIFT'],
    ] as const) {
      const response = await upload(t, account, [{ dated_on: '2026-10-01', amount: '5' }, bad]);
      expect(response.status).toBe(422);
      expect(response.body.errors[0].message).toContain(message);
    }
    expect(await transactions(t, account)).toHaveLength(0);
    expect(t.changeCount()).toBe(changes);
  });

  it('deduplicates against the account: same date, amount and description, or the same fitid', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const other = await bankAccount(t, { name: 'Savings' });
    const day = [
      { dated_on: '2026-10-01', amount: '-3.20', description: 'Coffee' },
      { dated_on: '2026-10-01', amount: '-3.20', description: 'Coffee' },
      { dated_on: '2026-10-01', amount: '-50', description: 'Rent', fitid: 'A1' },
    ];
    await upload(t, account, day);
    expect(await transactions(t, account)).toHaveLength(3);
    // The same statement again adds nothing.
    await upload(t, account, day);
    expect(await transactions(t, account)).toHaveLength(3);
    // A third identical coffee in a re-upload of the day is new; a renamed line with a known fitid is not.
    await upload(t, account, [...day, { dated_on: '2026-10-01', amount: '-3.20', description: 'Coffee' }, { dated_on: '2026-10-01', amount: '-50', description: 'RENT LTD', fitid: 'A1' }]);
    expect(await transactions(t, account)).toHaveLength(4);
    // Another account does not count.
    await upload(t, other, day);
    expect(await transactions(t, other)).toHaveLength(3);
    const coffee = (await transactions(t, account)).find((row) => row.description === 'Coffee//OTHER/');
    expect(coffee.matching_transactions_count).toBe(2);
  });

  it('moves the account balance and latest activity date', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { opening_balance: '100.00' });
    await upload(t, account, [{ dated_on: '2026-10-03', amount: '-30.25' }, { dated_on: '2026-10-05', amount: '10' }]);
    const { body } = await t.json('GET', new URL(account).pathname);
    expect(body.bank_account).toMatchObject({ current_balance: '79.75', latest_activity_date: '2026-10-05', total_count: 2, unexplained_transaction_count: 2 });
  });

  it('reads the same statement from XML', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const xml = `<?xml version="1.0"?><freeagent><statement type="array">
      <transaction><dated-on>2026-10-01</dated-on><amount type="decimal">-12.5</amount><description>Train</description><transaction-type>POS</transaction-type></transaction>
      <transaction><dated-on>2026-10-02</dated-on><amount>99</amount><fitid>X9</fitid><transaction-type>DEP</transaction-type></transaction>
    </statement></freeagent>`;
    const response = await t.request('POST', `/v2/bank_transactions/statement?bank_account=${account}`, { xml });
    expect(response.status).toBe(200);
    const rows = await transactions(t, account);
    expect(rows.map((row) => [row.dated_on, row.amount, row.description])).toEqual([
      ['2026-10-02', '99.0', '//DEP/'],
      ['2026-10-01', '-12.5', 'Train//POS/'],
    ]);
  });
});

describe('listing bank transactions', () => {
  it('needs bank_account and filters by date, updated_since, view and last upload', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    expect((await t.json('GET', '/v2/bank_transactions')).status).toBe(400);
    await upload(t, account, [{ dated_on: '2026-09-30', amount: '-5', description: 'old' }, { dated_on: '2026-10-10', amount: '-6', description: 'mid' }]);
    t.clock.set('2026-11-23T09:00:00.000Z');
    await upload(t, account, [{ dated_on: '2026-10-20', amount: '7', description: 'new' }]);
    const names = (rows: any[]) => rows.map((row) => row.description.split('/')[0]);
    expect(names(await transactions(t, account, '&from_date=2026-10-01&to_date=2026-10-15'))).toEqual(['mid']);
    expect(names(await transactions(t, account, '&updated_since=2026-11-23T00:00:00Z'))).toEqual(['new']);
    expect(names(await transactions(t, account, '&last_uploaded=true'))).toEqual(['new']);
    const mid = (await transactions(t, account)).find((row) => row.description.startsWith('mid'));
    const explained = await explain(t, { bank_transaction: mid.url, category: '285', gross_value: '-6' });
    expect(explained.status).toBe(201);
    expect(names(await transactions(t, account, '&view=explained'))).toEqual(['mid']);
    expect(names(await transactions(t, account, '&view=unexplained'))).toEqual(['new', 'old']);
    expect(names(await transactions(t, account, '&view=imported'))).toHaveLength(3);
    expect(names(await transactions(t, account, '&view=manual'))).toEqual([]);
    expect((await t.json('GET', `/v2/bank_transactions?bank_account=${account}&view=odd`)).status).toBe(400);
    expect((await t.json('GET', `/v2/bank_transactions?bank_account=${account}&from_date=2026-02-30`)).status).toBe(400);
  });

  it('paginates with Link and X-Total-Count', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    await upload(t, account, Array.from({ length: 30 }, (_, index) => ({ dated_on: '2026-10-01', amount: String(index + 1), description: `line ${index}` })));
    const first = await t.json('GET', `/v2/bank_transactions?bank_account=${account}`);
    expect(first.body.bank_transactions).toHaveLength(25);
    expect(first.headers.get('x-total-count')).toBe('30');
    expect(first.headers.get('link')).toContain('rel="next"');
  });
});

describe('deleting a bank transaction', () => {
  it('works at both paths only while nothing explains it', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    await upload(t, account, [{ dated_on: '2026-10-01', amount: '-5', description: 'a' }, { dated_on: '2026-10-01', amount: '-6', description: 'b' }]);
    const [b, a] = await transactions(t, account);
    await explain(t, { bank_transaction: a.url, category: '285', gross_value: '-2' });
    const refused = await t.json('DELETE', new URL(a.url).pathname);
    expect(refused.status).toBe(422);
    expect(await transactions(t, account)).toHaveLength(2);
    const singular = new URL(b.url).pathname.replace('/bank_transactions/', '/bank_transaction/');
    expect((await t.json('DELETE', singular)).status).toBe(200);
    expect(await transactions(t, account)).toHaveLength(1);
    expect((await t.json('GET', new URL(b.url).pathname)).status).toBe(404);
  });

  it('needs Banking access', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const bills = await t.userWithLevel(5);
    const banking = await t.userWithLevel(6);
    expect((await t.json('GET', `/v2/bank_transactions?bank_account=${account}`, { token: bills })).status).toBe(403);
    expect((await t.json('POST', `/v2/bank_transactions/statement?bank_account=${account}`, { token: bills, body: { statement: [{ dated_on: '2026-10-01' }] } })).status).toBe(403);
    expect((await t.json('GET', `/v2/bank_transactions?bank_account=${account}`, { token: banking })).status).toBe(200);
  });
});

describe('statement lines without a usable date (spec section 7, issue 13 item 6)', () => {
  it('answers 400 for a line with dated_on omitted, empty or not a real date, and imports nothing', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const good = { dated_on: '2026-10-01', amount: '-5.00', description: 'fine' };
    const before = t.changeCount();
    for (const [bad, message] of [
      [{ amount: '-5.00', description: 'no date' }, /Statement line 2: dated_on is required/],
      [{ dated_on: '', amount: '-5.00' }, /Statement line 2: dated_on is required/],
      [{ dated_on: '2026-02-30', amount: '-5.00' }, /Statement line 2: dated_on must be a real date/],
      [{ dated_on: '01/10/2026', amount: '-5.00' }, /Statement line 2: dated_on must be a real date/],
      [{ dated_on: 20261001, amount: '-5.00' }, /Statement line 2: dated_on must be a real date/],
    ] as const) {
      const response = await upload(t, account, [good, bad]);
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toMatch(message);
    }
    expect((await upload(t, account, [good, 'not an object'])).status).toBe(400);
    expect(t.changeCount()).toBe(before);
    expect(await transactions(t, account)).toEqual([]);
  });
});
