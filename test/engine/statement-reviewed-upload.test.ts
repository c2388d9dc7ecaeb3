import { describe, expect, it } from 'vitest';
import { bankAccount, transactions, upload } from './banking-helpers';
import { createTestBook } from './harness';
import { ofx, preview, reviewedUpload, statuses } from './statement-review-helpers';

const OCTOBER = ofx([
  { date: '2026-10-02', amount: '250.00', name: 'From savings', fitid: 'T1', type: 'XFER' },
  { date: '2026-10-03', amount: '-4.20', name: 'Coffee shop', fitid: 'T2', type: 'POS' },
  { date: '2026-10-05', amount: '-12.00', name: 'Amazon', fitid: 'T3', type: 'DEBIT' },
]);

const CSV = 'Date,Details,Memo,Amount\n01/10/2026,Coffee,Card 1234,-2.50\n14/10/2026,Rent,October,-500.00\n20/10/2026,Sales,INV-7,100.00\n';

describe('reviewed statement upload', () => {
  it('imports only the rows chosen, in one batch, and answers with the batch and its counts', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { account_number: '12345678' });
    const { status, body } = await reviewedUpload(t, 'october.ofx', OCTOBER, { bank_account: account, rows: [0, 2] });
    expect(status).toBe(200);
    expect(body.statement_upload).toMatchObject({
      bank_account: account,
      source: 'ofx',
      file_name: 'october.ofx',
      line_count: 3,
      added_count: 2,
      transaction_count: 2,
      explained_count: 0,
      can_undo: true,
      chosen_count: 2,
      added_rows: [0, 2],
      skipped_rows: [],
    });
    expect(body.statement_upload.url).toMatch(/\/v2\/statement_uploads\/\d+$/);
    expect((await transactions(t, account)).map((row) => row.transaction_id)).toEqual(['T3', 'T1']);
    // The row left out is still new; the others are now duplicates of what was imported.
    expect(statuses((await preview(t, 'october.ofx', OCTOBER)).body)).toEqual(['duplicate', 'new', 'duplicate']);
  });

  it('still skips a chosen row that the exact rule finds in the account, and says so', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { account_number: '12345678' });
    await upload(t, account, [{ dated_on: '2026-10-03', amount: '-4.20', description: 'Coffee shop', transaction_type: 'POS' }]);
    const { body } = await reviewedUpload(t, 'october.ofx', OCTOBER, { bank_account: account, rows: [0, 1, 2] });
    expect(body.statement_upload).toMatchObject({ chosen_count: 3, added_count: 2, added_rows: [0, 2], skipped_rows: [1] });
    expect(await transactions(t, account)).toHaveLength(3);
  });

  it('keeps the plain upload exactly as it was: 200 with no body', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { account_number: '12345678' });
    const plain = await reviewedUpload(t, 'october.ofx', OCTOBER, { bank_account: account });
    expect(plain).toEqual({ status: 200, body: null });
    expect(await transactions(t, account)).toHaveLength(3);
  });

  it('refuses rows it cannot honour, changing nothing', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { account_number: '12345678' });
    const before = t.changeCount();
    const cases: [number[] | string, number, string][] = [
      [[0, 3], 422, 'rows names row 3, but the statement has 3 rows (numbered from 0); nothing was imported'],
      [[1, 1], 422, 'rows must list each row once'],
      [[], 422, 'rows must list at least one row to import'],
      [[-1], 422, 'rows.0 must be a row number'],
      ['[0,', 400, 'rows must be JSON'],
    ];
    for (const [rows, status, message] of cases) {
      const response = await reviewedUpload(t, 'october.ofx', OCTOBER, { bank_account: account, rows });
      expect(response.status).toBe(status);
      expect(response.body.errors[0].message).toBe(message);
    }
    expect(t.changeCount()).toBe(before);
    expect(await transactions(t, account)).toEqual([]);
  });

  it('reads a CSV with the mapping the user confirmed, and remembers it for the account', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const first = await preview(t, 'bank.csv', CSV, { bank_account: account });
    expect(first.body.statement_preview.csv).toMatchObject({ mapping_source: 'guessed' });
    expect(first.body.statement_preview.csv.remembered_mapping).toBeUndefined();
    // The user adds the memo to the description.
    const confirmed = { ...first.body.statement_preview.csv.mapping, description: [1, 2] };
    const imported = await reviewedUpload(t, 'bank.csv', CSV, { bank_account: account, rows: [0, 1, 2], column_mapping: confirmed, date_order: 'dmy' });
    expect(imported.status).toBe(200);
    expect(imported.body.statement_upload).toMatchObject({ source: 'csv', added_count: 3 });
    expect((await transactions(t, account)).map((row) => row.description)).toEqual(['Sales INV-7//OTHER/', 'Rent October//OTHER/', 'Coffee Card 1234//OTHER/']);

    // Next month's export, laid out the same way, is read with the remembered mapping.
    const november = 'Date,Details,Memo,Amount\n02/11/2026,Coffee,Card 1234,-2.60\n';
    const next = await preview(t, 'november.csv', november, { bank_account: account });
    expect(next.body.statement_preview.csv).toMatchObject({ mapping_source: 'remembered', remembered_mapping: confirmed });
    expect(next.body.statement_preview.rows[0].description).toBe('Coffee Card 1234');
    // An upload without a mapping reads it the same way, so the rows match the preview's.
    await reviewedUpload(t, 'november.csv', november, { bank_account: account, rows: [0] });
    expect((await transactions(t, account))[0].description).toBe('Coffee Card 1234//OTHER/');

    // Another layout is guessed afresh; the remembered mapping is still offered.
    const other = await preview(t, 'other.csv', 'When,What,Value\n03/11/2026,Tea,-1.00\n', { bank_account: account });
    expect(other.body.statement_preview.csv).toMatchObject({ mapping_source: 'guessed', remembered_mapping: confirmed });
  });

  it('remembers each layout an account is fed with, not just the latest', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const bank = (await preview(t, 'bank.csv', CSV, { bank_account: account })).body.statement_preview.csv.mapping;
    await reviewedUpload(t, 'bank.csv', CSV, { bank_account: account, rows: [0], column_mapping: { ...bank, description: [1, 2] } });
    const CARD = 'Posted,Merchant,Value\n21/10/2026,Books,9.99\n';
    const card = (await preview(t, 'card.csv', CARD, { bank_account: account })).body.statement_preview.csv.mapping;
    await reviewedUpload(t, 'card.csv', CARD, { bank_account: account, rows: [0], column_mapping: { ...card, invert_sign: true } });
    const bankAgain = (await preview(t, 'bank.csv', CSV, { bank_account: account })).body.statement_preview;
    expect(bankAgain.csv).toMatchObject({ mapping_source: 'remembered', mapping: { description: [1, 2] } });
    const cardAgain = (await preview(t, 'card.csv', CARD, { bank_account: account })).body.statement_preview;
    expect(cardAgain.csv).toMatchObject({ mapping_source: 'remembered', mapping: { invert_sign: true } });
    expect(cardAgain.rows[0]).toMatchObject({ amount: '-9.99', status: 'duplicate' });
  });

  it('remembers nothing when the import is refused', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const guessed = (await preview(t, 'bank.csv', CSV, { bank_account: account })).body.statement_preview.csv.mapping;
    const refused = await reviewedUpload(t, 'bank.csv', CSV, { bank_account: account, rows: [7], column_mapping: { ...guessed, description: [2] } });
    expect(refused.status).toBe(422);
    expect((await preview(t, 'bank.csv', CSV, { bank_account: account })).body.statement_preview.csv.remembered_mapping).toBeUndefined();
  });
});
