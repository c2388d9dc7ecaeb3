import { beforeEach, describe, expect, it } from 'vitest';
import { bankAccount, explainedLine } from './report-fixtures';
import { idOf, ledgerTotal, postingsOf } from './banking-helpers';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { insertContact, lockBooks, postExpense } from './purchases-helpers';
import { expectUndoable, recordTables, redoLatest, undoLatest } from './undo-helpers';

/**
 * The fixed asset register: assets made by purchases and by hand, their depreciation posted period by
 * period, disposals with their gain or loss, and the balance sheet's net book value. Figures are worked
 * by hand in the comments. Capital asset type 1 is Computer Equipment, so its accounts are 602-1 etc.
 */

let t: TestBook;
beforeEach(() => {
  t = createTestBook();
});

const COMPUTERS = `${ORIGIN}/v2/capital_asset_types/1`;
const yearly3 = { method: 'straight_line', asset_life_years: 3, frequency: 'annually' };

/** A laptop bought for £1,200.00 from the bank on 10 January 2026, explained to 602-1. */
async function boughtLaptop(): Promise<{ asset: any; account: string }> {
  const account = await bankAccount(t);
  await explainedLine(t, account, { dated_on: '2026-01-10', amount: '-1200.00' }, { category: '602-1', description: 'Laptop' });
  const list = await t.json('GET', '/v2/capital_assets');
  expect(list.body.capital_assets).toHaveLength(1);
  return { asset: list.body.capital_assets[0], account };
}

function byHand(fields: Record<string, unknown> = {}) {
  return t.json('POST', '/v2/capital_assets', {
    body: { capital_asset: { description: 'Office desk', asset_type: 'Fixtures and Fittings', purchased_on: '2025-06-15', cost: '1000.00', depreciation_profile: yearly3, ...fields } },
  });
}

const putAsset = (url: string, fields: Record<string, unknown>) => t.json('PUT', `/v2/capital_assets/${idOf(url)}`, { body: { capital_asset: fields } });
const balanceSheet = async (asAt: string) => (await t.json('GET', `/v2/accounting/balance_sheet?as_at_date=${asAt}`)).body.balance_sheet;
const balanceOf = (code: string, to: string) =>
  t.book.sqlite.prepare('SELECT coalesce(sum(p.debit_minor), 0) FROM postings p JOIN categories c ON c.id = p.category_id WHERE c.nominal_code = ? AND p.dated_on <= ?').pluck().get(code, to) as number;

describe('assets made by purchases', () => {
  it('a bank payment explained to a capital asset purchase account makes an asset at its cost, depreciated monthly over three years', async () => {
    const { asset } = await boughtLaptop();
    expect(asset).toMatchObject({
      description: 'Laptop',
      asset_type: 'Computer Equipment',
      capital_asset_type: COMPUTERS,
      purchased_on: '2026-01-10',
      cost: '1200.0',
      depreciation_profile: { method: 'straight_line', asset_life_years: 3, frequency: 'monthly' },
      asset_life_years: 3,
    });
    expect(asset.purchase).toMatch(/\/v2\/bank_transaction_explanations\/\d+$/);
    // 1200.00 / 36 = 33.33 a month; as at the clock's 22 November 2026, eleven months (10 Jan .. 10 Nov) are charged.
    expect(asset).toMatchObject({ accumulated_depreciation: '366.63', net_book_value: '833.37' });
    expect(balanceOf('460', '2026-11-22')).toBe(36663);
  });

  it('a bill with two capital items makes two assets, and deleting the bill takes them and their depreciation away', async () => {
    const contact = insertContact(t);
    const bill = await t.json('POST', '/v2/bills', {
      body: {
        bill: {
          contact,
          reference: 'B1',
          dated_on: '2026-02-01',
          due_on: '2026-03-01',
          bill_items: [
            { category: `${ORIGIN}/v2/categories/602-1`, description: 'Server', total_value: '3000.0' },
            { category: `${ORIGIN}/v2/categories/285`, description: 'Delivery', total_value: '20.0' },
            { category: `${ORIGIN}/v2/categories/602-2`, description: 'Shelving', total_value: '600.0' },
          ],
        },
      },
    });
    expect(bill.status, JSON.stringify(bill.body)).toBe(201);
    const assets = (await t.json('GET', '/v2/capital_assets')).body.capital_assets;
    expect(assets.map((asset: any) => [asset.description, asset.asset_type, asset.cost])).toEqual([
      ['Server', 'Computer Equipment', '3000.0'],
      ['Shelving', 'Fixtures and Fittings', '600.0'],
    ]);
    // Undo takes the bill back with its assets, under the bill's name; redo brings both.
    expect(await undoLatest(t)).toMatch(/bill B1/);
    expect((await t.json('GET', '/v2/capital_assets')).body.capital_assets).toEqual([]);
    expect(await redoLatest(t)).toMatch(/bill B1/);
    expect((await t.json('GET', '/v2/capital_assets')).body.capital_assets).toHaveLength(2);
    const deleted = await t.json('DELETE', `/v2/bills/${idOf(bill.body.bill.url)}`);
    expect(deleted.status).toBe(200);
    expect((await t.json('GET', '/v2/capital_assets')).body.capital_assets).toEqual([]);
    expect(t.book.sqlite.prepare("SELECT count(*) FROM postings WHERE source_resource = 'capital_assets'").pluck().get()).toBe(0);
  });

  it("keeps what belongs to the purchase (cost, date, type) to the purchase, and refuses to delete the asset on its own", async () => {
    const { asset } = await boughtLaptop();
    const before = recordTables(t);
    const moved = await putAsset(asset.url, { cost: '1000.00' });
    expect(moved.status).toBe(422);
    expect(moved.body.errors[0].message).toBe('cost of this asset come from the bank transaction explanation that bought it: change the bank transaction explanation instead');
    const deleted = await t.json('DELETE', `/v2/capital_assets/${idOf(asset.url)}`);
    expect(deleted.status).toBe(422);
    expect(recordTables(t)).toEqual(before);
  });
});

describe("the live service's capital_asset.depreciation_profile on the purchase", () => {
  it('sets the profile of the asset an explanation makes: reducing balance at 25% a year charges 300.00 first', async () => {
    const account = await bankAccount(t);
    const reducing = { method: 'reducing_balance', annual_depreciation_percentage: '25', frequency: 'annually' };
    await explainedLine(t, account, { dated_on: '2026-01-10', amount: '-1200.00' }, { category: '602-1', description: 'Van', capital_asset: { depreciation_profile: reducing } });
    const [asset] = (await t.json('GET', '/v2/capital_assets?include_history=true')).body.capital_assets;
    expect(asset.depreciation_profile).toEqual(reducing);
    expect(asset.depreciation_schedule[0]).toEqual({ dated_on: '2026-01-10', depreciation: '300.0', accumulated_depreciation: '300.0', net_book_value: '900.0' });
  });

  it("sets it on an expense's asset: straight line over 2 years, yearly, is 600.00 a year", async () => {
    const reply = await postExpense(t, { category: '602-1', gross_value: '-1200', description: 'Camera', user: `${ORIGIN}/v2/users/${t.ownerId}`, capital_asset: { depreciation_profile: { method: 'straight_line', asset_life_years: 2, frequency: 'annually' } } });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const [asset] = (await t.json('GET', '/v2/capital_assets')).body.capital_assets;
    expect(asset).toMatchObject({ description: 'Camera', accumulated_depreciation: '600.0', net_book_value: '600.0' });
  });

  it('refuses a profile on a purchase that buys no capital asset, or a profile that breaks a rule, changing nothing', async () => {
    const before = recordTables(t);
    const plain = await postExpense(t, { category: '285', gross_value: '-12', user: `${ORIGIN}/v2/users/${t.ownerId}`, capital_asset: { depreciation_profile: yearly3 } });
    expect(plain.status).toBe(422);
    expect(plain.body.errors[0].message).toBe('capital_asset applies only to a purchase posted to a capital asset purchase category (602)');
    const wrong = await postExpense(t, { category: '602-1', gross_value: '-1200', user: `${ORIGIN}/v2/users/${t.ownerId}`, capital_asset: { depreciation_profile: { method: 'sum_of_digits' } } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors[0].message).toBe('capital_asset.depreciation_profile.method must be one of straight_line, reducing_balance');
    const lifeless = await postExpense(t, { category: '602-1', gross_value: '-1200', user: `${ORIGIN}/v2/users/${t.ownerId}`, capital_asset: { depreciation_profile: { method: 'straight_line' } } });
    expect(lifeless.body.errors[0].message).toBe('capital_asset.depreciation_profile.asset_life_years is required for straight line depreciation');
    expect(recordTables(t)).toEqual(before);
  });
});

describe('depreciation in the ledger and the balance sheet', () => {
  it('posts each period on its date, so the balance sheet shows cost less the depreciation reached by then', async () => {
    const { asset } = await boughtLaptop();
    // Made yearly from the purchase (the change dated in the year of purchase restates its whole life).
    expect((await putAsset(asset.url, { depreciation_profile: yearly3, estimate_changed_on: '2026-01-10' })).status).toBe(200);
    // 1200.00 over 3 years: 400.00 on 10 Jan 2026, 10 Jan 2027, 10 Jan 2028.
    expect(postingsOf(t, 'capital_assets', idOf(asset.url))).toEqual([
      { code: '460', debit: 40000 },
      { code: '460', debit: 40000 },
      { code: '460', debit: 40000 },
      { code: '606-1', debit: -40000 },
      { code: '606-1', debit: -40000 },
      { code: '606-1', debit: -40000 },
    ]);
    expect((await balanceSheet('2025-12-31')).capital_assets.net_book_value).toBe('0.0');
    const midYear = await balanceSheet('2026-06-30');
    expect(midYear.capital_assets.net_book_value).toBe('800.0');
    // The statutory layout shows the fixed assets at cost less accumulated depreciation. 30 June 2026 is
    // in the accounting year from 1 May 2026: January's purchase and charge are brought forward.
    const fixed = midYear.layout.slice(1, midYear.layout.findIndex((line: any) => line.label === 'Total fixed assets'));
    expect(fixed.map((line: any) => [line.kind, line.label, line.amount])).toEqual([
      ['subheading', 'Cost', undefined],
      ['account', 'Capital Asset Brought Forward: Computer Equipment', '1200.0'],
      ['subheading', 'Less accumulated depreciation', undefined],
      ['account', 'Capital Asset Depreciation Brought Forward: Computer Equipment', '-400.0'],
      ['total', 'Net book value', '800.0'],
    ]);
    const inTheYear = (await balanceSheet('2026-04-30')).layout.filter((line: any) => line.kind === 'account' && line.nominal_code?.startsWith('60'));
    expect(inTheYear.map((line: any) => [line.label, line.amount])).toEqual([
      ['Capital Asset Purchase: Computer Equipment', '1200.0'],
      ['Capital Asset Depreciation in Year: Computer Equipment', '-400.0'],
    ]);
    expect((await balanceSheet('2027-06-30')).capital_assets.net_book_value).toBe('400.0');
    expect((await balanceSheet('2028-06-30')).capital_assets.net_book_value).toBe('0.0');
    const read = await t.json('GET', `/v2/capital_assets/${idOf(asset.url)}?as_at_date=2027-06-30`);
    expect(read.body.capital_asset).toMatchObject({ accumulated_depreciation: '800.0', net_book_value: '400.0' });
    expect(ledgerTotal(t)).toBe(0);
  });

  it('shows the schedule and the history up to the as-at date with include_history', async () => {
    const made = await byHand();
    const read = await t.json('GET', `/v2/capital_assets/${idOf(made.body.capital_asset.url)}?include_history=true&as_at_date=2026-07-01`);
    expect(read.body.capital_asset.depreciation_schedule).toEqual([
      { dated_on: '2025-06-15', depreciation: '333.33', accumulated_depreciation: '333.33', net_book_value: '666.67' },
      { dated_on: '2026-06-15', depreciation: '333.33', accumulated_depreciation: '666.66', net_book_value: '333.34' },
      { dated_on: '2027-06-15', depreciation: '333.34', accumulated_depreciation: '1000.0', net_book_value: '0.0' },
    ]);
    expect(read.body.capital_asset.capital_asset_history.map((event: any) => [event.type, event.date, event.value])).toEqual([
      ['purchase', '2025-06-15', '1000.0'],
      ['depreciation', '2025-06-15', '333.33'],
      ['depreciation', '2026-06-15', '333.33'],
    ]);
  });

  it('keeps the trial balance in balance', async () => {
    await boughtLaptop();
    await byHand({ depreciation_profile: { method: 'reducing_balance', annual_depreciation_percentage: '25', frequency: 'monthly' } });
    const lines = (await t.json('GET', '/v2/accounting/trial_balance/summary?from_date=2025-05-01&to_date=2026-11-22')).body.trial_balance_summary;
    const total = lines.reduce((sum: number, line: any) => sum + Math.round(Number(line.total) * 100), 0);
    expect(total).toBe(0);
    expect(ledgerTotal(t)).toBe(0);
  });
});

describe('disposal', () => {
  /** Laptop of 1,200.00 depreciated 400.00 a year: 400.00 charged by 30 June 2026, net book value 800.00. */
  async function disposedFor(proceeds: string) {
    const { asset, account } = await boughtLaptop();
    await putAsset(asset.url, { depreciation_profile: yearly3, estimate_changed_on: '2026-01-10' });
    const disposed = await putAsset(asset.url, { disposed_on: '2026-06-30', disposal_proceeds: proceeds });
    expect(disposed.status, JSON.stringify(disposed.body)).toBe(200);
    return { asset: disposed.body.capital_asset, account };
  }

  it('with a gain: sold for 900.00 against a net book value of 800.00 credits 100.00 to the gain or loss on disposal', async () => {
    const { asset, account } = await disposedFor('900.00');
    expect(asset).toMatchObject({ disposed_on: '2026-06-30', disposal_proceeds: '900.0', gain_on_disposal: '100.0', net_book_value: '0.0', accumulated_depreciation: '400.0' });
    // Later periods (2027, 2028) are no longer charged.
    expect(balanceOf('460', '2030-12-31')).toBe(40000);
    expect(balanceOf('461', '2026-06-30')).toBe(-10000);
    expect(balanceOf('604-1', '2026-06-30')).toBe(90000 - 120000);
    expect(balanceOf('607-1', '2026-06-30')).toBe(40000);
    // The money received is explained to the disposals account: the fixed assets are then at nil.
    await explainedLine(t, account, { dated_on: '2026-07-02', amount: '900.00' }, { category: '604-1', description: 'Laptop sold' });
    const sheet = await balanceSheet('2026-07-31');
    expect(sheet.capital_assets.net_book_value).toBe('0.0');
    expect(sheet.total_assets).toBe(sheet.total_owners_equity);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('with a loss: sold for 500.00 against 800.00 debits 300.00 to the gain or loss on disposal', async () => {
    const { asset } = await disposedFor('500.00');
    expect(asset).toMatchObject({ gain_on_disposal: '-300.0', net_book_value: '0.0' });
    expect(balanceOf('461', '2026-06-30')).toBe(30000);
    expect(balanceOf('604-1', '2026-06-30')).toBe(50000 - 120000);
    expect(ledgerTotal(t)).toBe(0);
  });

  it('is listed under view=disposed and no longer under view=disposable', async () => {
    await disposedFor('0');
    expect((await t.json('GET', '/v2/capital_assets?view=disposed')).body.capital_assets).toHaveLength(1);
    expect((await t.json('GET', '/v2/capital_assets?view=disposable')).body.capital_assets).toHaveLength(0);
    expect((await t.json('GET', '/v2/capital_assets?view=disposable&as_at_date=2026-06-29')).body.capital_assets).toHaveLength(1);
  });
});

describe('undo', () => {
  it('undoes and redoes an asset made by hand, its postings with it', async () => {
    await expectUndoable(t, () => byHand(), /capital asset/);
  });

  it('undoes and redoes a disposal', async () => {
    const made = await byHand();
    await expectUndoable(t, () => putAsset(made.body.capital_asset.url, { disposed_on: '2026-01-31', disposal_proceeds: '250.00' }), /capital asset/);
  });
});

describe('bad input: a 422 with a sentence, nothing changed', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a cost of nothing', { cost: '0' }, 'cost must be more than zero'],
    ['a residual value above the cost', { residual_value: '1500.00' }, 'residual_value cannot be more than the cost'],
    ['a type that does not exist', { asset_type: 'Spaceships' }, 'asset_type "Spaceships" is not a capital asset type of this company'],
    ['reducing balance without a rate', { depreciation_profile: { method: 'reducing_balance' } }, 'depreciation_profile.annual_depreciation_percentage is required for reducing balance depreciation'],
    ['a rate above 100%', { depreciation_profile: { method: 'reducing_balance', annual_depreciation_percentage: '120' } }, 'depreciation_profile.annual_depreciation_percentage must be more than 0 and at most 100'],
    ['straight line without a life', { depreciation_profile: { method: 'straight_line' } }, 'depreciation_profile.asset_life_years is required for straight line depreciation'],
    ['a disposal before the purchase', { disposed_on: '2025-01-01' }, 'disposed_on cannot be before the asset was purchased (2025-06-15)'],
    ['proceeds without a disposal date', { disposal_proceeds: '10' }, 'disposal_proceeds needs disposed_on, the date the asset was disposed of'],
    ['a penny fraction', { cost: '10.001' }, 'cost has more than 2 decimal places'],
  ];
  for (const [name, fields, message] of cases) {
    it(`refuses ${name}`, async () => {
      const before = recordTables(t);
      const reply = await byHand(fields);
      expect(reply.status, JSON.stringify(reply.body)).toBe(422);
      expect(reply.body.errors[0].message).toBe(message);
      expect(recordTables(t)).toEqual(before);
    });
  }

  it('refuses depreciation that would be posted into locked books', async () => {
    lockBooks(t, '2025-12-31');
    const reply = await byHand();
    expect(reply.status).toBe(422);
    expect(reply.body.errors[0].message).toMatch(/^The books are locked up to 2025-12-31/);
  });

  it('answers 404 for an asset that does not exist', async () => {
    expect((await t.json('GET', '/v2/capital_assets/99')).status).toBe(404);
    expect((await putAsset(`${ORIGIN}/v2/capital_assets/99`, { description: 'x' })).status).toBe(404);
  });

  it('keeps a capital asset type that has assets from being deleted', async () => {
    const type = await t.json('POST', '/v2/capital_asset_types', { body: { capital_asset_type: { name: 'Tools' } } });
    await byHand({ asset_type: 'Tools', cost: '100', residual_value: '100' });
    const deleted = await t.json('DELETE', `/v2/capital_asset_types/${idOf(type.body.capital_asset_type.url)}`);
    expect(deleted.status).toBe(422);
  });
});

describe('other company types', () => {
  it("posts a sole trader's depreciation and disposal to the same accounts of its own chart", async () => {
    t = createTestBook({ type: 'UkSoleTrader' });
    const made = await byHand({ depreciation_profile: yearly3 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const disposed = await putAsset(made.body.capital_asset.url, { disposed_on: '2025-12-31', disposal_proceeds: '500' });
    // One year charged (333.33): net book value 666.67, sold for 500.00, a loss of 166.67.
    expect(disposed.body.capital_asset).toMatchObject({ accumulated_depreciation: '333.33', gain_on_disposal: '-166.67' });
    expect(balanceOf('460', '2030-12-31')).toBe(33333);
    expect(balanceOf('461', '2030-12-31')).toBe(16667);
    expect(ledgerTotal(t)).toBe(0);
  });
});
