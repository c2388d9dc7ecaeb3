import { beforeEach, describe, expect, it } from 'vitest';
import { bankAccount, explainedLine } from './report-fixtures';
import { idOf, ledgerTotal } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { lockBooks } from './purchases-helpers';
import { contact } from './sales-helpers';
import { expectUndoable } from './undo-helpers';

/**
 * An asset bought before the books start (the year-end audit's server): its cost and the depreciation
 * charged before the start are in the opening balances, so it posts nothing dated before the start,
 * continues its schedule from the start, and its disposal takes out the cost and all its depreciation.
 *
 * Books from 1 April 2025; the previous accounts at 31 March 2025 hold a server bought 1 April 2023 for
 * £3,000.00, depreciated straight line over 3 years, yearly: £1,000.00 charged on 1 April 2023 and on
 * 1 April 2024 (605-1 -2,000.00), the third charge falls on 1 April 2025, in the books.
 */

let t: TestBook;
let bank: string;
let customer: string;

beforeEach(async () => {
  t = createTestBook({ startDate: '2025-04-01', firstAccountingYearEnd: '2026-03-31' });
  bank = await bankAccount(t, { opening_balance: '5000.00' });
  customer = await contact(t);
});

function openingBalances(depreciation = '-2000.00', profit = '-7100.00') {
  return t.json('PUT', '/v2/journal_sets/opening_balances', {
    body: {
      journal_set: {
        journal_entries: [
          { category: '601-1', debit_value: '3000.00' },
          { category: '605-1', debit_value: depreciation },
          { category: '681', debit_value: '1200.00', contact: customer },
          { category: '901-1', debit_value: '-100.00' },
          { category: '968', debit_value: profit },
        ],
      },
    },
  });
}

const yearly3 = { method: 'straight_line', asset_life_years: 3, frequency: 'annually' };
const server = (fields: Record<string, unknown> = {}) =>
  t.json('POST', '/v2/capital_assets', { body: { capital_asset: { description: 'Server', asset_type: 'Computer Equipment', purchased_on: '2023-04-01', cost: '3000.00', depreciation_profile: yearly3, ...fields } } });
const putAsset = (url: string, fields: Record<string, unknown>) => t.json('PUT', `/v2/capital_assets/${idOf(url)}`, { body: { capital_asset: fields } });
const assetPostings = (id: number) =>
  t.book.sqlite
    .prepare("SELECT p.dated_on AS dated_on, c.nominal_code AS code, p.debit_minor AS debit FROM postings p JOIN categories c ON c.id = p.category_id WHERE p.source_resource = 'capital_assets' AND p.source_id = ? ORDER BY p.dated_on, c.nominal_code")
    .all(id);
const earliestPosting = () => t.book.sqlite.prepare('SELECT min(dated_on) FROM postings').pluck().get();
const balanceSheet = async (asAt: string) => (await t.json('GET', `/v2/accounting/balance_sheet?as_at_date=${asAt}`)).body.balance_sheet;
const profitAndLoss = async () => {
  const lines = (await t.json('GET', '/v2/accounting/profit_and_loss/detail?accounting_period=2025/26')).body.profit_and_loss_detail.lines;
  return Object.fromEntries(lines.filter((line: any) => line.kind !== 'heading').map((line: any) => [line.label, line.amounts[0]]));
};

describe('an asset bought before the books start', () => {
  it('posts nothing dated before the start: only the charge of 1 April 2025, so the profit brought forward stays 7,100.00', async () => {
    expect((await openingBalances()).status).toBe(200);
    const made = await server();
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(assetPostings(idOf(made.body.capital_asset.url))).toEqual([
      { dated_on: '2025-04-01', code: '460', debit: 100000 },
      { dated_on: '2025-04-01', code: '606-1', debit: -100000 },
    ]);
    expect(earliestPosting()).toBe('2025-04-01');
    // The register reads the whole schedule: 2,000.00 of it was charged before the start, in the opening balances.
    expect(made.body.capital_asset).toMatchObject({ depreciation_brought_forward: '2000.0', accumulated_depreciation: '3000.0', net_book_value: '0.0' });
    expect(made.body.capital_asset.opening_balances_warning).toBeUndefined();
    const year = await profitAndLoss();
    expect(year['Retained profit brought forward']).toBe('7100.0');
    expect(year['Depreciation Charge']).toBe('1000.0');
    expect(ledgerTotal(t)).toBe(0);
  });

  it('disposed of on 30 September 2025 for 100.00: the cost and all 3,000.00 of depreciation go out, fixed assets read 100.00 until the money is explained', async () => {
    await openingBalances();
    const made = await server();
    const disposed = await putAsset(made.body.capital_asset.url, { disposed_on: '2025-09-30', disposal_proceeds: '100.00' });
    expect(disposed.status, JSON.stringify(disposed.body)).toBe(200);
    expect(disposed.body.capital_asset).toMatchObject({ gain_on_disposal: '100.0', net_book_value: '0.0' });
    expect(assetPostings(idOf(made.body.capital_asset.url))).toEqual([
      { dated_on: '2025-04-01', code: '460', debit: 100000 },
      { dated_on: '2025-04-01', code: '606-1', debit: -100000 },
      { dated_on: '2025-09-30', code: '461', debit: -10000 },
      { dated_on: '2025-09-30', code: '604-1', debit: 10000 - 300000 },
      { dated_on: '2025-09-30', code: '607-1', debit: 300000 },
    ]);
    const atYearEnd = await balanceSheet('2026-03-31');
    expect(atYearEnd.capital_assets.net_book_value).toBe('100.0');
    expect(atYearEnd.total_assets).toBe(atYearEnd.total_owners_equity);
    const year = await profitAndLoss();
    expect(year['Loss/Gain on Disposal of Capital Asset']).toBe('-100.0');
    expect(year['Retained profit brought forward']).toBe('7100.0');
    // The money received explained to the disposals account leaves nothing under fixed assets.
    await explainedLine(t, bank, { dated_on: '2025-10-02', amount: '100.00' }, { category: '604-1', description: 'Server sold' });
    expect((await balanceSheet('2026-03-31')).capital_assets.net_book_value).toBe('0.0');
    expect(ledgerTotal(t)).toBe(0);
  });

  it('disposed of before the start: nothing at all is posted (the disposal is in the previous accounts)', async () => {
    const made = await server({ disposed_on: '2025-01-31', disposal_proceeds: '500.00' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(assetPostings(idOf(made.body.capital_asset.url))).toEqual([]);
    expect(made.body.capital_asset.opening_balances_warning).toBeUndefined();
  });

  it('is allowed behind a lock over the start, since it posts nothing there (its first charge after the lock)', async () => {
    await openingBalances();
    lockBooks(t, '2025-06-30');
    // Bought 1 July 2023: charges on 1 July 2023 and 2024 are before the books, 1 July 2025 after the lock.
    const made = await server({ purchased_on: '2023-07-01' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(assetPostings(idOf(made.body.capital_asset.url)).map((row: any) => row.dated_on)).toEqual(['2025-07-01', '2025-07-01']);
  });

  it('is undone and redone with its postings', async () => {
    await openingBalances();
    await expectUndoable(t, () => server(), /capital asset/);
  });
});

describe('the opening balances checked against the register (a warning, never a refusal)', () => {
  it('says so when the depreciation in the opening balances differs from what the schedule charged before the start', async () => {
    await openingBalances('-1500.00', '-7600.00');
    const made = await server();
    expect(made.status).toBe(201);
    expect(made.body.capital_asset.opening_balances_warning).toBe(
      "The opening balances hold depreciation of £1,500.00 for Computer Equipment (605-1, 606-1, 607-1), but the schedules of the register's assets of that type bought before the books start on 2025-04-01 charged £2,000.00 before it. " +
        "Depreciation from the start continues each schedule and a disposal takes all of it out, so make the two agree (the opening balances, or the asset's profile).",
    );
  });

  it('says so when the opening balances hold no cost for the asset', async () => {
    const made = await server();
    expect(made.status).toBe(201);
    expect(made.body.capital_asset.opening_balances_warning).toBe(
      "The opening balances hold a cost of £0.00 for Computer Equipment (601-1, 602-1, 604-1), but the register's assets of that type bought before the books start on 2025-04-01 cost £3,000.00. " +
        'An asset bought before the start posts neither its cost nor the depreciation charged before the start, which belong in the opening balances: make the two agree.',
    );
    // Entered afterwards, the opening balances agree and the warning goes.
    await openingBalances();
    const read = await t.json('GET', `/v2/capital_assets/${idOf(made.body.capital_asset.url)}`);
    expect(read.body.capital_asset.opening_balances_warning).toBeUndefined();
  });

  it('adds up every asset of the type: two servers in the opening balances warn until the second is in the register', async () => {
    await t.json('PUT', '/v2/journal_sets/opening_balances', {
      body: { journal_set: { journal_entries: [{ category: '601-1', debit_value: '5000.00' }, { category: '605-1', debit_value: '-3000.00' }, { category: '968', debit_value: '-7000.00' }] } },
    });
    const first = await server();
    expect(first.body.capital_asset.opening_balances_warning).toMatch(/hold a cost of £5,000\.00 .* cost £3,000\.00/);
    // Bought 1 April 2024 for 2,000.00 over 2 years: 1,000.00 charged before the start.
    const second = await server({ description: 'Switch', purchased_on: '2024-04-01', cost: '2000.00', depreciation_profile: { ...yearly3, asset_life_years: 2 } });
    expect(second.body.capital_asset.opening_balances_warning).toBeUndefined();
  });

  it('says nothing about an asset bought on or after the start', async () => {
    const made = await server({ purchased_on: '2025-04-01' });
    expect(made.body.capital_asset.opening_balances_warning).toBeUndefined();
    expect(made.body.capital_asset.depreciation_brought_forward).toBeUndefined();
  });
});

describe('the start date moved', () => {
  it('earlier: the charges now inside the books are posted', async () => {
    const made = await server();
    const moved = await t.json('PUT', '/v2/company', { body: { company: { company_start_date: '2024-01-01', first_accounting_year_end: '2024-12-31' } } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(assetPostings(idOf(made.body.capital_asset.url)).map((row: any) => row.dated_on)).toEqual(['2024-04-01', '2024-04-01', '2025-04-01', '2025-04-01']);
    expect(ledgerTotal(t)).toBe(0);
  });
});
