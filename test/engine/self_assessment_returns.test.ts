import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { class4, incomeTax, rulesFor } from '../../main/engine/reports/income-tax';
import { taxYearStarting } from '../../main/engine/reports/tax-years';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, type TestBook } from './harness';
import { postDocument } from './report-fixtures';
import { readXml } from './xml-reader';

const rules = (startYear: number) => rulesFor(taxYearStarting(startYear));
const tax = (startYear: number, nonSavings: number, dividends = 0) => incomeTax(rules(startYear), new Decimal(nonSavings), new Decimal(dividends)).toFixed(2);
const nic = (startYear: number, profits: number) => class4(rules(startYear), new Decimal(profits)).toFixed(2);

describe('UK income tax, dividend tax and Class 4 (resources/uk-income-tax.json)', () => {
  it('taxes non-savings income at 20/40/45 above the personal allowance', () => {
    expect(tax(2024, 12_570)).toBe('0.00');
    expect(tax(2024, 50_000)).toBe('7486.00');
    expect(tax(2023, 30_000)).toBe('3486.00');
    // 2020/21: allowance 12,500 and a 37,500 basic band.
    expect(tax(2020, 60_000)).toBe('11500.00');
    // 2021/22 onwards: 12,570 and 37,700.
    expect(tax(2021, 60_000)).toBe('11432.00');
  });

  it('tapers the personal allowance by 1 for every 2 over 100,000, and starts the additional rate at 125,140 from 2023/24', () => {
    expect(tax(2024, 110_000)).toBe('33432.00');
    expect(tax(2024, 200_000)).toBe('76203.00');
    // Before 2023/24 the additional rate starts at 150,000 of taxable income.
    expect(tax(2022, 200_000)).toBe('74960.00');
  });

  it('stacks dividends on top, the dividend allowance at 0% still using up the band', () => {
    // 2024/25: salary 12,570 uses the allowance; 500 at 0%, 37,200 at 8.75%, 12,300 at 33.75%.
    expect(tax(2024, 12_570, 50_000)).toBe('7406.25');
    // 2023/24: a 1,000 allowance. 2022/23: 2,000.
    expect(tax(2023, 12_570, 10_000)).toBe('787.50');
    expect(tax(2022, 12_570, 10_000)).toBe('700.00');
    // 2021/22: 7.5% ordinary rate.
    expect(tax(2021, 12_570, 10_000)).toBe('600.00');
    // 2026/27: the ordinary rate is 10.75%.
    expect(tax(2026, 12_570, 20_000)).toBe('2096.25');
    // The allowance set against dividends when other income is below it.
    expect(tax(2024, 5_000, 8_000)).toBe('0.00');
    expect(tax(2024, 5_000, 20_000)).toBe('1043.88');
  });

  it('charges Class 4 on profits between the limits at the main rate and above at 2%', () => {
    expect(nic(2024, 50_000)).toBe('2245.80');
    expect(nic(2024, 110_000)).toBe('3456.60');
    expect(nic(2023, 30_000)).toBe('1568.70');
    expect(nic(2022, 30_000)).toBe('1760.35');
    expect(nic(2020, 60_000)).toBe('3845.00');
    expect(nic(2025, 12_000)).toBe('0.00');
  });

  it('takes the last year of the table for later years', () => {
    expect(rules(2030).tax_year).toBe('2026/27');
  });
});

const list = async (t: TestBook, userId: number, token?: string) => t.json('GET', `/v2/users/${userId}/self_assessment_returns`, { token });
const single = (t: TestBook, userId: number, endsOn: string) => t.json('GET', `/v2/users/${userId}/self_assessment_returns/${endsOn}`);
const put = (t: TestBook, userId: number, path: string, token?: string) => t.json('PUT', `/v2/users/${userId}/self_assessment_returns/${path}`, { token });

async function userId(t: TestBook, role: string, level: number = Level.Time): Promise<number> {
  const token = await t.userWithLevel(level, role);
  const me = await t.json('GET', '/v2/users/me', { token });
  return Number(me.body.user.url.split('/').pop());
}

/** Sales less expenses in one document, as a journal set would post them. */
function profit(t: TestBook, datedOn: string, pounds: number) {
  postDocument(t, datedOn, [{ code: '001', debit: -pounds * 100 }, { code: '681', debit: pounds * 100 }]);
}

describe('self assessment returns of a sole trader', () => {
  it('lists the tax years the books cover, newest first, with the return and balancing payment dates', async () => {
    const t = createTestBook({ type: 'UkSoleTrader' });
    const { status, body } = await list(t, t.ownerId);
    expect(status).toBe(200);
    // Books from 2025-05-01; the clock says 2026-11-22.
    expect(body.self_assessment_returns).toEqual([
      {
        url: `http://127.0.0.1:9999/v2/users/${t.ownerId}/self_assessment_returns/2027-04-05`,
        period_starts_on: '2026-04-06',
        period_ends_on: '2027-04-05',
        filing_due_on: '2028-01-31',
        filing_status: 'unfiled',
        payments: [{ label: 'Balancing Payment', due_on: '2028-01-31', amount_due: '0.0' }],
      },
      {
        url: `http://127.0.0.1:9999/v2/users/${t.ownerId}/self_assessment_returns/2026-04-05`,
        period_starts_on: '2025-04-06',
        period_ends_on: '2026-04-05',
        filing_due_on: '2027-01-31',
        filing_status: 'unfiled',
        payments: [{ label: 'Balancing Payment', due_on: '2027-01-31', amount_due: '0.0' }],
      },
    ]);
  });

  it('estimates the bill from the year’s profit, and the next year’s payments on account from it', async () => {
    const t = createTestBook({ type: 'UkSoleTrader' });
    profit(t, '2025-06-01', 30_000);
    // Not allowable for tax: added back to the profit.
    postDocument(t, '2025-07-01', [{ code: '335', debit: 100_000 }, { code: '681', debit: -100_000 }]);
    profit(t, '2026-05-01', 10_000);
    // 2025/26 on 30,000: tax 3,486 + Class 4 at 6% 1,045.80.
    const last = (await single(t, t.ownerId, '2026-04-05')).body.self_assessment_return;
    expect(last.payments).toEqual([{ label: 'Balancing Payment', due_on: '2027-01-31', amount_due: '4531.8', status: 'unpaid' }]);
    // 2026/27 on 10,000: nothing; the payments on account made towards it come back.
    const current = (await single(t, t.ownerId, '2027-04-05')).body.self_assessment_return;
    expect(current.payments).toEqual([
      { label: 'First Payment on Account', due_on: '2027-01-31', amount_due: '2265.9', status: 'unpaid' },
      { label: 'Second Payment on Account', due_on: '2027-07-31', amount_due: '2265.9', status: 'unpaid' },
      { label: 'Balancing Payment', due_on: '2028-01-31', amount_due: '-4531.8' },
    ]);
  });

  it('asks no payments on account after a bill under £1,000', async () => {
    const t = createTestBook({ type: 'UkSoleTrader' });
    // 2025/26 on 16,000: tax 686 + Class 4 205.80 = 891.80.
    profit(t, '2025-06-01', 16_000);
    profit(t, '2026-06-01', 20_000);
    expect((await single(t, t.ownerId, '2026-04-05')).body.self_assessment_return.payments[0].amount_due).toBe('891.8');
    expect((await single(t, t.ownerId, '2027-04-05')).body.self_assessment_return.payments).toEqual([
      { label: 'Balancing Payment', due_on: '2028-01-31', amount_due: '1931.8', status: 'unpaid' },
    ]);
  });

  it('does not count a loss as income, nor profits dated outside the tax year', async () => {
    const t = createTestBook({ type: 'UkSoleTrader' });
    postDocument(t, '2026-04-05', [{ code: '285', debit: 5_000_000 }, { code: '681', debit: -5_000_000 }]);
    profit(t, '2026-04-06', 50_000);
    expect((await single(t, t.ownerId, '2026-04-05')).body.self_assessment_return.payments[0].amount_due).toBe('0.0');
    // 50,000 in 2026/27: 7,486 + 2,245.80.
    expect((await single(t, t.ownerId, '2027-04-05')).body.self_assessment_return.payments[0].amount_due).toBe('9731.8');
  });

  it('a landlord pays no Class 4 on rental profit', async () => {
    const t = createTestBook({ type: 'UkUnincorporatedLandlord' });
    profit(t, '2025-06-01', 30_000);
    expect((await single(t, t.ownerId, '2026-04-05')).body.self_assessment_return.payments[0].amount_due).toBe('3486.0');
  });
});

describe('partners, directors and shareholders', () => {
  it('shares a partnership’s profit equally among the partners', async () => {
    const t = createTestBook({ type: 'UkPartnership' });
    const partner = await userId(t, 'Partner');
    profit(t, '2025-06-01', 60_000);
    // Each has 30,000: 3,486 + 1,045.80.
    for (const id of [t.ownerId, partner]) {
      expect((await single(t, id, '2026-04-05')).body.self_assessment_return.payments.at(-1).amount_due).toBe('4531.8');
    }
  });

  it('taxes a director’s dividends (908-N) with the pay attributed from payroll journals (407 by 902-N net pay)', async () => {
    const t = createTestBook();
    const other = await userId(t, 'Director');
    // One payroll journal for both directors: 12,570 gross each, net pay on their 902-N accounts.
    postDocument(t, '2026-03-31', [
      { code: '407', debit: 2_514_000 },
      { code: `902-${t.ownerId}`, debit: -1_257_000 },
      { code: `902-${other}`, debit: -1_000_000 },
      { code: '814', debit: -257_000 },
    ]);
    postDocument(t, '2026-03-31', [{ code: `908-${t.ownerId}`, debit: 5_000_000 }, { code: `907-${t.ownerId}`, debit: -5_000_000 }]);
    // The owner: pay 2,514,000 x 1,257,000 / 2,257,000 = 14,001.95 -> 14,001; dividends 50,000.
    // Tax on all of it less the tax PAYE took on the pay alone.
    const owner = (await single(t, t.ownerId, '2026-04-05')).body.self_assessment_return;
    const ownerPay = 14_001;
    const expected = new Decimal(tax(2025, ownerPay, 50_000)).minus(tax(2025, ownerPay)).toFixed(2);
    expect(owner.payments).toEqual([{ label: 'Balancing Payment', due_on: '2027-01-31', amount_due: new Decimal(expected).toFixed(2).replace(/0$/, ''), status: 'unpaid' }]);
    // The other director had pay only: PAYE covered it all.
    expect((await single(t, other, '2026-04-05')).body.self_assessment_return.payments[0].amount_due).toBe('0.0');
  });

  it('shares directors’ pay of a merged payroll with no named net pay equally among the directors', async () => {
    const t = createTestBook();
    await userId(t, 'Director');
    postDocument(t, '2026-03-31', [{ code: '407', debit: 8_000_000 }, { code: '814', debit: -8_000_000 }]);
    postDocument(t, '2026-03-31', [{ code: `908-${t.ownerId}`, debit: 1_000_000 }, { code: `907-${t.ownerId}`, debit: -1_000_000 }]);
    // Pay 40,000 each; dividends 10,000 on top: 500 at 0%, then 10.0 - 0.5 = 9,500 at 8.75% (all in the basic band).
    const owner = (await single(t, t.ownerId, '2026-04-05')).body.self_assessment_return;
    expect(owner.payments[0].amount_due).toBe('831.25');
  });

  it('a shareholder files for dividends; employees and accountants have no returns; other company types none', async () => {
    const t = createTestBook();
    const shareholder = await userId(t, 'Shareholder');
    postDocument(t, '2025-12-01', [{ code: `908-${shareholder}`, debit: 2_000_000 }, { code: `907-${shareholder}`, debit: -2_000_000 }]);
    // 20,000 of dividends: 12,570 allowance, 500 at 0%, 6,930 at 8.75%.
    expect((await single(t, shareholder, '2026-04-05')).body.self_assessment_return.payments[0].amount_due).toBe('606.37');
    const employee = await userId(t, 'Employee');
    expect((await list(t, employee)).body).toEqual({ self_assessment_returns: [] });
    expect((await single(t, employee, '2026-04-05')).status).toBe(404);
    const universal = createTestBook({ type: 'Universal' });
    expect((await list(universal, universal.ownerId)).body.self_assessment_returns).toEqual([]);
  });

  it('answers 404 for an unknown user or a date that ends no tax year of the books', async () => {
    const t = createTestBook();
    expect((await list(t, 999)).status).toBe(404);
    for (const endsOn of ['2026-04-06', '2025-04-05', '2028-04-05']) expect((await single(t, t.ownerId, endsOn)).status, endsOn).toBe(404);
  });

  it('starts at 2020/21, the first year of the rates table, for older books', async () => {
    const t = createTestBook({ type: 'UkSoleTrader', startDate: '2018-01-01' });
    const years = (await t.json('GET', `/v2/users/${t.ownerId}/self_assessment_returns?per_page=100`)).body.self_assessment_returns;
    expect(years.at(-1).period_starts_on).toBe('2020-04-06');
    expect(years).toHaveLength(7);
  });
});

describe('filing and payments (section 3)', () => {
  async function owingTrader(): Promise<TestBook> {
    const t = createTestBook({ type: 'UkSoleTrader' });
    profit(t, '2025-06-01', 30_000);
    return t;
  }

  it('marks a return filed from any state and unfiled only from marked_as_filed', async () => {
    const t = await owingTrader();
    const filed = await put(t, t.ownerId, '2026-04-05/mark_as_filed');
    expect(filed.status).toBe(200);
    expect(filed.body.self_assessment_return).toMatchObject({ period_ends_on: '2026-04-05', filing_status: 'marked_as_filed' });
    expect((await put(t, t.ownerId, '2026-04-05/mark_as_filed')).status).toBe(200);
    const unfiled = await put(t, t.ownerId, '2026-04-05/mark_as_unfiled');
    expect(unfiled.body.self_assessment_return.filing_status).toBe('unfiled');
    const before = bookSnapshot(t);
    const again = await put(t, t.ownerId, '2026-04-05/mark_as_unfiled');
    expect(again.status).toBe(422);
    expect(again.body.errors[0].message).toContain('Only a return marked as filed');
    expect((await put(t, t.ownerId, '2027-04-05/mark_as_unfiled')).status).toBe(422);
    expect(bookSnapshot(t)).toEqual(before);
    // A filed return of one user is not another's.
    const other = createTestBook({ type: 'UkPartnership' });
    const partner = await userId(other, 'Partner');
    await put(other, other.ownerId, '2026-04-05/mark_as_filed');
    expect((await single(other, partner, '2026-04-05')).body.self_assessment_return.filing_status).toBe('unfiled');
  });

  it('marks payments paid and unpaid by their due date, leaving the filing status alone', async () => {
    const t = await owingTrader();
    profit(t, '2026-05-01', 40_000);
    await put(t, t.ownerId, '2027-04-05/mark_as_filed');
    const paid = await put(t, t.ownerId, '2027-04-05/payments/2027-07-31/mark_as_paid');
    expect(paid.status).toBe(200);
    expect(paid.body.self_assessment_return.filing_status).toBe('marked_as_filed');
    expect(paid.body.self_assessment_return.payments.map((payment: any) => payment.status)).toEqual(['unpaid', 'marked_as_paid', 'unpaid']);
    // The other return's payments are its own.
    expect((await single(t, t.ownerId, '2026-04-05')).body.self_assessment_return.payments[0].status).toBe('unpaid');
    const unpaid = await put(t, t.ownerId, '2027-04-05/payments/2027-07-31/mark_as_unpaid');
    expect(unpaid.body.self_assessment_return.payments[1].status).toBe('unpaid');
  });

  it('refuses a payment in the wrong state, one with nothing due, and an unknown date', async () => {
    const t = await owingTrader();
    await put(t, t.ownerId, '2026-04-05/payments/2027-01-31/mark_as_paid');
    const before = bookSnapshot(t);
    const twice = await put(t, t.ownerId, '2026-04-05/payments/2027-01-31/mark_as_paid');
    expect(twice.status).toBe(422);
    const nothing = await put(t, t.ownerId, '2027-04-05/payments/2028-01-31/mark_as_unpaid');
    expect(nothing.status).toBe(422);
    expect((await put(t, t.ownerId, '2026-04-05/payments/2027-01-30/mark_as_paid')).status).toBe(404);
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('records each change on the return in the change log', async () => {
    const t = await owingTrader();
    await put(t, t.ownerId, '2026-04-05/mark_as_filed');
    await put(t, t.ownerId, '2026-04-05/payments/2027-01-31/mark_as_paid');
    const rows = t.book.sqlite.prepare("SELECT resource, record_id AS id FROM changes WHERE resource = 'self_assessment_returns'").all();
    expect(rows).toEqual([
      { resource: 'self_assessment_returns', id: `${t.ownerId}:2026-04-05` },
      { resource: 'self_assessment_returns', id: `${t.ownerId}:2026-04-05` },
    ]);
  });

  it('reads at Tax, Accounting & Users; files and unfiles at Full only', async () => {
    const t = await owingTrader();
    const banking = await t.userWithLevel(Level.Banking);
    const accounting = await t.userWithLevel(Level.TaxAccountingAndUsers);
    expect((await list(t, t.ownerId, banking)).status).toBe(403);
    expect((await t.json('GET', `/v2/users/${t.ownerId}/self_assessment_returns/2026-04-05`, { token: banking })).status).toBe(403);
    expect((await t.json('GET', `/v2/users/${t.ownerId}/self_assessment_returns/2026-04-05`, { token: accounting })).status).toBe(200);
    expect((await list(t, t.ownerId, accounting)).status).toBe(200);
    expect((await put(t, t.ownerId, '2026-04-05/mark_as_filed', accounting)).status).toBe(403);
    expect((await put(t, t.ownerId, '2026-04-05/mark_as_unfiled', accounting)).status).toBe(403);
    expect((await put(t, t.ownerId, '2026-04-05/payments/2027-01-31/mark_as_paid', banking)).status).toBe(403);
    expect((await put(t, t.ownerId, '2026-04-05/payments/2027-01-31/mark_as_paid', accounting)).status).toBe(200);
  });

  it('reads the same in XML as in JSON', async () => {
    const t = await owingTrader();
    profit(t, '2026-05-01', 40_000);
    const json = (await single(t, t.ownerId, '2027-04-05')).body;
    const response = await t.request('GET', `/v2/users/${t.ownerId}/self_assessment_returns/2027-04-05`, { headers: { Accept: 'application/xml' } });
    const text = await response.clone().text();
    expect(text).toContain('<payments type="array">');
    expect(text).toContain('<filing-due-on type="date">2028-01-31</filing-due-on>');
    expect(await readXml(response)).toEqual(json);
  });
});
