import { describe, expect, it } from 'vitest';
import { describeShared, readSharedJson } from '../shared-corpus/shared';
import { bankAccount, explain, idOf, oneTransaction } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { createSet, entry } from './journal-helpers';
import { readXml } from './xml-reader';

const list = (t: TestBook, query = '', token?: string) => t.json('GET', `/v2/accounting/transactions${query}`, { token });
const codesAndValues = (body: any) => body.transactions.map((row: any) => [row.nominal_code, row.debit_value, row.dated_on]);

/** Journals on 10 May and 10 October 2026 (this accounting year) and 10 March 2026 (the last one). */
async function journals(t: TestBook) {
  const march = await createSet(t, { dated_on: '2026-03-10', description: 'March', journal_entries: [entry('285', '1'), entry('001', '-1')] });
  const may = await createSet(t, { dated_on: '2026-05-10', description: 'May', journal_entries: [entry('285', '2'), entry('001', '-2')] });
  const october = await createSet(t, { dated_on: '2026-10-10', description: 'October', journal_entries: [entry('250', '3'), entry('001', '-3')] });
  return { march, may, october };
}

describe('GET /v2/accounting/transactions (2.16, 4.17)', () => {
  it('with no period: from the start of the current accounting year to today by the engine clock', async () => {
    const t = createTestBook({ startDate: '2025-05-01', firstAccountingYearEnd: '2026-04-30' });
    await journals(t);
    await createSet(t, { dated_on: '2026-11-23', description: 'tomorrow', journal_entries: [entry('285', '9'), entry('001', '-9')] });
    const response = await list(t);
    expect(response.status).toBe(200);
    expect(codesAndValues(response.body)).toEqual([
      ['285', '2.0', '2026-05-10'],
      ['001', '-2.0', '2026-05-10'],
      ['250', '3.0', '2026-10-10'],
      ['001', '-3.0', '2026-10-10'],
    ]);
    t.clock.set('2026-11-23T09:00:00Z');
    expect((await list(t)).body.transactions).toHaveLength(6);
  });

  it('gives each transaction the live fields: category, nominal code, source document, foreign currency data', async () => {
    const t = createTestBook();
    const { may } = await journals(t);
    const [debit] = (await list(t, '?from_date=2026-05-01&to_date=2026-05-31')).body.transactions;
    expect(debit).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:9999\/v2\/accounting\/transactions\/\d+$/),
      category: 'http://127.0.0.1:9999/v2/categories/285',
      category_name: 'Accommodation and Meals',
      nominal_code: '285',
      description: 'May',
      debit_value: '2.0',
      dated_on: '2026-05-10',
      created_at: '2026-11-22T10:00:00.000Z',
      updated_at: '2026-11-22T10:00:00.000Z',
      source_item_url: may.url,
      foreign_currency_data: {},
    });
    expect((await t.json('GET', new URL(debit.url).pathname)).body.transaction).toEqual(debit);
    expect((await t.json('GET', '/v2/accounting/transactions/99999')).status).toBe(404);
  });

  it('links an explanation\'s postings to it, and keeps foreign currency data', async () => {
    const t = createTestBook();
    const dollars = await bankAccount(t, { name: 'Dollars', currency: 'USD' });
    const line = await oneTransaction(t, dollars, { dated_on: '2026-06-01', amount: '-50', description: 'software' });
    const explanation = (await explain(t, { bank_transaction: line.url, category: '285', gross_value: '-40', foreign_currency_value: '-50' })).body.bank_transaction_explanation;
    const rows = (await list(t, '?from_date=2026-06-01&to_date=2026-06-01')).body.transactions;
    expect(rows.map((row: any) => row.source_item_url)).toEqual([explanation.url, explanation.url]);
    const bank = rows.find((row: any) => row.nominal_code === `750-${idOf(dollars)}`);
    expect(bank).toMatchObject({ debit_value: '-40.0', foreign_currency_data: { currency_code: 'USD', debit_value: '-50.0' } });
    expect(rows.find((row: any) => row.nominal_code === '285').foreign_currency_data).toEqual({});
  });

  it('nominal_code 750 takes in its sub accounts; a sub code matches only itself', async () => {
    const t = createTestBook();
    const current = await bankAccount(t);
    const savings = await bankAccount(t, { name: 'Savings' });
    for (const account of [current, savings]) {
      const line = await oneTransaction(t, account, { dated_on: '2026-06-01', amount: '-10', description: 'fee' });
      await explain(t, { bank_transaction: line.url, category: '363', gross_value: '-10' });
    }
    const codes = async (query: string) => (await list(t, query)).body.transactions.map((row: any) => row.nominal_code);
    expect(await codes('?nominal_code=750')).toEqual([`750-${idOf(current)}`, `750-${idOf(savings)}`]);
    expect(await codes(`?nominal_code=750-${idOf(savings)}`)).toEqual([`750-${idOf(savings)}`]);
    expect(await codes('?nominal_code=363')).toEqual(['363', '363']);
    expect((await list(t, '?nominal_code=123')).status).toBe(422);
    expect((await list(t, '?nominal_code=abc')).status).toBe(400);
  });

  it('pads a short nominal code, as categories are written (1 is 001)', async () => {
    const t = createTestBook();
    await journals(t);
    expect((await list(t, '?nominal_code=1')).body.transactions.map((row: any) => row.nominal_code)).toEqual(['001', '001']);
  });

  it('is paginated', async () => {
    const t = createTestBook();
    await journals(t);
    const page = await list(t, '?per_page=3&page=2');
    expect(page.body.transactions).toHaveLength(1);
    expect(page.headers.get('x-total-count')).toBe('4');
    expect(page.headers.get('link')).toContain('rel="prev"');
  });
});

describe('the report period (4.17, 8)', () => {
  it('one date alone: from_date defaults to the start of the current accounting year, to_date to today', async () => {
    const t = createTestBook();
    await journals(t);
    expect(codesAndValues((await list(t, '?from_date=2026-06-01')).body)).toEqual([
      ['250', '3.0', '2026-10-10'],
      ['001', '-3.0', '2026-10-10'],
    ]);
    expect((await list(t, '?to_date=2026-06-01')).body.transactions).toHaveLength(2);
  });

  it('a whole earlier accounting year is allowed', async () => {
    const t = createTestBook();
    await journals(t);
    expect((await list(t, '?from_date=2025-05-01&to_date=2026-04-30')).body.transactions).toHaveLength(2);
  });

  it('a period across accounting years, or over 12 months, is 422; from after to is 400', async () => {
    const t = createTestBook();
    const cross = await list(t, '?from_date=2026-03-01&to_date=2026-05-31');
    expect(cross.status).toBe(422);
    expect(cross.body.errors[0].message).toMatch(/crosses accounting years; it must lie within one \(here 2025-05-01 to 2026-04-30\)/);
    expect((await list(t, '?from_date=2025-05-01&to_date=2027-04-30')).status).toBe(422);
    expect((await list(t, '?to_date=2026-04-01')).status).toBe(422);
    expect((await list(t, '?from_date=2026-06-01&to_date=2026-05-01')).status).toBe(400);
    expect((await list(t, '?from_date=2026-02-30')).status).toBe(400);
  });

  it('a first accounting year longer than 12 months may be asked for whole, but no other period over 12 months', async () => {
    const t = createTestBook({ startDate: '2025-01-01', firstAccountingYearEnd: '2026-03-31' });
    expect((await list(t, '?from_date=2025-01-01&to_date=2026-03-31')).status).toBe(200);
    expect((await list(t, '?from_date=2025-01-01&to_date=2025-12-31')).status).toBe(200);
    const long = await list(t, '?from_date=2025-01-02&to_date=2026-01-02');
    expect(long.status).toBe(422);
    expect(long.body.errors[0].message).toMatch(/longer than 12 months/);
    expect((await list(t, '?from_date=2025-01-02&to_date=2026-01-01')).status).toBe(200);
  });
});

describe('accounting transactions need Tax, Accounting & Users (7)', () => {
  it('level 6 is refused with 403; level 7 is allowed', async () => {
    const t = createTestBook();
    await journals(t);
    const six = await t.userWithLevel(6);
    const seven = await t.userWithLevel(7);
    expect((await list(t, '', six)).status).toBe(403);
    const allowed = await list(t, '', seven);
    expect(allowed.status).toBe(200);
    expect((await t.json('GET', new URL(allowed.body.transactions[0].url).pathname, { token: six })).status).toBe(403);
  });
});

describe('accounting transactions in XML', () => {
  it('reads back the same records as JSON, with foreign currency data as an element', async () => {
    const t = createTestBook();
    await journals(t);
    const response = await t.request('GET', '/v2/accounting/transactions', { headers: { Accept: 'application/xml' } });
    const xml = await response.clone().text();
    expect(xml).toContain('<transactions type="array">');
    expect(xml).toContain('<debit-value type="decimal">2.0</debit-value>');
    const decoded = (await readXml(response)) as any;
    const json = (await list(t)).body;
    // An empty element reads back as empty text: the one place XML cannot tell {} from "".
    expect(decoded.transactions.map((row: any) => ({ ...row, foreign_currency_data: {} }))).toEqual(json.transactions);
  });
});

describeShared('accounting transactions against the live service (golden-responses/transactions.json)', () => {
  it('has the keys and JSON types of the live records', async () => {
    const live = readSharedJson('corpora', 'freeagent', 'golden-responses', 'transactions.json').transactions[0];
    const t = createTestBook();
    await journals(t);
    const [record] = (await list(t)).body.transactions;
    const shape = (value: Record<string, unknown>) => Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, typeof inner]));
    expect(shape(record)).toEqual(shape(live));
  });
});
