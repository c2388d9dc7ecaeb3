import { describe, expect, it } from 'vitest';
import { bankAccount, explain } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { allLines, createRule, lineNamed, uploadLines } from './suggest-helpers';
import { recordTables } from './undo-helpers';

// A reconciled statement is one the person checked line by line. Every bank line an explanation
// writes is held to it: the line explained, and a transfer's other side in the other account (a
// line paired there, or a line made there on or before its reconciled date). A person's request is
// asked (409 with a sentence, nothing changed) and goes through with confirm_reconciled=true; a
// rule explaining lines on import leaves such a line for the person.

/** Savings holds 10.00 of interest, reconciled to a statement of 31 October closing at 10.00. */
async function savingsReconciled() {
  const t = createTestBook();
  const current = await bankAccount(t, { name: 'Current', opening_balance: '0' });
  const savings = await bankAccount(t, { name: 'Savings', opening_balance: '0' });
  await uploadLines(t, savings, [{ dated_on: '2026-10-02', amount: '10.00', description: 'INTEREST' }]);
  const reconciled = await t.json('POST', '/v2/bank_reconciliations', { body: { bank_reconciliation: { bank_account: savings, statement_date: '2026-10-31', closing_balance: '10.00' } } });
  expect(reconciled.status, JSON.stringify(reconciled.body)).toBe(201);
  return { t, current, savings };
}

/** Savings against its statement of 31 October at 10.00, as Reconcile would show it again. */
async function savingsOn31October(t: TestBook, savings: string) {
  const reply = await t.json('POST', '/v2/bank_reconciliations/preview', { body: { bank_reconciliation: { bank_account: savings, statement_date: '2026-10-31', closing_balance: '10.00' } } });
  const figures = reply.body.bank_reconciliation_preview;
  return { book_balance: figures.book_balance as string, difference: figures.difference as string };
}

const confirmed = (t: TestBook, fields: Record<string, unknown>) => t.json('POST', '/v2/bank_transaction_explanations?confirm_reconciled=true', { body: { bank_transaction_explanation: fields } });

describe("a transfer's other side in a reconciled account", () => {
  it('asks before making a line dated inside the reconciled statement, and changes nothing until confirmed', async () => {
    const { t, current, savings } = await savingsReconciled();
    await uploadLines(t, current, [{ dated_on: '2026-10-05', amount: '-500.00', description: 'TFR TO SAVINGS' }]);
    const line = await lineNamed(t, current, 'TFR TO SAVINGS');
    const before = recordTables(t);

    const asked = await explain(t, { bank_transaction: line.url, gross_value: '-500', transfer_bank_account: savings });
    expect(asked.status).toBe(409);
    expect(asked.body.errors[0].message).toBe(
      'Savings is reconciled with the statement to 2026-10-31; this transfer would add a line of 2026-10-05 (money in, £500.00) there that the statement does not have. Send confirm_reconciled=true to do it anyway',
    );
    expect(recordTables(t)).toEqual(before);
    expect(await savingsOn31October(t, savings)).toEqual({ book_balance: '10.0', difference: '0.0' });
    expect((await lineNamed(t, current, 'TFR TO SAVINGS')).unexplained_amount).toBe('-500.0');

    // Confirmed, the person has said the statement was wrong: the line goes in and Reconcile shows it.
    expect((await confirmed(t, { bank_transaction: line.url, gross_value: '-500', transfer_bank_account: savings })).status).toBe(201);
    expect(await savingsOn31October(t, savings)).toEqual({ book_balance: '510.0', difference: '-500.0' });
  });

  it('asks before explaining a reconciled waiting line as the other side, then pairs it: the statement still agrees', async () => {
    const t = createTestBook();
    const current = await bankAccount(t, { name: 'Current', opening_balance: '0' });
    const savings = await bankAccount(t, { name: 'Savings', opening_balance: '0' });
    await uploadLines(t, savings, [{ dated_on: '2026-10-05', amount: '500.00', description: 'FROM CURRENT ACCOUNT' }]);
    expect((await t.json('POST', '/v2/bank_reconciliations', { body: { bank_reconciliation: { bank_account: savings, statement_date: '2026-10-31', closing_balance: '500.00' } } })).status).toBe(201);
    await uploadLines(t, current, [{ dated_on: '2026-10-05', amount: '-500.00', description: 'TFR TO SAVINGS' }]);
    const line = await lineNamed(t, current, 'TFR TO SAVINGS');
    const before = recordTables(t);

    const asked = await explain(t, { bank_transaction: line.url, gross_value: '-500', transfer_bank_account: savings });
    expect(asked.status).toBe(409);
    expect(asked.body.errors[0].message).toBe(
      'The line of 2026-10-05 "FROM CURRENT ACCOUNT" is reconciled with the statement to 2026-10-31; explaining it as the other side of this transfer can make that reconciliation wrong. Send confirm_reconciled=true to do it anyway',
    );
    expect(recordTables(t)).toEqual(before);

    expect((await confirmed(t, { bank_transaction: line.url, gross_value: '-500', transfer_bank_account: savings })).status).toBe(201);
    const lines = await allLines(t, savings);
    expect(lines.map((row) => [row.amount, row.unexplained_amount, row.reconciled_on])).toEqual([['500.0', '0.0', '2026-10-31']]);
    const again = await t.json('POST', '/v2/bank_reconciliations/preview', { body: { bank_reconciliation: { bank_account: savings, statement_date: '2026-10-31', closing_balance: '500.00' } } });
    expect(again.body.bank_reconciliation_preview).toMatchObject({ book_balance: '500.0', difference: '0.0' });
  });

  it('an auto-explain rule leaves the line for the person rather than write into the reconciled statement', async () => {
    const { t, current, savings } = await savingsReconciled();
    const rule = await createRule(t, { name: 'To savings', conditions: [{ field: 'description', operator: 'contains', value: 'TO SAVINGS' }], actions: { transfer_bank_account: savings }, auto_explain: true });
    expect(rule.status).toBe(201);
    await uploadLines(t, current, [
      { dated_on: '2026-10-05', amount: '-500.00', description: 'TFR TO SAVINGS' },
      { dated_on: '2026-11-05', amount: '-40.00', description: 'TFR TO SAVINGS NOVEMBER' },
    ]);
    expect((await lineNamed(t, current, 'TFR TO SAVINGS')).unexplained_amount).toBe('-500.0');
    // The November one lands after the statement and is explained as usual.
    expect((await lineNamed(t, current, 'TFR TO SAVINGS NOVEMBER')).unexplained_amount).toBe('0.0');
    expect(await savingsOn31October(t, savings)).toEqual({ book_balance: '10.0', difference: '0.0' });
    expect((await allLines(t, savings)).map((row) => [row.dated_on, row.amount])).toEqual([
      ['2026-11-05', '40.0'],
      ['2026-10-02', '10.0'],
    ]);
  });
});

describe('a line recorded by hand in a reconciled statement', () => {
  it('money recorded by hand into a reconciled statement is asked about first', async () => {
    const { t, savings } = await savingsReconciled();
    const before = recordTables(t);
    const asked = await explain(t, { bank_account: savings, dated_on: '2026-10-20', gross_value: '25.00', category: '001' });
    expect(asked.status).toBe(409);
    expect(asked.body.errors[0].message).toBe(
      'Savings is reconciled with the statement to 2026-10-31; this explanation would add a line of 2026-10-20 (money in, £25.00) there that the statement does not have. Send confirm_reconciled=true to do it anyway',
    );
    expect(recordTables(t)).toEqual(before);
    expect((await confirmed(t, { bank_account: savings, dated_on: '2026-10-20', gross_value: '25.00', category: '001' })).status).toBe(201);
    expect(await savingsOn31October(t, savings)).toEqual({ book_balance: '35.0', difference: '-25.0' });
  });
});
