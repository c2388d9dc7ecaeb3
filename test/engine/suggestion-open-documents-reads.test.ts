import { describe, expect, it } from 'vitest';
import { bankAccount, oneTransaction } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { contact, item, pay, sentInvoice } from './sales-helpers';

// The register's suggestions match lines with what is still due on open invoices. That index is built
// again after every change to the book, so the page read next (the register refreshed after a line is
// explained) waits for it; it read each invoice's settlements three queries at a time, 1,800 reads on a
// two-year book of 600 invoices. The statements it runs must not grow with the invoices.

/**
 * Counts the SQL statements the engine runs while it answers GET `path` (200): each all, get, iterate
 * or run of a statement, however often it was prepared (hot reads are prepared once per connection).
 */
async function statementsFor(t: TestBook, path: string): Promise<{ prepared: number; body: any }> {
  const statement = Object.getPrototypeOf(t.book.sqlite.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>;
  const methods = ['all', 'get', 'iterate', 'run'] as const;
  const originals = methods.map((name) => statement[name]!);
  let prepared = 0;
  methods.forEach((name, index) => {
    statement[name] = function (this: unknown, ...args: unknown[]) {
      prepared += 1;
      return originals[index]!.apply(this, args);
    };
  });
  try {
    const response = await t.json('GET', path);
    expect(response.status).toBe(200);
    return { prepared, body: response.body };
  } finally {
    methods.forEach((name, index) => (statement[name] = originals[index]!));
  }
}

/** A register page read after the book changed (a new contact), so the open documents are read again. */
async function pageAfterAChange(t: TestBook, path: string, n: number) {
  await statementsFor(t, path);
  expect((await t.json('POST', '/v2/contacts', { body: { contact: { organisation_name: `Other ${n}` } } })).status).toBe(201);
  return statementsFor(t, path);
}

describe("a register page's suggestions read what is due on open invoices in the same statements for 12 invoices as for 2", () => {
  it('invoices paid in part, the line matching one by what is still due', async () => {
    const t = createTestBook();
    const bank = await bankAccount(t);
    const customer = await contact(t, { organisation_name: 'Northwind Traders' });
    const sale = async (n: number) => {
      const made = await sentInvoice(t, { contact: customer, dated_on: `2026-10-${String(n).padStart(2, '0')}`, invoice_items: [item({ price: String(100 + n) })] });
      await pay(t, made.url, '50', { account: bank, dated_on: '2026-11-01' });
      return made;
    };
    const first = await sale(1);
    await sale(2);
    // 51.00 is what is still due on the first invoice (101.00 less 50.00 paid) and on no other.
    await oneTransaction(t, bank, { dated_on: '2026-11-20', amount: '51', description: 'NORTHWIND TRADERS PAYMENT' });
    const page = `/v2/bank_transactions?bank_account=${encodeURIComponent(bank)}&view=unexplained&running_balance=true`;
    const few = await pageAfterAChange(t, page, 1);
    expect(few.body.bank_transactions[0].suggested_explanation.paid_invoice).toBe(first.url);
    for (let n = 3; n <= 12; n += 1) await sale(n);
    const many = await pageAfterAChange(t, page, 2);
    expect(many.body.bank_transactions[0].suggested_explanation.paid_invoice).toBe(first.url);
    expect(many.prepared).toBe(few.prepared);
  });
});
