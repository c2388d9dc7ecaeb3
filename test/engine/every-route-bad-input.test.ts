import { describe, expect, it } from 'vitest';
import { isBookFileRoute } from '../../main/engine/route';
import { allRoutes } from '../../main/engine/resources/index';
import { bankAccount, explain, oneTransaction } from './banking-helpers';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { postBill } from './purchases-helpers';
import { contact, creditNote, sentInvoice } from './sales-helpers';

/**
 * Every route of the engine, sent what a confused caller, a broken client or a hostile local process
 * might send: ids that are not ids, dates that are not dates, money that is not money, fields of the
 * wrong kind, bodies that are not the resource's, text far too long, XML with entities. Whatever comes
 * in, the engine answers with a status under 500 and a sentence; a refusal changes nothing; and
 * nothing it accepts comes back holding NaN, Infinity or a JavaScript object's name.
 *
 * Each route's bodies are built from a record the book really holds (its own GET), one field made
 * wrong at a time, so the bad value reaches that field's own check rather than being stopped early
 * by a missing required field.
 */

const WRONG_VALUES: readonly unknown[] = [
  null,
  true,
  [],
  {},
  '',
  '   ',
  'x'.repeat(100_000),
  '-0',
  '1e309',
  'NaN',
  'Infinity',
  '0x1F',
  '١٢٣',
  '9'.repeat(40),
  '-99999999999999999999.99',
  '0.001',
  1.005,
  -1,
  2 ** 53 + 1,
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '99999-01-01',
  'bad\u0000byte',
  '<script>alert(1)</script>',
  'http://evil.example/v2/contacts/1',
  '/v2/contacts/999999999',
  "'; DROP TABLE contacts; --",
  [{ url: 'x' }],
  { nested: { deeper: [1, 2, 3] } },
];

const WRONG_IDS = ['0', '99999999', '99999999999999999999999', '1e3', 'abc', '%2e%2e', '-1'];
const WRONG_DATES = ['2026-02-30', '9999-99-99', '0000-00-00'];
const WRONG_QUERIES = [
  'page=-1&per_page=0',
  'page=abc&per_page=1e9',
  'per_page=99999999999999999999',
  'from_date=2026-02-30&to_date=x',
  'updated_since=yesterday',
  'view=%00',
  'bank_account=http://evil.example/v2/bank_accounts/1',
  'bank_account=999999',
  'contact=abc&project=abc&user=abc',
  'sort=zzz&nested=true&period=x',
];

/** How many wrong values each field is sent, in turn through the list, so all of them come up across fields. */
const VALUES_PER_FIELD = 5;

/** `/v2/bank_transaction_explanations` → `bank_transaction_explanation`: the body's root key. */
function rootKey(path: string): string {
  const collection = path.split('/')[2] ?? '';
  if (collection.endsWith('ies')) return `${collection.slice(0, -3)}y`;
  if (collection.endsWith('s')) return collection.slice(0, -1);
  return collection;
}

type Problem = string;

interface Seeded {
  /** Ids of records that exist, by collection (`invoices` → '3'). */
  ids: Map<string, string>;
  /** One record of each collection as its GET shows it, to build bodies from. */
  records: Map<string, Record<string, unknown>>;
}

async function seed(t: TestBook): Promise<Seeded> {
  const customer = await contact(t, { organisation_name: 'Customer Ltd' });
  const account = await bankAccount(t, { name: 'Current' });
  const invoice = await sentInvoice(t, { contact: customer, dated_on: '2026-11-01' });
  await creditNote(t, { contact: customer });
  const line = await oneTransaction(t, account, { dated_on: '2026-11-05', amount: '-30.00', description: 'TESCO STORES' });
  await oneTransaction(t, account, { dated_on: '2026-11-06', amount: '120.00', description: 'PAYMENT IN' });
  const explained = await explain(t, { bank_transaction: line.url, category: '285', gross_value: '-30.00' });
  if (explained.status !== 201) throw new Error(`seed explanation: ${JSON.stringify(explained.body)}`);
  const bill = await postBill(t, customer);
  if (bill.status !== 201) throw new Error(`seed bill: ${JSON.stringify(bill.body)}`);
  const seeds: [string, unknown][] = [
    ['/v2/estimates', { estimate: { status: 'Draft', contact: customer, dated_on: '2026-11-01', estimate_items: [{ description: 'Work', item_type: 'Hours', price: '50', quantity: '2' }] } }],
    ['/v2/expenses', { expense: { user: `${ORIGIN}/v2/users/${t.ownerId}`, category: '285', dated_on: '2026-11-03', gross_value: '-12.50', description: 'Train' } }],
    ['/v2/journal_sets', { journal_set: { dated_on: '2026-11-04', description: 'Accrual', journal_entries: [{ category: '285', debit_value: '10' }, { category: '001', debit_value: '-10' }] } }],
    ['/v2/projects', { project: { contact: customer, name: 'Website', status: 'Active', budget_units: 'Hours', currency: 'GBP' } }],
    [`/v2/notes?contact=${encodeURIComponent(customer)}`, { note: { note: 'Called about the invoice' } }],
    ['/v2/bank_rules', { bank_rule: { name: 'Tesco', conditions: [{ field: 'description', operator: 'contains', value: 'TESCO' }], actions: { category: '285' } } }],
    ['/v2/recurring_invoices', { recurring_invoice: { invoice: invoice.url, frequency: 'Monthly' } }],
    ['/v2/capital_assets', { capital_asset: { description: 'Laptop', asset_type: 'Computer Equipment', purchased_on: '2026-10-01', cost: '1200.00', depreciation_profile: { method: 'straight_line', asset_life_years: 3, frequency: 'annually' } } }],
  ];
  for (const [path, body] of seeds) {
    const made = await t.json('POST', path, { body });
    if (made.status >= 300) throw new Error(`seed ${path}: ${JSON.stringify(made.body)}`);
  }

  const ids = new Map<string, string>();
  const records = new Map<string, Record<string, unknown>>();
  const lists = [...new Set(allRoutes().filter((route) => route.method === 'GET' && /^\/v2\/[a-z_]+$/.test(route.path)).map((route) => route.path))];
  for (const list of lists) {
    const query = list === '/v2/notes' ? `?contact=${encodeURIComponent(customer)}` : ['/v2/bank_transactions', '/v2/bank_transaction_explanations', '/v2/statement_uploads'].includes(list) ? `?bank_account=${encodeURIComponent(account)}` : '';
    const answer = await t.json('GET', `${list}${query}`);
    const collection = list.split('/')[2]!;
    const first = answer.status === 200 && answer.body ? (Object.values(answer.body).find(Array.isArray) as Record<string, unknown>[] | undefined)?.[0] : undefined;
    if (!first || typeof first.url !== 'string') continue;
    ids.set(collection, first.url.split('/').pop()!);
    records.set(collection, first);
  }
  return { ids, records };
}

/** The collections the bodies are built from: each must have a record, or its routes would only meet missing fields. */
const SEEDED = ['bank_accounts', 'bank_transactions', 'bank_transaction_explanations', 'bank_rules', 'bills', 'capital_assets', 'contacts', 'credit_notes', 'estimates', 'expenses', 'invoices', 'journal_sets', 'notes', 'projects', 'recurring_invoices', 'users'];
function assertSeeded(records: Map<string, unknown>): void {
  const missing = SEEDED.filter((collection) => !records.has(collection));
  if (missing.length > 0) throw new Error(`the seed made no ${missing.join(', ')}`);
}

/** The route's path with each parameter given `value` (or a real id / a real date). */
function pathWith(path: string, pick: (name: string, pattern: string | undefined) => string): string {
  return path.replace(/:([a-z_]+)(\{[^}]*\}(?:[^/]*\})?)?/g, (_, name: string, pattern: string | undefined) => encodeURIComponentLoose(pick(name, pattern)));
}

/** Percent-encoded except what is meant to stay as sent (a pre-encoded `%2e%2e`). */
function encodeURIComponentLoose(value: string): string {
  return value.includes('%') ? value : encodeURIComponent(value);
}

/** The fields a body may carry, from the record as read: not its url or timestamps, which the engine sets. */
function writableFields(record: Record<string, unknown> | undefined): string[] {
  if (!record) return [];
  return Object.keys(record).filter((field) => !['url', 'created_at', 'updated_at'].includes(field));
}

/** A field the engine answers as an exact decimal (money, a quantity, a rate). */
const DECIMAL_FIELD = /(_value|amount|balance|price|quantity|_rate|total|_minor)$/;
/** What a float that slipped through prints as (a text field named like one, "Standard rate", is not this). */
const NOT_A_DECIMAL = /^(-?(NaN|Infinity)|-?[0-9.]+e[+-]?[0-9]+)$/i;

/** A figure in an accepted answer that is not a decimal (NaN, Infinity, 1e+21), or text that is a JavaScript slip. */
function badOutput(body: unknown, at = ''): string | null {
  if (typeof body === 'string') {
    if (body.includes('[object Object]') || body === 'undefined') return `${at} = ${body.slice(0, 60)}`;
    return DECIMAL_FIELD.test(at) && NOT_A_DECIMAL.test(body) ? `${at} = ${body.slice(0, 60)}` : null;
  }
  if (typeof body === 'number') return Number.isFinite(body) ? null : `${at} = ${body}`;
  if (Array.isArray(body)) return body.map((each) => badOutput(each, at)).find((found) => found !== null) ?? null;
  if (body && typeof body === 'object') return Object.entries(body).map(([key, value]) => badOutput(value, key)).find((found) => found !== null) ?? null;
  return null;
}

describe('every route, sent what it should refuse', () => {
  it('answers under 500 with a sentence, and a refusal changes nothing', { timeout: 600_000 }, async () => {
    const t = createTestBook({ vatRegistered: true });
    const { ids, records } = await seed(t);
    assertSeeded(records);
    const problems: Problem[] = [];
    let sent = 0;
    let refused = 0;

    /**
     * The whole database, byte for byte, to show a refused request changed nothing: its rollback puts
     * back every page it touched. Taken again only after something was written (SQLite's count of rows
     * changed moved), and compared only when a refused request wrote before it was refused.
     */
    const totalChanges = () => t.book.sqlite.prepare('SELECT total_changes()').pluck().get() as number;
    let last: { total: number; bytes: Buffer } | null = null;
    const image = () => {
      const total = totalChanges();
      if (last?.total !== total) last = { total, bytes: t.book.sqlite.serialize() };
      return last;
    };
    const send = async (method: string, path: string, options: Parameters<TestBook['request']>[2], what: string) => {
      const before = method === 'GET' ? null : image();
      let status: number;
      let text: string;
      try {
        const response = await t.request(method, path, options);
        status = response.status;
        text = await response.text();
      } catch (error) {
        problems.push(`${method} ${path} (${what}) threw: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      sent += 1;
      if (status >= 500) {
        problems.push(`${method} ${path} (${what}) answered ${status}: ${text.slice(0, 300)}`);
        return;
      }
      if (status >= 400) {
        refused += 1;
        let message: unknown;
        try {
          message = text.startsWith('<') ? /<message>([^<]*)<\/message>/.exec(text)?.[1] : (JSON.parse(text) as { errors?: { message?: unknown }[] }).errors?.[0]?.message;
        } catch {
          message = undefined;
        }
        if (typeof message !== 'string' || message.trim() === '') problems.push(`${method} ${path} (${what}) answered ${status} without a sentence: ${text.slice(0, 200)}`);
        if (before && totalChanges() !== before.total && !t.book.sqlite.serialize().equals(before.bytes)) problems.push(`${method} ${path} (${what}) was refused (${status}) but changed the book`);
        return;
      }
      if (text.startsWith('{')) {
        const word = badOutput(JSON.parse(text));
        if (word) problems.push(`${method} ${path} (${what}) accepted (${status}) and answered with ${word}: ${text.slice(0, 300)}`);
      }
    };

    const realId = (collection: string) => ids.get(collection) ?? '1';
    const routes = allRoutes().filter((route) => !isBookFileRoute(route));
    for (const route of routes) {
      const collection = route.path.split('/')[2]!;
      const realPath = pathWith(route.path, (name, pattern) => {
        if (pattern?.includes('[0-9]{4}')) return name === 'payment_date' ? '2027-01-07' : '2026-11-30';
        if (name === 'transition') return 'mark_as_sent';
        if (name === 'user_id') return String(t.ownerId);
        if (name === 'nominal_code') return '285';
        return realId(collection);
      });
      const hasParams = route.path.includes(':');

      // Ids and dates that name nothing, or are not ids or dates at all.
      if (hasParams) {
        for (const wrong of [...WRONG_IDS, ...WRONG_DATES]) {
          const path = pathWith(route.path, (name) => (name === 'transition' ? 'mark_as_nonsense' : wrong));
          await send(route.method, path, route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }, `parameter ${wrong}`);
        }
      }
      // Queries a list or a report does not understand.
      if (route.method === 'GET') {
        for (const query of WRONG_QUERIES) await send('GET', `${realPath}?${query}`, {}, `query ${query}`);
        continue;
      }
      if (route.method === 'DELETE') continue;

      // Bodies that are not the resource's.
      const root = rootKey(route.path);
      await send(route.method, realPath, { raw: '{"broken": ', headers: { 'Content-Type': 'application/json' } }, 'broken JSON');
      await send(route.method, realPath, { raw: 'x'.repeat(64), headers: { 'Content-Type': 'text/plain' } }, 'text/plain body');
      await send(route.method, realPath, { xml: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd"><!ENTITY b "bbbbbbbbbb"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><a>&x;&c;</a>' }, 'XML with entities');
      await send(route.method, realPath, { xml: '<a><b>' }, 'broken XML');
      for (const body of [null, [], 42, 'text', { [root]: null }, { [root]: [] }, { [root]: 'text' }, { [root]: { [root]: {} } }]) {
        await send(route.method, realPath, { body }, `body ${JSON.stringify(body)}`);
      }
      // The record as the book reads it, one field made wrong at a time.
      const record = records.get(collection);
      const fields = writableFields(record);
      for (const [index, field] of fields.entries()) {
        for (let turn = 0; turn < VALUES_PER_FIELD; turn += 1) {
          const wrong = WRONG_VALUES[(index * VALUES_PER_FIELD + turn) % WRONG_VALUES.length];
          const base = route.method === 'POST' ? Object.fromEntries(fields.map((name) => [name, record![name]])) : {};
          await send(route.method, realPath, { body: { [root]: { ...base, [field]: wrong } } }, `${field}: ${JSON.stringify(wrong)?.slice(0, 40)}`);
          // A list of rows (invoice items, journal entries): one row's field made wrong.
          const rows = record![field];
          if (Array.isArray(rows) && rows[0] && typeof rows[0] === 'object') {
            for (const rowField of Object.keys(rows[0] as object).filter((name) => name !== 'url')) {
              const row = { ...(rows[0] as Record<string, unknown>), [rowField]: wrong };
              await send(route.method, realPath, { body: { [root]: { ...base, [field]: [row] } } }, `${field}[0].${rowField}: ${JSON.stringify(wrong)?.slice(0, 40)}`);
            }
          }
        }
      }
    }

    expect(problems, problems.join('\n')).toEqual([]);
    // The run reached the routes' checks: most of what was sent was refused, none of it crashed.
    expect(sent).toBeGreaterThan(2_000);
    expect(refused).toBeGreaterThan(sent / 2);
  });
});
