import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { createTestBook } from './harness';
import { bankAccount, explainedLine, postDocument } from './report-fixtures';
import { readXml } from './xml-reader';


const cashflow = async (t: ReturnType<typeof createTestBook>, query = '') => {
  const response = await t.json('GET', `/v2/cashflow${query}`);
  return { ...response, cashflow: response.body?.cashflow };
};

/** month -> total, for compact expectations. */
const byMonth = (side: any) => Object.fromEntries(side.months.map((entry: any) => [`${entry.year}-${String(entry.month).padStart(2, '0')}`, entry.total]));

describe('GET /v2/cashflow', () => {
  it('has the golden shape: months as integers, one entry per month from the accounting year start to today', async () => {
    const t = createTestBook();
    const { status, cashflow: record } = await cashflow(t);
    expect(status).toBe(200);
    // The key sets of golden-responses/cashflow.json (test/shared-corpus/golden-reports.test.ts reads the file itself).
    expect(Object.keys(record).sort()).toEqual(['balance', 'from', 'incoming', 'outgoing', 'to']);
    expect(Object.keys(record.incoming).sort()).toEqual(['months', 'total']);
    expect(Object.keys(record.incoming.months[0]).sort()).toEqual(['month', 'total', 'year']);
    expect([record.from, record.to]).toEqual(['2026-05-01', '2026-11-22']);
    expect(record.incoming.months).toEqual([5, 6, 7, 8, 9, 10, 11].map((month) => ({ month, year: 2026, total: '0.0' })));
    // Decimals are strings, as the reference says of every decimal (the live service sends numbers here).
    expect(record).toMatchObject({ balance: '0.0', incoming: { total: '0.0' }, outgoing: { total: '0.0' } });
  });

  it('totals money in and out of the bank accounts per month, with the balance between them', async () => {
    const t = createTestBook({ vatRegistered: true });
    const account = await bankAccount(t);
    await explainedLine(t, account, { dated_on: '2026-06-10', amount: '1200.00' }, { category: '001' });
    await explainedLine(t, account, { dated_on: '2026-06-30', amount: '-120.00' }, { category: '285' });
    await explainedLine(t, account, { dated_on: '2026-08-01', amount: '-0.99' }, { category: '363' });
    await explainedLine(t, account, { dated_on: '2026-08-31', amount: '300.00' }, { category: '001' });
    const { cashflow: record } = await cashflow(t, '?from_date=2026-06-01&to_date=2026-08-31');
    // Gross amounts: what went through the bank, VAT included.
    expect(byMonth(record.incoming)).toEqual({ '2026-06': '1200.0', '2026-07': '0.0', '2026-08': '300.0' });
    expect(byMonth(record.outgoing)).toEqual({ '2026-06': '120.0', '2026-07': '0.0', '2026-08': '0.99' });
    expect(record).toMatchObject({ incoming: { total: '1500.0' }, outgoing: { total: '120.99' }, balance: '1379.01' });
  });

  it('does not count an opening bank balance as money in: the books start with it', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, { opening_balance: '12000.00' });
    await explainedLine(t, account, { dated_on: '2025-05-01', amount: '250.00' }, { category: '001' });
    const { cashflow: record } = await cashflow(t, '?from_date=2025-05-01&to_date=2025-06-30');
    expect(byMonth(record.incoming)).toEqual({ '2025-05': '250.0', '2025-06': '0.0' });
    expect(record).toMatchObject({ incoming: { total: '250.0' }, outgoing: { total: '0.0' }, balance: '250.0' });
    // An overdrawn start is not money out either.
    const overdrawn = createTestBook();
    await bankAccount(overdrawn, { opening_balance: '-800.00' });
    expect((await cashflow(overdrawn, '?from_date=2025-05-01&to_date=2025-05-31')).cashflow).toMatchObject({ outgoing: { total: '0.0' } });
  });

  it('leaves out transfers between own accounts, which are neither in nor out', async () => {
    const t = createTestBook();
    const current = await bankAccount(t, { name: 'Current' });
    const savings = await bankAccount(t, { name: 'Savings' });
    await explainedLine(t, current, { dated_on: '2026-07-01', amount: '-500.00' }, { transfer_bank_account: savings });
    await explainedLine(t, current, { dated_on: '2026-07-02', amount: '-80.00' }, { category: '285' });
    const { cashflow: record } = await cashflow(t);
    expect(record).toMatchObject({ incoming: { total: '0.0' }, outgoing: { total: '80.0' }, balance: '-80.0' });
  });

  it('does not take two documents of equal and opposite amounts on one day for a transfer', async () => {
    const t = createTestBook();
    const current = await bankAccount(t, { name: 'Current' });
    const savings = await bankAccount(t, { name: 'Savings' });
    await explainedLine(t, current, { dated_on: '2026-07-01', amount: '50.00' }, { category: '001' });
    await explainedLine(t, savings, { dated_on: '2026-07-01', amount: '-50.00' }, { category: '285' });
    await explainedLine(t, current, { dated_on: '2026-07-01', amount: '-50.00' }, { transfer_bank_account: savings });
    const { cashflow: record } = await cashflow(t);
    expect(record).toMatchObject({ incoming: { total: '50.0' }, outgoing: { total: '50.0' }, balance: '0.0' });
  });

  it('reads only the bank accounts (750-N): other postings are not cash', async () => {
    const t = createTestBook();
    await bankAccount(t);
    postDocument(t, '2026-06-01', [{ code: '001', debit: -10_000 }, { code: '681', debit: 10_000 }]);
    postDocument(t, '2026-06-02', [{ code: '750-1', debit: 2_500 }, { code: '001', debit: -2_500 }], 'bank_transaction_explanations');
    const { cashflow: record } = await cashflow(t);
    expect(record).toMatchObject({ incoming: { total: '25.0' }, outgoing: { total: '0.0' } });
  });

  it('counts only days inside the period, while listing every month it touches', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    await explainedLine(t, account, { dated_on: '2026-06-14', amount: '10.00' }, { category: '001' });
    await explainedLine(t, account, { dated_on: '2026-06-15', amount: '20.00' }, { category: '001' });
    await explainedLine(t, account, { dated_on: '2026-07-15', amount: '40.00' }, { category: '001' });
    await explainedLine(t, account, { dated_on: '2026-07-16', amount: '80.00' }, { category: '001' });
    const { cashflow: record } = await cashflow(t, '?from_date=2026-06-15&to_date=2026-07-15');
    expect(byMonth(record.incoming)).toEqual({ '2026-06': '20.0', '2026-07': '40.0' });
  });

  it('gives 0 for the future: months after today and days after today, even when postings are dated there', async () => {
    const t = createTestBook();
    await bankAccount(t);
    postDocument(t, '2026-11-20', [{ code: '750-1', debit: 1_000 }, { code: '001', debit: -1_000 }], 'bank_transaction_explanations');
    postDocument(t, '2026-11-25', [{ code: '750-1', debit: 2_000 }, { code: '001', debit: -2_000 }], 'bank_transaction_explanations');
    postDocument(t, '2027-01-05', [{ code: '750-1', debit: -4_000 }, { code: '285', debit: 4_000 }], 'bank_transaction_explanations');
    const { cashflow: record } = await cashflow(t, '?from_date=2026-11-01&to_date=2027-01-31');
    expect(byMonth(record.incoming)).toEqual({ '2026-11': '10.0', '2026-12': '0.0', '2027-01': '0.0' });
    expect(record.outgoing.total).toBe('0.0');
    const future = await cashflow(t, '?from_date=2027-01-01&to_date=2027-02-28');
    expect(future.cashflow).toMatchObject({ incoming: { total: '0.0' }, outgoing: { total: '0.0' }, balance: '0.0' });
    expect(future.cashflow.incoming.months).toHaveLength(2);
    // Once the clock passes them, those days are history.
    t.clock.set('2027-02-01T00:00:00Z');
    expect((await cashflow(t, '?from_date=2026-11-01&to_date=2027-01-31')).cashflow).toMatchObject({ incoming: { total: '30.0' }, outgoing: { total: '40.0' } });
  });

  it('spans years in its months', async () => {
    const t = createTestBook();
    const { cashflow: record } = await cashflow(t, '?from_date=2025-11-30&to_date=2026-02-01');
    expect(record.outgoing.months.map((entry: any) => [entry.year, entry.month])).toEqual([[2025, 11], [2025, 12], [2026, 1], [2026, 2]]);
  });

  it('refuses malformed dates and a from_date after to_date with 400', async () => {
    const t = createTestBook();
    for (const query of ['?from_date=2026-02-30', '?to_date=20260101', '?from_date=2026-03-01&to_date=2026-02-01']) {
      expect((await cashflow(t, query)).status, query).toBe(400);
    }
  });

  it('needs Banking access', async () => {
    const t = createTestBook();
    const bills = await t.userWithLevel(Level.Bills);
    const banking = await t.userWithLevel(Level.Banking);
    expect((await t.json('GET', '/v2/cashflow', { token: bills })).status).toBe(403);
    expect((await t.json('GET', '/v2/cashflow', { token: banking })).status).toBe(200);
  });

  it('reads the same in XML as in JSON, with integer months and years', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    await explainedLine(t, account, { dated_on: '2026-06-10', amount: '12.34' }, { category: '001' });
    const json = (await t.json('GET', '/v2/cashflow?from_date=2026-05-01&to_date=2026-07-31')).body;
    const response = await t.request('GET', '/v2/cashflow?from_date=2026-05-01&to_date=2026-07-31', { headers: { Accept: 'application/xml' } });
    const text = await response.clone().text();
    expect(text).toContain('<month type="integer">6</month>');
    expect(text).toContain('<total type="decimal">12.34</total>');
    expect(await readXml(response)).toEqual(json);
  });
});
