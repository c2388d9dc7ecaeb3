import fc from 'fast-check';
import { expect } from 'vitest';
import { fromMinor } from '../../shared/money';
import { postedByCode, send, type PostingDriver, type Step, type World } from './ledger-drivers';

/**
 * The purchases' drivers for the ledger invariant (ledger-drivers.ts): expenses with every kind of
 * sales tax and foreign currency, bills with items added, changed and removed, and bill payments
 * (bank explanations with paid_bill) that part-pay, settle, over-pay (refused) and move. Their checks
 * hold each document to what it says: an expense owes its native gross to the user's 900-N account, a
 * bill its total on Trade Creditors, and what a bill still owes there is what is left to pay on it.
 *
 * ledger-drivers.ts lists these drivers and this file uses its `send`: a cycle that is safe because
 * nothing here calls into it while the modules load. Import the drivers through ledger-drivers.ts.
 */

const minorOf = (value: string | undefined) => Math.round(Number(value ?? '0') * 100);
const idOf = (url: string) => Number(url.split('/').pop());
const pick = <T>(list: readonly T[] | undefined, index: number): T | undefined => (list && list.length > 0 ? list[index % list.length] : undefined);
const remember = (world: World, name: string, url: string) => (world.made[name] = [...(world.made[name] ?? []), url]);
const forget = (world: World, name: string, url: string) => (world.made[name] = (world.made[name] ?? []).filter((other) => other !== url));
const read = async (world: World, url: string) => (await world.t.json('GET', new URL(url).pathname)).body;

/** Dates either side of the lock dates the lock driver sets (31 January and 31 March 2026). */
const date = fc.constantFrom('2026-01-15', '2026-03-31', '2026-04-01', '2026-06-30', '2026-09-10');
const pence = fc.integer({ min: 1, max: 250_000 });
const category = fc.constantFrom('285', '250', '365');
const tax = fc.oneof(
  fc.constant({}),
  fc.constant({ sales_tax_rate: 'Auto' }),
  fc.constantFrom('0', '5', '17.5', '20').map((rate) => ({ sales_tax_rate: rate })),
  fc.integer({ min: 0, max: 100 }).map((percent) => ({ manualPercent: percent })),
  fc.constantFrom('EXEMPT', 'OUT_OF_SCOPE').map((status) => ({ sales_tax_status: status })),
);
type Tax = typeof tax extends fc.Arbitrary<infer T> ? T : never;

/** The tax fields of a payload; a manual amount is a share of the gross, so it never exceeds it. */
function taxFields(choice: Tax, grossPence: number): Record<string, unknown> {
  if ('manualPercent' in choice) return { manual_sales_tax_amount: fromMinor(Math.floor((grossPence * choice.manualPercent) / 100)) };
  return choice;
}

function driver<A>(name: string, weight: number, steps: fc.Arbitrary<A>, run: (world: World, args: A) => Promise<void>, check: (world: World) => Promise<void>): PostingDriver {
  return { name, weight, check, steps: steps.map((args): Step => ({ driver: name, args, run: (world) => run(world, args), toString: () => `${name} ${JSON.stringify(args)}` }) as Step) };
}

const expenses = driver(
  'expenses',
  2,
  fc.oneof(
    { weight: 3, arbitrary: fc.record({ op: fc.constant('create' as const), pence, refund: fc.boolean(), date, tax, category, foreign: fc.boolean() }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('change' as const), pick: fc.nat(), pence, date: fc.option(date), tax, category }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
  ),
  async (world, step) => {
    if (step.op === 'create') {
      const gross = step.refund ? step.pence : -step.pence;
      const currency = step.foreign ? { currency: 'USD', native_gross_value: fromMinor(Math.sign(gross) * Math.max(1, Math.round(step.pence * 0.79))) } : {};
      const fields = { dated_on: step.date, description: 'Random expense', category: step.category, gross_value: fromMinor(gross), ...currency, ...taxFields(step.tax, step.pence) };
      const reply = await send(world, 'POST', '/v2/expenses', { expense: fields });
      if (reply.status === 201) remember(world, 'expenses', reply.body.expense.url);
      return;
    }
    const url = pick(world.made.expenses, step.pick);
    if (!url) return;
    if (step.op === 'delete') {
      if ((await send(world, 'DELETE', url)).status === 200) forget(world, 'expenses', url);
      return;
    }
    const fields = { category: step.category, gross_value: fromMinor(-step.pence), ...(step.date ? { dated_on: step.date } : {}), ...taxFields(step.tax, step.pence) };
    await send(world, 'PUT', url, { expense: fields });
  },
  async (world) => {
    // The claimant's 900-N account carries the native gross, VAT Reclaimed the native tax.
    for (const url of world.made.expenses ?? []) {
      const expense = (await read(world, url)).expense;
      const posted = postedByCode(world, 'expenses', idOf(url));
      expect(posted[`900-${idOf(expense.user)}`] ?? 0, url).toBe(minorOf(expense.native_gross_value));
      expect(posted['818'] ?? 0, url).toBe(0 - minorOf(expense.native_sales_tax_value));
    }
  },
);

const item = fc.record({ pence, credit: fc.boolean(), tax, category });
type Item = typeof item extends fc.Arbitrary<infer T> ? T : never;

function itemFields(entry: Item): Record<string, unknown> {
  return { category: entry.category, total_value: fromMinor(entry.credit ? -entry.pence : entry.pence), ...taxFields(entry.tax, entry.pence) };
}

const bills = driver(
  'bills',
  2,
  fc.oneof(
    { weight: 3, arbitrary: fc.record({ op: fc.constant('create' as const), items: fc.array(item, { minLength: 1, maxLength: 3 }), date, dollars: fc.boolean() }) },
    {
      weight: 2,
      arbitrary: fc.record({ op: fc.constant('change' as const), pick: fc.nat(), first: item, add: fc.option(item), destroyFirst: fc.boolean(), date: fc.option(date), rate: fc.constantFrom('0.7', '0.79', '0.8123') }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
  ),
  async (world, step) => {
    if (step.op === 'create') {
      const currency = step.dollars ? { currency: 'USD', exchange_rate: '0.79' } : {};
      const fields = { contact: world.contact, reference: 'R', dated_on: step.date, due_on: '2026-12-31', ...currency, bill_items: step.items.map(itemFields) };
      const reply = await send(world, 'POST', '/v2/bills', { bill: fields });
      if (reply.status === 201) remember(world, 'bills', reply.body.bill.url);
      return;
    }
    const url = pick(world.made.bills, step.pick);
    if (!url) return;
    if (step.op === 'delete') {
      if ((await send(world, 'DELETE', url)).status === 200) forget(world, 'bills', url);
      return;
    }
    const current = (await read(world, url)).bill;
    const first = current.bill_items[0];
    const entries: Record<string, unknown>[] = [step.destroyFirst ? { url: first.url, _destroy: 1 } : { url: first.url, ...itemFields(step.first) }];
    if (step.add) entries.push({ url: '', ...itemFields(step.add) });
    const fields = { ...(current.currency === 'USD' ? { exchange_rate: step.rate } : {}), ...(step.date ? { dated_on: step.date } : {}), bill_items: entries };
    await send(world, 'PUT', url, { bill: fields });
  },
  async (world) => {
    // A bill in pounds owes its total on Trade Creditors and reclaims its tax on 818.
    for (const url of world.made.bills ?? []) {
      const bill = (await read(world, url)).bill;
      if (bill.currency !== 'GBP') continue;
      const posted = postedByCode(world, 'bills', idOf(url));
      expect(posted['796'] ?? 0, url).toBe(0 - minorOf(bill.total_value));
      expect(posted['818'] ?? 0, url).toBe(0 - minorOf(bill.sales_tax_value));
    }
  },
);

/** A statement line of its own on an account; null when the upload was refused (a locked date). */
async function newLine(world: World, account: string, datedOn: string, minor: number): Promise<string | null> {
  world.lines += 1;
  const description = `line ${world.lines}`;
  const reply = await send(world, 'POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(account)}`, { statement: [{ dated_on: datedOn, amount: fromMinor(minor), description }] });
  if (reply.status !== 200) return null;
  const listed = await world.t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=100&from_date=${datedOn}&to_date=${datedOn}`);
  return listed.body.bank_transactions.find((row: any) => row.description.startsWith(`${description}/`)).url;
}

/** Trade Creditors for one bill: its own line and its payments' lines. */
function creditorsOf(world: World, billId: number): number {
  return world.t.book.sqlite
    .prepare(
      `SELECT coalesce(sum(p.debit_minor), 0) FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE c.nominal_code = '796' AND ((p.source_resource = 'bills' AND p.source_id = @bill)
         OR (p.source_resource = 'bank_transaction_explanations' AND p.source_id IN (SELECT id FROM bank_transaction_explanations WHERE paid_bill_id = @bill)))`,
    )
    .pluck()
    .get({ bill: billId }) as number;
}

const billPayments = driver(
  'bill_payments',
  3,
  fc.oneof(
    // A share above 100 asks for more than is due, which is refused.
    { weight: 4, arbitrary: fc.record({ op: fc.constant('pay' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 120 }), date, bankRate: fc.constantFrom('0.75', '0.8', '0.83') }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('change' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 100 }) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
  ),
  async (world, step) => {
    if (step.op === 'pay') {
      const billUrl = pick(world.made.bills, step.pick);
      if (!billUrl) return;
      const bill = (await read(world, billUrl)).bill;
      const due = minorOf(bill.due_value);
      const over = step.share > 100 && due !== 0;
      const paying = over ? due + Math.sign(due) * Math.max(1, Math.trunc((Math.abs(due) * (step.share - 100)) / 100)) : Math.trunc((due * step.share) / 100) || Math.sign(due) || 1;
      const dollars = bill.currency === 'USD';
      const line = await newLine(world, dollars ? world.accounts.dollars : world.accounts.pounds, step.date, -paying);
      if (!line) return;
      const native = dollars ? Math.round(paying * Number(step.bankRate)) || Math.sign(paying) : paying;
      const amounts = dollars ? { gross_value: fromMinor(-native), foreign_currency_value: fromMinor(-paying) } : { gross_value: fromMinor(-paying) };
      const reply = await send(world, 'POST', '/v2/bank_transaction_explanations', { bank_transaction_explanation: { bank_transaction: line, paid_bill: billUrl, ...amounts } });
      if (reply.status === 201) remember(world, 'bill_payments', reply.body.bank_transaction_explanation.url);
      if (over) expect(reply.status, 'a payment of more than is due').toBe(422);
      return;
    }
    const url = pick(world.made.bill_payments, step.pick);
    if (!url) return;
    if (step.op === 'delete') {
      if ((await send(world, 'DELETE', url)).status === 200) forget(world, 'bill_payments', url);
      return;
    }
    const current = (await read(world, url)).bank_transaction_explanation;
    const scale = (value: string) => Math.trunc((minorOf(value) * step.share) / 100) || Math.sign(Number(value));
    const fields: Record<string, unknown> = { gross_value: fromMinor(scale(current.gross_value)) };
    if (current.foreign_currency_value !== '0.0') fields.foreign_currency_value = fromMinor(scale(current.foreign_currency_value));
    await send(world, 'PUT', url, { bank_transaction_explanation: fields });
  },
  async (world) => {
    // Paid and due make the total; a bill in pounds owes on 796 what is left to pay, a settled one nothing.
    for (const url of world.made.bills ?? []) {
      const bill = (await read(world, url)).bill;
      const [total, paid, due] = [minorOf(bill.total_value), minorOf(bill.paid_value), minorOf(bill.due_value)];
      expect(paid + due, url).toBe(total);
      expect(Math.abs(paid), url).toBeLessThanOrEqual(Math.abs(total));
      if (bill.currency === 'GBP') expect(creditorsOf(world, idOf(url)), url).toBe(0 - due);
      else if (due === 0) expect(creditorsOf(world, idOf(url)), url).toBe(0);
    }
  },
);

/** The purchases' entries for POSTING_DRIVERS. */
export const PURCHASE_DRIVERS: readonly PostingDriver[] = [expenses, bills, billPayments];
