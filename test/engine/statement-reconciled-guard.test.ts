import { describe, expect, it } from 'vitest';
import { bankAccount, transactions, upload } from './banking-helpers';
import { createTestBook, ORIGIN, OWNER_TOKEN, type TestBook } from './harness';
import { ofx } from './statement-review-helpers';
import { recordTables, undo } from './undo-helpers';

// A reconciled statement is one the person checked line by line. A statement upload that would add
// lines dated on or before it (a forgotten October file imported after October was reconciled)
// moves the book away from that statement, so every way of adding statement lines asks first: 409
// with a sentence, nothing written, and confirm_reconciled=true on the query does it anyway. Lines
// the account already holds are not new and never ask; a locked period still refuses outright.

const OCTOBER_LINES = [
  { dated_on: '2026-10-02', amount: '250.00', description: 'From savings' },
  { dated_on: '2026-10-20', amount: '-40.00', description: 'Insurance' },
];

/** Current holds two October lines, reconciled to a statement of 31 October closing at 210.00. */
async function octoberReconciled() {
  const t = createTestBook();
  const account = await bankAccount(t, { name: 'Current', opening_balance: '0', account_number: '12345678' });
  expect((await upload(t, account, OCTOBER_LINES)).status).toBe(200);
  const reconciled = await t.json('POST', '/v2/bank_reconciliations', { body: { bank_reconciliation: { bank_account: account, statement_date: '2026-10-31', closing_balance: '210.00' } } });
  expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(201);
  return { t, account };
}

/** The October statement against the book, as Reconcile would show it again. */
async function october31(t: TestBook, account: string) {
  const reply = await t.json('POST', '/v2/bank_reconciliations/preview', { body: { bank_reconciliation: { bank_account: account, statement_date: '2026-10-31', closing_balance: '210.00' } } });
  const figures = reply.body.bank_reconciliation_preview;
  return { book_balance: figures.book_balance as string, difference: figures.difference as string };
}

const CONFIRMED = '&confirm_reconciled=true';
const q = (url: string) => encodeURIComponent(url);

function uploadArray(t: TestBook, account: string, statement: unknown[], extra = '') {
  return t.json('POST', `/v2/bank_transactions/statement?bank_account=${q(account)}${extra}`, { body: { statement } });
}

/** A multipart file upload; `rows` makes it the import review's reviewed upload. */
async function uploadFile(t: TestBook, account: string, name: string, content: string, fields: { rows?: number[]; column_mapping?: unknown; date_order?: string } = {}, extra = '') {
  const form = new FormData();
  form.set('statement', new Blob([content]), name);
  if (fields.rows) form.set('rows', JSON.stringify(fields.rows));
  if (fields.column_mapping) form.set('column_mapping', JSON.stringify(fields.column_mapping));
  if (fields.date_order) form.set('date_order', fields.date_order);
  const response = await t.engine.fetch(
    new Request(`${ORIGIN}/v2/bank_transactions/statement?bank_account=${q(account)}${extra}`, { method: 'POST', headers: { Authorization: `Bearer ${OWNER_TOKEN}` }, body: form }),
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** Sends a request the guard must refuse with this sentence, and proves nothing in the book changed. */
async function asks(t: TestBook, account: string, send: () => Promise<{ status: number; body: any }>, message: string) {
  const before = recordTables(t);
  const reply = await send();
  expect(reply.status, JSON.stringify(reply.body)).toBe(409);
  expect(reply.body.errors[0].message).toBe(message);
  expect(recordTables(t)).toEqual(before);
  expect(await october31(t, account)).toEqual({ book_balance: '210.0', difference: '0.0' });
}

// The October file as the bank printed it, with a line the book never had (the 14th's coffee).
const OCTOBER_FILE = ofx([
  { date: '2026-10-02', amount: '250.00', name: 'From savings', fitid: 'T1' },
  { date: '2026-10-14', amount: '-3.50', name: 'Coffee shop', fitid: 'T2' },
  { date: '2026-10-20', amount: '-40.00', name: 'Insurance', fitid: 'T3' },
  { date: '2026-11-03', amount: '-9.99', name: 'Music', fitid: 'T4' },
]);
const FILE_SENTENCE =
  'Current is reconciled with the statement to 2026-10-31, and this upload would add a line dated on or before then that the statement does not have (statement line 2: 2026-10-14 "Coffee shop", money out, £3.50). Nothing from this upload was imported; send confirm_reconciled=true to import it anyway';

describe('a statement upload into a reconciled period', () => {
  it('asks before adding a line dated inside the reconciled statement (a JSON upload), then adds it when confirmed', async () => {
    const { t, account } = await octoberReconciled();
    const statement = [
      { dated_on: '2026-11-02', amount: '-5.00', description: 'After it' },
      { dated_on: '2026-10-05', amount: '-12.00', description: 'Stationery', reference: 'INV 7' },
      { dated_on: '2026-10-31', amount: '1.00', description: 'Interest' },
    ];
    await asks(
      t,
      account,
      () => uploadArray(t, account, statement),
      'Current is reconciled with the statement to 2026-10-31, and this upload would add 2 lines dated on or before then that the statement does not have (the first, statement line 2: 2026-10-05 "Stationery · INV 7", money out, £12.00). Nothing from this upload was imported; send confirm_reconciled=true to import them anyway',
    );

    const done = await uploadArray(t, account, statement, CONFIRMED);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await transactions(t, account)).toHaveLength(5);
    // The person said the statement was wrong: Reconcile shows the difference the new lines make.
    expect(await october31(t, account)).toEqual({ book_balance: '199.0', difference: '11.0' });
  });

  it('takes lines after the statement date, and a statement overlapping it whose reconciled lines are already there, without asking', async () => {
    const { t, account } = await octoberReconciled();
    const overlapping = [...OCTOBER_LINES, { dated_on: '2026-11-01', amount: '-5.00', description: 'After it' }];
    expect((await uploadArray(t, account, overlapping)).status).toBe(200);
    expect((await uploadFile(t, account, 'november.ofx', ofx([{ date: '2026-11-03', amount: '-9.99', name: 'Music', fitid: 'T4' }]))).status).toBe(200);
    expect((await transactions(t, account)).map((line) => line.dated_on)).toEqual(['2026-11-03', '2026-11-01', '2026-10-20', '2026-10-02']);
    expect(await october31(t, account)).toEqual({ book_balance: '210.0', difference: '0.0' });
  });

  it('asks the same of a file upload, plain or reviewed, and the review only for the rows chosen', async () => {
    const { t, account } = await octoberReconciled();
    await asks(t, account, () => uploadFile(t, account, 'october.ofx', OCTOBER_FILE), FILE_SENTENCE);
    await asks(t, account, () => uploadFile(t, account, 'october.ofx', OCTOBER_FILE, { rows: [0, 1, 2, 3] }), FILE_SENTENCE);

    // Rows chosen after the statement, or already in the account (the dedup skips them), are not asked about.
    const november = await uploadFile(t, account, 'october.ofx', OCTOBER_FILE, { rows: [0, 3] });
    expect(november.status, JSON.stringify(november.body)).toBe(200);
    expect(november.body.statement_upload).toMatchObject({ added_rows: [3], skipped_rows: [0] });

    const confirmed = await uploadFile(t, account, 'october.ofx', OCTOBER_FILE, { rows: [1] }, CONFIRMED);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.statement_upload).toMatchObject({ added_rows: [1] });
    expect(await october31(t, account)).toEqual({ book_balance: '206.5', difference: '3.5' });
  });

  it('asks the same of a CSV read with the columns the person confirmed', async () => {
    const { t, account } = await octoberReconciled();
    const csv = 'Date,Details,Amount\n14/10/2026,Coffee shop,-3.50\n03/11/2026,Music,-9.99\n';
    const mapping = { delimiter: ',', header_row: 0, first_data_row: 1, date: 0, date_order: 'dmy', decimal_comma: false, amount: 2, description: [1] };
    const before = recordTables(t);
    const asked = await uploadFile(t, account, 'bank.csv', csv, { rows: [0, 1], column_mapping: mapping, date_order: 'dmy' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(409);
    expect(asked.body.errors[0].message).toMatch(/^Current is reconciled with the statement to 2026-10-31, and this upload would add a line .*\(statement line 1: 2026-10-14 "Coffee shop", money out, £3.50\)/);
    // Nothing written: not the lines, nor the columns remembered for the account.
    expect(recordTables(t)).toEqual(before);
    expect((await uploadFile(t, account, 'bank.csv', csv, { rows: [0, 1], column_mapping: mapping, date_order: 'dmy' }, CONFIRMED)).status).toBe(200);
  });

  it('asks the same of the redo of an undone upload (POST /v2/statement_uploads)', async () => {
    const { t, account } = await octoberReconciled();
    const redo = (extra = '') =>
      t.json('POST', `/v2/statement_uploads${extra ? `?${extra.slice(1)}` : ''}`, {
        body: { statement_upload: { bank_account: account, source: 'ofx', file_name: 'october.ofx', lines: [{ dated_on: '2026-10-14', description: 'Coffee shop//POS/', amount: '-3.50' }] } },
      });
    await asks(
      t,
      account,
      () => redo(),
      'Current is reconciled with the statement to 2026-10-31, and this upload would add a line dated on or before then that the statement does not have (statement line 1: 2026-10-14 "Coffee shop", money out, £3.50). Nothing from this upload was imported; send confirm_reconciled=true to import it anyway',
    );
    expect((await redo(CONFIRMED)).status).toBe(201);
  });

  it("is about the account's own statement: another account's reconciliation asks nothing", async () => {
    const { t } = await octoberReconciled();
    const savings = await bankAccount(t, { name: 'Savings', opening_balance: '0' });
    expect((await uploadArray(t, savings, [{ dated_on: '2026-10-05', amount: '10.00', description: 'Interest' }])).status).toBe(200);
  });

  it('still refuses a line in a locked period outright (422), confirmed or not', async () => {
    const { t, account } = await octoberReconciled();
    expect((await t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2026-10-10' } } })).status).toBe(204);
    const before = recordTables(t);
    const reply = await uploadArray(t, account, [{ dated_on: '2026-10-05', amount: '-12.00', description: 'Stationery' }], CONFIRMED);
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0].message).toBe('Statement line 1 is dated 2026-10-05, and the books are locked up to 2026-10-10; nothing from this upload was imported');
    expect(recordTables(t)).toEqual(before);
  });

  it('answers 400 to a confirm_reconciled that is neither true nor false, before reading the statement', async () => {
    const { t, account } = await octoberReconciled();
    const before = recordTables(t);
    const reply = await uploadArray(t, account, [{ dated_on: '2026-11-05', amount: '-1.00', description: 'After it' }], '&confirm_reconciled=yes');
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].message).toBe('confirm_reconciled must be true or false');
    expect(recordTables(t)).toEqual(before);
  });
});

describe("undo putting an import's lines back into a statement reconciled since", () => {
  /** October's stationery imported, its import taken back (Banking › Imports), then October reconciled without it. */
  async function importTakenBackThenReconciled() {
    const t = createTestBook();
    const account = await bankAccount(t, { name: 'Current', opening_balance: '0' });
    expect((await upload(t, account, OCTOBER_LINES)).status).toBe(200);
    expect((await upload(t, account, [{ dated_on: '2026-10-05', amount: '-12.00', description: 'Stationery' }])).status).toBe(200);
    const [latest] = (await t.json('GET', '/v2/statement_uploads')).body.statement_uploads;
    expect((await t.json('DELETE', new URL(latest.url).pathname)).status).toBe(200);
    const takenBack = (await t.json('GET', '/v2/change_sets')).body.undo[0];
    expect(takenBack.label).toBe('deleted statement import');
    const reconciled = await t.json('POST', '/v2/bank_reconciliations', { body: { bank_reconciliation: { bank_account: account, statement_date: '2026-10-31', closing_balance: '210.00' } } });
    expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(201);
    return { t, account, takenBack: new URL(takenBack.url).pathname.split('/').pop()! };
  }

  it('is refused with a sentence, and nothing changes: the statement no longer has room for the line', async () => {
    const { t, account, takenBack } = await importTakenBackThenReconciled();
    const before = recordTables(t);
    const reply = await undo(t, takenBack);
    expect(reply.status, JSON.stringify(reply.body)).toBe(422);
    expect(reply.body.errors[0].message).toBe(
      '“Deleted statement import” cannot be undone: it would put back the line of 2026-10-05 "Stationery" in Current, and the statement to 2026-10-31 reconciled since does not have it; take that reconciliation back first',
    );
    expect(recordTables(t)).toEqual(before);
    expect(await october31(t, account)).toEqual({ book_balance: '210.0', difference: '0.0' });
  });

  it('goes through once that reconciliation is taken back', async () => {
    const { t, account, takenBack } = await importTakenBackThenReconciled();
    expect((await undo(t)).status).toBe(200);
    expect((await undo(t, takenBack)).status).toBe(200);
    expect(await transactions(t, account)).toHaveLength(3);
  });
});
