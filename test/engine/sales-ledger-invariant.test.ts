import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinor } from '../../shared/money';
import { bankAccount, explain, ledgerTotal } from './banking-helpers';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, type TestBook } from './harness';
import { contact } from './sales-helpers';

/**
 * Random sequences of invoices and credit notes (created, edited, sent, returned to draft, cancelled,
 * deleted), bank explanations paying and refunding them, and credit note reconciliations, in pounds
 * and in dollars. After every step: all postings sum to zero, every source balances on its own, trade
 * debtors (681) holds exactly what is still owed on the sent documents, 790 is clear, no document is
 * settled beyond its total, no request is a 500, and a refused request changed nothing.
 */

const pence = fc.integer({ min: 1, max: 300_000 });
const date = fc.constantFrom('2026-10-01', '2026-10-20', '2026-11-05', '2026-11-20');
const rate = fc.constantFrom('0', '5', '20', 'EXEMPT');
const transitionName = fc.constantFrom('mark_as_sent', 'mark_as_draft', 'mark_as_cancelled');
// Mostly sent and in pounds, so that payments and reconciliations (which need both) come up often.
const sendIt = fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
const dollars = fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) });

const command = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('invoice' as const), pence, rate, date, dollars, send: sendIt }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('creditNote' as const), pence, rate, date, dollars, send: sendIt }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), pence, date: fc.option(date) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('transition' as const), pick: fc.nat(), name: transitionName }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 120 }), bankRate: fc.constantFrom('0.75', '0.8', '0.83'), date }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('changePayment' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 110 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deletePayment' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('reconcile' as const), invoice: fc.nat(), creditNote: fc.nat(), share: fc.integer({ min: 1, max: 120 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('changeReconciliation' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 120 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteReconciliation' as const), pick: fc.nat() }) },
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

interface World {
  t: TestBook;
  contact: string;
  pounds: string;
  dollars: string;
  invoices: string[];
  creditNotes: string[];
  payments: string[];
  reconciliations: string[];
  lines: number;
  refusals: number;
  accepted: number;
  /** Payments and reconciliations made, to prove the runs reached them. */
  settled: { payments: number; reconciliations: number };
}

const path = (url: string) => {
  const parsed = new URL(url, 'http://local');
  return parsed.pathname + parsed.search;
};
const minor = (value: string) => new Decimal(value).times(100).toNumber();
const pick = <T>(list: readonly T[], index: number): T | undefined => (list.length > 0 ? list[index % list.length] : undefined);
const shareOf = (value: number, percent: number) => Math.max(1, Math.trunc((Math.abs(value) * percent) / 100));

/** Sends one request: never a 500, and a refusal leaves every table as it was. */
async function send(world: World, method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
  const before = bookSnapshot(world.t);
  const reply = await world.t.json(method, path(url), body === undefined ? {} : { body });
  expect(reply.status, `${method} ${url} ${JSON.stringify(body)} -> ${JSON.stringify(reply.body)}`).toBeLessThan(500);
  if (reply.status >= 400) {
    world.refusals += 1;
    expect(bookSnapshot(world.t), `${method} ${url} was refused but changed the book`).toEqual(before);
  } else {
    world.accepted += 1;
  }
  return reply;
}

const documentFields = (world: World, command: { pence: number; rate: string; date: string; dollars: boolean }, sign: number) => ({
  contact: world.contact,
  dated_on: command.date,
  ...(command.dollars ? { currency: 'USD', exchange_rate: '0.8' } : {}),
  items: [{ description: 'Work', item_type: 'Hours', price: fromMinor(sign * command.pence), ...(command.rate === 'EXEMPT' ? { sales_tax_status: 'EXEMPT' } : { sales_tax_rate: command.rate }) }],
});

async function read(world: World, url: string): Promise<any> {
  const body = (await world.t.json('GET', path(url))).body;
  return body.invoice ?? body.credit_note;
}

async function run(world: World, command: Command): Promise<void> {
  switch (command.kind) {
    case 'invoice':
    case 'creditNote': {
      const [resource, root, itemsKey, list] = command.kind === 'invoice' ? ['invoices', 'invoice', 'invoice_items', world.invoices] : ['credit_notes', 'credit_note', 'credit_note_items', world.creditNotes];
      const { items, ...fields } = documentFields(world, command, command.kind === 'invoice' ? 1 : -1);
      const reply = await send(world, 'POST', `/v2/${resource}`, { [root]: { ...fields, [itemsKey]: items } });
      if (reply.status !== 201) return;
      list.push(reply.body[root].url);
      if (command.send) await send(world, 'PUT', `${reply.body[root].url}/transitions/mark_as_sent`);
      return;
    }
    case 'edit': {
      const url = pick([...world.invoices, ...world.creditNotes], command.pick);
      if (!url) return;
      const current = await read(world, url);
      const isInvoice = url.includes('/invoices/');
      const items = current[isInvoice ? 'invoice_items' : 'credit_note_items'];
      const change = { url: items[0].url, price: fromMinor((isInvoice ? 1 : -1) * command.pence) };
      await send(world, 'PUT', url, { [isInvoice ? 'invoice' : 'credit_note']: { ...(command.date ? { dated_on: command.date } : {}), [isInvoice ? 'invoice_items' : 'credit_note_items']: [change] } });
      return;
    }
    case 'transition': {
      const url = pick([...world.invoices, ...world.creditNotes], command.pick);
      if (url) await send(world, 'PUT', `${url}/transitions/${command.name}`);
      return;
    }
    case 'delete': {
      const url = pick([...world.invoices, ...world.creditNotes], command.pick);
      if (!url) return;
      if ((await send(world, 'DELETE', url)).status === 200) {
        world.invoices = world.invoices.filter((other) => other !== url);
        world.creditNotes = world.creditNotes.filter((other) => other !== url);
      }
      return;
    }
    case 'pay': {
      const url = pick([...world.invoices, ...world.creditNotes], command.pick);
      if (!url) return;
      const doc = await read(world, url);
      // Sometimes more than is due, to meet the refusal; a due of zero still tries a penny.
      const amount = Math.sign(minor(doc.total_value) || 1) * shareOf(minor(doc.due_value) || 1, command.share);
      const account = doc.currency === 'USD' ? world.dollars : world.pounds;
      world.lines += 1;
      const uploaded = await send(world, 'POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(account)}`, {
        statement: [{ dated_on: command.date, amount: fromMinor(amount), description: `line ${world.lines}` }],
      });
      if (uploaded.status !== 200) return;
      const listed = (await world.t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&view=unexplained&per_page=100`)).body.bank_transactions;
      const line = listed.find((row: any) => row.description.startsWith(`line ${world.lines}/`));
      const native = doc.currency === 'USD' ? Math.trunc(amount * Number(command.bankRate)) || Math.sign(amount) : amount;
      const fields = { bank_transaction: line.url, paid_invoice: url, gross_value: fromMinor(native), ...(doc.currency === 'USD' ? { foreign_currency_value: fromMinor(amount) } : {}) };
      const before = bookSnapshot(world.t);
      const reply = await explain(world.t, fields);
      expect(reply.status).toBeLessThan(500);
      if (reply.status === 201) {
        world.accepted += 1;
        world.payments.push(reply.body.bank_transaction_explanation.url);
        world.settled.payments += 1;
      } else {
        world.refusals += 1;
        expect(bookSnapshot(world.t)).toEqual(before);
      }
      return;
    }
    case 'changePayment': {
      const url = pick(world.payments, command.pick);
      if (!url) return;
      const current = (await world.t.json('GET', path(url))).body.bank_transaction_explanation;
      const foreign = current.foreign_currency_value !== '0.0';
      const scaled = (value: string) => Math.sign(minor(value)) * shareOf(minor(value), command.share);
      await send(world, 'PUT', url, { bank_transaction_explanation: { gross_value: fromMinor(scaled(current.gross_value)), ...(foreign ? { foreign_currency_value: fromMinor(scaled(current.foreign_currency_value)) } : {}) } });
      return;
    }
    case 'deletePayment': {
      const url = pick(world.payments, command.pick);
      if (url && (await send(world, 'DELETE', url)).status === 200) world.payments = world.payments.filter((other) => other !== url);
      return;
    }
    case 'reconcile': {
      const invoiceUrl = pick(world.invoices, command.invoice);
      const noteUrl = pick(world.creditNotes, command.creditNote);
      if (!invoiceUrl || !noteUrl) return;
      // A share of the smaller of what the two still have, now and then more than that.
      const room = Math.min(Math.abs(minor((await read(world, invoiceUrl)).due_value)), Math.abs(minor((await read(world, noteUrl)).due_value)));
      const reply = await send(world, 'POST', '/v2/credit_note_reconciliations', {
        credit_note_reconciliation: { invoice: invoiceUrl, credit_note: noteUrl, gross_value: fromMinor(shareOf(room || 1, command.share)) },
      });
      if (reply.status === 201) {
        world.reconciliations.push(reply.body.credit_note_reconciliation.url);
        world.settled.reconciliations += 1;
      }
      return;
    }
    case 'changeReconciliation': {
      const url = pick(world.reconciliations, command.pick);
      if (!url) return;
      const current = (await world.t.json('GET', path(url))).body.credit_note_reconciliation;
      await send(world, 'PUT', url, { credit_note_reconciliation: { gross_value: fromMinor(shareOf(minor(current.gross_value), command.share)) } });
      return;
    }
    case 'deleteReconciliation': {
      const url = pick(world.reconciliations, command.pick);
      if (url && (await send(world, 'DELETE', url)).status === 200) world.reconciliations = world.reconciliations.filter((other) => other !== url);
    }
  }
}

const sumOn = (t: TestBook, code: string) =>
  t.book.sqlite.prepare('SELECT coalesce(sum(p.debit_minor), 0) FROM postings p JOIN categories c ON c.id = p.category_id WHERE c.nominal_code = ?').pluck().get(code) as number;

/** What trade debtors should hold: per sent document, its native value less the native share settled so far. */
async function expectedDebtors(world: World): Promise<number> {
  let total = 0;
  for (const url of [...world.invoices, ...world.creditNotes]) {
    const doc = await read(world, url);
    if (!['Open', 'Overdue', 'Part paid', 'Paid', 'Refunded', 'Zero Value'].includes(doc.status)) continue;
    const owed = minor(doc.total_value);
    const settled = minor(doc.paid_value ?? doc.refunded_value);
    const nativeOwed = minor(doc.native_total_value ?? doc.total_value);
    const settledNative = owed === 0 ? 0 : new Decimal(settled).times(nativeOwed).dividedBy(owed).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
    total += nativeOwed - settledNative;
    // Nothing is ever settled beyond the document's total.
    expect(Math.abs(settled), url).toBeLessThanOrEqual(Math.abs(owed));
    expect(Math.sign(minor(doc.due_value)) * Math.sign(owed), url).toBeGreaterThanOrEqual(0);
  }
  return total;
}

async function check(world: World): Promise<void> {
  expect(ledgerTotal(world.t)).toBe(0);
  const unbalanced = world.t.book.sqlite.prepare('SELECT source_resource, source_id, sum(debit_minor) AS total FROM postings GROUP BY source_resource, source_id HAVING total <> 0').all();
  expect(unbalanced).toEqual([]);
  expect(sumOn(world.t, '681')).toBe(await expectedDebtors(world));
  expect(sumOn(world.t, '790')).toBe(0);
}

describe('the ledger invariant with sales documents, payments and reconciliations', () => {
  it('holds after every step of random sequences', async () => {
    const totals = { accepted: 0, refusals: 0, postings: 0, payments: 0, reconciliations: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 25 }), async (commands) => {
        const t = createTestBook({ vatRegistered: true });
        const world: World = {
          t,
          contact: await contact(t),
          pounds: await bankAccount(t),
          dollars: await bankAccount(t, { name: 'Dollars', currency: 'USD' }),
          invoices: [],
          creditNotes: [],
          payments: [],
          reconciliations: [],
          lines: 0,
          refusals: 0,
          accepted: 0,
          settled: { payments: 0, reconciliations: 0 },
        };
        // Every world starts with a sent invoice and a sent credit note, so settling them comes up early.
        await run(world, { kind: 'invoice', pence: 50_000, rate: '20', date: '2026-10-01', dollars: false, send: true });
        await run(world, { kind: 'creditNote', pence: 12_000, rate: '20', date: '2026-10-01', dollars: false, send: true });
        for (const step of commands) {
          await run(world, step);
          await check(world);
        }
        totals.accepted += world.accepted;
        totals.payments += world.settled.payments;
        totals.reconciliations += world.settled.reconciliations;
        totals.refusals += world.refusals;
        totals.postings += t.book.sqlite.prepare('SELECT count(*) FROM postings').pluck().get() as number;
      }),
      { numRuns: 40 },
    );
    // Both paths were taken: writes that posted and refusals that changed nothing.
    expect(totals.postings).toBeGreaterThan(0);
    expect(totals.refusals).toBeGreaterThan(0);
    expect(totals.accepted).toBeGreaterThan(totals.refusals);
    expect(totals.payments).toBeGreaterThan(0);
    expect(totals.reconciliations).toBeGreaterThan(0);
    console.info('sales ledger invariant:', JSON.stringify(totals));
  }, 300_000);
});
