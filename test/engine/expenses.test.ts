import { describe, expect, it } from 'vitest';
import { idOf, ledgerTotal, postingsOf } from './banking-helpers';
import { createTestBook, ORIGIN } from './harness';
import { insertContact, insertProject, lockBooks, postExpense, postingRows, userIdOf } from './purchases-helpers';
import { readXml } from './xml-reader';

const vatBook = () => createTestBook({ vatRegistered: true });

async function created(t: ReturnType<typeof createTestBook>, fields: Record<string, unknown>, token?: string) {
  const response = await postExpense(t, fields, token);
  if (response.status !== 201) throw new Error(`expense: ${JSON.stringify(response.body)}`);
  return response.body.expense;
}

describe('expenses: the live shape', () => {
  it('answers a create with 201, Location and the fields of the golden expense', async () => {
    const t = vatBook();
    const response = await postExpense(t, { user: `${ORIGIN}/v2/users/${t.ownerId}`, category: `${ORIGIN}/v2/categories/285`, gross_value: '-12.34', description: 'SDKTEST expense' });
    expect(response.status).toBe(201);
    const expense = response.body.expense;
    expect(response.headers.get('location')).toBe(expense.url);
    expect(expense).toEqual({
      url: `${ORIGIN}/v2/expenses/1`,
      user: `${ORIGIN}/v2/users/${t.ownerId}`,
      category: `${ORIGIN}/v2/categories/285`,
      dated_on: '2026-08-16',
      currency: 'GBP',
      gross_value: '-12.34',
      native_gross_value: '-12.34',
      sales_tax_rate: '20.0',
      sales_tax_value: '-2.06',
      native_sales_tax_value: '-2.06',
      sales_tax_status: 'TAXABLE',
      description: 'SDKTEST expense',
      created_at: '2026-11-22T10:00:00.000Z',
      updated_at: '2026-11-22T10:00:00.000Z',
    });
    const read = await t.json('GET', '/v2/expenses/1');
    expect(read.body.expense).toEqual(expense);
  });

  it('takes a bare user id and category code, and defaults the claimant to the acting user', async () => {
    const t = vatBook();
    const expense = await created(t, { category: 285, gross_value: -6 });
    expect(expense.user).toBe(`${ORIGIN}/v2/users/${t.ownerId}`);
    const byId = await created(t, { user: t.ownerId, category: '285', gross_value: '-6' });
    expect(byId.user).toBe(expense.user);
  });

  it('keeps receipt_reference, project and ec_status when given', async () => {
    const t = vatBook();
    const project = insertProject(t, insertContact(t));
    const expense = await created(t, { gross_value: '-10', receipt_reference: 'R-17', project, ec_status: 'Reverse Charge' });
    expect(expense).toMatchObject({ receipt_reference: 'R-17', project, ec_status: 'Reverse Charge' });
  });
});

describe('expenses: sales tax rules 1-6 of section 1', () => {
  it('rule 1: with neither rate nor manual amount the category rate applies', async () => {
    const t = vatBook();
    const standard = await created(t, { category: '285', gross_value: '-42.50' });
    expect(standard).toMatchObject({ sales_tax_rate: '20.0', sales_tax_value: '-7.08', sales_tax_status: 'TAXABLE' });
    const zero = await created(t, { category: '365', gross_value: '-42.50' });
    expect(zero).toMatchObject({ sales_tax_rate: '0.0', sales_tax_value: '0.0', sales_tax_status: 'TAXABLE' });
  });

  it('rule 1: a rate of Auto is the same as no rate', async () => {
    const t = vatBook();
    const auto = await created(t, { category: '285', gross_value: '-42.50', sales_tax_rate: 'Auto' });
    expect(auto).toMatchObject({ sales_tax_rate: '20.0', sales_tax_value: '-7.08' });
    const lower = await created(t, { category: '285', gross_value: '-42.50', sales_tax_rate: 'auto' });
    expect(lower.sales_tax_rate).toBe('20.0');
  });

  it('rule 1: the automatic rate is the one in force on the date', async () => {
    const t = createTestBook({ vatRegistered: true, startDate: '2009-05-01', firstAccountingYearEnd: '2010-04-30' });
    const old = await created(t, { category: '285', gross_value: '-11.50', dated_on: '2009-06-01' });
    expect(old).toMatchObject({ sales_tax_rate: '15.0', sales_tax_value: '-1.5' });
  });

  it('rule 2: a read returns the rate and the computed value', async () => {
    const t = vatBook();
    const expense = await created(t, { category: '285', gross_value: '-120', sales_tax_rate: '20' });
    const read = await t.json('GET', `/v2/expenses/${idOf(expense.url)}`);
    expect(read.body.expense).toMatchObject({ sales_tax_rate: '20.0', sales_tax_value: '-20.0' });
    const list = await t.json('GET', '/v2/expenses');
    expect(list.body.expenses[0]).toMatchObject({ sales_tax_rate: '20.0', sales_tax_value: '-20.0' });
  });

  it('rule 3: a given rate computes the tax from the gross so that tax + net = gross', async () => {
    const t = vatBook();
    const expense = await created(t, { category: '285', gross_value: '-10.00', sales_tax_rate: '5' });
    expect(expense).toMatchObject({ sales_tax_rate: '5.0', sales_tax_value: '-0.48' });
    // 10.00 x 5/105 = 0.476..., to the penny 0.48; the category takes the other 9.52.
    expect(postingsOf(t, 'expenses', idOf(expense.url))).toEqual([
      { code: '285', debit: 952 },
      { code: '818', debit: 48 },
      { code: `900-${t.ownerId}`, debit: -1000 },
    ]);
  });

  it('rule 3: the tax is rounded to the penny, half away from zero', async () => {
    const t = vatBook();
    // 0.03 x 20/120 = 0.005 exactly: the half penny goes away from zero, in both directions.
    const spent = await created(t, { category: '285', gross_value: '-0.03', sales_tax_rate: '20' });
    expect(spent.sales_tax_value).toBe('-0.01');
    const refund = await created(t, { category: '285', gross_value: '0.03', sales_tax_rate: '20' });
    expect(refund.sales_tax_value).toBe('0.01');
    expect(postingsOf(t, 'expenses', idOf(spent.url))).toEqual([
      { code: '285', debit: 2 },
      { code: '818', debit: 1 },
      { code: `900-${t.ownerId}`, debit: -3 },
    ]);
  });

  it('rule 3: a rate above 100 or not a number is refused', async () => {
    const t = vatBook();
    expect((await postExpense(t, { gross_value: '-10', sales_tax_rate: '120' })).status).toBe(422);
    const words = await postExpense(t, { gross_value: '-10', sales_tax_rate: 'twenty' });
    expect(words.status).toBe(422);
    expect(words.body.errors[0].message).toMatch(/^sales_tax_rate/);
  });

  it('rule 4: a manual amount is stored and returned with the value, and no rate is returned', async () => {
    const t = vatBook();
    const expense = await created(t, { category: '285', gross_value: '-42.50', manual_sales_tax_amount: '3.00' });
    expect(expense).toMatchObject({ manual_sales_tax_amount: '3.0', sales_tax_value: '-3.0', native_sales_tax_value: '-3.0', sales_tax_status: 'TAXABLE' });
    expect(expense.sales_tax_rate).toBeUndefined();
    const later = await t.json('PUT', `/v2/expenses/${idOf(expense.url)}`, { body: { expense: { description: 'Hotel, one night' } } });
    expect(later.body.expense).toMatchObject({ manual_sales_tax_amount: '3.0', sales_tax_value: '-3.0' });
    expect(later.body.expense.sales_tax_rate).toBeUndefined();
    expect(postingsOf(t, 'expenses', idOf(expense.url))).toEqual([
      { code: '285', debit: 3950 },
      { code: '818', debit: 300 },
      { code: `900-${t.ownerId}`, debit: -4250 },
    ]);
  });

  it('rule 4: a manual amount may not be negative or more than the gross', async () => {
    const t = vatBook();
    expect((await postExpense(t, { gross_value: '-10', manual_sales_tax_amount: '-1' })).status).toBe(422);
    expect((await postExpense(t, { gross_value: '-10', manual_sales_tax_amount: '10.01' })).status).toBe(422);
  });

  it('rule 5: with both a manual amount and a rate, the rate is ignored', async () => {
    const t = vatBook();
    const expense = await created(t, { category: '285', gross_value: '-42.50', manual_sales_tax_amount: '1.50', sales_tax_rate: '20' });
    expect(expense).toMatchObject({ manual_sales_tax_amount: '1.5', sales_tax_value: '-1.5' });
    expect(expense.sales_tax_rate).toBeUndefined();
  });

  it('rule 6: EXEMPT and OUT_OF_SCOPE carry no tax, whatever else is sent', async () => {
    const t = vatBook();
    const exempt = await created(t, { category: '285', gross_value: '-20', sales_tax_status: 'EXEMPT' });
    expect(exempt.sales_tax_status).toBe('EXEMPT');
    expect(exempt.sales_tax_value).toBeUndefined();
    expect(exempt.sales_tax_rate).toBeUndefined();
    const outside = await created(t, { category: '285', gross_value: '-20', sales_tax_status: 'out_of_scope', sales_tax_rate: '20' });
    expect(outside.sales_tax_status).toBe('OUT_OF_SCOPE');
    expect(postingRows(t, 'expenses', idOf(outside.url)).map((row) => [row.code, row.debit, row.status])).toEqual([
      ['285', 2000, 'OUT_OF_SCOPE'],
      [`900-${t.ownerId}`, -2000, null],
    ]);
    const bad = await postExpense(t, { gross_value: '-1', sales_tax_status: 'ZERO' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].message).toMatch(/^sales_tax_status/);
  });

  it('without VAT registration nothing is taxed and no tax field is returned', async () => {
    const t = createTestBook();
    const expense = await created(t, { category: '285', gross_value: '-12.34', sales_tax_rate: '20' });
    for (const field of ['sales_tax_rate', 'sales_tax_value', 'native_sales_tax_value', 'sales_tax_status']) expect(expense[field]).toBeUndefined();
    expect(postingsOf(t, 'expenses', idOf(expense.url)).map((row) => row.code)).toEqual(['285', `900-${t.ownerId}`]);
  });

  it('an update re-applies the tax as it was asked for, unless it says something new', async () => {
    const t = vatBook();
    const auto = await created(t, { category: '285', gross_value: '-12' });
    const moved = await t.json('PUT', `/v2/expenses/${idOf(auto.url)}`, { body: { expense: { category: '365' } } });
    expect(moved.body.expense).toMatchObject({ sales_tax_rate: '0.0', sales_tax_value: '0.0' });
    const rated = await created(t, { category: '285', gross_value: '-12', sales_tax_rate: '5' });
    const kept = await t.json('PUT', `/v2/expenses/${idOf(rated.url)}`, { body: { expense: { category: '365', gross_value: '-21' } } });
    expect(kept.body.expense).toMatchObject({ sales_tax_rate: '5.0', sales_tax_value: '-1.0' });
    const manual = await t.json('PUT', `/v2/expenses/${idOf(rated.url)}`, { body: { expense: { manual_sales_tax_amount: '2' } } });
    expect(manual.body.expense).toMatchObject({ manual_sales_tax_amount: '2.0', sales_tax_value: '-2.0' });
    const back = await t.json('PUT', `/v2/expenses/${idOf(rated.url)}`, { body: { expense: { sales_tax_rate: 'Auto', manual_sales_tax_amount: null } } });
    expect(back.body.expense).toMatchObject({ sales_tax_rate: '0.0' });
    expect(back.body.expense.manual_sales_tax_amount).toBeUndefined();
  });
});

describe('expenses: postings', () => {
  it('debits the category with the net and 818 with the tax against the user\'s 900-N account; net lines carry the VAT treatment', async () => {
    const t = vatBook();
    const expense = await created(t, { category: '285', gross_value: '-12.34' });
    expect(postingRows(t, 'expenses', idOf(expense.url))).toEqual([
      { code: '285', debit: 1028, status: 'TAXABLE', ec: null, currency: null, foreign: null },
      { code: '818', debit: 206, status: null, ec: null, currency: null, foreign: null },
      { code: `900-${t.ownerId}`, debit: -1234, status: null, ec: null, currency: null, foreign: null },
    ]);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('under the reverse charge, costs the whole amount and accounts for 20% of it both ways (818 and 819)', async () => {
    const t = vatBook();
    const expense = await created(t, { category: '285', gross_value: '-12.34', ec_status: 'Reverse Charge' });
    expect(postingRows(t, 'expenses', idOf(expense.url))).toEqual([
      { code: '285', debit: 1234, status: 'TAXABLE', ec: 'Reverse Charge', currency: null, foreign: null },
      { code: '818', debit: 247, status: null, ec: null, currency: null, foreign: null },
      { code: '819', debit: -247, status: null, ec: null, currency: null, foreign: null },
      { code: `900-${t.ownerId}`, debit: -1234, status: null, ec: null, currency: null, foreign: null },
    ]);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('posts to the claimant\'s own account, and moves with the claimant', async () => {
    const t = vatBook();
    const token = await t.userWithLevel(2);
    const id = await userIdOf(t, token);
    const expense = await created(t, { user: `${ORIGIN}/v2/users/${id}`, category: '285', gross_value: '-6' });
    expect(postingsOf(t, 'expenses', idOf(expense.url)).map((row) => row.code)).toContain(`900-${id}`);
    await t.json('PUT', `/v2/expenses/${idOf(expense.url)}`, { body: { expense: { user: t.ownerId } } });
    expect(postingsOf(t, 'expenses', idOf(expense.url)).map((row) => row.code)).toEqual(['285', '818', `900-${t.ownerId}`]);
  });

  it('a positive gross is a refund the user owes: every line turns around', async () => {
    const t = vatBook();
    const refund = await created(t, { category: '285', gross_value: '12', sales_tax_rate: '20' });
    expect(refund).toMatchObject({ gross_value: '12.0', sales_tax_value: '2.0' });
    expect(postingsOf(t, 'expenses', idOf(refund.url))).toEqual([
      { code: '285', debit: -1000 },
      { code: '818', debit: -200 },
      { code: `900-${t.ownerId}`, debit: 1200 },
    ]);
  });

  it('a zero gross is refused', async () => {
    const t = vatBook();
    const response = await postExpense(t, { gross_value: '0' });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].message).toMatch(/^gross_value/);
  });

  it('is replaced on update and removed on delete', async () => {
    const t = vatBook();
    const expense = await created(t, { category: '285', gross_value: '-12' });
    await t.json('PUT', `/v2/expenses/${idOf(expense.url)}`, { body: { expense: { gross_value: '-24', dated_on: '2026-09-01' } } });
    const rows = t.book.sqlite.prepare("SELECT dated_on, debit_minor FROM postings WHERE source_resource = 'expenses' ORDER BY id").all() as { dated_on: string; debit_minor: number }[];
    expect(rows.map((row) => row.debit_minor).sort((a, b) => a - b)).toEqual([-2400, 400, 2000]);
    expect(new Set(rows.map((row) => row.dated_on))).toEqual(new Set(['2026-09-01']));
    const removed = await t.json('DELETE', `/v2/expenses/${idOf(expense.url)}`);
    expect(removed.status).toBe(200);
    expect(postingsOf(t, 'expenses', idOf(expense.url))).toEqual([]);
    expect((await t.json('GET', `/v2/expenses/${idOf(expense.url)}`)).status).toBe(404);
  });

  it('records every write in the change log', async () => {
    const t = vatBook();
    const expense = await created(t, { gross_value: '-12' });
    await t.json('PUT', `/v2/expenses/${idOf(expense.url)}`, { body: { expense: { description: 'Taxi' } } });
    await t.json('DELETE', `/v2/expenses/${idOf(expense.url)}`);
    const log = t.book.sqlite.prepare("SELECT operation FROM changes WHERE resource = 'expenses' ORDER BY id").pluck().all();
    expect(log).toEqual(['create', 'update', 'delete']);
  });
});

describe('expenses: foreign currency', () => {
  it('needs native_gross_value, since there is no rate feed offline', async () => {
    const t = vatBook();
    const response = await postExpense(t, { currency: 'USD', gross_value: '-20' });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].message).toMatch(/^native_gross_value is required/);
  });

  it('ignores a rate (zero, as the live service does) and takes a manual amount in the company currency', async () => {
    const t = vatBook();
    const rated = await created(t, { currency: 'usd', gross_value: '-20', native_gross_value: '-12', sales_tax_rate: '20' });
    expect(rated).toMatchObject({ currency: 'USD', gross_value: '-20.0', native_gross_value: '-12.0', sales_tax_rate: '0.0', sales_tax_value: '0.0' });
    const automatic = await created(t, { currency: 'USD', gross_value: '-20', native_gross_value: '-12' });
    expect(automatic.sales_tax_rate).toBe('0.0');
    // The live documentation's example: USD 20.00 costing GBP 12.00, with 0.12 reclaimable.
    const manual = await created(t, { currency: 'USD', gross_value: '-20', native_gross_value: '-12', manual_sales_tax_amount: '0.12' });
    expect(manual).toMatchObject({ manual_sales_tax_amount: '0.12', native_sales_tax_value: '-0.12', sales_tax_value: '-0.2' });
    expect(postingRows(t, 'expenses', idOf(manual.url)).map((row) => [row.code, row.debit, row.currency, row.foreign])).toEqual([
      ['285', 1188, null, null],
      ['818', 12, null, null],
      [`900-${t.ownerId}`, -1200, 'USD', -2000],
    ]);
  });

  it('keeps the rate it was entered at when only the amount changes', async () => {
    const t = vatBook();
    const expense = await created(t, { currency: 'EUR', gross_value: '-10', native_gross_value: '-8.50', sales_tax_status: 'OUT_OF_SCOPE' });
    const doubled = await t.json('PUT', `/v2/expenses/${idOf(expense.url)}`, { body: { expense: { gross_value: '-20' } } });
    expect(doubled.body.expense).toMatchObject({ gross_value: '-20.0', native_gross_value: '-17.0' });
    const moved = await t.json('PUT', `/v2/expenses/${idOf(expense.url)}`, { body: { expense: { currency: 'USD' } } });
    expect(moved.status).toBe(422);
    const home = await t.json('PUT', `/v2/expenses/${idOf(expense.url)}`, { body: { expense: { currency: 'GBP' } } });
    expect(home.body.expense).toMatchObject({ currency: 'GBP', gross_value: '-20.0', native_gross_value: '-20.0' });
  });

  it('refuses a native value of the wrong sign, and one that differs on a native-currency expense', async () => {
    const t = vatBook();
    expect((await postExpense(t, { currency: 'USD', gross_value: '-20', native_gross_value: '12' })).status).toBe(422);
    expect((await postExpense(t, { gross_value: '-20', native_gross_value: '-12' })).status).toBe(422);
    expect((await postExpense(t, { currency: 'US', gross_value: '-20' })).status).toBe(422);
  });
});

describe('expenses: who may see and write them', () => {
  it('needs My Money: level 1 is refused, level 2 may record its own', async () => {
    const t = vatBook();
    const time = await t.userWithLevel(1);
    expect((await t.json('GET', '/v2/expenses', { token: time })).status).toBe(403);
    expect((await postExpense(t, { gross_value: '-5' }, time)).status).toBe(403);
    expect((await t.json('GET', '/v2/expenses/1', { token: time })).status).toBe(403);
    const myMoney = await t.userWithLevel(2);
    const own = await postExpense(t, { gross_value: '-5' }, myMoney);
    expect(own.status).toBe(201);
    expect(own.body.expense.user).toBe(`${ORIGIN}/v2/users/${await userIdOf(t, myMoney)}`);
    const id = idOf(own.body.expense.url);
    expect((await t.json('GET', `/v2/expenses/${id}`, { token: myMoney })).status).toBe(200);
    expect((await t.json('PUT', `/v2/expenses/${id}`, { token: myMoney, body: { expense: { description: 'Bus' } } })).status).toBe(200);
    expect((await t.json('DELETE', `/v2/expenses/${id}`, { token: myMoney })).status).toBe(200);
  });

  it("below level 7 another user's expenses cannot be seen, changed, deleted or recorded", async () => {
    const t = vatBook();
    const owners = await created(t, { gross_value: '-7' });
    const banking = await t.userWithLevel(6);
    const mine = await created(t, { gross_value: '-3' }, banking);
    expect((await t.json('GET', `/v2/expenses/${idOf(owners.url)}`, { token: banking })).status).toBe(403);
    expect((await t.json('PUT', `/v2/expenses/${idOf(owners.url)}`, { token: banking, body: { expense: { description: 'x' } } })).status).toBe(403);
    expect((await t.json('DELETE', `/v2/expenses/${idOf(owners.url)}`, { token: banking })).status).toBe(403);
    expect((await postExpense(t, { gross_value: '-5', user: t.ownerId }, banking)).status).toBe(403);
    expect((await t.json('PUT', `/v2/expenses/${idOf(mine.url)}`, { token: banking, body: { expense: { user: t.ownerId } } })).status).toBe(403);
    const list = await t.json('GET', '/v2/expenses', { token: banking });
    expect(list.body.expenses.map((row: any) => row.url)).toEqual([mine.url]);
    expect(list.headers.get('x-total-count')).toBe('1');
  });

  it("from level 7 everyone's expenses are seen and may be recorded for anyone", async () => {
    const t = vatBook();
    const myMoney = await t.userWithLevel(2);
    const theirs = await created(t, { gross_value: '-3' }, myMoney);
    const accountant = await t.userWithLevel(7, 'Accountant');
    expect((await t.json('GET', `/v2/expenses/${idOf(theirs.url)}`, { token: accountant })).status).toBe(200);
    const forOwner = await postExpense(t, { gross_value: '-5', user: t.ownerId }, accountant);
    expect(forOwner.status).toBe(201);
    expect((await t.json('GET', '/v2/expenses', { token: accountant })).body.expenses).toHaveLength(2);
  });
});

describe('expenses: lists', () => {
  it('are newest first and paged', async () => {
    const t = vatBook();
    await created(t, { gross_value: '-1', dated_on: '2026-08-01' });
    await created(t, { gross_value: '-2', dated_on: '2026-09-01' });
    await created(t, { gross_value: '-3', dated_on: '2026-08-15' });
    const page = await t.json('GET', '/v2/expenses?per_page=2');
    expect(page.body.expenses.map((row: any) => row.gross_value)).toEqual(['-2.0', '-3.0']);
    expect(page.headers.get('x-total-count')).toBe('3');
    expect(page.headers.get('link')).toContain('rel="next"');
  });

  it('filter by from_date, to_date, updated_since and project', async () => {
    const t = vatBook();
    const project = insertProject(t, insertContact(t));
    await created(t, { gross_value: '-1', dated_on: '2026-07-01' });
    t.clock.set('2026-11-23T09:00:00.000Z');
    await created(t, { gross_value: '-2', dated_on: '2026-08-01', project });
    const values = async (query: string) => (await t.json('GET', `/v2/expenses?${query}`)).body.expenses.map((row: any) => row.gross_value);
    expect(await values('from_date=2026-07-15')).toEqual(['-2.0']);
    expect(await values('to_date=2026-07-15')).toEqual(['-1.0']);
    expect(await values('updated_since=2026-11-23T00:00:00Z')).toEqual(['-2.0']);
    expect(await values(`project=${encodeURIComponent(project)}`)).toEqual(['-2.0']);
    expect(await values(`project=${encodeURIComponent(`${ORIGIN}/v2/projects/99`)}`)).toEqual([]);
    expect((await t.json('GET', '/v2/expenses?project=nonsense')).status).toBe(400);
    expect((await t.json('GET', '/v2/expenses?from_date=2026-13-01')).status).toBe(400);
  });

  it('view recent is the last three months by the engine clock; recurring is empty; others are a 400', async () => {
    const t = vatBook();
    await created(t, { gross_value: '-1', dated_on: '2026-08-21' });
    await created(t, { gross_value: '-2', dated_on: '2026-08-22' });
    const recent = await t.json('GET', '/v2/expenses?view=recent');
    expect(recent.body.expenses.map((row: any) => row.dated_on)).toEqual(['2026-08-22']);
    expect((await t.json('GET', '/v2/expenses?view=all')).body.expenses).toHaveLength(2);
    expect((await t.json('GET', '/v2/expenses?view=recurring')).body.expenses).toEqual([]);
    expect((await t.json('GET', '/v2/expenses?view=mine')).status).toBe(400);
  });
});

describe('expenses: refusals', () => {
  it('names the field for each broken rule and changes nothing', async () => {
    const t = vatBook();
    const before = t.changeCount();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ gross_value: '-1', description: '' }, /^description/],
      [{ gross_value: 'ten' }, /^gross_value/],
      [{ gross_value: '-1.005' }, /^gross_value/],
      [{ gross_value: '-1', category: '499' }, /^category 499 does not exist/],
      [{ gross_value: '-1', category: '750' }, /^category cannot be 750/],
      [{ gross_value: '-1', category: '818' }, /^category cannot be 818/],
      [{ gross_value: '-1', category: `900-${t.ownerId}` }, /^category cannot be/],
      [{ gross_value: '-1', category: '907' }, /sub accounts/],
      [{ gross_value: '-1', user: 999 }, /^user is not a user/],
      [{ gross_value: '-1', project: `${ORIGIN}/v2/projects/5` }, /^project is not a project/],
      [{ gross_value: '-1', dated_on: '2026-02-30' }, /^dated_on/],
      [{ gross_value: '-1', ec_status: 'EC Goods' }, /^ec_status EC Goods is not valid/],
      [{ gross_value: '-1', ec_status: 'EC VAT MOSS' }, /^ec_status/],
      [{ gross_value: '-1', recurring: 'Weekly' }, /^recurring is not supported/],
    ];
    for (const [fields, message] of cases) {
      const response = await postExpense(t, fields);
      expect(response.status, JSON.stringify(fields)).toBe(422);
      expect(response.body.errors[0].message, JSON.stringify(fields)).toMatch(message);
    }
    const missing = await t.json('POST', '/v2/expenses', { body: { expense: { gross_value: '-1' } } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.map((error: any) => error.message.split(' ')[0]).sort()).toEqual(['category', 'dated_on', 'description']);
    expect((await t.json('POST', '/v2/expenses', { body: { bill: {} } })).status).toBe(422);
    expect((await t.json('GET', '/v2/expenses/999')).status).toBe(404);
    expect((await t.json('PUT', '/v2/expenses/999', { body: { expense: {} } })).status).toBe(404);
    expect((await t.json('DELETE', '/v2/expenses/999')).status).toBe(404);
    expect(t.changeCount()).toBe(before);
    expect(t.book.sqlite.prepare('SELECT count(*) FROM postings').pluck().get()).toBe(0);
  });

  it('a reverse charge dated before 2021 is refused', async () => {
    const t = createTestBook({ vatRegistered: true, startDate: '2019-05-01', firstAccountingYearEnd: '2020-04-30' });
    const response = await postExpense(t, { gross_value: '-1', dated_on: '2020-06-01', ec_status: 'Reverse Charge' });
    expect(response.status).toBe(422);
    const goods = await postExpense(t, { gross_value: '-1', dated_on: '2020-06-01', ec_status: 'EC Goods' });
    expect(goods.status).toBe(201);
  });

  it('nothing dated on or before the lock date can be created, moved or deleted', async () => {
    const t = vatBook();
    const open = await created(t, { gross_value: '-1', dated_on: '2026-09-10' });
    lockBooks(t, '2026-08-31');
    expect((await postExpense(t, { gross_value: '-1', dated_on: '2026-08-31' })).status).toBe(422);
    expect((await t.json('PUT', `/v2/expenses/${idOf(open.url)}`, { body: { expense: { dated_on: '2026-08-01' } } })).status).toBe(422);
    expect((await postExpense(t, { gross_value: '-1', dated_on: '2026-09-01' })).status).toBe(201);
    t.book.sqlite.prepare("UPDATE account_locks SET locked_to_date = '2026-09-30'").run();
    expect((await t.json('DELETE', `/v2/expenses/${idOf(open.url)}`)).status).toBe(422);
    expect((await t.json('PUT', `/v2/expenses/${idOf(open.url)}`, { body: { expense: { description: 'late' } } })).status).toBe(422);
  });
});

describe('expenses: XML', () => {
  it('round-trips: an XML create reads back the same as its JSON twin', async () => {
    const t = vatBook();
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<expense>
  <category>${ORIGIN}/v2/categories/285</category>
  <dated-on type="date">2026-08-16</dated-on>
  <gross-value type="decimal">-12.34</gross-value>
  <sales-tax-rate type="decimal">20.0</sales-tax-rate>
  <description>SDKTEST expense</description>
  <receipt-reference>R1</receipt-reference>
</expense>`;
    const response = await t.request('POST', '/v2/expenses', { xml });
    expect(response.status).toBe(201);
    const body = (await readXml(response)) as any;
    expect(body.expense).toMatchObject({ gross_value: '-12.34', sales_tax_rate: '20.0', sales_tax_value: '-2.06', receipt_reference: 'R1' });
    const json = await t.json('GET', `/v2/expenses/${idOf(body.expense.url)}`);
    const asXml = await readXml(await t.request('GET', `/v2/expenses/${idOf(body.expense.url)}`, { headers: { Accept: 'application/xml' } }));
    expect(asXml).toEqual(json.body);
  });
});
