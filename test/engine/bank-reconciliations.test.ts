import { beforeEach, describe, expect, it } from 'vitest';
import { reconciliationTable } from '../../main/engine/banking/reconciliation-report';
import { bankAccount, explain, transactions, upload } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { expectUndoable, recordTables, undoLatest } from './undo-helpers';

// Reconcile to the statement (issue 22 item 4): the difference to the book on the statement date in
// exact money, refusal unless it is nil, the account's history, the guard on reconciled lines, undo.

let t: TestBook;
let account: string;

const q = (url: string) => encodeURIComponent(url);
const preview = (fields: Record<string, unknown>) => t.json('POST', '/v2/bank_reconciliations/preview', { body: { bank_reconciliation: { bank_account: account, ...fields } } });
const reconcile = (fields: Record<string, unknown>) => t.json('POST', '/v2/bank_reconciliations', { body: { bank_reconciliation: { bank_account: account, ...fields } } });
const history = async () => (await t.json('GET', `/v2/bank_reconciliations?bank_account=${q(account)}`)).body.bank_reconciliations as any[];
/** A stored description's words ("Loan//OTHER/" is Loan): the text before its reference and type. */
const words = (description: string) => description.replace(/\/[^/]*\/[^/]*\/$/, '');
const byDescription = async (description: string) => (await transactions(t, account)).find((line) => words(line.description) === description);

beforeEach(async () => {
  t = createTestBook();
  account = await bankAccount(t, { opening_balance: '100.10' });
  // Tenths that a float sum gets wrong (0.1 + 0.2), a large amount and a line after the statement.
  const lines = [
    { dated_on: '2026-10-01', amount: '0.10', description: 'Interest A' },
    { dated_on: '2026-10-02', amount: '0.20', description: 'Interest B' },
    { dated_on: '2026-10-05', amount: '-1234567.89', description: 'Machine' },
    { dated_on: '2026-10-20', amount: '1234000.01', description: 'Loan' },
    { dated_on: '2026-11-03', amount: '-10.00', description: 'After the statement' },
  ];
  expect((await upload(t, account, lines)).status).toBe(200);
});

describe('the statement against the book', () => {
  it('gives the book balance on the date, the unreconciled lines up to it and the difference, to the penny', async () => {
    // 100.10 + 0.10 + 0.20 - 1234567.89 + 1234000.01 = -467.48
    const reply = await preview({ statement_date: '2026-10-31', closing_balance: '-467.48' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const figures = reply.body.bank_reconciliation_preview;
    expect(figures.starting_balance).toBe('100.1');
    expect(figures.book_balance).toBe('-467.48');
    expect(figures.ticked_balance).toBe('-467.48');
    expect(figures.difference).toBe('0.0');
    expect(figures.unreconciled_transactions.map((line: any) => [words(line.description), line.amount, line.ticked])).toEqual([
      ['Interest A', '0.1', true],
      ['Interest B', '0.2', true],
      ['Machine', '-1234567.89', true],
      ['Loan', '1234000.01', true],
    ]);
  });

  it('says how far the statement is from the lines ticked, signed statement minus book', async () => {
    const loan = await byDescription('Loan');
    const ticked = (await transactions(t, account)).filter((line) => line.url !== loan.url && line.dated_on <= '2026-10-31').map((line) => line.url);
    const reply = await preview({ statement_date: '2026-10-31', closing_balance: '-467.48', bank_transactions: ticked });
    const figures = reply.body.bank_reconciliation_preview;
    expect(figures.book_balance).toBe('-467.48');
    expect(figures.ticked_balance).toBe('-1234467.49');
    expect(figures.difference).toBe('1234000.01');
    expect(figures.unreconciled_transactions.find((line: any) => words(line.description) === 'Loan').ticked).toBe(false);
  });
});

describe('reconciling', () => {
  it('marks the lines reconciled when the difference is nil, and keeps the history', async () => {
    const made = await reconcile({ statement_date: '2026-10-31', closing_balance: '-467.48' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.bank_reconciliation).toMatchObject({ statement_date: '2026-10-31', closing_balance: '-467.48', starting_balance: '100.1', money_in: '1234000.31', money_out: '-1234567.89', transaction_count: 4 });
    const lines = await transactions(t, account);
    expect(lines.filter((line) => line.reconciled_on === '2026-10-31').map((line) => words(line.description)).sort()).toEqual(['Interest A', 'Interest B', 'Loan', 'Machine']);
    expect((await byDescription('After the statement')).reconciled_on).toBeUndefined();

    // The next statement starts from this one's closing balance, and only the later line is left.
    t.clock.set('2026-12-01T09:00:00.000Z');
    const next = await preview({ statement_date: '2026-11-30', closing_balance: '-477.48' });
    expect(next.body.bank_reconciliation_preview).toMatchObject({ starting_balance: '-467.48', difference: '0.0' });
    expect(next.body.bank_reconciliation_preview.unreconciled_transactions).toHaveLength(1);
    expect((await reconcile({ statement_date: '2026-11-30', closing_balance: '-477.48' })).status).toBe(201);
    expect((await history()).map((row) => [row.statement_date, row.closing_balance, row.transaction_count])).toEqual([
      ['2026-11-30', '-477.48', 1],
      ['2026-10-31', '-467.48', 4],
    ]);
  });

  it('refuses, with a sentence and nothing marked, when the statement and the book differ', async () => {
    const before = recordTables(t);
    const changes = t.changeCount();
    const reply = await reconcile({ statement_date: '2026-10-31', closing_balance: '-467.47' });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0].message).toBe(
      "The statement's closing balance of -467.47 is 0.01 more than the book's -467.48 for the lines ticked, so nothing was reconciled. Look for a line missing from the book or there twice, or check the closing balance",
    );
    expect(recordTables(t)).toEqual(before);
    expect(t.changeCount()).toBe(changes);
  });

  it('leaves a line not on the statement outstanding, shows it in the report and takes it into the next statement', async () => {
    const loan = await byDescription('Loan');
    const ticked = (await transactions(t, account)).filter((line) => line.url !== loan.url && line.dated_on <= '2026-10-31').map((line) => line.url);
    const made = await reconcile({ statement_date: '2026-10-31', closing_balance: '-1234467.49', bank_transactions: ticked });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const detail = (await t.json('GET', new URL(made.body.bank_reconciliation.url).pathname)).body.bank_reconciliation;
    expect(detail.outstanding_transactions.map((line: any) => words(line.description))).toEqual(['Loan']);
    expect(detail).toMatchObject({ book_balance: '-467.48', outstanding_total: '1234000.01', unexplained_difference: '0.0' });
    t.clock.set('2026-12-01T09:00:00.000Z');
    const next = await preview({ statement_date: '2026-11-30', closing_balance: '-477.48' });
    expect(next.body.bank_reconciliation_preview.unreconciled_transactions.map((line: any) => words(line.description))).toEqual(['Loan', 'After the statement']);
    expect(next.body.bank_reconciliation_preview.difference).toBe('0.0');
  });

  it('refuses bad input with 422 and a sentence naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ statement_date: '2026-10-31', closing_balance: '1.234' }, /closing_balance has more than 2 decimal places/],
      [{ statement_date: '2026-10-31', closing_balance: 'lots' }, /closing_balance must be a decimal number/],
      [{ statement_date: '2026-02-30', closing_balance: '1' }, /statement_date must be a date/],
      [{ statement_date: '2026-12-25', closing_balance: '1' }, /statement_date 2026-12-25 is after today/],
      [{ statement_date: '2026-10-31', closing_balance: '1', bank_account: 'http://x/v2/bank_accounts/999' }, /bank_account is not a bank account of this company/],
      [{ statement_date: '2026-10-31', closing_balance: '1', bank_transactions: ['http://x/v2/bank_transactions/999'] }, /bank_transactions.0 is not an unreconciled line of this account dated on or before 2026-10-31/],
    ];
    for (const [fields, message] of cases) {
      const reply = await reconcile(fields);
      expect(reply.status, JSON.stringify(fields)).toBe(422);
      expect(reply.body.errors.map((error: any) => error.message).join(' ')).toMatch(message);
    }
    const after = await byDescription('After the statement');
    const late = await reconcile({ statement_date: '2026-10-31', closing_balance: '1', bank_transactions: [after.url] });
    expect(late.body.errors[0].message).toMatch(/bank_transactions.0 is not an unreconciled line/);
    expect(await history()).toEqual([]);
  });

  it('refuses a statement older than the last one reconciled', async () => {
    expect((await reconcile({ statement_date: '2026-10-31', closing_balance: '-467.48' })).status).toBe(201);
    const reply = await reconcile({ statement_date: '2026-10-15', closing_balance: '-467.48' });
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0].message).toBe("statement_date must be on or after 2026-10-31, the date of this account's last reconciled statement");
  });

  it('undoes and redoes a reconciliation as one step', async () => {
    await expectUndoable(t, () => reconcile({ statement_date: '2026-10-31', closing_balance: '-467.48' }), 'created bank reconciliation 2026-10-31');
    await undoLatest(t);
    expect((await transactions(t, account)).some((line) => line.reconciled_on !== undefined)).toBe(false);
    expect(await history()).toEqual([]);
  });

  it('removes only the latest reconciliation, unmarking its lines', async () => {
    const first = (await reconcile({ statement_date: '2026-10-31', closing_balance: '-467.48' })).body.bank_reconciliation;
    t.clock.set('2026-12-01T09:00:00.000Z');
    const second = (await reconcile({ statement_date: '2026-11-30', closing_balance: '-477.48' })).body.bank_reconciliation;
    const refused = await t.json('DELETE', new URL(first.url).pathname);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toMatch(/Only the latest reconciliation of an account can be removed; the one for the statement of 2026-11-30/);
    expect((await t.json('DELETE', new URL(second.url).pathname)).status).toBe(200);
    expect((await byDescription('After the statement')).reconciled_on).toBeUndefined();
    expect((await history()).map((row) => row.statement_date)).toEqual(['2026-10-31']);
  });

  it('an undo by the change set of an earlier reconciliation is refused while a later one rests on it', async () => {
    // Undo put rows back without the route's rule: the first went, and the second started from nothing.
    await reconcile({ statement_date: '2026-10-31', closing_balance: '-467.48' });
    const firstSet = t.book.sqlite.prepare('SELECT max(id) FROM change_sets').pluck().get() as number;
    t.clock.set('2026-12-01T09:00:00.000Z');
    await reconcile({ statement_date: '2026-11-30', closing_balance: '-477.48' });
    const refused = await t.json('POST', `/v2/change_sets/${firstSet}/undo`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toMatch(/the reconciliation for the statement of 2026-11-30 starts from this one's balance; take that one back first/);
    expect((await history()).map((row) => row.statement_date).sort()).toEqual(['2026-10-31', '2026-11-30']);
    // Latest first, both go back.
    await undoLatest(t);
    expect((await t.json('POST', `/v2/change_sets/${firstSet}/undo`)).status).toBe(200);
    expect(await history()).toEqual([]);
  });

  it('lays out the report as statement against book: the lines, what the book holds beside them, and both balances', async () => {
    const loan = await byDescription('Loan');
    const made = (await reconcile({ statement_date: '2026-10-31', closing_balance: '-1234467.49', excluded_bank_transactions: [loan.url] })).body.bank_reconciliation;
    const detail = (await t.json('GET', new URL(made.url).pathname)).body.bank_reconciliation;
    const table = reconciliationTable(detail, 'Current');
    expect(table.title).toBe('Bank reconciliation: Current');
    expect(table.rows.map((row) => [row.cells[1], row.cells[2]])).toEqual([
      ['Balance brought forward (last reconciled)', '100.1'],
      ['On the statement (3 lines)', ''],
      ['Interest A', '0.1'],
      ['Interest B', '0.2'],
      ['Machine', '-1234567.89'],
      ['Money in', '0.3'],
      ['Money out', '-1234567.89'],
      ['Closing balance on the statement', '-1234467.49'],
      ['In the book, not on the statement', ''],
      ['Loan', '1234000.01'],
      ['Total not on the statement', '1234000.01'],
      ['Balance in the book', '-467.48'],
      ['Difference (book changed since reconciling)', '0.0'],
    ]);
  });

  it('prints the statement against the book as a PDF', async () => {
    const made = (await reconcile({ statement_date: '2026-10-31', closing_balance: '-467.48' })).body.bank_reconciliation;
    const reply = await t.json('GET', `${new URL(made.url).pathname}/pdf`);
    expect(reply.status).toBe(200);
    const text = Buffer.from(reply.body.pdf.content, 'base64').toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
  });
});

describe('a reconciled line asks before it is changed', () => {
  beforeEach(async () => {
    expect((await reconcile({ statement_date: '2026-10-31', closing_balance: '-467.48' })).status).toBe(201);
  });

  it('refuses to explain, change or delete it unless the request confirms it, and then does it', async () => {
    const machine = await byDescription('Machine');
    const fields = { bank_transaction: machine.url, gross_value: '-1234567.89', category: '250', description: 'Lathe' };
    const refused = await explain(t, fields);
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].message).toBe(
      'The line of 2026-10-05 "Machine" is reconciled with the statement to 2026-10-31; explaining it again can make that reconciliation wrong. Send confirm_reconciled=true to do it anyway',
    );
    expect((await byDescription('Machine')).bank_transaction_explanations).toEqual([]);

    const confirmed = await t.json('POST', '/v2/bank_transaction_explanations?confirm_reconciled=true', { body: { bank_transaction_explanation: fields } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    const path = new URL(confirmed.body.bank_transaction_explanation.url).pathname;
    expect((await t.json('PUT', path, { body: { bank_transaction_explanation: { description: 'Drill' } } })).status).toBe(409);
    expect((await t.json('PUT', `${path}?confirm_reconciled=true`, { body: { bank_transaction_explanation: { description: 'Drill' } } })).status).toBe(200);
    expect((await t.json('DELETE', path)).status).toBe(409);
    expect((await t.json('DELETE', `${path}?confirm_reconciled=true`)).status).toBe(200);
    // The line itself is the statement's: it stays reconciled through its explanations' changes.
    expect((await byDescription('Machine')).reconciled_on).toBe('2026-10-31');
  });

  it('refuses to delete the line unless confirmed, and a confirmed delete leaves the history as it was made', async () => {
    const loan = await byDescription('Loan');
    const path = new URL(loan.url).pathname;
    expect((await t.json('DELETE', path)).status).toBe(409);
    expect(await byDescription('Loan')).toBeDefined();
    expect((await t.json('DELETE', `${path}?confirm_reconciled=true`)).status).toBe(200);
    const [row] = await history();
    expect(row).toMatchObject({ transaction_count: 4, closing_balance: '-467.48' });
    const detail = (await t.json('GET', new URL(row.url).pathname)).body.bank_reconciliation;
    expect(detail.unexplained_difference).toBe('-1234000.01');
  });

  it('refuses a malformed confirmation', async () => {
    const loan = await byDescription('Loan');
    const reply = await t.json('DELETE', `${new URL(loan.url).pathname}?confirm_reconciled=yes`);
    expect(reply.status).toBe(400);
    expect(reply.body.errors[0].message).toBe('confirm_reconciled must be true or false');
  });

  it('does not undo an import whose lines are reconciled', async () => {
    const uploads = (await t.json('GET', `/v2/statement_uploads?bank_account=${q(account)}`)).body.statement_uploads;
    expect(uploads[0]).toMatchObject({ can_undo: false, undo_refusal: 'This import cannot be undone: 4 of its transactions are reconciled with a statement. Remove that reconciliation first.' });
    expect((await t.json('DELETE', new URL(uploads[0].url).pathname)).status).toBe(422);
  });

  it('keeps the other side of a transfer reconciled when only the transfer\'s words change', async () => {
    const savings = await bankAccount(t, { name: 'Savings', opening_balance: '0' });
    const interest = await byDescription('Interest A');
    const made = await t.json('POST', '/v2/bank_transaction_explanations?confirm_reconciled=true', { body: { bank_transaction_explanation: { bank_transaction: interest.url, gross_value: '0.10', transfer_bank_account: savings } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const other = await t.json('POST', '/v2/bank_reconciliations', { body: { bank_reconciliation: { bank_account: savings, statement_date: '2026-10-31', closing_balance: '-0.10' } } });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    const path = new URL(made.body.bank_transaction_explanation.url).pathname;
    expect((await t.json('PUT', `${path}?confirm_reconciled=true`, { body: { bank_transaction_explanation: { description: 'Sweep' } } })).status).toBe(200);
    const [counterpart] = await transactions(t, savings);
    expect(counterpart.reconciled_on).toBe('2026-10-31');
  });
});

describe('lines not on the statement, named the other way round', () => {
  it('ticks every unreconciled line up to the date but the excluded ones, and refuses both lists at once', async () => {
    const loan = await byDescription('Loan');
    const reply = await preview({ statement_date: '2026-10-31', closing_balance: '-1234467.49', excluded_bank_transactions: [loan.url] });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.bank_reconciliation_preview).toMatchObject({ ticked_balance: '-1234467.49', difference: '0.0' });
    const both = await preview({ statement_date: '2026-10-31', closing_balance: '1', excluded_bank_transactions: [loan.url], bank_transactions: [loan.url] });
    expect(both.status).toBe(422);
    expect(both.body.errors[0].message).toBe('Send bank_transactions (the lines on the statement) or excluded_bank_transactions (the lines not on it), not both');
    const later = await byDescription('After the statement');
    const outside = await preview({ statement_date: '2026-10-31', closing_balance: '1', excluded_bank_transactions: [later.url] });
    expect(outside.body.errors[0].message).toBe('excluded_bank_transactions.0 is not an unreconciled line of this account dated on or before 2026-10-31');
  });
});
