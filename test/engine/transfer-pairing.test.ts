import { describe, expect, it } from 'vitest';
import { bankAccount, explain, ledgerTotal } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { allLines, createRule, lineNamed, uploadLines } from './suggest-helpers';
import { expectUndoable, recordTables, redoLatest, undoLatest } from './undo-helpers';

// A transfer between own accounts is one movement of money on two statements. When the other
// account's statement is already in the book, the transfer explains that waiting line instead of
// writing a second one beside it, by whatever path it is explained (by hand, a rule, a bulk accept).

async function twoAccounts() {
  const t = createTestBook();
  const current = await bankAccount(t, { name: 'Current', opening_balance: '0' });
  const savings = await bankAccount(t, { name: 'Savings', opening_balance: '0' });
  return { t, current, savings };
}

const balanceOf = async (t: TestBook, account: string) => (await t.json('GET', new URL(account).pathname)).body.bank_account.current_balance as string;

/** What the register shows of each line: date, amount, what is left to explain, and how it is explained. */
async function register(t: TestBook, account: string) {
  return (await allLines(t, account)).map((line) => ({
    dated_on: line.dated_on as string,
    amount: line.amount as string,
    unexplained: line.unexplained_amount as string,
    explained_as: (line.bank_transaction_explanations as any[]).map((row) => `${row.type as string}: ${(row.transfer_bank_account as string | undefined) ?? '-'}`),
  }));
}

const accept = (t: TestBook, body: Record<string, unknown>) => t.json('POST', '/v2/bank_transactions/suggestions/accept', { body: { suggestions: body } });

describe('a transfer pairs with the unexplained line of the opposite amount waiting in the other account', () => {
  it('explained by an auto-explain rule on import: Savings keeps its one line and a balance of 500.00', async () => {
    const { t, current, savings } = await twoAccounts();
    await uploadLines(t, savings, [{ dated_on: '2026-10-05', amount: '500.00', description: 'FROM CURRENT ACCOUNT' }]);
    const rule = await createRule(t, { name: 'To savings', conditions: [{ field: 'description', operator: 'contains', value: 'TO SAVINGS' }], actions: { transfer_bank_account: savings }, auto_explain: true });
    expect(rule.status).toBe(201);
    await uploadLines(t, current, [{ dated_on: '2026-10-05', amount: '-500.00', description: 'TFR TO SAVINGS' }]);

    expect(await register(t, savings)).toEqual([{ dated_on: '2026-10-05', amount: '500.0', unexplained: '0.0', explained_as: [`Transfer from Another Account: ${current}`] }]);
    expect(await register(t, current)).toEqual([{ dated_on: '2026-10-05', amount: '-500.0', unexplained: '0.0', explained_as: [`Transfer to Another Account: ${savings}`] }]);
    expect(await balanceOf(t, savings)).toBe('500.0');
    expect(await balanceOf(t, current)).toBe('-500.0');
    expect((await lineNamed(t, savings, 'FROM CURRENT ACCOUNT')).is_manual).toBe(false);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('explained by hand: the statement line three days later is the other side, and no line is made', async () => {
    const { t, current, savings } = await twoAccounts();
    await uploadLines(t, current, [{ dated_on: '2026-10-02', amount: '-250.75', description: 'TFR TO SAVINGS' }]);
    await uploadLines(t, savings, [{ dated_on: '2026-10-05', amount: '250.75', description: 'FROM CURRENT ACCOUNT' }]);
    const line = await lineNamed(t, current, 'TFR TO SAVINGS');
    const made = await explain(t, { bank_transaction: line.url, gross_value: '-250.75', transfer_bank_account: savings });
    expect(made.status, JSON.stringify(made.body)).toBe(201);

    const [waiting] = await allLines(t, savings);
    expect(await allLines(t, savings)).toHaveLength(1);
    expect(waiting).toMatchObject({ dated_on: '2026-10-05', amount: '250.75', unexplained_amount: '0.0', is_manual: false });
    // The other side is explained on its own line's date; the transfer posts both legs on its own.
    expect(waiting.bank_transaction_explanations[0]).toMatchObject({ dated_on: '2026-10-05', gross_value: '250.75', type: 'Transfer from Another Account', transfer_bank_account: current, is_deletable: false });
    expect(await balanceOf(t, savings)).toBe('250.75');
    expect(ledgerTotal(t)).toBe(0);
  });

  it('pairs up to 4 days apart, and makes the other side when the opposite line is further away', async () => {
    const { t, current, savings } = await twoAccounts();
    await uploadLines(t, current, [
      { dated_on: '2026-10-01', amount: '-100.00', description: 'TFR A' },
      { dated_on: '2026-10-01', amount: '-200.00', description: 'TFR B' },
    ]);
    await uploadLines(t, savings, [
      { dated_on: '2026-10-05', amount: '100.00', description: 'IN A' },
      { dated_on: '2026-10-06', amount: '200.00', description: 'IN B' },
    ]);
    expect((await explain(t, { bank_transaction: (await lineNamed(t, current, 'TFR A')).url, gross_value: '-100', transfer_bank_account: savings })).status).toBe(201);
    expect((await explain(t, { bank_transaction: (await lineNamed(t, current, 'TFR B')).url, gross_value: '-200', transfer_bank_account: savings })).status).toBe(201);
    expect((await lineNamed(t, savings, 'IN A')).unexplained_amount).toBe('0.0');
    // Five days apart: not taken for the same money; the transfer's own line is made and IN B waits.
    expect((await lineNamed(t, savings, 'IN B')).unexplained_amount).toBe('200.0');
    expect(await register(t, savings)).toContainEqual({ dated_on: '2026-10-01', amount: '200.0', unexplained: '0.0', explained_as: [`Transfer from Another Account: ${current}`] });
    expect(await allLines(t, savings)).toHaveLength(3);
  });

  it('a part of a split line pairs with a line of that part', async () => {
    const { t, current, savings } = await twoAccounts();
    await uploadLines(t, current, [{ dated_on: '2026-10-05', amount: '-300.00', description: 'TFR AND FEE' }]);
    await uploadLines(t, savings, [{ dated_on: '2026-10-05', amount: '290.00', description: 'FROM CURRENT' }]);
    const line = await lineNamed(t, current, 'TFR AND FEE');
    expect((await explain(t, { bank_transaction: line.url, gross_value: '-290', transfer_bank_account: savings })).status).toBe(201);
    expect((await explain(t, { bank_transaction: line.url, gross_value: '-10', category: '363' })).status).toBe(201);
    expect(await register(t, savings)).toEqual([{ dated_on: '2026-10-05', amount: '290.0', unexplained: '0.0', explained_as: [`Transfer from Another Account: ${current}`] }]);
    expect(await balanceOf(t, savings)).toBe('290.0');
  });

  it('an accepted history suggestion pairs too', async () => {
    const { t, current, savings } = await twoAccounts();
    // Four months explained as transfers make the payee a confident transfer (0.80).
    const months = ['06', '07', '08', '09'];
    await uploadLines(t, current, months.map((month) => ({ dated_on: `2026-${month}-05`, amount: '-500.00', description: `TFR TO SAVINGS 77${month}` })));
    for (const month of months) {
      const line = await lineNamed(t, current, `TFR TO SAVINGS 77${month}`);
      expect((await explain(t, { bank_transaction: line.url, gross_value: '-500', transfer_bank_account: savings })).status).toBe(201);
    }
    await uploadLines(t, savings, [{ dated_on: '2026-10-06', amount: '500.00', description: 'FROM CURRENT ACCOUNT' }]);
    await uploadLines(t, current, [{ dated_on: '2026-10-05', amount: '-500.00', description: 'TFR TO SAVINGS 7710' }]);
    const october = await lineNamed(t, current, 'TFR TO SAVINGS 7710');
    expect(october.suggested_explanation).toMatchObject({ transfer_bank_account: savings, source: 'history' });

    const accepted = await accept(t, { bank_transactions: [october.url] });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.accepted_suggestions).toMatchObject({ count: 1, skipped: [] });
    expect((await lineNamed(t, savings, 'FROM CURRENT ACCOUNT')).unexplained_amount).toBe('0.0');
    // Four months' lines made by the transfers, and October's own statement line: 2,500.00, not 3,000.00.
    expect(await allLines(t, savings)).toHaveLength(5);
    expect(await balanceOf(t, savings)).toBe('2500.0');
  });
});

describe('when several waiting lines could be the other side', () => {
  async function twoCandidates() {
    const world = await twoAccounts();
    await uploadLines(world.t, world.savings, [
      { dated_on: '2026-10-02', amount: '500.00', description: 'FROM CURRENT EARLY' },
      { dated_on: '2026-10-06', amount: '500.00', description: 'FROM CURRENT LATE' },
    ]);
    return world;
  }

  it('an auto-explain rule leaves the line unexplained for the person, still suggested as a transfer', async () => {
    const { t, current, savings } = await twoCandidates();
    await createRule(t, { name: 'To savings', conditions: [{ field: 'description', operator: 'contains', value: 'TO SAVINGS' }], actions: { transfer_bank_account: savings }, auto_explain: true });
    await uploadLines(t, current, [{ dated_on: '2026-10-05', amount: '-500.00', description: 'TFR TO SAVINGS' }]);
    const line = await lineNamed(t, current, 'TFR TO SAVINGS');
    expect(line.unexplained_amount).toBe('-500.0');
    expect(line.bank_transaction_explanations).toEqual([]);
    expect(line.suggested_explanation).toMatchObject({ transfer_bank_account: savings });
    expect((await register(t, savings)).map((row) => row.unexplained)).toEqual(['500.0', '500.0']);
    expect(await balanceOf(t, savings)).toBe('1000.0');
  });

  it('a bulk accept skips the line and says why', async () => {
    const { t, current, savings } = await twoCandidates();
    await createRule(t, { name: 'To savings', conditions: [{ field: 'description', operator: 'contains', value: 'TO SAVINGS' }], actions: { transfer_bank_account: savings } });
    await uploadLines(t, current, [{ dated_on: '2026-10-05', amount: '-500.00', description: 'TFR TO SAVINGS' }]);
    const line = await lineNamed(t, current, 'TFR TO SAVINGS');
    const accepted = await accept(t, { bank_transactions: [line.url] });
    expect(accepted.status).toBe(200);
    expect(accepted.body.accepted_suggestions).toMatchObject({ count: 0 });
    expect(accepted.body.accepted_suggestions.skipped).toEqual([
      {
        bank_transaction: line.url,
        message:
          "Savings holds 2 unexplained lines paying in £500.00 within 4 days of 2026-10-05 (2026-10-02, 2026-10-06), any of which could be this transfer's other side; it is left for you to explain",
      },
    ]);
    expect((await lineNamed(t, current, 'TFR TO SAVINGS')).unexplained_amount).toBe('-500.0');
    expect(await allLines(t, savings)).toHaveLength(2);
  });

  it("a person's own request takes the nearest by date, and the other waits", async () => {
    const { t, current, savings } = await twoCandidates();
    await uploadLines(t, current, [{ dated_on: '2026-10-05', amount: '-500.00', description: 'TFR TO SAVINGS' }]);
    const line = await lineNamed(t, current, 'TFR TO SAVINGS');
    expect((await explain(t, { bank_transaction: line.url, gross_value: '-500', transfer_bank_account: savings })).status).toBe(201);
    expect((await lineNamed(t, savings, 'FROM CURRENT LATE')).unexplained_amount).toBe('0.0');
    expect((await lineNamed(t, savings, 'FROM CURRENT EARLY')).unexplained_amount).toBe('500.0');
    expect(await allLines(t, savings)).toHaveLength(2);
    expect(await balanceOf(t, savings)).toBe('1000.0');
  });
});

describe('a paired transfer changed, deleted, undone', () => {
  async function paired() {
    const world = await twoAccounts();
    await uploadLines(world.t, world.savings, [{ dated_on: '2026-10-06', amount: '500.00', description: 'FROM CURRENT ACCOUNT' }]);
    await uploadLines(world.t, world.current, [{ dated_on: '2026-10-05', amount: '-500.00', description: 'TFR TO SAVINGS' }]);
    const line = await lineNamed(world.t, world.current, 'TFR TO SAVINGS');
    return { ...world, line };
  }

  it('undo gives back both lines unexplained and unpaired; redo pairs them again', async () => {
    const { t, current, savings, line } = await paired();
    const before = recordTables(t);
    const made = await explain(t, { bank_transaction: line.url, gross_value: '-500', transfer_bank_account: savings, description: 'Saving' });
    expect(made.status).toBe(201);
    const after = recordTables(t);
    expect((await lineNamed(t, savings, 'FROM CURRENT ACCOUNT')).unexplained_amount).toBe('0.0');

    await undoLatest(t);
    expect(await register(t, current)).toEqual([{ dated_on: '2026-10-05', amount: '-500.0', unexplained: '-500.0', explained_as: [] }]);
    expect(await register(t, savings)).toEqual([{ dated_on: '2026-10-06', amount: '500.0', unexplained: '500.0', explained_as: [] }]);
    expect(await balanceOf(t, savings)).toBe('500.0');
    expect(recordTables(t)).toEqual(before);

    await redoLatest(t);
    expect(recordTables(t)).toEqual(after);
    expect(await register(t, savings)).toEqual([{ dated_on: '2026-10-06', amount: '500.0', unexplained: '0.0', explained_as: [`Transfer from Another Account: ${current}`] }]);
  });

  it('deleting the transfer leaves the statement line in Savings, unexplained again; undo pairs it back', async () => {
    const { t, current, savings, line } = await paired();
    const made = await explain(t, { bank_transaction: line.url, gross_value: '-500', transfer_bank_account: savings });
    expect(await register(t, savings)).toEqual([{ dated_on: '2026-10-06', amount: '500.0', unexplained: '0.0', explained_as: [`Transfer from Another Account: ${current}`] }]);
    const path = new URL(made.body.bank_transaction_explanation.url).pathname;
    // Undo puts the pair back exactly and redo deletes it again, every table compared.
    await expectUndoable(t, () => t.json('DELETE', path));
    expect(await register(t, savings)).toEqual([{ dated_on: '2026-10-06', amount: '500.0', unexplained: '500.0', explained_as: [] }]);
    expect((await lineNamed(t, current, 'TFR TO SAVINGS')).unexplained_amount).toBe('-500.0');
    expect(await balanceOf(t, savings)).toBe('500.0');
    expect(ledgerTotal(t)).toBe(0);
  });

  it('changing the transfer keeps its pair: the same Savings line, still one', async () => {
    const { t, current, savings, line } = await paired();
    const made = await explain(t, { bank_transaction: line.url, gross_value: '-500', transfer_bank_account: savings });
    // A second line of the same amount arrives within the window: the transfer stays with its own.
    await uploadLines(t, savings, [{ dated_on: '2026-10-04', amount: '500.00', description: 'ANOTHER 500' }]);
    const pairedLine = await lineNamed(t, savings, 'FROM CURRENT ACCOUNT');
    const changed = await t.json('PUT', new URL(made.body.bank_transaction_explanation.url).pathname, { body: { bank_transaction_explanation: { description: 'Rainy day' } } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await lineNamed(t, savings, 'FROM CURRENT ACCOUNT');
    expect(after.url).toBe(pairedLine.url);
    expect(after.bank_transaction_explanations[0]).toMatchObject({ description: 'Rainy day', transfer_bank_account: current });
    expect((await lineNamed(t, savings, 'ANOTHER 500')).unexplained_amount).toBe('500.0');
    expect(await allLines(t, savings)).toHaveLength(2);
    expect(await balanceOf(t, savings)).toBe('1000.0');
  });

  it('a transfer whose other side was made pairs with the statement line once that is in, when it is next changed', async () => {
    const { t, current, savings } = await twoAccounts();
    await uploadLines(t, current, [{ dated_on: '2026-10-05', amount: '-500.00', description: 'TFR TO SAVINGS' }]);
    const line = await lineNamed(t, current, 'TFR TO SAVINGS');
    const made = await explain(t, { bank_transaction: line.url, gross_value: '-500', transfer_bank_account: savings });
    expect(await allLines(t, savings)).toHaveLength(1);
    await uploadLines(t, savings, [{ dated_on: '2026-10-05', amount: '500.00', description: 'FROM CURRENT ACCOUNT' }]);
    const changed = await t.json('PUT', new URL(made.body.bank_transaction_explanation.url).pathname, { body: { bank_transaction_explanation: { description: 'Saving' } } });
    expect(changed.status).toBe(200);
    expect(await register(t, savings)).toEqual([{ dated_on: '2026-10-05', amount: '500.0', unexplained: '0.0', explained_as: [`Transfer from Another Account: ${current}`] }]);
    expect(await balanceOf(t, savings)).toBe('500.0');
  });
});
