import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { allowancesFor, annualInvestmentAllowanceMaximum, EMPTY_POOLS as EMPTY, writingDownRate, type TaxAsset } from '../../main/engine/reports/capital-allowances';
import { chargeableTimeline, corporationTaxDueOn } from '../../main/engine/reports/chargeable-periods';
import { lossRelief } from '../../main/engine/reports/trading-losses';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { bankAccount, explainedLine, postDocument } from './report-fixtures';

// The year-end audit of the corporation tax estimate (GET /v2/accounting/profit_and_loss/detail):
// capital allowances from the asset register with pools run year by year (CAA 2001 Part 2), cars
// without the annual investment allowance, trading losses carried forward (CTA 2010 s45A), a long
// first year as two chargeable periods (CTA 2009 s10) and the tax's due date (TMA 1970 s59D).
// Every expected figure is worked by hand in the comment beside it.

const estimateOf = async (t: TestBook, query: string) => {
  const response = await t.json('GET', `/v2/accounting/profit_and_loss/detail?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.profit_and_loss_detail.corporation_tax_estimate;
};
const sale = (t: TestBook, datedOn: string, pounds: number) => postDocument(t, datedOn, [{ code: '681', debit: pounds * 100 }, { code: '001', debit: -pounds * 100 }]);
const cost = (t: TestBook, datedOn: string, pounds: number) => postDocument(t, datedOn, [{ code: '285', debit: pounds * 100 }, { code: '796', debit: -pounds * 100 }]);
const yearly3 = { method: 'straight_line', asset_life_years: 3, frequency: 'annually' };

/** An asset put in the register by hand (its purchase already in the books some other way). */
async function assetByHand(t: TestBook, fields: { description: string; asset_type: string; purchased_on: string; cost: string }): Promise<string> {
  const created = await t.json('POST', '/v2/capital_assets', { body: { capital_asset: { ...fields, depreciation_profile: yearly3 } } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return new URL(created.body.capital_asset.url).pathname;
}

async function dispose(t: TestBook, path: string, disposedOn: string, proceeds: string): Promise<void> {
  const response = await t.json('PUT', path, { body: { capital_asset: { disposed_on: disposedOn, disposal_proceeds: proceeds } } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

const pool = (estimate: any, name: string) => estimate.pools.find((entry: { pool: string }) => entry.pool === name);

describe('capital allowances in the corporation tax estimate', () => {
  it('brings a disposal into the main pool and charges the excess over the pool (CAA 2001 ss55, 61)', async () => {
    // Books from 1 April 2025, years to 31 March. A laptop of 1,200.00 (net of VAT) bought on 15 April
    // 2025 is bought through the bank, sold on 30 September 2026 for 600.00.
    const t = createTestBook({ startDate: '2025-04-01', firstAccountingYearEnd: '2026-03-31' });
    const bank = await bankAccount(t);
    await explainedLine(t, bank, { dated_on: '2025-04-15', amount: '-1200.00' }, { category: `${ORIGIN}/v2/categories/602-1`, description: 'Laptop' });
    sale(t, '2025-05-10', 10_000);
    sale(t, '2026-05-05', 3_000);

    // Year 1: 10,000.00 of sales (the laptop's depreciation added back), the laptop's 1,200.00 all
    // taken by the annual investment allowance (well under 1,000,000), pool nil: taxable 8,800.00,
    // 19% = 1,672.00, due on 1 January 2027 (a month end: the first day of the tenth month).
    const year1 = await estimateOf(t, 'accounting_period=2025/26');
    expect(year1).toMatchObject({ adjusted_profit: '10000.0', capital_allowances: '1200.0', balancing_charges: '0.0', taxable_profit: '8800.0', tax: '1672.0', payment_due_on: '2027-01-01' });
    expect(pool(year1, 'main')).toEqual({ pool: 'main', brought_forward: '0.0', additions: '1200.0', annual_investment_allowance: '1200.0', disposal_values: '0.0', writing_down_allowance: '0.0', small_pool_allowance: '0.0', balancing_charge: '0.0', carried_forward: '0.0' });

    const [laptop] = (await t.json('GET', '/v2/capital_assets')).body.capital_assets;
    await dispose(t, new URL(laptop.url).pathname, '2026-09-30', '600.00');
    // Year 2 to October (the audit's reproduction): 3,000.00 of sales (the loss on disposal added back);
    // the pool of nil less the disposal value 600.00 is -600.00, a balancing charge of 600.00:
    // taxable 3,600.00, 19% = 684.00 (not 3,000.00 and 570.00). Its year's tax is due on 1 January 2028.
    const toOctober = await estimateOf(t, 'from_date=2026-04-01&to_date=2026-10-31');
    expect(toOctober).toMatchObject({ adjusted_profit: '3000.0', capital_allowances: '0.0', balancing_charges: '600.0', taxable_profit: '3600.0', tax: '684.0', payment_due_on: '2028-01-01' });
    expect(pool(toOctober, 'main')).toMatchObject({ brought_forward: '0.0', disposal_values: '600.0', balancing_charge: '600.0', carried_forward: '0.0' });
    // The whole of year 2 reads the same.
    expect(await estimateOf(t, 'accounting_period=2026/27')).toMatchObject({ taxable_profit: '3600.0', tax: '684.0' });
  });

  it('gives a car no annual investment allowance but 6% a year in the special rate pool (s38B, s104A)', async () => {
    // A car of 20,000.00 (VAT blocked, so all of it) bought on 1 June 2025 under Motor Vehicles (602-3),
    // a laptop of 1,200.00 and a van of 8,000.00 under a type of the company's own, "Vans".
    const t = createTestBook({ startDate: '2025-04-01', firstAccountingYearEnd: '2026-03-31' });
    const bank = await bankAccount(t);
    await explainedLine(t, bank, { dated_on: '2025-06-01', amount: '-20000.00' }, { category: `${ORIGIN}/v2/categories/602-3`, description: 'Car' });
    await explainedLine(t, bank, { dated_on: '2025-06-02', amount: '-1200.00' }, { category: `${ORIGIN}/v2/categories/602-1`, description: 'Laptop' });
    const vans = await t.json('POST', '/v2/capital_asset_types', { body: { capital_asset_type: { name: 'Vans' } } });
    expect(vans.status, JSON.stringify(vans.body)).toBe(201);
    await assetByHand(t, { description: 'Van', asset_type: 'Vans', purchased_on: '2025-07-01', cost: '8000.00' });
    sale(t, '2025-09-01', 40_000);
    sale(t, '2026-09-01', 10_000);

    // Year 1: AIA on the laptop and the van, 9,200.00; the car's 20,000.00 in the special rate pool,
    // 6% = 1,200.00, 18,800.00 carried forward. Taxable 40,000 - 9,200 - 1,200 = 29,600.00 (the old
    // estimate gave the car the AIA); 19% = 5,624.00.
    const year1 = await estimateOf(t, 'accounting_period=2025/26');
    expect(year1).toMatchObject({ adjusted_profit: '40000.0', capital_allowances: '10400.0', taxable_profit: '29600.0', tax: '5624.0' });
    expect(pool(year1, 'main')).toMatchObject({ additions: '9200.0', annual_investment_allowance: '9200.0', carried_forward: '0.0' });
    expect(pool(year1, 'special_rate')).toEqual({ pool: 'special_rate', brought_forward: '0.0', additions: '20000.0', annual_investment_allowance: '0.0', disposal_values: '0.0', writing_down_allowance: '1200.0', small_pool_allowance: '0.0', balancing_charge: '0.0', carried_forward: '18800.0' });

    // Year 2: 6% of 18,800.00 = 1,128.00; taxable 10,000 - 1,128 = 8,872.00; 19% = 1,685.68.
    const year2 = await estimateOf(t, 'accounting_period=2026/27');
    expect(pool(year2, 'special_rate')).toMatchObject({ brought_forward: '18800.0', writing_down_allowance: '1128.0', carried_forward: '17672.0' });
    expect(year2).toMatchObject({ taxable_profit: '8872.0', tax: '1685.68' });
  });

  it('reads the audit reproduction of a car to the penny', async () => {
    // VAT registered from 1 April 2025: a sale of 5,000.00 net, a laptop of 1,440.00 with 240.00 VAT
    // (1,200.00 on 602-1) and a car of 20,000.00 on 602-3 (VAT blocked). The old estimate took both as
    // additions under the AIA: 5,000 - 21,200 = -16,200.00. Now: AIA 1,200.00 on the laptop, the car
    // 6% x 20,000.00 = 1,200.00; taxable 5,000 - 2,400 = 2,600.00, 19% = 494.00.
    const t = createTestBook({ startDate: '2025-04-01', firstAccountingYearEnd: '2026-03-31', vatRegistered: true });
    const bank = await bankAccount(t);
    await explainedLine(t, bank, { dated_on: '2025-04-15', amount: '-1440.00' }, { category: `${ORIGIN}/v2/categories/602-1`, description: 'Laptop', sales_tax_rate: '20.0' });
    await explainedLine(t, bank, { dated_on: '2025-06-01', amount: '-20000.00' }, { category: `${ORIGIN}/v2/categories/602-3`, description: 'Car', sales_tax_status: 'EXEMPT' });
    sale(t, '2026-03-20', 5_000);
    const estimate = await estimateOf(t, 'accounting_period=2025/26');
    expect(estimate).toMatchObject({ adjusted_profit: '5000.0', capital_allowances: '2400.0', taxable_profit: '2600.0', tax: '494.0' });
    expect(pool(estimate, 'main')).toMatchObject({ additions: '1200.0', annual_investment_allowance: '1200.0' });
    expect(pool(estimate, 'special_rate')).toMatchObject({ additions: '20000.0', annual_investment_allowance: '0.0', writing_down_allowance: '1200.0', carried_forward: '18800.0' });
  });

  it('writes off a car of 900.00 alone in the special rate pool whole (small pools allowance, s56A), in the API and the tax', async () => {
    // Books from 1 April 2025, years to 31 March: sales 5,000.00; a car of 900.00 on 602-3 (VAT
    // blocked). Its pool of 900.00 is under the 1,000.00 limit: 900.00 allowed, not 6% (54.00).
    // Taxable 4,100.00, 19% = 779.00.
    const t = createTestBook({ startDate: '2025-04-01', firstAccountingYearEnd: '2026-03-31', vatRegistered: true });
    const bank = await bankAccount(t);
    await explainedLine(t, bank, { dated_on: '2025-06-01', amount: '-900.00' }, { category: `${ORIGIN}/v2/categories/602-3`, description: 'Old car', sales_tax_status: 'EXEMPT' });
    sale(t, '2026-03-20', 5_000);
    const estimate = await estimateOf(t, 'accounting_period=2025/26');
    expect(estimate).toMatchObject({ capital_allowances: '900.0', taxable_profit: '4100.0', tax: '779.0' });
    expect(pool(estimate, 'special_rate')).toMatchObject({ additions: '900.0', writing_down_allowance: '0.0', small_pool_allowance: '900.0', carried_forward: '0.0' });
  });

  it('runs an asset bought before the books through the pool from its purchase: its disposal is charged', async () => {
    // A server bought on 1 April 2023 for 3,000.00, before books that start on 1 April 2025; in the
    // year to 31 March 2024 the AIA took all of it, so the pool is nil. Sold on 30 September 2025 for
    // 100.00: a balancing charge of 100.00. Sales 5,000.00: taxable 5,100.00, 19% = 969.00.
    const t = createTestBook({ startDate: '2025-04-01', firstAccountingYearEnd: '2026-03-31' });
    const server = await assetByHand(t, { description: 'Server', asset_type: 'Computer Equipment', purchased_on: '2023-04-01', cost: '3000.00' });
    await dispose(t, server, '2025-09-30', '100.00');
    sale(t, '2025-10-01', 5_000);
    const estimate = await estimateOf(t, 'accounting_period=2025/26');
    expect(estimate).toMatchObject({ balancing_charges: '100.0', taxable_profit: '5100.0', tax: '969.0' });
    expect(pool(estimate, 'main')).toMatchObject({ brought_forward: '0.0', disposal_values: '100.0', balancing_charge: '100.0' });
  });

  it('cuts the annual investment allowance, writing down allowances and rate limits in proportion for a short first year (s51A(6), s56(3))', async () => {
    // Books from 1 October 2025, first year end 31 March 2026: 182 days. Machinery of 600,000.00 and a
    // car of 10,000.00, sales of 1,000,000.00.
    const t = createTestBook({ startDate: '2025-10-01', firstAccountingYearEnd: '2026-03-31' });
    await assetByHand(t, { description: 'Press', asset_type: 'Computer Equipment', purchased_on: '2025-11-01', cost: '600000.00' });
    await assetByHand(t, { description: 'Car', asset_type: 'Motor Vehicles', purchased_on: '2025-12-01', cost: '10000.00' });
    sale(t, '2026-01-15', 1_000_000);
    const estimate = await estimateOf(t, 'accounting_period=2025/26');
    // AIA at most 1,000,000 x 182/365 = 498,630.14; the 101,369.86 left x 18% x 182/365 = 9,098.29,
    // carried forward 92,271.57. The car 10,000.00 x 6% x 182/365 = 299.18, 9,700.82 left.
    expect(pool(estimate, 'main')).toEqual({ pool: 'main', brought_forward: '0.0', additions: '600000.0', annual_investment_allowance: '498630.14', disposal_values: '0.0', writing_down_allowance: '9098.29', small_pool_allowance: '0.0', balancing_charge: '0.0', carried_forward: '92271.57' });
    expect(pool(estimate, 'special_rate')).toMatchObject({ additions: '10000.0', writing_down_allowance: '299.18', carried_forward: '9700.82' });
    // Taxable 1,000,000 - 498,630.14 - 9,098.29 - 299.18 = 491,972.39, over the upper limit cut to
    // 250,000 x 182/365 = 124,657.53: 25% = 122,993.10, due 1 January 2027.
    expect(estimate).toMatchObject({ capital_allowances: '508027.61', taxable_profit: '491972.39', tax: '122993.1', payment_due_on: '2027-01-01' });
    expect(estimate.chargeable_periods).toEqual([{ from: '2025-10-01', to: '2026-03-31', taxable_profit: '491972.39', losses_used: '0.0', tax: '122993.1', payment_due_on: '2027-01-01' }]);
  });

  it('cuts a long first year into twelve months and the rest, each with its own allowances, tax and due date (CTA 2009 s10)', async () => {
    // Incorporated 12 April 2024, first year end 30 April 2025 (CA 2006 s391(4)): chargeable periods
    // 12 April 2024 - 11 April 2025 and 12 - 30 April 2025 (19 days).
    const t = createTestBook({ startDate: '2024-04-12', firstAccountingYearEnd: '2025-04-30' });
    await assetByHand(t, { description: 'Car', asset_type: 'Motor Vehicles', purchased_on: '2024-05-01', cost: '10000.00' });
    await assetByHand(t, { description: 'Computers', asset_type: 'Computer Equipment', purchased_on: '2025-04-20', cost: '3000.00' });
    sale(t, '2024-06-01', 30_000);
    sale(t, '2025-04-25', 5_000);
    const estimate = await estimateOf(t, 'accounting_period=2024/25');
    // First: the car's 6% of 10,000.00 = 600.00 (a whole year), taxable 29,400.00 at 19% = 5,586.00
    // (FY2024 354 days: 28,513.97 and 5,417.65; FY2025 11 days: 886.03 and 168.35). Due the day after
    // 11 January 2026.
    // Second: AIA up to 1,000,000 x 19/365 = 52,054.79 takes the computers' 3,000.00; the car's
    // 9,400.00 x 6% x 19/365 = 29.36; taxable 5,000 - 3,000 - 29.36 = 1,970.64, under the lower limit
    // of 50,000 x 19/365 = 2,602.74: 19% = 374.42. Due 1 February 2026 (30 April is a month end).
    expect(estimate.chargeable_periods).toEqual([
      { from: '2024-04-12', to: '2025-04-11', taxable_profit: '29400.0', losses_used: '0.0', tax: '5586.0', payment_due_on: '2026-01-12' },
      { from: '2025-04-12', to: '2025-04-30', taxable_profit: '1970.64', losses_used: '0.0', tax: '374.42', payment_due_on: '2026-02-01' },
    ]);
    expect(estimate.parts.map((part: { financial_year: number; profit: string; tax: string }) => [part.financial_year, part.profit, part.tax])).toEqual([
      [2024, '28513.97', '5417.65'],
      [2025, '886.03', '168.35'],
      [2025, '1970.64', '374.42'],
    ]);
    expect(estimate).toMatchObject({ adjusted_profit: '35000.0', capital_allowances: '3629.36', taxable_profit: '31370.64', tax: '5960.42', payment_due_on: '2026-02-01' });
    expect(pool(estimate, 'special_rate')).toMatchObject({ additions: '10000.0', writing_down_allowance: '629.36', carried_forward: '9370.64' });
  });
});

describe('trading losses in the corporation tax estimate (CTA 2010 s45A)', () => {
  it('carries a loss forward against the next years, down to nil at most, and shows it used', async () => {
    // Books from 1 May 2025 (years to 30 April). Year 1: sales 2,000.00, rent 5,000.00: a loss of
    // 3,000.00. Year 2: sales 2,000.00, all relieved: taxable nil, 1,000.00 left. Year 3: sales
    // 10,000.00 less the 1,000.00: taxable 9,000.00, 19% = 1,710.00.
    const t = createTestBook();
    sale(t, '2025-06-01', 2_000);
    cost(t, '2025-07-01', 5_000);
    sale(t, '2026-06-01', 2_000);
    sale(t, '2027-06-01', 10_000);
    expect(await estimateOf(t, 'accounting_period=2025/26')).toMatchObject({ taxable_profit: '-3000.0', tax: '0.0', losses_brought_forward: '0.0', losses_used: '0.0', losses_carried_forward: '3000.0' });
    expect(await estimateOf(t, 'accounting_period=2026/27')).toMatchObject({ adjusted_profit: '2000.0', taxable_profit: '0.0', tax: '0.0', losses_brought_forward: '3000.0', losses_used: '2000.0', losses_carried_forward: '1000.0' });
    expect(await estimateOf(t, 'accounting_period=2027/28')).toMatchObject({ adjusted_profit: '10000.0', taxable_profit: '9000.0', tax: '1710.0', losses_brought_forward: '1000.0', losses_used: '1000.0', losses_carried_forward: '0.0' });
  });
});

describe('the rules behind the estimate, by hand', () => {
  it('dates the tax nine months and a day after the period, as HMRC reads it (CTM01800 examples)', () => {
    expect(corporationTaxDueOn('1999-03-31')).toBe('2000-01-01');
    expect(corporationTaxDueOn('1999-07-01')).toBe('2000-04-02');
    expect(corporationTaxDueOn('2000-02-28')).toBe('2000-11-29');
    expect(corporationTaxDueOn('2000-02-29')).toBe('2000-12-01');
    expect(corporationTaxDueOn('2000-05-28')).toBe('2001-03-01');
    expect(corporationTaxDueOn('2000-05-30')).toBe('2001-03-01');
    expect(corporationTaxDueOn('2000-05-31')).toBe('2001-03-01');
  });

  it('lays chargeable periods over the books (at most twelve months) and whole years before them', () => {
    expect(chargeableTimeline('2024-04-12', '2025-04-30', '2023-06-01', '2026-01-01')).toEqual([
      { from: '2023-04-12', to: '2024-04-11', inBooks: false },
      { from: '2024-04-12', to: '2025-04-11', inBooks: true },
      { from: '2025-04-12', to: '2025-04-30', inBooks: true },
      { from: '2025-05-01', to: '2026-04-30', inBooks: true },
    ]);
    expect(chargeableTimeline('2023-03-01', '2024-02-29', '2022-03-01', '2023-03-01')[0]).toEqual({ from: '2022-03-01', to: '2023-02-28', inBooks: false });
  });

  it('sizes the annual investment allowance by the period (s51A(6)) and a period spanning a change by its parts', () => {
    expect(annualInvestmentAllowanceMaximum({ from: '2025-04-01', to: '2026-03-31' })).toBe(1_000_000_00);
    // 366 days from 1 March 2023 are still twelve months: no more than the year's amount.
    expect(annualInvestmentAllowanceMaximum({ from: '2023-03-01', to: '2024-02-29' })).toBe(1_000_000_00);
    expect(annualInvestmentAllowanceMaximum({ from: '2025-04-12', to: '2025-04-30' })).toBe(52_054_79);
    // 1 April 2018 - 31 March 2019: 275 days at 200,000 and 90 at 1,000,000, each out of 365 = 397,260.27.
    expect(annualInvestmentAllowanceMaximum({ from: '2018-04-01', to: '2019-03-31' })).toBe(397_260_27);
  });

  it('takes the hybrid special rate for a period spanning 1 April 2019, rounded up to two places (FA 2019 s31)', () => {
    // 90 days at 8% and 275 at 6% of 365 = 6.4931...%, rounded up to 6.50%.
    expect(writingDownRate('special_rate', { from: '2019-01-01', to: '2019-12-31' }).toString()).toBe('0.065');
    expect(writingDownRate('main', { from: '2019-01-01', to: '2019-12-31' }).toString()).toBe('0.18');
  });

  it('never takes more than the cost as a disposal value (s62)', () => {
    const asset: TaxAsset = { purchasedOn: '2025-05-01', costMinor: 1_000_00, disposedOn: '2026-06-01', disposalProceedsMinor: 1_500_00, pool: 'main', annualInvestmentAllowance: true };
    const year = allowancesFor({ from: '2026-04-01', to: '2027-03-31' }, { main: 0, special_rate: 0 }, [asset]);
    expect(year.pools[0]).toMatchObject({ disposalValuesMinor: 1_000_00, balancingChargeMinor: 1_000_00, carriedForwardMinor: 0 });
  });

  it('writes a pool of 1,000.00 or less off whole (small pools allowance, s56A), and one just over at its writing down rate', () => {
    const car = (costMinor: number): TaxAsset => ({ purchasedOn: '2025-05-01', costMinor, disposedOn: null, disposalProceedsMinor: 0, pool: 'special_rate', annualInvestmentAllowance: false });
    const year = { from: '2025-04-01', to: '2026-03-31' };
    // A car of 1,000.00 alone in the special rate pool: all of it, not 6% (60.00).
    const small = allowancesFor(year, EMPTY, [car(1_000_00)]);
    expect(small.pools[1]).toMatchObject({ additionsMinor: 1_000_00, writingDownAllowanceMinor: 0, smallPoolAllowanceMinor: 1_000_00, carriedForwardMinor: 0 });
    expect(small.allowancesMinor).toBe(1_000_00);
    // 1,000.01: over the limit, so 6%: 60.0006 = 60.00, 940.01 carried forward.
    const over = allowancesFor(year, EMPTY, [car(1_000_01)]);
    expect(over.pools[1]).toMatchObject({ writingDownAllowanceMinor: 60_00, smallPoolAllowanceMinor: 0, carriedForwardMinor: 940_01 });
    // A main pool brought forward at 800.00 with nothing bought: written off; the special rate pool untouched.
    const broughtForward = allowancesFor(year, { main: 800_00, special_rate: 0 }, []);
    expect(broughtForward.pools[0]).toMatchObject({ broughtForwardMinor: 800_00, smallPoolAllowanceMinor: 800_00, writingDownAllowanceMinor: 0, carriedForwardMinor: 0 });
    expect(broughtForward.pools[1]).toMatchObject({ smallPoolAllowanceMinor: 0, writingDownAllowanceMinor: 0 });
  });

  it('cuts the small pool limit in proportion for a short period (s56A(4)): 182 days make it 498.63', () => {
    const car = (costMinor: number): TaxAsset => ({ purchasedOn: '2025-10-15', costMinor, disposedOn: null, disposalProceedsMinor: 0, pool: 'special_rate', annualInvestmentAllowance: false });
    const half = { from: '2025-10-01', to: '2026-03-31' };
    expect(allowancesFor(half, EMPTY, [car(498_63)]).pools[1]).toMatchObject({ smallPoolAllowanceMinor: 498_63, carriedForwardMinor: 0 });
    // 498.64 is over it: 6% x 182/365 x 498.64 = 14.918... = 14.92.
    expect(allowancesFor(half, EMPTY, [car(498_64)]).pools[1]).toMatchObject({ smallPoolAllowanceMinor: 0, writingDownAllowanceMinor: 14_92, carriedForwardMinor: 483_72 });
  });

  it('restricts losses brought forward above the 5,000,000 deductions allowance to half the profit over it (s269ZB)', () => {
    expect(lossRelief(20_000_000_00, 10_000_000_00, new Decimal(1))).toBe(7_500_000_00);
    expect(lossRelief(3_000_00, 2_000_00, new Decimal(1))).toBe(2_000_00);
    expect(lossRelief(3_000_00, -2_000_00, new Decimal(1))).toBe(0);
  });
});
