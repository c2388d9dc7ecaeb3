import { beforeEach, describe, expect, it } from 'vitest';
import { bankAccount, explainedLine } from './report-fixtures';
import { idOf, ledgerTotal } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { lockBooks } from './purchases-helpers';
import { expectUndoable, recordTables, undoLatest } from './undo-helpers';

/**
 * A change of an asset's useful life, residual value or method is a change in an accounting estimate
 * (FRS 102 10.16 and 17.23, FRS 105 section 8): applied from the start of the accounting year in which it
 * is made, never restating an earlier year. The audit's laptop: bought 15 April 2025 for £1,200.00,
 * straight line over 3 years, monthly (33.33 a month, 399.96 in the year to 31 March 2026). Years run
 * 1 April to 31 March; the clock's today, 22 November 2026, is in the second year.
 */

let t: TestBook;
let bank: string;
let laptop: any;

beforeEach(async () => {
  t = createTestBook({ startDate: '2025-04-01', firstAccountingYearEnd: '2026-03-31' });
  bank = await bankAccount(t);
  await explainedLine(t, bank, { dated_on: '2025-04-15', amount: '-1200.00' }, { category: '602-1', description: 'Laptop' });
  [laptop] = (await t.json('GET', '/v2/capital_assets')).body.capital_assets;
});

const putLaptop = (fields: Record<string, unknown>) => t.json('PUT', `/v2/capital_assets/${idOf(laptop.url)}`, { body: { capital_asset: fields } });
const fiveYears = { depreciation_profile: { method: 'straight_line', asset_life_years: 5, frequency: 'monthly' } };
const chargedIn = (from: string, to: string) =>
  t.book.sqlite.prepare("SELECT coalesce(sum(p.debit_minor), 0) FROM postings p JOIN categories c ON c.id = p.category_id WHERE c.nominal_code = '460' AND p.dated_on BETWEEN ? AND ?").pluck().get(from, to) as number;
const yearOne = () => chargedIn('2025-04-01', '2026-03-31');
const yearTwo = () => chargedIn('2026-04-01', '2027-03-31');
const earlierEstimates = () => t.book.sqlite.prepare('SELECT replaced_on, method, asset_life_years, frequency, residual_minor FROM capital_asset_earlier_estimates ORDER BY replaced_on').all();

describe('a change of estimate is prospective', () => {
  it('a life made 5 years in the second year keeps year one at 399.96 and spreads the 800.04 left over the 48 months left', async () => {
    expect(yearOne()).toBe(39996);
    const changed = await putLaptop(fiveYears);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(yearOne()).toBe(39996);
    // 800.04 / 48 = 16.6675 -> 16.66 a month (the last takes the remainder, 17.02): 199.92 in year two.
    expect(yearTwo()).toBe(12 * 1666);
    expect(chargedIn('2025-01-01', '2031-12-31')).toBe(120000);
    const asset = changed.body.capital_asset;
    expect(asset.depreciation_profile).toEqual({ method: 'straight_line', asset_life_years: 5, frequency: 'monthly' });
    expect(asset.earlier_estimates).toEqual([
      { depreciation_profile: { method: 'straight_line', asset_life_years: 3, frequency: 'monthly' }, residual_value: '0.0', replaced_on: '2026-04-01' },
    ]);
    expect(asset.depreciation_schedule[11]).toEqual({ dated_on: '2026-03-15', depreciation: '33.33', accumulated_depreciation: '399.96', net_book_value: '800.04' });
    expect(asset.depreciation_schedule[12]).toEqual({ dated_on: '2026-04-15', depreciation: '16.66', accumulated_depreciation: '416.62', net_book_value: '783.38' });
    expect(asset.depreciation_schedule.at(-1)).toEqual({ dated_on: '2030-03-15', depreciation: '17.02', accumulated_depreciation: '1200.0', net_book_value: '0.0' });
    // Worked out again (another read, a disposal's re-post), the schedule is the same.
    const read = await t.json('GET', `/v2/capital_assets/${idOf(laptop.url)}?include_history=true`);
    expect(read.body.capital_asset.depreciation_schedule).toEqual(asset.depreciation_schedule);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('is allowed behind a lock on the closed year, since it moves nothing dated in it', async () => {
    lockBooks(t, '2026-03-31');
    const changed = await putLaptop(fiveYears);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(yearOne()).toBe(39996);
    expect(yearTwo()).toBe(12 * 1666);
  });

  it('is refused behind a lock inside the year of the change (it would move April to June 2026), saying from when it applies; nothing changes', async () => {
    lockBooks(t, '2026-06-30');
    const before = recordTables(t);
    const refused = await putLaptop(fiveYears);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toBe(
      'The books are locked up to 2026-06-30 by the lock date set on the books; nothing dated on or before then (here 2026-04-15) can be created, changed or deleted. A change of estimate applies from the start of the accounting year it is made in (2026-04-01): give estimate_changed_on a date in a year after the lock to make it from then.',
    );
    expect(recordTables(t)).toEqual(before);
    // Made from the next year on, it moves nothing locked.
    const later = await putLaptop({ ...fiveYears, estimate_changed_on: '2027-04-01' });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(yearTwo()).toBe(12 * 3333);
    expect(later.body.capital_asset.earlier_estimates.map((estimate: any) => estimate.replaced_on)).toEqual(['2027-04-01']);
  });

  it('estimate_changed_on in the year being closed applies from that year: in the purchase year it is the whole life (a correction), 20.00 a month', async () => {
    const changed = await putLaptop({ ...fiveYears, estimate_changed_on: '2026-03-31' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(yearOne()).toBe(12 * 2000);
    expect(changed.body.capital_asset.earlier_estimates).toEqual([]);
    expect(earlierEstimates()).toEqual([]);
  });

  it('a correction of a locked year is refused', async () => {
    lockBooks(t, '2026-03-31');
    const refused = await putLaptop({ ...fiveYears, estimate_changed_on: '2025-12-01' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toMatch(/^The books are locked up to 2026-03-31 .*\(2025-04-01\)/);
  });

  it('a second change in the same year replaces the first; a later year keeps the one in force before it', async () => {
    await putLaptop(fiveYears);
    await putLaptop({ depreciation_profile: { method: 'straight_line', asset_life_years: 4, frequency: 'monthly' } });
    expect(earlierEstimates()).toEqual([{ replaced_on: '2026-04-01', method: 'straight_line', asset_life_years: 3, frequency: 'monthly', residual_minor: 0 }]);
    // 800.04 over the 36 months left of 4 years: 22.22 a month.
    expect(yearTwo()).toBe(12 * 2222);
    await putLaptop({ residual_value: '100.00', estimate_changed_on: '2027-06-01' });
    expect(earlierEstimates()).toEqual([
      { replaced_on: '2026-04-01', method: 'straight_line', asset_life_years: 3, frequency: 'monthly', residual_minor: 0 },
      { replaced_on: '2027-04-01', method: 'straight_line', asset_life_years: 4, frequency: 'monthly', residual_minor: 0 },
    ]);
    expect(yearTwo()).toBe(12 * 2222);
    // Backdated to year two again, the change replaces what was in force from then on.
    await putLaptop({ ...fiveYears, estimate_changed_on: '2026-05-01' });
    expect(earlierEstimates()).toEqual([{ replaced_on: '2026-04-01', method: 'straight_line', asset_life_years: 3, frequency: 'monthly', residual_minor: 0 }]);
    // The residual value of 100.00 stays: 700.04 over 48 months, 14.58 a month.
    expect(yearTwo()).toBe(12 * 1458);
    expect(chargedIn('2025-01-01', '2031-12-31')).toBe(120000 - 10000);
  });

  it('a change of the description alone, or the same profile sent again, keeps no earlier estimate', async () => {
    await putLaptop({ description: 'Work laptop', depreciation_profile: { method: 'straight_line', asset_life_years: 3, frequency: 'monthly' } });
    expect(earlierEstimates()).toEqual([]);
  });

  it('a change to reducing balance at 40% a year, yearly, charges 40% of the 800.04 left on 15 April 2026', async () => {
    const changed = await putLaptop({ depreciation_profile: { method: 'reducing_balance', annual_depreciation_percentage: '40', frequency: 'annually' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(yearOne()).toBe(39996);
    expect(yearTwo()).toBe(32002);
  });

  it('the live service’s capital_asset profile sent again on the purchase is a change of estimate too', async () => {
    const explanation = laptop.purchase as string;
    const put = await t.json('PUT', `/v2/bank_transaction_explanations/${idOf(explanation)}`, { body: { bank_transaction_explanation: { capital_asset: fiveYears } } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(yearOne()).toBe(39996);
    expect(yearTwo()).toBe(12 * 1666);
  });

  it('is undone and redone, its earlier estimate with it', async () => {
    lockBooks(t, '2026-03-31');
    await expectUndoable(t, () => putLaptop(fiveYears), /capital asset/);
    expect(earlierEstimates()).toHaveLength(1);
    await undoLatest(t);
    expect(earlierEstimates()).toEqual([]);
    expect(yearTwo()).toBe(12 * 3333);
  });

  it('goes with a hand-made asset when it is deleted, and comes back with it on undo', async () => {
    const made = await t.json('POST', '/v2/capital_assets', {
      body: { capital_asset: { description: 'Desk', asset_type: 'Fixtures and Fittings', purchased_on: '2025-06-15', cost: '1000.00', depreciation_profile: { method: 'straight_line', asset_life_years: 3, frequency: 'annually' } } },
    });
    const url = made.body.capital_asset.url as string;
    await t.json('PUT', `/v2/capital_assets/${idOf(url)}`, { body: { capital_asset: { residual_value: '100.00' } } });
    expect(earlierEstimates()).toHaveLength(1);
    await expectUndoable(t, () => t.json('DELETE', `/v2/capital_assets/${idOf(url)}`), /capital asset/);
    expect(earlierEstimates()).toEqual([]);
    await undoLatest(t);
    expect(earlierEstimates()).toHaveLength(1);
  });

  it('refuses an estimate_changed_on that is not a date', async () => {
    const refused = await putLaptop({ ...fiveYears, estimate_changed_on: '2026-02-30' });
    expect(refused.status).toBe(422);
    expect(earlierEstimates()).toEqual([]);
  });
});

describe('an asset bought before the books start', () => {
  it('changed in the first year keeps what was charged before the start, in the opening balances', async () => {
    const made = await t.json('POST', '/v2/capital_assets', {
      body: { capital_asset: { description: 'Server', asset_type: 'Computer Equipment', purchased_on: '2023-04-01', cost: '3000.00', depreciation_profile: { method: 'straight_line', asset_life_years: 3, frequency: 'annually' } } },
    });
    const changed = await t.json('PUT', `/v2/capital_assets/${idOf(made.body.capital_asset.url)}`, {
      body: { capital_asset: { depreciation_profile: { method: 'straight_line', asset_life_years: 5, frequency: 'annually' }, estimate_changed_on: '2025-06-01' } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // 1,000.00 left at the start over the 3 years left of 5: 333.33, 333.33, 333.34 from 1 April 2025.
    expect(changed.body.capital_asset.depreciation_brought_forward).toBe('2000.0');
    expect(changed.body.capital_asset.depreciation_schedule.map((period: any) => [period.dated_on, period.depreciation])).toEqual([
      ['2023-04-01', '1000.0'],
      ['2024-04-01', '1000.0'],
      ['2025-04-01', '333.33'],
      ['2026-04-01', '333.33'],
      ['2027-04-01', '333.34'],
    ]);
  });
});
