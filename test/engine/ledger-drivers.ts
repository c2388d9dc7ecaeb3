import fc from 'fast-check';
import { expect } from 'vitest';
import { fromMinor } from '../../shared/money';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, type TestBook } from './harness';
import { bankAccount } from './banking-helpers';
import { contact } from './journal-helpers';
import { PURCHASE_DRIVERS } from './purchases-ledger-drivers';

/**
 * Drivers for the ledger invariant: each posting resource is one entry here, with the steps a client
 * could take on it (as data fast-check generates and shrinks) and how to send them. Every request goes
 * through `send`, which proves on the spot that a refused request changed nothing and that none is a
 * 500. A new posting resource plugs in by adding its driver to POSTING_DRIVERS.
 */

export interface World {
  t: TestBook;
  accounts: { pounds: string; savings: string; dollars: string };
  contact: string;
  owner: string;
  capitalAssetType: string;
  /** Urls of the documents each driver has made and not yet deleted, by driver name. */
  made: Record<string, string[]>;
  /** Counts statement lines, so each is unique and dedup never swallows one. */
  lines: number;
  requests: number;
  refusals: number;
  /** The driver whose step is running, and how many writes each driver has had accepted. */
  driver: string;
  accepted: Record<string, number>;
}

/** A VAT-registered book with three bank accounts (one in dollars) and a contact, for the drivers. */
export async function newLedgerWorld(): Promise<World> {
  const t = createTestBook({ vatRegistered: true });
  const types = (await t.json('GET', '/v2/capital_asset_types')).body.capital_asset_types;
  return {
    t,
    accounts: { pounds: await bankAccount(t), savings: await bankAccount(t, { name: 'Savings' }), dollars: await bankAccount(t, { name: 'Dollars', currency: 'USD' }) },
    contact: contact(t, 'Acme'),
    owner: `http://127.0.0.1:9999/v2/users/${t.ownerId}`,
    capitalAssetType: types[0].url,
    made: {},
    lines: 0,
    requests: 0,
    refusals: 0,
    driver: '',
    accepted: {},
  };
}

export type Reply = { status: number; body: any };

/** Sends one request; a refusal must leave every table as it was. */
export async function send(world: World, method: string, path: string, body?: unknown): Promise<Reply> {
  const before = bookSnapshot(world.t);
  const reply = await world.t.json(method, path.startsWith('http') ? new URL(path).pathname + new URL(path).search : path, body === undefined ? {} : { body });
  world.requests += 1;
  expect(reply.status, `${method} ${path} ${JSON.stringify(body)} -> ${JSON.stringify(reply.body)}`).toBeLessThan(500);
  if (reply.status < 400) world.accepted[world.driver] = (world.accepted[world.driver] ?? 0) + 1;
  if (reply.status >= 400) {
    world.refusals += 1;
    expect(bookSnapshot(world.t), `${method} ${path} was refused (${reply.status}) but changed the book`).toEqual(before);
  }
  return reply;
}

export interface Step {
  driver: string;
  args: unknown;
  run(world: World): Promise<void>;
}

export interface PostingDriver {
  name: string;
  /** How often its steps come up against the other drivers'. */
  weight: number;
  steps: fc.Arbitrary<Step>;
  /** Checks that what the driver's documents posted is what they say, not merely balanced. */
  check?(world: World): Promise<void>;
}

/** Builds a driver from typed steps; `steps` may weight some operations over others. */
function driver<A>(name: string, weight: number, steps: fc.Arbitrary<A>, run: (world: World, args: A) => Promise<void>, check?: (world: World) => Promise<void>): PostingDriver {
  return { name, weight, check, steps: steps.map((args) => ({ driver: name, args, run: (world: World) => run(world, args), toString: () => `${name} ${JSON.stringify(args)}` })) };
}

const minorOf = (value: string) => Math.round(Number(value) * 100);
const codeOf = (url: string) => url.split('/').pop()!;

/** What one source document posted, summed by nominal code, zero sums left out. */
export function postedByCode(world: World, source: string, id: number): Record<string, number> {
  const rows = world.t.book.sqlite
    .prepare(
      `SELECT c.nominal_code AS code, sum(p.debit_minor) AS debit FROM postings p JOIN categories c ON c.id = p.category_id
       WHERE p.source_resource = ? AND p.source_id = ? GROUP BY c.nominal_code HAVING debit <> 0`,
    )
    .all(source, id) as { code: string; debit: number }[];
  return Object.fromEntries(rows.map((row) => [row.code, row.debit]));
}

/** Entries summed by category code, zero sums left out. */
function byCode(lines: { code: string; minor: number }[]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const line of lines) sums[line.code] = (sums[line.code] ?? 0) + line.minor;
  return Object.fromEntries(Object.entries(sums).filter(([, minor]) => minor !== 0));
}

const pick = <T>(list: readonly T[] | undefined, index: number): T | undefined => (list && list.length > 0 ? list[index % list.length] : undefined);
const remember = (world: World, name: string, url: string) => (world.made[name] = [...(world.made[name] ?? []), url]);
const forget = (world: World, name: string, url: string) => (world.made[name] = (world.made[name] ?? []).filter((other) => other !== url));

/** Dates either side of the lock dates the lock driver sets (31 January and 31 March 2026). */
const date = fc.constantFrom('2026-01-15', '2026-03-31', '2026-04-01', '2026-06-30', '2026-09-10');
const pence = fc.integer({ min: 1, max: 250_000 });
const money = (minor: number) => fromMinor(minor);

/** A new statement line; returns its url, or null when the upload was refused (a locked date). */
async function newLine(world: World, account: string, datedOn: string, amount: number): Promise<string | null> {
  world.lines += 1;
  const description = `line ${world.lines}`;
  const reply = await send(world, 'POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(account)}`, {
    statement: [{ dated_on: datedOn, amount: money(amount), description }],
  });
  if (reply.status !== 200) return null;
  const listed = await world.t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=100&from_date=${datedOn}&to_date=${datedOn}`);
  return listed.body.bank_transactions.find((row: any) => row.description.startsWith(`${description}/`)).url;
}

const tax = fc.oneof(fc.constant({}), fc.constantFrom('0', '5', '20').map((rate) => ({ sales_tax_rate: rate })), fc.constantFrom('EXEMPT', 'OUT_OF_SCOPE').map((status) => ({ sales_tax_status: status })));
const spendingCategory = fc.constantFrom('285', '250', '363', '001');

/** Bank transaction explanations: categories with tax, splits, transfers, foreign currency; changes and deletes. */
const explanations = driver(
  'explanations',
  3,
  fc.oneof(
    { weight: 4, arbitrary: fc.record({ op: fc.constant('explain' as const), pence, moneyIn: fc.boolean(), date, category: spendingCategory, tax, split: fc.boolean(), foreign: fc.boolean() }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('transfer' as const), pence, date }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('change' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 130 }), date: fc.option(date), category: fc.option(spendingCategory), tax }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
  ),
  async (world, step) => {
    const name = 'explanations';
    if (step.op === 'explain' || step.op === 'transfer') {
      const foreign = step.op === 'explain' && step.foreign;
      const signed = step.op === 'explain' && step.moneyIn ? step.pence : -step.pence;
      const line = await newLine(world, foreign ? world.accounts.dollars : world.accounts.pounds, step.date, signed);
      if (!line) return;
      // A split explains the line in two parts; the second may be refused if the first took too much.
      const parts = step.op === 'explain' && step.split && step.pence > 1 ? [Math.trunc(signed / 2), signed - Math.trunc(signed / 2)] : [signed];
      for (const part of parts) {
        const target = step.op === 'transfer' ? { transfer_bank_account: world.accounts.savings } : { category: step.category, ...step.tax };
        const amounts = foreign ? { gross_value: money(Math.trunc(part * 0.8) || Math.sign(part)), foreign_currency_value: money(part) } : { gross_value: money(part) };
        const reply = await send(world, 'POST', '/v2/bank_transaction_explanations', { bank_transaction_explanation: { bank_transaction: line, ...target, ...amounts } });
        if (reply.status === 201) remember(world, name, reply.body.bank_transaction_explanation.url);
      }
      return;
    }
    const url = pick(world.made[name], step.pick);
    if (!url) return;
    if (step.op === 'delete') {
      if ((await send(world, 'DELETE', url)).status === 200) forget(world, name, url);
      return;
    }
    const current = (await world.t.json('GET', new URL(url).pathname)).body.bank_transaction_explanation;
    const scale = (value: string) => Math.trunc((Math.round(Number(value) * 100) * step.share) / 100) || Math.sign(Number(value));
    const fields: Record<string, unknown> = { gross_value: money(scale(current.gross_value)) };
    if (current.foreign_currency_value !== '0.0') fields.foreign_currency_value = money(scale(current.foreign_currency_value));
    if (step.date) fields.dated_on = step.date;
    if (step.category && !current.transfer_bank_account) Object.assign(fields, { category: step.category, ...step.tax });
    await send(world, 'PUT', url, { bank_transaction_explanation: fields });
  },
  async (world) => {
    // The bank's 750-N carries the gross (and a transfer takes it off the other account's).
    for (const url of world.made.explanations ?? []) {
      const record = (await world.t.json('GET', new URL(url).pathname)).body.bank_transaction_explanation;
      const posted = postedByCode(world, 'bank_transaction_explanations', Number(codeOf(url)));
      const bank = world.t.book.sqlite.prepare('SELECT nominal_code FROM categories WHERE bank_account_id = ?').pluck().get(Number(codeOf(record.bank_account))) as string;
      expect(posted[bank] ?? 0, url).toBe(minorOf(record.gross_value));
      if (record.transfer_bank_account) {
        const other = world.t.book.sqlite.prepare('SELECT nominal_code FROM categories WHERE bank_account_id = ?').pluck().get(Number(codeOf(record.transfer_bank_account))) as string;
        expect(posted[other] ?? 0, url).toBe(-minorOf(record.gross_value));
      }
    }
  },
);

// Mostly categories a journal may use; now and then a bank account or Suspense, which are refused.
const journalCategory = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('285', '001', '250', '401', '814', '681', '796', '907', '602') },
  { weight: 1, arbitrary: fc.constantFrom('750', '999') },
);
const journalEntry = fc.record({ category: journalCategory, pence, credit: fc.boolean() });

/** The links a category needs (a user for 907, an asset type for 602); 750 and 999 stay bare and are refused. */
function entryFields(world: World, entry: { category: string; pence: number; credit: boolean }): Record<string, unknown> {
  const links = entry.category === '907' ? { user: world.owner } : entry.category === '602' ? { capital_asset_type: world.capitalAssetType } : {};
  return { category: entry.category, debit_value: money(entry.credit ? -entry.pence : entry.pence), ...links };
}

/** Usually balanced, sometimes not (and refused). */
const balance = fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });

/** The entry that brings a set's entries to zero, on Other Creditors, unless asked to leave it out. */
function balancing(entries: readonly Record<string, unknown>[], balance: boolean): Record<string, unknown>[] {
  const total = entries.reduce((sum, row) => sum + Math.round(Number(row.debit_value) * 100), 0);
  return balance && total !== 0 ? [{ category: '797', debit_value: money(-total) }] : [];
}

/** Journal sets: balanced and unbalanced creates, PUT entry edits (add, change, _destroy), deletes. */
const journalSets = driver(
  'journal_sets',
  3,
  fc.oneof(
    { weight: 3, arbitrary: fc.record({ op: fc.constant('create' as const), date, entries: fc.array(journalEntry, { minLength: 1, maxLength: 4 }), balance }) },
    {
      weight: 3,
      arbitrary: fc.record({ op: fc.constant('edit' as const), pick: fc.nat(), destroyFirst: fc.boolean(), change: fc.option(pence), add: fc.option(journalEntry), date: fc.option(date), balance }),
    },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
  ),
  async (world, step) => {
    const name = 'journal_sets';
    if (step.op === 'create') {
      const entries = step.entries.map((entry) => entryFields(world, entry));
      const reply = await send(world, 'POST', '/v2/journal_sets', { journal_set: { dated_on: step.date, description: 'Random journal', journal_entries: [...entries, ...balancing(entries, step.balance)] } });
      if (reply.status === 201) remember(world, name, reply.body.journal_set.url);
      return;
    }
    const url = pick(world.made[name], step.pick);
    if (!url) return;
    if (step.op === 'delete') {
      if ((await send(world, 'DELETE', url)).status === 200) forget(world, name, url);
      return;
    }
    const current = (await world.t.json('GET', new URL(url).pathname)).body.journal_set;
    const [first, second] = current.journal_entries;
    const items: Record<string, unknown>[] = [];
    const after: Record<string, unknown>[] = current.journal_entries.map((row: any) => ({ url: row.url, debit_value: row.debit_value }));
    if (step.destroyFirst && first) {
      items.push({ url: first.url, _destroy: true });
      after.splice(0, 1);
    }
    if (step.change && second) {
      items.push({ url: second.url, debit_value: money(step.change) });
      after.find((row: any) => row.url === second.url)!.debit_value = money(step.change);
    }
    if (step.add) {
      const added = entryFields(world, step.add);
      items.push(added);
      after.push(added);
    }
    const fixed = balancing(after, step.balance);
    await send(world, 'PUT', url, { journal_set: { ...(step.date ? { dated_on: step.date } : {}), journal_entries: [...items, ...fixed] } });
  },
  async (world) => {
    // A set's postings are its entries, dated the set's day.
    for (const url of world.made.journal_sets ?? []) {
      const set = (await world.t.json('GET', new URL(url).pathname)).body.journal_set;
      const expected = byCode(set.journal_entries.map((row: any) => ({ code: codeOf(row.category), minor: minorOf(row.debit_value) })));
      expect(postedByCode(world, 'journal_sets', Number(codeOf(url))), url).toEqual(expected);
      const dates = world.t.book.sqlite.prepare("SELECT DISTINCT dated_on FROM postings WHERE source_resource = 'journal_sets' AND source_id = ?").pluck().all(Number(codeOf(url)));
      expect(dates.filter((day) => day !== set.dated_on), url).toEqual([]);
    }
  },
);

/** The opening balances: entries (contacts on 681/796), and bank accounts' opening balances that post into them. */
const openingBalances = driver(
  'opening_balances',
  1,
  fc.oneof(
    { weight: 2, arbitrary: fc.record({ op: fc.constant('entries' as const), add: fc.array(fc.record({ category: fc.constantFrom('681', '796', '682', '999'), pence, credit: fc.boolean(), contact: fc.boolean() }), { maxLength: 3 }), destroyFirst: fc.boolean() }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('bank' as const), account: fc.constantFrom('pounds', 'savings', 'dollars'), pence: fc.integer({ min: -100_000, max: 500_000 }) }) },
  ),
  async (world, step) => {
    if (step.op === 'bank') {
      await send(world, 'PUT', world.accounts[step.account as keyof World['accounts']], { bank_account: { opening_balance: money(step.pence) } });
      return;
    }
    const current = (await world.t.json('GET', '/v2/journal_sets/opening_balances')).body.journal_set;
    const own = current.journal_entries.filter((row: any) => !row.category.endsWith('/999'));
    const items: Record<string, unknown>[] = step.destroyFirst && own[0] ? [{ url: own[0].url, _destroy: true }] : [];
    for (const entry of step.add) {
      items.push({ category: entry.category, debit_value: money(entry.credit ? -entry.pence : entry.pence), ...(entry.contact ? { contact: world.contact } : {}) });
    }
    await send(world, 'PUT', '/v2/journal_sets/opening_balances', { journal_set: { journal_entries: items } });
  },
  async (world) => {
    // The opening balances post their entries plus each pound account's opening balance on its 750-N.
    const set = (await world.t.json('GET', '/v2/journal_sets/opening_balances')).body.journal_set;
    if (!/\/\d+$/.test(set.url)) return;
    const lines = set.journal_entries.map((row: any) => ({ code: codeOf(row.category), minor: minorOf(row.debit_value) }));
    for (const leg of set.bank_accounts) {
      const account = world.t.book.sqlite.prepare('SELECT currency, c.nominal_code AS code FROM bank_accounts b JOIN categories c ON c.bank_account_id = b.id WHERE b.id = ?').get(Number(codeOf(leg.url))) as { currency: string; code: string };
      // Shown as the live service shows it, with the sign turned; posted as a debit of the balance.
      if (account.currency === 'GBP') lines.push({ code: account.code, minor: -minorOf(leg.debit_value) });
    }
    expect(postedByCode(world, 'journal_sets', Number(codeOf(set.url)))).toEqual(byCode(lines));
  },
);

/** The user lock, set and removed, so that every other driver meets it. */
const locks = driver(
  'account_locks',
  1,
  fc.oneof(fc.constantFrom('2026-01-31', '2026-03-31').map((lockedToDate) => ({ op: 'lock' as const, lockedToDate })), fc.constant({ op: 'unlock' as const, lockedToDate: '' })),
  async (world, step) => {
    if (step.op === 'lock') await send(world, 'PUT', '/v2/account_locks', { account_lock: { locked_to_date: step.lockedToDate } });
    else await send(world, 'DELETE', '/v2/account_locks');
  },
);

/**
 * A document resource with create, PUT and DELETE at /v2/<resource>: expenses, bills, invoices and credit
 * notes are each one of these. `after` runs on a created document (an invoice is sent, so that it posts).
 */
function documentDriver(
  resource: string,
  root: string,
  fields: (world: World, args: { pence: number; date: string; credit: boolean }) => Record<string, unknown>,
  after?: (world: World, url: string) => Promise<void>,
): PostingDriver {
  const args = fc.record({ pence, date, credit: fc.boolean() });
  return driver(
    resource,
    1,
    fc.oneof(
      { weight: 2, arbitrary: fc.record({ op: fc.constant('create' as const), pick: fc.constant(0), args }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('change' as const), pick: fc.nat(), args }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat(), args }) },
    ),
    async (world, step) => {
      if (step.op === 'create') {
        const reply = await send(world, 'POST', `/v2/${resource}`, { [root]: fields(world, step.args) });
        if (reply.status !== 201) return;
        remember(world, resource, reply.body[root].url);
        if (after) await after(world, reply.body[root].url);
        return;
      }
      const url = pick(world.made[resource], step.pick);
      if (!url) return;
      if (step.op === 'delete') {
        if ((await send(world, 'DELETE', url)).status === 200) forget(world, resource, url);
        return;
      }
      await send(world, 'PUT', url, { [root]: fields(world, step.args) });
    },
  );
}

const item = (price: number) => ({ description: 'Work', item_type: 'Hours', price: money(price), quantity: '1' });
const markAsSent = async (world: World, url: string) => void (await send(world, 'PUT', `${new URL(url).pathname}/transitions/mark_as_sent`));

/** Every posting resource, one entry each. */
export const POSTING_DRIVERS: readonly PostingDriver[] = [
  explanations,
  journalSets,
  openingBalances,
  locks,
  // Expenses, bills and bill payments (explanations with paid_bill).
  ...PURCHASE_DRIVERS,
  documentDriver('invoices', 'invoice', (world, a) => ({ contact: world.contact, dated_on: a.date, payment_terms_in_days: 30, invoice_items: [item(a.pence)] }), markAsSent),
  documentDriver('credit_notes', 'credit_note', (world, a) => ({ contact: world.contact, dated_on: a.date, credit_note_items: [item(-a.pence)] }), markAsSent),
];
