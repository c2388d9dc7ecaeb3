import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinor } from '../../shared/money';
import { bankAccount, explain, ledgerTotal, upload } from './banking-helpers';
import { createTestBook } from './harness';
import { insertContact, postBill, postExpense, putBill } from './purchases-helpers';

/**
 * Random sequences of expenses, bills and bill payments, created, changed and deleted through the API.
 * Whatever the sequence, the ledger balances: all postings sum to zero, every document balances on its
 * own, and what a bill owes on Trade Creditors is what is left to pay on it. No request is a 500.
 */

type Book = ReturnType<typeof createTestBook>;

const pence = fc.integer({ min: 1, max: 500_000 });
const tax = fc.oneof(
  fc.constant({}),
  fc.constant({ sales_tax_rate: 'Auto' }),
  fc.constantFrom('0', '5', '17.5', '20').map((rate) => ({ sales_tax_rate: rate })),
  fc.integer({ min: 0, max: 100 }).map((percent) => ({ manual: percent })),
  fc.constantFrom('EXEMPT', 'OUT_OF_SCOPE').map((status) => ({ sales_tax_status: status })),
);
const category = fc.constantFrom('285', '365', '250');
const item = fc.record({ pence, credit: fc.boolean(), tax, category });

const command = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('createExpense' as const), pence, refund: fc.boolean(), tax, category, foreign: fc.boolean() }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('updateExpense' as const), pick: fc.nat(), pence, tax, category }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('deleteExpense' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('createBill' as const), items: fc.array(item, { minLength: 1, maxLength: 3 }), euro: fc.boolean() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('updateBill' as const), pick: fc.nat(), first: item, add: fc.option(item), destroyFirst: fc.boolean(), rate: fc.constantFrom('0.8', '0.85', '0.9137') }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('deleteBill' as const), pick: fc.nat() }), weight: 1 },
  // Payments are weighted up: they are where bills, banking and the ledger meet.
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 120 }), bankRate: fc.constantFrom('0.8', '0.86', '0.91') }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('changePayment' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 100 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('deletePayment' as const), pick: fc.nat() }), weight: 1 },
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;
type Item = typeof item extends fc.Arbitrary<infer T> ? T : never;
type Tax = typeof tax extends fc.Arbitrary<infer T> ? T : never;

/** The tax fields of a payload; a manual amount is a share of the gross, so it never exceeds it. */
function taxFields(choice: Tax, grossPence: number): Record<string, unknown> {
  if ('manual' in choice) return { manual_sales_tax_amount: fromMinor(Math.floor((grossPence * choice.manual) / 100)) };
  return choice;
}

function itemFields(entry: Item): Record<string, unknown> {
  const total = entry.credit ? -entry.pence : entry.pence;
  return { category: entry.category, total_value: fromMinor(total), ...taxFields(entry.tax, entry.pence) };
}

interface World {
  t: Book;
  pounds: string;
  euros: string;
  contact: string;
  expenses: string[];
  bills: string[];
  payments: string[];
  lines: number;
}

const pick = <T>(list: readonly T[], index: number): T | undefined => (list.length === 0 ? undefined : list[index % list.length]);
const idOf = (url: string) => url.split('/').pop()!;

async function newLine(world: World, account: string, amount: string): Promise<string> {
  world.lines += 1;
  const description = `line ${world.lines}`;
  const response = await upload(world.t, account, [{ dated_on: '2026-09-01', amount, description }]);
  expect(response.status).toBe(200);
  const listed = await world.t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=100`);
  return listed.body.bank_transactions.find((row: any) => row.description.startsWith(`${description}/`)).url;
}

/** Runs one command; refusals (4xx) are fine, a 500 never is. */
async function run(world: World, step: Command): Promise<void> {
  const { t } = world;
  let status = 0;
  switch (step.kind) {
    case 'createExpense': {
      const gross = step.refund ? step.pence : -step.pence;
      const currency = step.foreign ? { currency: 'USD', native_gross_value: fromMinor(Math.sign(gross) * Math.max(1, Math.round(step.pence * 0.79))) } : {};
      const response = await postExpense(t, { category: step.category, gross_value: fromMinor(gross), ...currency, ...taxFields(step.tax, step.pence) });
      status = response.status;
      if (status === 201) world.expenses.push(response.body.expense.url);
      break;
    }
    case 'updateExpense': {
      const url = pick(world.expenses, step.pick);
      if (!url) return;
      const response = await t.json('PUT', `/v2/expenses/${idOf(url)}`, { body: { expense: { category: step.category, gross_value: fromMinor(-step.pence), ...taxFields(step.tax, step.pence) } } });
      status = response.status;
      break;
    }
    case 'deleteExpense': {
      const url = pick(world.expenses, step.pick);
      if (!url) return;
      status = (await t.json('DELETE', `/v2/expenses/${idOf(url)}`)).status;
      if (status === 200) world.expenses = world.expenses.filter((other) => other !== url);
      break;
    }
    case 'createBill': {
      const currency = step.euro ? { currency: 'EUR', exchange_rate: '0.85' } : {};
      const response = await postBill(t, world.contact, { ...currency, bill_items: step.items.map(itemFields) });
      status = response.status;
      if (status === 201) world.bills.push(response.body.bill.url);
      break;
    }
    case 'updateBill': {
      const url = pick(world.bills, step.pick);
      if (!url) return;
      const current = (await t.json('GET', `/v2/bills/${idOf(url)}`)).body.bill;
      const first = current.bill_items[0];
      const entries: Record<string, unknown>[] = [step.destroyFirst ? { url: first.url, _destroy: 1 } : { url: first.url, ...itemFields(step.first) }];
      if (step.add) entries.push({ url: '', ...itemFields(step.add) });
      const rate = current.currency === 'EUR' ? { exchange_rate: step.rate } : {};
      status = (await putBill(t, url, { ...rate, bill_items: entries })).status;
      break;
    }
    case 'deleteBill': {
      const url = pick(world.bills, step.pick);
      if (!url) return;
      status = (await t.json('DELETE', `/v2/bills/${idOf(url)}`)).status;
      if (status === 200) world.bills = world.bills.filter((other) => other !== url);
      break;
    }
    case 'pay': {
      const url = pick(world.bills, step.pick);
      if (!url) return;
      const bill = (await t.json('GET', `/v2/bills/${idOf(url)}`)).body.bill;
      const dueMinor = Math.round(Number(bill.due_value) * 100);
      // A share above 100 asks for more than is due (at least a penny more), which must be refused.
      const over = step.share > 100 && dueMinor !== 0;
      const paying = over ? dueMinor + Math.sign(dueMinor) * Math.max(1, Math.trunc((Math.abs(dueMinor) * (step.share - 100)) / 100)) : Math.trunc((dueMinor * step.share) / 100) || Math.sign(dueMinor) || 1;
      const euro = bill.currency === 'EUR';
      const native = euro ? Math.round(paying * Number(step.bankRate)) || Math.sign(paying) : paying;
      const line = await newLine(world, euro ? world.euros : world.pounds, fromMinor(-paying));
      const fields = euro ? { gross_value: fromMinor(-native), foreign_currency_value: fromMinor(-paying) } : { gross_value: fromMinor(-paying) };
      const response = await explain(t, { bank_transaction: line, paid_bill: url, ...fields });
      status = response.status;
      if (status === 201) world.payments.push(response.body.bank_transaction_explanation.url);
      if (over) expect(status).toBe(422);
      break;
    }
    case 'changePayment': {
      const url = pick(world.payments, step.pick);
      if (!url) return;
      const current = (await t.json('GET', `/v2/bank_transaction_explanations/${idOf(url)}`)).body.bank_transaction_explanation;
      const minor = Math.round(Number(current.gross_value) * 100);
      const smaller = Math.trunc((minor * step.share) / 100) || minor;
      const foreign = current.foreign_currency_value !== '0.0' ? { foreign_currency_value: fromMinor(Math.trunc((Math.round(Number(current.foreign_currency_value) * 100) * step.share) / 100) || Math.sign(smaller)) } : {};
      status = (await t.json('PUT', `/v2/bank_transaction_explanations/${idOf(url)}`, { body: { bank_transaction_explanation: { gross_value: fromMinor(smaller), ...foreign } } })).status;
      break;
    }
    case 'deletePayment': {
      const url = pick(world.payments, step.pick);
      if (!url) return;
      status = (await t.json('DELETE', `/v2/bank_transaction_explanations/${idOf(url)}`)).status;
      if (status === 200) world.payments = world.payments.filter((other) => other !== url);
      break;
    }
  }
  expect(status, JSON.stringify(step)).toBeLessThan(500);
}

function unbalancedDocuments(t: Book): unknown[] {
  return t.book.sqlite.prepare('SELECT source_resource, source_id, sum(debit_minor) AS total FROM postings GROUP BY source_resource, source_id HAVING total <> 0').all();
}

/** Trade Creditors per bill: the bill's own line and its payments' lines. */
function creditorsOf(t: Book, billId: string): number {
  return t.book.sqlite
    .prepare(
      `SELECT coalesce(sum(p.debit_minor), 0) FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE c.nominal_code = '796' AND ((p.source_resource = 'bills' AND p.source_id = @bill)
         OR (p.source_resource = 'bank_transaction_explanations' AND p.source_id IN (SELECT id FROM bank_transaction_explanations WHERE paid_bill_id = @bill)))`,
    )
    .pluck()
    .get({ bill: Number(billId) }) as number;
}

async function checkLedger(world: World): Promise<void> {
  const { t } = world;
  expect(ledgerTotal(t)).toBe(0);
  expect(unbalancedDocuments(t)).toEqual([]);
  for (const url of world.bills) {
    const bill = (await t.json('GET', `/v2/bills/${idOf(url)}`)).body.bill;
    const total = Math.round(Number(bill.total_value) * 100);
    const paid = Math.round(Number(bill.paid_value) * 100);
    const due = Math.round(Number(bill.due_value) * 100);
    expect(paid + due).toBe(total);
    expect(Math.abs(paid)).toBeLessThanOrEqual(Math.abs(total));
    // A bill in pounds owes exactly what is left to pay; a settled bill in any currency owes nothing.
    if (bill.currency === 'GBP' || due === 0) expect(creditorsOf(t, idOf(url))).toBe(bill.currency === 'GBP' ? 0 - due : 0);
  }
}

describe('purchases keep the ledger balanced', () => {
  it('through random sequences of expenses, bills and bill payments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 18 }), async (steps) => {
        const t = createTestBook({ vatRegistered: true });
        const world: World = {
          t,
          pounds: await bankAccount(t),
          euros: await bankAccount(t, { name: 'Euros', currency: 'EUR' }),
          contact: insertContact(t),
          expenses: [],
          bills: [],
          payments: [],
          lines: 0,
        };
        for (const step of steps) {
          await run(world, step);
          await checkLedger(world);
        }
      }),
      { numRuns: 50 },
    );
  }, 180_000);
});
