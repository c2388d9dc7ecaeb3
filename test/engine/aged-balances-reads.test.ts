import { describe, expect, it } from 'vitest';
import { bankAccount, explain, oneTransaction } from './banking-helpers';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { postBill } from './purchases-helpers';
import { contact, item, pay, sentInvoice } from './sales-helpers';

// On a book of two years (600 invoices, 400 bills, 5,000 explained bank lines) the aged debtors took
// most of a second and held up the Overview, which shows it: the report asked the database three times
// per invoice (its payments, and the credit notes set against it either way) and once per bill. What
// the report reads must not grow with the number of documents; the figures are aged-balances.test.ts's.

/** Counts the SQL statements the engine prepares while `run` runs: one per query it sends. */
async function statementsDuring(t: TestBook, run: () => Promise<unknown>): Promise<number> {
  const sqlite = t.book.sqlite;
  const prepare = sqlite.prepare;
  let count = 0;
  sqlite.prepare = ((source: string) => {
    count += 1;
    return prepare.call(sqlite, source);
  }) as typeof prepare;
  try {
    await run();
  } finally {
    sqlite.prepare = prepare;
  }
  return count;
}

async function reportReads(t: TestBook, path: string): Promise<{ reads: number; body: any }> {
  let body: any;
  const reads = await statementsDuring(t, async () => {
    const response = await t.json('GET', path);
    expect(response.status).toBe(200);
    body = response.body;
  });
  return { reads, body };
}

describe('the aged balances read the book the same few times however many documents it holds', () => {
  it('aged debtors: twelve invoices, some part paid, cost the reads of two', async () => {
    const t = createTestBook();
    const bank = await bankAccount(t);
    const customer = await contact(t, { organisation_name: 'Northwind' });
    const sale = async (day: number) => sentInvoice(t, { contact: customer, dated_on: `2026-10-${String(day).padStart(2, '0')}`, payment_terms_in_days: 30, invoice_items: [item({ price: '100' })] });
    for (const day of [1, 2]) await pay(t, (await sale(day)).url, '40', { account: bank, dated_on: '2026-11-01' });
    const few = await reportReads(t, '/v2/accounting/aged_debtors');
    expect(few.body.aged_debtors.totals).toEqual([expect.objectContaining({ total: '120.0' })]);

    for (let day = 3; day <= 12; day += 1) {
      const made = await sale(day);
      if (day % 2 === 0) await pay(t, made.url, '40', { account: bank, dated_on: '2026-11-01' });
    }
    const many = await reportReads(t, '/v2/accounting/aged_debtors');
    // 2 x 60 + 5 x 60 + 5 x 100 still owed.
    expect(many.body.aged_debtors.totals).toEqual([expect.objectContaining({ total: '920.0' })]);
    expect(many.reads).toBe(few.reads);
  });

  it('aged creditors: twelve bills, some paid, cost the reads of two', async () => {
    const t = createTestBook();
    const bank = await bankAccount(t);
    const supplier = await contact(t, { organisation_name: 'Office Supplies' });
    let lines = 0;
    const purchase = async (day: number, paid: boolean) => {
      const dated = `2026-10-${String(day).padStart(2, '0')}`;
      const made = await postBill(t, supplier, { dated_on: dated, due_on: '2026-11-30', bill_items: [{ category: `${ORIGIN}/v2/categories/285`, total_value: '50' }] });
      expect(made.status).toBe(201);
      if (!paid) return;
      lines += 1;
      const line = await oneTransaction(t, bank, { dated_on: '2026-11-02', amount: '-20', description: `Office Supplies ${lines}` });
      expect((await explain(t, { bank_transaction: line.url, paid_bill: made.body.bill.url, gross_value: '-20' })).status).toBe(201);
    };
    for (const day of [1, 2]) await purchase(day, true);
    const few = await reportReads(t, '/v2/accounting/aged_creditors');
    expect(few.body.aged_creditors.totals).toEqual([expect.objectContaining({ total: '60.0' })]);

    for (let day = 3; day <= 12; day += 1) await purchase(day, day % 2 === 0);
    const many = await reportReads(t, '/v2/accounting/aged_creditors');
    // 7 x 30 + 5 x 50 still owed.
    expect(many.body.aged_creditors.totals).toEqual([expect.objectContaining({ total: '460.0' })]);
    expect(many.reads).toBe(few.reads);
  });
});
