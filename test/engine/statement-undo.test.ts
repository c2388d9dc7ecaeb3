import { describe, expect, it } from 'vitest';
import { bankAccount, explain, transactions, upload } from './banking-helpers';
import { createTestBook } from './harness';
import { ofx, reviewedUpload } from './statement-review-helpers';

const OCTOBER = ofx([
  { date: '2026-10-02', amount: '250.00', name: 'From savings', fitid: 'T1', type: 'XFER' },
  { date: '2026-10-03', amount: '-4.20', name: 'Coffee shop', fitid: 'T2', type: 'POS' },
]);

describe('statement uploads: the batches and their undo', () => {
  it('lists every upload newest first, per account or all, with what each added', async () => {
    const t = createTestBook();
    const current = await bankAccount(t, { name: 'Current', account_number: '12345678' });
    const savings = await bankAccount(t, { name: 'Savings' });
    await upload(t, savings, [{ dated_on: '2026-10-01', amount: '10', description: 'Interest' }]);
    await reviewedUpload(t, 'october.ofx', OCTOBER, { bank_account: current, rows: [0, 1] });
    const all = await t.json('GET', '/v2/statement_uploads');
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total-count')).toBe('2');
    expect(all.body.statement_uploads.map((batch: { file_name?: string; source: string }) => batch.file_name ?? batch.source)).toEqual(['october.ofx', 'api']);
    const mine = await t.json('GET', `/v2/statement_uploads?bank_account=${encodeURIComponent(current)}`);
    expect(mine.body.statement_uploads).toEqual([
      expect.objectContaining({ bank_account: current, source: 'ofx', line_count: 2, added_count: 2, transaction_count: 2, explained_count: 0, can_undo: true }),
    ]);
    const one = await t.json('GET', new URL(mine.body.statement_uploads[0].url).pathname);
    expect(one.body.statement_upload).toEqual(mine.body.statement_uploads[0]);
    expect((await t.json('GET', '/v2/statement_uploads?bank_account=http://x/v2/bank_accounts/99')).status).toBe(404);
  });

  it('undoes a batch as a whole: its lines go, other lines stay, and the change log says so once', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { account_number: '12345678' });
    await upload(t, account, [{ dated_on: '2026-09-30', amount: '1', description: 'Earlier' }]);
    const batch = (await reviewedUpload(t, 'october.ofx', OCTOBER, { bank_account: account, rows: [0, 1] })).body.statement_upload;
    const before = t.changeCount();
    const response = await t.request('DELETE', new URL(batch.url).pathname);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect((await transactions(t, account)).map((row) => row.description)).toEqual(['Earlier//OTHER/']);
    expect(t.changeCount()).toBe(before + 1);
    expect(t.book.sqlite.prepare('SELECT resource, operation FROM changes ORDER BY id DESC LIMIT 1').get()).toEqual({ resource: 'statement_uploads', operation: 'delete' });
    expect((await t.json('GET', new URL(batch.url).pathname)).status).toBe(404);
    // The file can be imported again after the undo.
    const again = await reviewedUpload(t, 'october.ofx', OCTOBER, { bank_account: account, rows: [0, 1] });
    expect(again.body.statement_upload.added_count).toBe(2);
  });

  it('refuses to undo while any of its lines is explained, and changes nothing', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { account_number: '12345678' });
    const batch = (await reviewedUpload(t, 'october.ofx', OCTOBER, { bank_account: account, rows: [0, 1] })).body.statement_upload;
    const coffee = (await transactions(t, account)).find((row) => row.transaction_id === 'T2');
    expect((await explain(t, { bank_transaction: coffee.url, category: '285', gross_value: '-4.20' })).status).toBe(201);
    const listed = (await t.json('GET', new URL(batch.url).pathname)).body.statement_upload;
    expect(listed).toMatchObject({ explained_count: 1, can_undo: false, undo_refusal: 'This import cannot be undone: 1 of its transactions is explained. Delete those explanations first.' });
    const before = t.changeCount();
    const refused = await t.json('DELETE', new URL(batch.url).pathname);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toBe(listed.undo_refusal);
    expect(t.changeCount()).toBe(before);
    expect(await transactions(t, account)).toHaveLength(2);
  });

  it('refuses to undo lines in a locked period', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { account_number: '12345678' });
    const batch = (await reviewedUpload(t, 'october.ofx', OCTOBER, { bank_account: account, rows: [0, 1] })).body.statement_upload;
    // The lock as the account lock endpoint stores it (set here directly, so this test depends on the rule, not that endpoint).
    t.book.sqlite.prepare('INSERT INTO account_locks (id, locked_to_date, created_at, updated_at) VALUES (1, ?, ?, ?)').run('2026-10-02', '2026-11-22T10:00:00.000Z', '2026-11-22T10:00:00.000Z');
    expect((await t.json('GET', new URL(batch.url).pathname)).body.statement_upload).toMatchObject({ can_undo: false, undo_refusal: expect.stringMatching(/locked up to 2026-10-02/) });
    const refused = await t.json('DELETE', new URL(batch.url).pathname);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toMatch(/locked up to 2026-10-02/);
    expect(await transactions(t, account)).toHaveLength(2);
  });

  it('answers 404 for an unknown batch and 403 below Banking access', async () => {
    const t = createTestBook();
    expect((await t.json('DELETE', '/v2/statement_uploads/42')).status).toBe(404);
    expect((await t.json('GET', '/v2/statement_uploads/42')).status).toBe(404);
    const bills = await t.userWithLevel(5);
    expect((await t.json('GET', '/v2/statement_uploads', { token: bills })).status).toBe(403);
    expect((await t.json('DELETE', '/v2/statement_uploads/42', { token: bills })).status).toBe(403);
  });

  it('lists the lines one upload added, and puts them back exactly after an undo, under the same file', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { account_number: '12345678' });
    await upload(t, account, [{ dated_on: '2026-09-30', amount: '1', description: 'Earlier' }]);
    const batch = (await reviewedUpload(t, 'october.ofx', OCTOBER, { bank_account: account, rows: [0, 1] })).body.statement_upload;
    const query = `&statement_upload=${encodeURIComponent(batch.url)}`;
    const added = await transactions(t, account, query);
    expect(added.map((row) => [row.dated_on, row.amount, row.transaction_id])).toEqual([
      ['2026-10-03', '-4.2', 'T2'],
      ['2026-10-02', '250.0', 'T1'],
    ]);
    const listed = await t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=1${query}`);
    expect(listed.headers.get('x-total-count')).toBe('2');

    expect((await t.request('DELETE', new URL(batch.url).pathname)).status).toBe(200);
    const lines = added.map((row) => ({ dated_on: row.dated_on, description: row.description, amount: row.amount, transaction_id: row.transaction_id }));
    const before = t.changeCount();
    const redone = await t.json('POST', '/v2/statement_uploads', { body: { statement_upload: { bank_account: account, source: batch.source, file_name: batch.file_name, lines } } });
    expect(redone.status).toBe(201);
    expect(redone.body.statement_upload).toMatchObject({ file_name: 'october.ofx', source: 'ofx', line_count: 2, added_count: 2, transaction_count: 2, can_undo: true });
    expect(t.changeCount()).toBe(before + 1);
    // The same lines: the transfer in is still money in (the JSON statement's XFER rule would sign it out).
    const shape = (row: any) => [row.dated_on, row.description, row.amount, row.transaction_id, row.unexplained_amount];
    const back = await transactions(t, account, `&statement_upload=${encodeURIComponent(redone.body.statement_upload.url)}`);
    expect(back.map(shape)).toEqual(added.map(shape));
    // The same file once more adds nothing: the bank ids came back with the lines.
    const twice = await reviewedUpload(t, 'october.ofx', OCTOBER, { bank_account: account, rows: [0, 1] });
    expect(twice.body.statement_upload.added_count).toBe(0);
    // And the redone upload can be undone again.
    expect((await t.request('DELETE', new URL(redone.body.statement_upload.url).pathname)).status).toBe(200);
    expect((await transactions(t, account)).map((row) => row.description)).toEqual(['Earlier//OTHER/']);
  });

  it('refuses a statement_upload filter that is not one or belongs to another account, and a redo with bad lines, changing nothing', async () => {
    const t = createTestBook();
    const current = await bankAccount(t, { name: 'Current' });
    const savings = await bankAccount(t, { name: 'Savings' });
    await upload(t, savings, [{ dated_on: '2026-10-01', amount: '10', description: 'Interest' }]);
    const theirs = (await t.json('GET', '/v2/statement_uploads')).body.statement_uploads[0].url;
    const list = (value: string) => t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(current)}&statement_upload=${encodeURIComponent(value)}`);
    expect((await list('/v2/statement_uploads/999')).status).toBe(404);
    expect((await list('nonsense')).status).toBe(404);
    const other = await list(theirs);
    expect(other.status).toBe(400);
    expect(other.body.errors[0].message).toBe('statement_upload belongs to another bank account than bank_account');
    const before = t.changeCount();
    const redo = (fields: object) => t.json('POST', '/v2/statement_uploads', { body: { statement_upload: { bank_account: current, source: 'ofx', ...fields } } });
    const empty = await redo({ lines: [] });
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].message).toBe('lines must hold at least one line');
    const badDate = await redo({ lines: [{ dated_on: '2026-02-30', description: 'x', amount: '1' }] });
    expect(badDate.status).toBe(422);
    expect(badDate.body.errors[0].message).toBe('lines.0.dated_on must be a date (YYYY-MM-DD)');
    const fine = await redo({ lines: [{ dated_on: '2026-02-03', description: 'x', amount: '1.234' }] });
    expect(fine.status).toBe(422);
    expect(fine.body.errors[0].message).toMatch(/^lines\.0\.amount /);
    expect((await redo({ bank_account: 'http://x/v2/bank_accounts/99', lines: [{ dated_on: '2026-02-03', description: 'x', amount: '1' }] })).status).toBe(404);
    expect(t.changeCount()).toBe(before);
    expect(await transactions(t, current)).toEqual([]);
  });
});
