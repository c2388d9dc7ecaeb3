import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { company } from '../../main/db/schema';
import { lockedToDate } from '../../main/engine/ledger/locks';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, type TestBook } from './harness';
import { bankAccount, explainedLine, postDocument } from './report-fixtures';
import { readXml } from './xml-reader';

// The default test book registers for VAT on its start, 2025-05-01; the clock says 2026-11-22.
const vatBook = () => createTestBook({ vatRegistered: true });

const list = async (t: TestBook, query = '') => (await t.json('GET', `/v2/vat_returns${query}`)).body.vat_returns;
const single = async (t: TestBook, endsOn: string) => t.json('GET', `/v2/vat_returns/${endsOn}`);
const put = (t: TestBook, path: string, token?: string) => t.json('PUT', `/v2/vat_returns/${path}`, { token });

/** box number -> value, from a single read's breakdown. */
async function boxes(t: TestBook, endsOn: string): Promise<Record<number, string>> {
  const response = await single(t, endsOn);
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return Object.fromEntries(response.body.vat_return.breakdown.rows.map((row: any) => [row.box_number, row.value]));
}

describe('VAT return periods', () => {
  it('lists quarters from registration to the current one, newest first, without a breakdown', async () => {
    const t = vatBook();
    const returns = await list(t, '?per_page=100');
    expect(returns.map((entry: any) => [entry.period_starts_on, entry.period_ends_on])).toEqual([
      ['2026-11-01', '2027-01-31'],
      ['2026-08-01', '2026-10-31'],
      ['2026-05-01', '2026-07-31'],
      ['2026-02-01', '2026-04-30'],
      ['2025-11-01', '2026-01-31'],
      ['2025-08-01', '2025-10-31'],
      ['2025-05-01', '2025-07-31'],
    ]);
    expect(returns[6]).toEqual({
      url: 'http://127.0.0.1:9999/v2/vat_returns/2025-07-31',
      period_starts_on: '2025-05-01',
      period_ends_on: '2025-07-31',
      filing_due_on: '2025-09-07',
      filing_status: 'unfiled',
      payments: [{ label: 'VAT Payment', due_on: '2025-09-07', amount_due: '0.0' }],
    });
  });

  it('is paged like every list', async () => {
    const t = vatBook();
    const response = await t.json('GET', '/v2/vat_returns?per_page=2&page=2');
    expect(response.body.vat_returns.map((entry: any) => entry.period_ends_on)).toEqual(['2026-07-31', '2026-04-30']);
    expect(response.headers.get('x-total-count')).toBe('7');
  });

  it('staggers by the registration date: a first part-period to the quarter end, then whole quarters', async () => {
    const t = vatBook();
    t.book.db.update(company).set({ salesTaxEffectiveDate: '2026-03-12' }).where(eq(company.id, 1)).run();
    expect((await list(t)).map((entry: any) => [entry.period_starts_on, entry.period_ends_on])).toEqual([
      ['2026-09-01', '2026-11-30'],
      ['2026-06-01', '2026-08-31'],
      ['2026-03-12', '2026-05-31'],
    ]);
  });

  it('follows vat_period_months (monthly returns), due one month and seven days after each period', async () => {
    const t = vatBook();
    t.book.db.update(company).set({ salesTaxEffectiveDate: '2026-09-01', vatPeriodMonths: 1 }).where(eq(company.id, 1)).run();
    expect((await list(t)).map((entry: any) => [entry.period_ends_on, entry.filing_due_on])).toEqual([
      ['2026-11-30', '2027-01-07'],
      ['2026-10-31', '2026-12-07'],
      ['2026-09-30', '2026-11-07'],
    ]);
  });

  it('adds the next period when the clock reaches it', async () => {
    const t = vatBook();
    t.clock.set('2027-02-01T08:00:00Z');
    expect((await list(t))[0].period_ends_on).toBe('2027-04-30');
  });

  it('a company that is not VAT registered has none: an empty list, 404 for a period', async () => {
    const t = createTestBook();
    expect(await list(t)).toEqual([]);
    expect((await single(t, '2025-07-31')).status).toBe(404);
  });

  it('answers 404 for a date that ends no period, or a period not yet begun', async () => {
    const t = vatBook();
    for (const endsOn of ['2025-07-30', '2027-04-30', '2025-02-30', '2025-04-30']) expect((await single(t, endsOn)).status, endsOn).toBe(404);
    expect((await t.json('GET', '/v2/vat_returns/last')).status).toBe(404);
  });
});

describe('the boxes, from postings', () => {
  it('sales and purchases VAT through explanations: boxes 1, 4, 5, 6 and 7', async () => {
    const t = vatBook();
    const account = await bankAccount(t);
    await explainedLine(t, account, { dated_on: '2026-08-03', amount: '1200.00' }, { category: '001' });
    await explainedLine(t, account, { dated_on: '2026-09-03', amount: '-120.00' }, { category: '285' });
    await explainedLine(t, account, { dated_on: '2026-10-31', amount: '-45.55' }, { category: '364' }); // zero rate: in box 7
    await explainedLine(t, account, { dated_on: '2026-10-01', amount: '-60.00' }, { category: '285', sales_tax_status: 'EXEMPT' });
    await explainedLine(t, account, { dated_on: '2026-10-02', amount: '-70.00' }, { category: '285', sales_tax_status: 'OUT_OF_SCOPE' });
    await explainedLine(t, account, { dated_on: '2026-10-03', amount: '121.00' }, { category: '001', ec_status: 'EC VAT MOSS', place_of_supply: 'Netherlands', sales_tax_rate: '21' });
    // Outside the period on both sides.
    await explainedLine(t, account, { dated_on: '2026-07-31', amount: '600.00' }, { category: '001' });
    await explainedLine(t, account, { dated_on: '2026-11-01', amount: '600.00' }, { category: '001' });
    expect(await boxes(t, '2026-10-31')).toEqual({
      1: '200.0',
      2: '0.0',
      3: '200.0',
      4: '20.0',
      5: '180.0',
      // 1000 of sales; the MOSS sale is on the MOSS return instead.
      6: '1000.0',
      // 100 + 45.55 + 60 exempt, pence left off; the out-of-scope 70 is not on the return.
      7: '205.0',
      8: '0.0',
      9: '0.0',
    });
  });

  it('gives every row its title, key and integer box number in order', async () => {
    const t = vatBook();
    const { body } = await single(t, '2025-07-31');
    expect(body.vat_return.breakdown.title).toBe('VAT return for 1 May 2025 to 31 July 2025');
    expect(body.vat_return.breakdown.rows.map((row: any) => [row.box_number, row.key])).toEqual([
      [1, 'vatDueSales'],
      [2, 'vatDueAcquisitions'],
      [3, 'totalVatDue'],
      [4, 'vatReclaimedCurrPeriod'],
      [5, 'netVatDue'],
      [6, 'totalValueSalesExVAT'],
      [7, 'totalValuePurchasesExVAT'],
      [8, 'totalValueGoodsSuppliedExVAT'],
      [9, 'totalValueGoodsAcquiredExVAT'],
    ]);
    expect(body.vat_return.breakdown.rows.every((row: any) => typeof row.title === 'string' && row.title.length > 10)).toBe(true);
  });

  it('EC goods: the reverse-charge VAT of an acquisition is box 2 (and box 4), its net box 9; goods supplied box 8', async () => {
    const t = vatBook();
    // A bill for goods from an EU supplier: no VAT paid to them, VAT due and reclaimed under the reverse charge.
    postDocument(t, '2025-06-10', [
      { code: '101', debit: 100_000, salesTaxStatus: 'TAXABLE', ecStatus: 'EC Goods' },
      { code: '818', debit: 20_000 },
      { code: '819', debit: -20_000 },
      { code: '796', debit: -100_000 },
    ], 'bills');
    // A zero-rated dispatch of goods to an EU customer.
    postDocument(t, '2025-06-11', [{ code: '001', debit: -50_050, salesTaxStatus: 'TAXABLE', ecStatus: 'EC Goods' }, { code: '681', debit: 50_050 }], 'invoices');
    // An ordinary UK sale in the same period.
    postDocument(t, '2025-06-12', [{ code: '001', debit: -10_000, salesTaxStatus: 'TAXABLE' }, { code: '819', debit: -2_000 }, { code: '681', debit: 12_000 }], 'invoices');
    expect(await boxes(t, '2025-07-31')).toEqual({
      1: '20.0',
      2: '200.0',
      3: '220.0',
      4: '200.0',
      5: '20.0',
      6: '600.0',
      7: '1000.0',
      8: '500.0',
      9: '1000.0',
    });
  });

  it('box 5 is box 3 less box 4 to the penny; a repayment is negative and its payment has no status', async () => {
    const t = vatBook();
    const account = await bankAccount(t);
    await explainedLine(t, account, { dated_on: '2025-06-01', amount: '-100.01' }, { category: '285' });
    await explainedLine(t, account, { dated_on: '2025-06-02', amount: '10.07' }, { category: '001' });
    const figures = await boxes(t, '2025-07-31');
    // 100.01 x 20/120 = 16.668 -> 16.67 reclaimed; 10.07 x 20/120 = 1.678 -> 1.68 charged.
    expect([figures[1], figures[3], figures[4], figures[5]]).toEqual(['1.68', '1.68', '16.67', '-14.99']);
    const record = (await single(t, '2025-07-31')).body.vat_return;
    expect(record.payments).toEqual([{ label: 'VAT Refund', due_on: '2025-09-07', amount_due: '-14.99' }]);
  });

  it('refunds on either side reduce their boxes', async () => {
    const t = vatBook();
    const account = await bankAccount(t);
    await explainedLine(t, account, { dated_on: '2025-06-01', amount: '1200.00' }, { category: '001' });
    await explainedLine(t, account, { dated_on: '2025-06-02', amount: '-240.00' }, { category: '001' }); // a sale refunded
    await explainedLine(t, account, { dated_on: '2025-06-03', amount: '-600.00' }, { category: '285' });
    await explainedLine(t, account, { dated_on: '2025-06-04', amount: '120.00' }, { category: '285' }); // a purchase refunded
    const figures = await boxes(t, '2025-07-31');
    expect([figures[1], figures[4], figures[5], figures[6], figures[7]]).toEqual(['160.0', '80.0', '80.0', '800.0', '400.0']);
  });
});

describe('filing (section 3: any state -> marked_as_filed, Full access)', () => {
  it('marks a return filed, freezes its figures and locks the books to its end', async () => {
    const t = vatBook();
    const account = await bankAccount(t);
    await explainedLine(t, account, { dated_on: '2025-06-01', amount: '120.00' }, { category: '001' });
    const response = await put(t, '2025-07-31/mark_as_filed');
    expect(response.status).toBe(200);
    expect(response.body.vat_return).toMatchObject({ filing_status: 'marked_as_filed', payments: [{ amount_due: '20.0', status: 'unpaid' }] });
    expect(response.body.vat_return.breakdown.rows[0].value).toBe('20.0');
    expect(response.body.vat_return.filed_at).toBeUndefined();
    expect(lockedToDate(t.deps.book)).toBe('2025-07-31');
    // Something slipped into the period behind the lock's back does not move a filed return.
    postDocument(t, '2025-07-01', [{ code: '001', debit: -10_000, salesTaxStatus: 'TAXABLE' }, { code: '819', debit: -2_000 }, { code: '681', debit: 12_000 }]);
    expect((await boxes(t, '2025-07-31'))[1]).toBe('20.0');
    expect((await list(t)).find((entry: any) => entry.period_ends_on === '2025-07-31')).toMatchObject({ filing_status: 'marked_as_filed', payments: [{ amount_due: '20.0' }] });
    // The next period is still live.
    expect((await boxes(t, '2025-10-31'))[1]).toBe('0.0');
  });

  it('accepts mark_as_filed again on a filed return, keeping the figures it was filed with', async () => {
    const t = vatBook();
    await put(t, '2025-07-31/mark_as_filed');
    postDocument(t, '2025-07-01', [{ code: '001', debit: -10_000, salesTaxStatus: 'TAXABLE' }, { code: '819', debit: -2_000 }, { code: '681', debit: 12_000 }]);
    const again = await put(t, '2025-07-31/mark_as_filed');
    expect(again.status).toBe(200);
    expect(again.body.vat_return).toMatchObject({ filing_status: 'marked_as_filed', payments: [{ amount_due: '0.0' }] });
  });

  it('needs Full access: Tax, Accounting & Users may read but not file', async () => {
    const t = vatBook();
    const accounting = await t.userWithLevel(Level.TaxAccountingAndUsers);
    const before = bookSnapshot(t);
    expect((await put(t, '2025-07-31/mark_as_filed', accounting)).status).toBe(403);
    expect((await put(t, '2025-07-31/mark_as_unfiled', accounting)).status).toBe(403);
    expect(bookSnapshot(t)).toEqual(before);
    expect((await t.json('GET', '/v2/vat_returns/2025-07-31', { token: accounting })).status).toBe(200);
  });

  it('refuses to file a period that has not ended with 422 and changes nothing', async () => {
    const t = vatBook();
    await put(t, '2025-07-31/mark_as_filed');
    const before = bookSnapshot(t);
    const running = await put(t, '2027-01-31/mark_as_filed');
    expect(running.status).toBe(422);
    expect(running.body.errors[0].message).toContain('has not ended');
    expect((await put(t, '2025-07-30/mark_as_filed')).status).toBe(404);
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('marks a filed return unfiled: the lock it set lifts, the mistake can be corrected, and the return follows the ledger again', async () => {
    const t = vatBook();
    const account = await bankAccount(t);
    await explainedLine(t, account, { dated_on: '2025-06-01', amount: '120.00' }, { category: '001' });
    await put(t, '2025-07-31/mark_as_filed');
    // While filed, a forgotten sale in the period is refused: its VAT would move the filed figures.
    const refused = await t.json('POST', '/v2/bank_transaction_explanations', {
      body: { bank_transaction_explanation: { bank_account: account, dated_on: '2025-07-10', gross_value: '60.00', category: '/v2/categories/001' } },
    });
    expect(refused.status).toBe(422);
    // The refusal names the return and the box, so the person knows to unfile the return.
    expect(refused.body.errors[0].message).toBe(
      "The VAT return for the period ending 2025-07-31 is filed, and this change would move its box 1 from £20.00 (as filed) to £30.00; a filed return's figures cannot change, so nothing was saved (put a VAT error right on a later return, VAT Notice 700/45, or mark the return as unfiled if it was never sent)",
    );

    const unfiled = await put(t, '2025-07-31/mark_as_unfiled');
    expect(unfiled.status).toBe(200);
    expect(unfiled.body.vat_return).toMatchObject({ filing_status: 'unfiled', payments: [{ amount_due: '20.0' }] });
    expect(lockedToDate(t.deps.book)).toBeNull();
    expect((await t.json('GET', '/v2/account_locks')).body.account_locks).toEqual([]);

    await explainedLine(t, account, { dated_on: '2025-07-10', amount: '60.00' }, { category: '001' });
    expect((await boxes(t, '2025-07-31'))[1]).toBe('30.0');
    const refiled = await put(t, '2025-07-31/mark_as_filed');
    expect(refiled.body.vat_return).toMatchObject({ filing_status: 'marked_as_filed', payments: [{ amount_due: '30.0' }] });
  });

  it('refuses to unfile a return that is not marked filed, or one a later filed return still locks, with 422 and changes nothing', async () => {
    const t = vatBook();
    const before = bookSnapshot(t);
    const notFiled = await put(t, '2025-07-31/mark_as_unfiled');
    expect(notFiled.status).toBe(422);
    expect(notFiled.body.errors[0].message).toContain('is not marked as filed');
    expect(bookSnapshot(t)).toEqual(before);

    await put(t, '2025-07-31/mark_as_filed');
    await put(t, '2025-10-31/mark_as_filed');
    const filed = bookSnapshot(t);
    const earlier = await put(t, '2025-07-31/mark_as_unfiled');
    expect(earlier.status).toBe(422);
    expect(earlier.body.errors[0].message).toContain('period ending 2025-10-31 is filed');
    expect(bookSnapshot(t)).toEqual(filed);
    // Latest first, then the earlier one.
    expect((await put(t, '2025-10-31/mark_as_unfiled')).status).toBe(200);
    expect(lockedToDate(t.deps.book)).toBe('2025-07-31');
    expect((await put(t, '2025-07-31/mark_as_unfiled')).status).toBe(200);
    expect(lockedToDate(t.deps.book)).toBeNull();
  });

  it('does not unfile a return filed with HMRC online', async () => {
    const t = vatBook();
    t.book.sqlite
      .prepare("INSERT INTO vat_return_states (period_ends_on, filing_status, created_at, updated_at) VALUES ('2025-07-31', 'filed', 'x', 'x')")
      .run();
    const response = await put(t, '2025-07-31/mark_as_unfiled');
    expect(response.status).toBe(422);
    expect(response.body.errors[0].message).toContain('filed with HMRC online');
  });

  it('records the filing in the change log', async () => {
    const t = vatBook();
    const before = t.changeCount();
    await put(t, '2025-07-31/mark_as_filed');
    expect(t.changeCount()).toBe(before + 1);
    const last = t.book.sqlite.prepare('SELECT resource, record_id AS id, operation FROM changes ORDER BY rowid DESC LIMIT 1').get();
    expect(last).toEqual({ resource: 'vat_returns', id: '2025-07-31', operation: 'update' });
  });
});

describe('the payment (section 3: unpaid <-> marked_as_paid, keyed by its due date)', () => {
  async function owingBook(): Promise<TestBook> {
    const t = vatBook();
    const account = await bankAccount(t);
    await explainedLine(t, account, { dated_on: '2025-06-01', amount: '120.00' }, { category: '001' });
    return t;
  }

  it('marks the payment paid and unpaid without touching the filing status', async () => {
    const t = await owingBook();
    const paid = await put(t, '2025-07-31/payments/2025-09-07/mark_as_paid');
    expect(paid.status).toBe(200);
    expect(paid.body.vat_return).toMatchObject({ filing_status: 'unfiled', payments: [{ label: 'VAT Payment', due_on: '2025-09-07', amount_due: '20.0', status: 'marked_as_paid' }] });
    expect((await list(t)).at(-1).payments[0].status).toBe('marked_as_paid');
    await put(t, '2025-07-31/mark_as_filed');
    const unpaid = await put(t, '2025-07-31/payments/2025-09-07/mark_as_unpaid');
    expect(unpaid.body.vat_return).toMatchObject({ filing_status: 'marked_as_filed', payments: [{ status: 'unpaid' }] });
  });

  it('refuses a transition from the wrong state, a payment with nothing due, and an unknown payment date', async () => {
    const t = await owingBook();
    const before = bookSnapshot(t);
    const notPaid = await put(t, '2025-07-31/payments/2025-09-07/mark_as_unpaid');
    expect(notPaid.status).toBe(422);
    expect(notPaid.body.errors[0].message).toContain('already unpaid');
    const nothingDue = await put(t, '2025-10-31/payments/2025-12-07/mark_as_paid');
    expect(nothingDue.status).toBe(422);
    expect(nothingDue.body.errors[0].message).toContain('nothing to pay');
    expect((await put(t, '2025-07-31/payments/2025-09-08/mark_as_paid')).status).toBe(404);
    expect(bookSnapshot(t)).toEqual(before);
    await put(t, '2025-07-31/payments/2025-09-07/mark_as_paid');
    const twice = await put(t, '2025-07-31/payments/2025-09-07/mark_as_paid');
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0].message).toContain('already marked_as_paid');
  });

  it('needs Tax, Accounting & Users to mark payments or read returns', async () => {
    const t = await owingBook();
    const banking = await t.userWithLevel(Level.Banking);
    const accounting = await t.userWithLevel(Level.TaxAccountingAndUsers);
    expect((await t.json('GET', '/v2/vat_returns', { token: banking })).status).toBe(403);
    expect((await t.json('GET', '/v2/vat_returns/2025-07-31', { token: banking })).status).toBe(403);
    expect((await put(t, '2025-07-31/payments/2025-09-07/mark_as_paid', banking)).status).toBe(403);
    expect((await put(t, '2025-07-31/payments/2025-09-07/mark_as_paid', accounting)).status).toBe(200);
    expect((await put(t, '2025-07-31/payments/2025-09-07/mark_as_unpaid', accounting)).status).toBe(200);
  });

  it('shows the mark again when a payment that fell to nothing is owed once more', async () => {
    const t = await owingBook();
    await put(t, '2025-07-31/payments/2025-09-07/mark_as_paid');
    const refund = postDocument(t, '2025-06-02', [{ code: '001', debit: 10_000, salesTaxStatus: 'TAXABLE' }, { code: '819', debit: 2_000 }, { code: '681', debit: -12_000 }]);
    expect((await single(t, '2025-07-31')).body.vat_return.payments[0].status).toBeUndefined();
    t.book.sqlite.prepare('DELETE FROM postings WHERE source_id = ?').run(refund);
    expect((await single(t, '2025-07-31')).body.vat_return.payments[0].status).toBe('marked_as_paid');
  });
});

describe('encodings', () => {
  it('reads the same in XML as in JSON, box_number an integer', async () => {
    const t = vatBook();
    const account = await bankAccount(t);
    await explainedLine(t, account, { dated_on: '2025-06-01', amount: '120.00' }, { category: '001' });
    await put(t, '2025-07-31/payments/2025-09-07/mark_as_paid');
    const json = (await single(t, '2025-07-31')).body;
    const response = await t.request('GET', '/v2/vat_returns/2025-07-31', { headers: { Accept: 'application/xml' } });
    const text = await response.clone().text();
    expect(text).toContain('<box-number type="integer">5</box-number>');
    expect(text).toContain('<amount-due type="decimal">20.0</amount-due>');
    expect(text).toContain('<period-ends-on type="date">2025-07-31</period-ends-on>');
    expect(await readXml(response)).toEqual(json);
  });
});
