import { describe, expect, it } from 'vitest';
import { bankAccount, transactions, upload } from './banking-helpers';
import { createTestBook } from './harness';
import { ofx, preview, statuses } from './statement-review-helpers';

const OCTOBER = ofx(
  [
    { date: '2026-10-02', amount: '250.00', name: 'From savings', fitid: 'T1', type: 'XFER' },
    { date: '2026-10-03', amount: '-4.20', name: 'Coffee shop', fitid: 'T2', type: 'POS' },
    { date: '2026-10-05', amount: '-12.00', name: 'Amazon', fitid: 'T3', type: 'DEBIT' },
  ],
  { amount: '1000.00', date: '2026-10-31' },
);

describe('statement preview', () => {
  it('finds the format, matches the account by number, marks every row new and checks the closing balance', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { account_number: '12345678', opening_balance: '500.00' });
    const before = t.changeCount();
    const { status, body } = await preview(t, 'october.ofx', OCTOBER);
    expect(status).toBe(200);
    const result = body.statement_preview;
    expect(result).toMatchObject({
      file_name: 'october.ofx',
      format: 'ofx',
      errors: [],
      statement_account: 0,
      bank_account: account,
      matched_bank_account: account,
      currency: 'GBP',
      counts: { new: 3, duplicate: 0, possible_duplicate: 0 },
    });
    expect(result.accounts).toEqual([
      { account_number: '12345678', sort_code: '200000', currency: 'GBP', account_type: 'CHECKING', closing_balance: '1000.0', closing_balance_date: '2026-10-31', transaction_count: 3, matched_bank_account: account },
    ]);
    expect(result.rows[1]).toEqual({ index: 1, dated_on: '2026-10-03', amount: '-4.2', description: 'Coffee shop', fitid: 'T2', transaction_type: 'POS', status: 'new' });
    // 500.00 opening + 233.80 of new rows = 733.80 against the statement's 1000.00.
    expect(result.balance).toEqual({ as_of: '2026-10-31', before: '500.0', after: '733.8', closing_balance: '1000.0', difference: '266.2' });
    // A preview writes nothing.
    expect(t.changeCount()).toBe(before);
    expect(await transactions(t, account)).toEqual([]);
  });

  it('leaves the account to the user when no bank account or several match, and classifies once one is given', async () => {
    const t = createTestBook();
    const first = await bankAccount(t, { name: 'One', account_number: '99999999' });
    const unmatched = await preview(t, 'october.ofx', OCTOBER);
    expect(unmatched.body.statement_preview).toMatchObject({ bank_account: null, matched_bank_account: null, statement_account: 0, counts: { new: 0, duplicate: 0, possible_duplicate: 0 } });
    expect(statuses(unmatched.body)).toEqual(['unclassified', 'unclassified', 'unclassified']);
    expect(unmatched.body.statement_preview.balance).toBeUndefined();

    const chosen = await preview(t, 'october.ofx', OCTOBER, { bank_account: first });
    expect(chosen.body.statement_preview).toMatchObject({ bank_account: first, matched_bank_account: null });
    expect(statuses(chosen.body)).toEqual(['new', 'new', 'new']);

    // Two accounts with the number: ambiguous, so not matched.
    await bankAccount(t, { name: 'Two', account_number: '12345678' });
    await bankAccount(t, { name: 'Three', account_number: '12345678' });
    expect((await preview(t, 'october.ofx', OCTOBER)).body.statement_preview.matched_bank_account).toBeNull();
  });

  it('marks exact duplicates by fitid and by date, amount and description, and near matches as possible duplicates', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { account_number: '12345678' });
    await upload(t, account, [
      { dated_on: '2026-10-02', amount: '250', description: 'Moved from savings', fitid: 'T1', transaction_type: 'CREDIT' },
      { dated_on: '2026-10-03', amount: '-4.20', description: 'Coffee shop', transaction_type: 'POS' },
      { dated_on: '2026-10-03', amount: '-12.00', description: 'CARD PAYMENT TO AMAZON' },
    ]);
    const { body } = await preview(t, 'october.ofx', OCTOBER);
    const rows = body.statement_preview.rows;
    expect(statuses(body)).toEqual(['duplicate', 'duplicate', 'possible_duplicate']);
    expect(rows[0]).toMatchObject({ duplicate_reason: 'fitid', matches: { dated_on: '2026-10-02', amount: '250.0', description: 'Moved from savings' } });
    expect(rows[1]).toMatchObject({ duplicate_reason: 'same_line', matches: { dated_on: '2026-10-03', description: 'Coffee shop' } });
    expect(rows[2]).toMatchObject({ matches: { dated_on: '2026-10-03', amount: '-12.0', description: 'CARD PAYMENT TO AMAZON' } });
    expect(rows[2].matches.url).toMatch(/\/v2\/bank_transactions\/\d+$/);
    expect(body.statement_preview.counts).toEqual({ new: 0, duplicate: 2, possible_duplicate: 1, transfer: 0 });
    // Possible duplicates are not counted in the balance after import until the user includes them.
    expect(body.statement_preview.balance).toMatchObject({ before: '233.8', after: '233.8', difference: '766.2' });
  });

  it('follows the count rule: one of two identical rows is already there, the other is new', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { account_number: '12345678' });
    await upload(t, account, [{ dated_on: '2026-10-03', amount: '-4.20', description: 'Coffee shop', transaction_type: 'POS' }]);
    const twice = ofx([
      { date: '2026-10-03', amount: '-4.20', name: 'Coffee shop', type: 'POS' },
      { date: '2026-10-03', amount: '-4.20', name: 'Coffee shop', type: 'POS' },
    ]);
    const { body } = await preview(t, 'twice.ofx', twice);
    expect(statuses(body)).toEqual(['duplicate', 'new']);
    // The existing line was the exact duplicate's, so it is not offered again as a near match.
    expect(body.statement_preview.rows[1].matches).toBeUndefined();
  });

  it('shows a CSV mapping with a sample, and asks for the date order when the file cannot settle it', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const csv = 'Date,Description,Amount\n03/04/2026,Coffee,-2.50\n05/06/2026,Rent,-500.00\n07/08/2026,Sales,100.00\n';
    const { status, body } = await preview(t, 'bank.csv', csv, { bank_account: account });
    expect(status).toBe(200);
    const result = body.statement_preview;
    expect(result.format).toBe('csv');
    expect(result.csv).toMatchObject({
      mapping: { delimiter: ',', header_row: 0, first_data_row: 1, date: 0, date_order: 'dmy', amount: 2, description: [1], decimal_comma: false },
      mapping_source: 'guessed',
      header: ['Date', 'Description', 'Amount'],
      sample: [['03/04/2026', 'Coffee', '-2.50'], ['05/06/2026', 'Rent', '-500.00'], ['07/08/2026', 'Sales', '100.00']],
      column_count: 3,
      date_order_ambiguous: true,
    });
    expect(result.rows.map((row: { dated_on: string }) => row.dated_on)).toEqual(['2026-04-03', '2026-06-05', '2026-08-07']);

    const monthFirst = await preview(t, 'bank.csv', csv, { bank_account: account, date_order: 'mdy' });
    expect(monthFirst.body.statement_preview.rows.map((row: { dated_on: string }) => row.dated_on)).toEqual(['2026-03-04', '2026-05-06', '2026-07-08']);

    // A mapping the user corrects is read as given.
    const mapping = { ...result.csv.mapping, description: [1], invert_sign: true };
    const given = await preview(t, 'bank.csv', csv, { bank_account: account, column_mapping: mapping });
    expect(given.body.statement_preview.csv.mapping_source).toBe('given');
    expect(given.body.statement_preview.rows[0].amount).toBe('2.5');
  });

  it('takes a CSV\'s closing balance from its balance column, on the newest row', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const newestFirst = 'Date,Description,Paid out,Paid in,Balance\n15/10/2026,Coffee,2.50,,997.50\n15/10/2026,Tea,1.00,,1000.00\n13/10/2026,Deposit,,1001.00,1001.00\n';
    const { body } = await preview(t, 'bank.csv', newestFirst, { bank_account: account });
    expect(body.statement_preview.accounts[0]).toMatchObject({ closing_balance: '997.5', closing_balance_date: '2026-10-15' });
    expect(body.statement_preview.balance).toEqual({ as_of: '2026-10-15', before: '0.0', after: '997.5', closing_balance: '997.5', difference: '0.0' });
    const oldestFirst = 'Date,Description,Amount,Balance\n13/10/2026,Deposit,1001.00,1001.00\n15/10/2026,Tea,-1.00,1000.00\n15/10/2026,Coffee,-2.50,997.50\n';
    expect((await preview(t, 'bank.csv', oldestFirst, { bank_account: account })).body.statement_preview.balance).toMatchObject({ closing_balance: '997.5', difference: '0.0' });
  });

  it('describes a file it cannot read in sentences rather than refusing the request', async () => {
    const t = createTestBook();
    const { status, body } = await preview(t, 'photo.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]));
    expect(status).toBe(200);
    expect(body.statement_preview).toMatchObject({ format: null, rows: [], bank_account: null });
    expect(body.statement_preview.errors[0].message).toMatch(/not a statement/);
  });

  it('refuses what the upload refuses: no file or an empty one (406), an unknown account (404), bad fields, too little access', async () => {
    const t = createTestBook();
    expect((await preview(t, 'empty.ofx', '')).status).toBe(406);
    const unknown = await preview(t, 'october.ofx', OCTOBER, { bank_account: 'http://x/v2/bank_accounts/999' });
    expect(unknown.status).toBe(404);
    const badOrder = await preview(t, 'bank.csv', 'a,b\n', { date_order: 'dd/mm' });
    expect(badOrder.status).toBe(422);
    expect(badOrder.body.errors[0].message).toBe('date_order must be one of dmy, mdy, ymd');
    const badMapping = await preview(t, 'bank.csv', 'a,b\n', { column_mapping: '{not json' });
    expect(badMapping.status).toBe(400);
    const incomplete = await preview(t, 'bank.csv', 'a,b\n', { column_mapping: { delimiter: ',', first_data_row: 0, date: 0, date_order: 'dmy', decimal_comma: false, description: [] } });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.errors.map((error: { message: string }) => error.message)).toEqual([
      'column_mapping.amount must name an amount column, or paid in and paid out columns',
    ]);
    const bills = await t.userWithLevel(5);
    expect((await preview(t, 'october.ofx', OCTOBER, { token: bills })).status).toBe(403);
    const json = await t.json('POST', '/v2/bank_transactions/statement/preview', { body: { statement: [] } });
    expect(json.status).toBe(406);
  });
});
