import { describe, expect, it } from 'vitest';
import { bankAccount, explain, ledgerTotal } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { ofx, preview } from './statement-review-helpers';
import { allLines, lineNamed, uploadLines } from './suggest-helpers';
import { redoLatest, undoLatest } from './undo-helpers';

// A transfer explained from Current before Savings' statement is in makes its other side in Savings, a
// manual line standing in for the bank's (transfer-other-side.ts). When Savings' statement arrives, its
// line of that amount is that same other side: the review offers it as the transfer's, not as a
// possible duplicate, and importing it puts the bank's line in the place of the one the transfer made,
// so Savings holds one line of 500.00, explained as the transfer.

const SAVINGS_NUMBER = '87654321';

async function transferMadeFirst(datedOn = '2026-10-05') {
  const t = createTestBook();
  const current = await bankAccount(t, { name: 'Current', opening_balance: '0' });
  const savings = await bankAccount(t, { name: 'Savings', opening_balance: '0', account_number: SAVINGS_NUMBER, sort_code: '20-00-00' });
  await uploadLines(t, current, [{ dated_on: datedOn, amount: '-500.00', description: 'TFR TO SAVINGS' }]);
  const line = await lineNamed(t, current, 'TFR TO SAVINGS');
  const transfer = await explain(t, { bank_transaction: line.url, gross_value: '-500', transfer_bank_account: savings });
  expect(transfer.status, JSON.stringify(transfer.body)).toBe(201);
  const [made] = await allLines(t, savings);
  expect(made).toMatchObject({ amount: '500.0', is_manual: true });
  return { t, current, savings, made };
}

const balanceOf = async (t: TestBook, account: string) => (await t.json('GET', new URL(account).pathname)).body.bank_account.current_balance as string;
const explainedAs = (line: any) => (line.bank_transaction_explanations as any[]).map((row) => `${row.type as string}: ${(row.transfer_bank_account as string | undefined) ?? '-'}`);

describe("the other account's statement line of a transfer already explained", () => {
  it('is offered in the review as the other side of the transfer, not as a possible duplicate', async () => {
    const { t, savings, made } = await transferMadeFirst();
    const file = ofx([{ date: '2026-10-06', amount: '500.00', name: 'FROM CURRENT ACCOUNT', fitid: 'S1' }], undefined, SAVINGS_NUMBER);
    const answer = await preview(t, 'savings.ofx', file, { bank_account: savings });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const [row] = answer.body.statement_preview.rows;
    expect(row).toMatchObject({ status: 'transfer', matches: { url: made.url, dated_on: '2026-10-05', amount: '500.0' } });
    expect(answer.body.statement_preview.counts).toEqual({ new: 0, duplicate: 0, possible_duplicate: 0, transfer: 1 });
  });

  it("counts the row in the balance check net of the made line it replaces", async () => {
    // The transfer on 8 October made Savings' line on the 8th; the bank's arrived on the 6th. On the
    // statement's closing day, the 6th, the account holds nothing yet; after the import it holds 500.00
    // (the bank's line in, the made line of the 8th out), which is the statement's closing balance.
    const { t, savings } = await transferMadeFirst('2026-10-08');
    const file = ofx([{ date: '2026-10-06', amount: '500.00', name: 'FROM CURRENT ACCOUNT', fitid: 'S1' }], { amount: '500.00', date: '2026-10-06' }, SAVINGS_NUMBER);
    const answer = await preview(t, 'savings.ofx', file, { bank_account: savings });
    expect(answer.body.statement_preview.rows[0].status).toBe('transfer');
    expect(answer.body.statement_preview.balance).toEqual({ as_of: '2026-10-06', before: '0.0', after: '500.0', closing_balance: '500.0', difference: '0.0' });
  });

  it('takes the place of the line the transfer made when imported: one line, the bank’s, explained as the transfer', async () => {
    const { t, current, savings, made } = await transferMadeFirst();
    await uploadLines(t, savings, [{ dated_on: '2026-10-06', amount: '500.00', description: 'FROM CURRENT ACCOUNT' }]);
    const lines = await allLines(t, savings);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ dated_on: '2026-10-06', amount: '500.0', unexplained_amount: '0.0', is_manual: false });
    expect(lines[0].url).not.toBe(made.url);
    expect(explainedAs(lines[0])).toEqual([`Transfer from Another Account: ${current}`]);
    expect(explainedAs(await lineNamed(t, current, 'TFR TO SAVINGS'))).toEqual([`Transfer to Another Account: ${savings}`]);
    expect(await balanceOf(t, savings)).toBe('500.0');
    expect(ledgerTotal(t)).toBe(0);

    // Undo gives back the made line and takes the bank's away; redo puts the bank's back in its place.
    await undoLatest(t);
    expect((await allLines(t, savings)).map((line) => [line.url, line.is_manual, line.unexplained_amount])).toEqual([[made.url, true, '0.0']]);
    await redoLatest(t);
    expect((await allLines(t, savings)).map((line) => [line.dated_on, line.is_manual, line.unexplained_amount])).toEqual([['2026-10-06', false, '0.0']]);
    expect(await balanceOf(t, savings)).toBe('500.0');
  });

  it('a line of the same amount with no transfer behind it is still a possible duplicate', async () => {
    const t = createTestBook();
    const savings = await bankAccount(t, { name: 'Savings', opening_balance: '0', account_number: SAVINGS_NUMBER, sort_code: '20-00-00' });
    await uploadLines(t, savings, [{ dated_on: '2026-10-05', amount: '500.00', description: 'CHEQUE PAID IN' }]);
    const file = ofx([{ date: '2026-10-06', amount: '500.00', name: 'CHQ DEPOSIT', fitid: 'S1' }], undefined, SAVINGS_NUMBER);
    const answer = await preview(t, 'savings.ofx', file, { bank_account: savings });
    expect(answer.body.statement_preview.rows[0].status).toBe('possible_duplicate');
  });
});
