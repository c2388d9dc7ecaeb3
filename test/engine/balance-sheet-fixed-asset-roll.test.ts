import { describe, expect, it } from 'vitest';
import { idOf } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';
import { createSet, entry, putOpening } from './journal-helpers';
import { bankAccount, explainedLine } from './report-fixtures';

/**
 * The year-end audit's finding: the fixed asset accounts piled up across years. The UK-format balance
 * sheet (the JSON's `layout`, which the screen, CSV and PDF print) now reads each type's cost as
 * brought forward (601-N), additions (602-N) and disposals (604-N) of the accounting year holding the
 * report date, and its depreciation as brought forward (605-N), charged in the year (606-N) and on
 * disposals (607-N): what 602/604 and 606/607 held before the year began is in 601 and 605. Totals are
 * the ledger's, to the penny. Figures are worked by hand in the comments.
 */

interface LayoutLine {
  kind: string;
  label: string;
  nominal_code?: string;
  amount?: string;
}

const yearly3 = { method: 'straight_line', asset_life_years: 3, frequency: 'annually' };

const sheetAt = async (t: TestBook, asAt: string) => (await t.json('GET', `/v2/accounting/balance_sheet?as_at_date=${asAt}`)).body.balance_sheet;

/** The fixed asset lines of the layout as [kind, code or label, amount], up to their first total (the net book value). */
function fixedAssets(layout: LayoutLine[]): [string, string, string | undefined][] {
  const end = layout.findIndex((line) => line.kind === 'total');
  return layout.slice(1, end + 1).map((line) => [line.kind, line.nominal_code ?? line.label, line.amount]);
}

const figure = (layout: LayoutLine[], label: string) => layout.find((line) => line.label === label)?.amount;
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** Whatever the roll, the layout's totals stay the ledger's: the JSON's net book value and totals. */
function expectTotalsOfTheLedger(sheet: any) {
  const layout: LayoutLine[] = sheet.layout;
  const accounts: { total_debit_value: string }[] = sheet.capital_assets.accounts;
  expect(cents(figure(layout, 'Total fixed assets')!)).toBe(accounts.reduce((sum, account) => sum + cents(account.total_debit_value), 0));
  expect(figure(layout, 'Total fixed assets')).toBe(sheet.capital_assets.net_book_value);
  expect(figure(layout, 'Net book value') ?? sheet.capital_assets.net_book_value).toBe(sheet.capital_assets.net_book_value);
  expect(figure(layout, 'Net assets') ?? figure(layout, 'Net liabilities')).toBe(sheet.total_assets);
  expect(figure(layout, "Total shareholders' funds")).toBe(sheet.total_owners_equity);
}

/**
 * Books from 1 May 2025, years to 30 April. Year 1: a laptop (Computer Equipment, 602-1) for 1,200.00 on
 * 10 June 2025, 400.00 a year on each 10 June; a printer (602-1) for 600.00 on 1 September 2025, 200.00
 * a year on each 1 September. Year 2: the printer sold on 15 October 2026 for 250.00 (cost out of 604-1
 * -600.00 with the proceeds explained to it, 400.00 charged back on 607-1, a gain of 50.00), and a
 * chair (Fixtures and Fittings, 602-2) bought for 300.00 on 1 December 2026, 100.00 a year.
 */
async function threeYears(): Promise<TestBook> {
  const t = createTestBook({ startDate: '2025-05-01', firstAccountingYearEnd: '2026-04-30' });
  const bank = await bankAccount(t, { opening_balance: '5000.00' });
  const bought = (datedOn: string, amount: string, category: string, description: string) =>
    explainedLine(t, bank, { dated_on: datedOn, amount: `-${amount}` }, { category, description, capital_asset: { depreciation_profile: yearly3 } });
  await bought('2025-06-10', '1200.00', '602-1', 'Laptop');
  await bought('2025-09-01', '600.00', '602-1', 'Printer');
  const assets = (await t.json('GET', '/v2/capital_assets')).body.capital_assets;
  const printer = assets.find((asset: any) => asset.description === 'Printer');
  const sold = await t.json('PUT', `/v2/capital_assets/${idOf(printer.url)}`, { body: { capital_asset: { disposed_on: '2026-10-15', disposal_proceeds: '250.00' } } });
  expect(sold.status, JSON.stringify(sold.body)).toBe(200);
  expect(sold.body.capital_asset.gain_on_disposal).toBe('50.0');
  await explainedLine(t, bank, { dated_on: '2026-10-20', amount: '250.00' }, { category: '604-1', description: 'Printer sold' });
  await bought('2026-12-01', '300.00', '602-2', 'Chair');
  return t;
}

describe('the fixed assets of the UK-format balance sheet, year by year', () => {
  it('in the first year shows the purchases and the charge as the year’s own (nothing to roll)', async () => {
    const t = await threeYears();
    const sheet = await sheetAt(t, '2026-04-30');
    // Cost 1,200.00 + 600.00; charged 400.00 + 200.00; net book value 1,200.00.
    expect(fixedAssets(sheet.layout)).toEqual([
      ['subheading', 'Cost', undefined],
      ['account', '602-1', '1800.0'],
      ['subheading', 'Less accumulated depreciation', undefined],
      ['account', '606-1', '-600.0'],
      ['total', 'Net book value', '1200.0'],
    ]);
    expectTotalsOfTheLedger(sheet);
  });

  it('at the end of the second year brings the first year’s purchases and charge forward, and shows the disposal in the year', async () => {
    const t = await threeYears();
    const sheet = await sheetAt(t, '2027-04-30');
    // Cost: brought forward 1,800.00; the chair 300.00; the printer out at 600.00 (-350.00 at the
    // disposal, -250.00 when its money was explained). Depreciation: brought forward 600.00; charged in
    // the year 400.00 (laptop) + 200.00 (printer) on 606-1 and 100.00 (chair) on 606-2; 400.00 back on
    // the printer's disposal. Net book value: laptop 400.00 + chair 200.00 = 600.00.
    expect(fixedAssets(sheet.layout)).toEqual([
      ['subheading', 'Cost', undefined],
      ['account', '601-1', '1800.0'],
      ['account', '602-2', '300.0'],
      ['account', '604-1', '-600.0'],
      ['subheading', 'Less accumulated depreciation', undefined],
      ['account', '605-1', '-600.0'],
      ['account', '606-1', '-600.0'],
      ['account', '606-2', '-100.0'],
      ['account', '607-1', '400.0'],
      ['total', 'Net book value', '600.0'],
    ]);
    expect(sheet.layout.find((line: LayoutLine) => line.nominal_code === '601-1').label).toBe('Capital Asset Brought Forward: Computer Equipment');
    expectTotalsOfTheLedger(sheet);
  });

  it('at the end of the third year brings both earlier years forward, type by type', async () => {
    const t = await threeYears();
    const sheet = await sheetAt(t, '2028-04-30');
    // Cost: 1,800.00 - 600.00 = 1,200.00 of computers, 300.00 of fixtures; no additions or disposals.
    // Depreciation: 600.00 + 600.00 - 400.00 = 800.00 and 100.00 brought forward; the laptop's last
    // 400.00 and the chair's second 100.00 in the year. Net book value: laptop 0.00 + chair 100.00.
    expect(fixedAssets(sheet.layout)).toEqual([
      ['subheading', 'Cost', undefined],
      ['account', '601-1', '1200.0'],
      ['account', '601-2', '300.0'],
      ['subheading', 'Less accumulated depreciation', undefined],
      ['account', '605-1', '-800.0'],
      ['account', '605-2', '-100.0'],
      ['account', '606-1', '-400.0'],
      ['account', '606-2', '-100.0'],
      ['total', 'Net book value', '100.0'],
    ]);
    expectTotalsOfTheLedger(sheet);
  });

  it('keeps the API’s account lists by nominal code as the ledger holds them (the live shape)', async () => {
    const t = await threeYears();
    const sheet = await sheetAt(t, '2028-04-30');
    expect(sheet.capital_assets.accounts.map((account: any) => [account.nominal_code, account.total_debit_value])).toEqual([
      ['602-1', '1800.0'],
      ['602-2', '300.0'],
      ['604-1', '-600.0'],
      ['606-1', '-1600.0'],
      ['606-2', '-200.0'],
      ['607-1', '400.0'],
    ]);
    expect(sheet.capital_assets.net_book_value).toBe('100.0');
  });

  it('mid-year, shows the year to date as the year’s own', async () => {
    const t = await threeYears();
    // 1 November 2026, in the second year: the printer's sale is in it, the chair not yet bought.
    const sheet = await sheetAt(t, '2026-11-01');
    expect(fixedAssets(sheet.layout)).toEqual([
      ['subheading', 'Cost', undefined],
      ['account', '601-1', '1800.0'],
      ['account', '604-1', '-600.0'],
      ['subheading', 'Less accumulated depreciation', undefined],
      ['account', '605-1', '-600.0'],
      ['account', '606-1', '-600.0'],
      ['account', '607-1', '400.0'],
      ['total', 'Net book value', '400.0'],
    ]);
    expectTotalsOfTheLedger(sheet);
  });
});

describe('totals that never move', () => {
  it('shows a year’s movement on an account whose balance at the date is nil, and nothing before the books’ first year', async () => {
    const t = createTestBook({ startDate: '2025-05-01', firstAccountingYearEnd: '2026-04-30' });
    const fixtures = { capital_asset_type: `${(await t.json('GET', '/v2/capital_asset_types/2')).body.capital_asset_type.url}` };
    // 604-2 is debited 100.00 in the first year and credited 100.00 in the second: nil at the date.
    await createSet(t, { dated_on: '2025-08-01', description: 'In', journal_entries: [entry('604-2', '100', fixtures), entry('999', '-100')] });
    await createSet(t, { dated_on: '2026-08-01', description: 'Out', journal_entries: [entry('604-2', '-100', fixtures), entry('999', '100')] });
    const sheet = await sheetAt(t, '2027-04-30');
    expect(fixedAssets(sheet.layout)).toEqual([
      ['account', '601-2', '100.0'],
      ['account', '604-2', '-100.0'],
      ['total', 'Total fixed assets', '0.0'],
    ]);
    expect(sheet.capital_assets.accounts).toEqual([]);
    expectTotalsOfTheLedger(sheet);
    // Before the books' first year there is no year to bring anything forward from.
    expect((await sheetAt(t, '2025-04-30')).layout.find((line: LayoutLine) => line.nominal_code?.startsWith('60'))).toBeUndefined();
  });
});

describe('the opening balances and the fixed asset roll', () => {
  /** The previous accounts' closing balances, with one type's year movements left on 602-2 and 606-2. */
  const previousAccounts = [
    { category: '601-1', debit_value: '3000.00' },
    { category: '605-1', debit_value: '-2000.00' },
    { category: '602-2', debit_value: '500.00' },
    { category: '606-2', debit_value: '-100.00' },
    { category: '968', debit_value: '-1400.00' },
  ];

  it('books that start on the first day of their year bring forward every opening balance on the fixed asset accounts', async () => {
    const t = createTestBook({ startDate: '2025-05-01', firstAccountingYearEnd: '2026-04-30' });
    const opening = await putOpening(t, previousAccounts);
    expect(opening.status, JSON.stringify(opening.body)).toBe(200);
    const sheet = await sheetAt(t, '2025-12-31');
    expect(fixedAssets(sheet.layout)).toEqual([
      ['subheading', 'Cost', undefined],
      ['account', '601-1', '3000.0'],
      ['account', '601-2', '500.0'],
      ['subheading', 'Less accumulated depreciation', undefined],
      ['account', '605-1', '-2000.0'],
      ['account', '605-2', '-100.0'],
      ['total', 'Net book value', '1400.0'],
    ]);
    expectTotalsOfTheLedger(sheet);
  });

  it('books that start part-way through their year keep the opening additions and charge in that year, and bring them forward the next', async () => {
    const t = createTestBook({ startDate: '2025-10-01', firstAccountingYearEnd: '2026-03-31' });
    expect((await t.json('PUT', '/v2/company', { body: { company: { first_accounting_year_start: '2025-04-01' } } })).status).toBe(200);
    // The old books' year to date: 500.00 bought and 100.00 charged since 1 April 2025 (602-2, 606-2).
    const opening = await putOpening(t, previousAccounts);
    expect(opening.status, JSON.stringify(opening.body)).toBe(200);
    const first = await sheetAt(t, '2026-03-31');
    expect(fixedAssets(first.layout)).toEqual([
      ['subheading', 'Cost', undefined],
      ['account', '601-1', '3000.0'],
      ['account', '602-2', '500.0'],
      ['subheading', 'Less accumulated depreciation', undefined],
      ['account', '605-1', '-2000.0'],
      ['account', '606-2', '-100.0'],
      ['total', 'Net book value', '1400.0'],
    ]);
    expectTotalsOfTheLedger(first);
    const second = await sheetAt(t, '2026-04-01');
    expect(fixedAssets(second.layout)).toEqual([
      ['subheading', 'Cost', undefined],
      ['account', '601-1', '3000.0'],
      ['account', '601-2', '500.0'],
      ['subheading', 'Less accumulated depreciation', undefined],
      ['account', '605-1', '-2000.0'],
      ['account', '605-2', '-100.0'],
      ['total', 'Net book value', '1400.0'],
    ]);
    expectTotalsOfTheLedger(second);
  });
});
