import { describe, expect, it } from 'vitest';
import { bankAccount, explain, oneTransaction } from './banking-helpers';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { postBill } from './purchases-helpers';
import { contact, item, pay, sentInvoice } from './sales-helpers';

// The invoices, bills and contacts lists build each record of a page one row at a time (the row, its
// items, its contact, what settled it, a contact's balance). On a two-year book a page of 100 invoices
// prepared 700 SQL statements and took 150-370 ms, and the Invoices screen reads six such pages, the
// bank register ten (invoices and bills, to name what lines pay). Each of those reads is now prepared
// once per connection: what a page prepares must not grow with the rows on it.

/** Counts the SQL statements the engine prepares while it answers GET `path` (200). */
async function statementsFor(t: TestBook, path: string): Promise<{ prepared: number; body: any }> {
  const sqlite = t.book.sqlite;
  const prepare = sqlite.prepare;
  let prepared = 0;
  sqlite.prepare = ((source: string) => {
    prepared += 1;
    return prepare.call(sqlite, source);
  }) as typeof prepare;
  try {
    const response = await t.json('GET', path);
    expect(response.status).toBe(200);
    return { prepared, body: response.body };
  } finally {
    sqlite.prepare = prepare;
  }
}

/** What a page of `path` prepares, its first asking (which may prepare what later ones reuse) aside. */
async function pageCost(t: TestBook, path: string): Promise<{ prepared: number; body: any }> {
  await statementsFor(t, path);
  return statementsFor(t, path);
}

describe('a list page prepares the same statements for 12 rows as for 2', () => {
  it('invoices, paid in part, with their items and contacts', async () => {
    const t = createTestBook();
    const bank = await bankAccount(t);
    const customers = [await contact(t, { organisation_name: 'Northwind' }), await contact(t, { organisation_name: 'Southwind' })];
    const sale = async (n: number) => {
      const made = await sentInvoice(t, { contact: customers[n % 2], dated_on: `2026-10-${String(n).padStart(2, '0')}`, invoice_items: [item({ price: '100' }), item({ price: '20' })] });
      if (n % 2 === 0) await pay(t, made.url, '50', { account: bank, dated_on: '2026-11-01' });
    };
    for (const n of [1, 2]) await sale(n);
    const few = await pageCost(t, '/v2/invoices?view=all');
    expect(few.body.invoices).toHaveLength(2);
    for (let n = 3; n <= 12; n += 1) await sale(n);
    const many = await pageCost(t, '/v2/invoices?view=all');
    expect(many.body.invoices).toHaveLength(12);
    expect(many.body.invoices.filter((invoice: any) => invoice.due_value === '70.0')).toHaveLength(6);
    expect(many.prepared).toBe(few.prepared);
  });

  it('bills, paid in part', async () => {
    const t = createTestBook();
    const bank = await bankAccount(t);
    const supplier = await contact(t, { organisation_name: 'Office Supplies' });
    const purchase = async (n: number) => {
      const made = await postBill(t, supplier, { reference: `B${n}`, dated_on: `2026-10-${String(n).padStart(2, '0')}`, due_on: '2026-11-30', bill_items: [{ category: `${ORIGIN}/v2/categories/285`, total_value: '50' }] });
      expect(made.status).toBe(201);
      if (n % 2 !== 0) return;
      const line = await oneTransaction(t, bank, { dated_on: '2026-11-02', amount: '-20', description: `Office Supplies ${n}` });
      expect((await explain(t, { bank_transaction: line.url, paid_bill: made.body.bill.url, gross_value: '-20' })).status).toBe(201);
    };
    for (const n of [1, 2]) await purchase(n);
    const few = await pageCost(t, '/v2/bills?view=all');
    expect(few.body.bills).toHaveLength(2);
    for (let n = 3; n <= 12; n += 1) await purchase(n);
    const many = await pageCost(t, '/v2/bills?view=all');
    expect(many.body.bills).toHaveLength(12);
    expect(many.body.bills.filter((bill: any) => bill.due_value === '30.0')).toHaveLength(6);
    expect(many.prepared).toBe(few.prepared);
  });

  it('contacts, each with its balance', async () => {
    const t = createTestBook();
    const customer = async (n: number) => sentInvoice(t, { contact: await contact(t, { organisation_name: `Customer ${n}` }), dated_on: '2026-10-01', invoice_items: [item({ price: String(n) })] });
    for (const n of [1, 2]) await customer(n);
    const few = await pageCost(t, '/v2/contacts?view=all');
    expect(few.body.contacts).toHaveLength(2);
    for (let n = 3; n <= 12; n += 1) await customer(n);
    const many = await pageCost(t, '/v2/contacts?view=all');
    expect(many.body.contacts.map((row: any) => row.account_balance)).toContain('12.0');
    expect(many.prepared).toBe(few.prepared);
  });
});

describe('a register or expenses page prepares the same statements for 12 rows as for 2', () => {
  it("bank lines explained by category: each explanation's category and attachments", async () => {
    const t = createTestBook();
    const bank = await bankAccount(t);
    const explained = async (n: number) => {
      const line = await oneTransaction(t, bank, { dated_on: `2026-10-${String(n).padStart(2, '0')}`, amount: '-12.50', description: `Card ${n}` });
      expect((await explain(t, { bank_transaction: line.url, category: `${ORIGIN}/v2/categories/${n % 2 ? '285' : '250'}`, gross_value: '-12.50' })).status).toBe(201);
    };
    const page = `/v2/bank_transactions?bank_account=${encodeURIComponent(bank)}&view=all&running_balance=true`;
    for (const n of [1, 2]) await explained(n);
    const few = await pageCost(t, page);
    expect(few.body.bank_transactions).toHaveLength(2);
    for (let n = 3; n <= 12; n += 1) await explained(n);
    const many = await pageCost(t, page);
    expect(many.body.bank_transactions).toHaveLength(12);
    expect(many.body.bank_transactions.every((line: any) => line.bank_transaction_explanations[0].category)).toBe(true);
    expect(many.prepared).toBe(few.prepared);
  });

  it('expenses', async () => {
    const t = createTestBook();
    const spend = async (n: number) => {
      const made = await t.json('POST', '/v2/expenses', { body: { expense: { user: `${ORIGIN}/v2/users/${t.ownerId}`, dated_on: `2026-10-${String(n).padStart(2, '0')}`, description: `Train ${n}`, category: '285', gross_value: '-10.00' } } });
      expect(made.status).toBe(201);
    };
    for (const n of [1, 2]) await spend(n);
    const few = await pageCost(t, '/v2/expenses');
    expect(few.body.expenses).toHaveLength(2);
    for (let n = 3; n <= 12; n += 1) await spend(n);
    const many = await pageCost(t, '/v2/expenses');
    expect(many.body.expenses).toHaveLength(12);
    expect(many.prepared).toBe(few.prepared);
  });
});
