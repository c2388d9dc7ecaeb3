import { describe, expect, it } from 'vitest';
import type { CompanyType } from '../../shared/api/company';
import { bankAccount } from './banking-helpers';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { createSet, entry } from './journal-helpers';

// Issue 24 item 1: the balance sheet in the shape of UK company accounts (Companies Act format 1, as
// FRS 102 and FRS 105 use it). Each figure below is worked by hand from the journals.

interface LayoutLine {
  kind: string;
  label: string;
  nominal_code?: string;
  amount?: string;
}

const sheetOf = async (t: TestBook) => (await t.json('GET', '/v2/accounting/balance_sheet?as_at_date=2026-11-22')).body.balance_sheet;
const codes = (group: { accounts: { nominal_code: string }[] }) => group.accounts.map((account) => account.nominal_code.split('-')[0]).sort();
/** The layout's figure on the line with this label (the first one), or under this section. */
const figure = (layout: LayoutLine[], label: string) => layout.find((line) => line.label === label)?.amount;
/** The account lines between a heading and the next heading, as code: amount. */
function section(layout: LayoutLine[], heading: string): Record<string, string> {
  const start = layout.findIndex((line) => line.kind === 'heading' && line.label === heading);
  expect(start, `no heading "${heading}"`).toBeGreaterThanOrEqual(0);
  const lines: Record<string, string> = {};
  for (const line of layout.slice(start + 1)) {
    if (line.kind === 'heading' || line.kind === 'grand') break;
    if (line.kind === 'account') lines[line.nominal_code?.split('-')[0] ?? line.label] = line.amount ?? '';
  }
  return lines;
}

/**
 * A laptop of 1,500.00 paid by the director (depreciated by 500.00), an expense claim of 120.00 not yet
 * repaid, 1,000.00 of sales with 200.00 VAT charged still owed by the customer, and 50.00 of costs with
 * 10.00 VAT reclaimed owed to a supplier. Profit: 1,000.00 - 500.00 - 120.00 - 50.00 = 330.00.
 */
async function directorPaidLaptop(type: CompanyType, ownerAccount: string): Promise<TestBook> {
  const t = createTestBook({ type, vatRegistered: true });
  const owner = `${ORIGIN}/v2/users/${t.ownerId}`;
  const asset = { capital_asset_type: `${ORIGIN}/v2/capital_asset_types/1` };
  await createSet(t, {
    dated_on: '2026-06-01',
    description: 'Laptop paid by the owner, depreciated',
    journal_entries: [entry('602', '1500', asset), entry(ownerAccount, '-1500', { user: owner }), entry('606', '-500', asset), entry('363', '500')],
  });
  await createSet(t, { dated_on: '2026-06-02', description: 'Train fare claimed', journal_entries: [entry('285', '120'), entry('905', '-120', { user: owner })] });
  await createSet(t, { dated_on: '2026-06-03', description: 'Sale on credit', journal_entries: [entry('681', '1200'), entry('001', '-1000'), entry('819', '-200')] });
  await createSet(t, { dated_on: '2026-06-04', description: 'Costs on credit', journal_entries: [entry('285', '50'), entry('818', '10'), entry('796', '-60')] });
  return t;
}

describe('the balance sheet of a limited company in the Companies Act format', () => {
  it("puts a director's loan in credit, expense claims owed and VAT owed among the creditors due within one year", async () => {
    const t = await directorPaidLaptop('UkLimitedCompany', '907');
    const sheet = await sheetOf(t);
    // The API's lists: the director's loan and the expense claim are creditors, not owners' equity.
    expect(codes(sheet.current_liabilities)).toEqual(['796', '818', '819', '905', '907']);
    expect(sheet.owners_equity.accounts).toEqual([]);
    expect(sheet.owners_equity.retained_profit).toBe('330.0');
    expect(sheet.total_assets).toBe('330.0');
    expect(sheet.total_owners_equity).toBe('330.0');

    const layout: LayoutLine[] = sheet.layout;
    expect(section(layout, 'Fixed assets')).toEqual({ '602': '1500.0', '606': '-500.0' });
    expect(figure(layout, 'Total fixed assets')).toBe('1000.0');
    expect(section(layout, 'Current assets')).toEqual({ '681': '1200.0' });
    // Creditors read as what is owed: 1,500 + 120 + 60 to the supplier + 200 - 10 of VAT = 1,870.
    expect(section(layout, 'Creditors: amounts falling due within one year')).toEqual({ '796': '60.0', '818': '-10.0', '819': '200.0', '905': '120.0', '907': '1500.0' });
    expect(figure(layout, 'Total creditors due within one year')).toBe('1870.0');
    // 1,200 - 1,870 = -670: net current liabilities; 1,000 - 670 = 330 of net assets.
    expect(figure(layout, 'Net current liabilities')).toBe('-670.0');
    expect(figure(layout, 'Total assets less current liabilities')).toBe('330.0');
    expect(figure(layout, 'Net assets')).toBe('330.0');
    expect(section(layout, 'Capital and reserves')).toEqual({ 'Profit and loss account': '330.0' });
    expect(figure(layout, "Total shareholders' funds")).toBe('330.0');
  });

  it("puts an overdrawn director's loan and VAT due back among the debtors, and an overdraft among the creditors", async () => {
    const t = createTestBook({ vatRegistered: true });
    const owner = `${ORIGIN}/v2/users/${t.ownerId}`;
    // The bank opened 800.00 overdrawn; its balancing entry (999) is debited 800.00.
    await bankAccount(t, { opening_balance: '-800' });
    await createSet(t, { dated_on: '2026-06-01', description: 'Director took 2,000.00', journal_entries: [entry('907', '2000', { user: owner }), entry('797', '-2000')] });
    await createSet(t, { dated_on: '2026-06-02', description: 'Sales', journal_entries: [entry('681', '5000'), entry('001', '-5000')] });
    await createSet(t, { dated_on: '2026-06-03', description: 'Costs', journal_entries: [entry('285', '1000'), entry('818', '200'), entry('796', '-1200')] });
    await createSet(t, { dated_on: '2026-06-04', description: '1,000 shares of 1.00', journal_entries: [entry('682', '1000'), entry('901', '-1000', { user: owner })] });
    const sheet = await sheetOf(t);
    expect(codes(sheet.current_assets)).toEqual(['681', '682', '818', '907']);
    expect(codes(sheet.current_liabilities)).toEqual(['750', '796', '797', '999']);
    expect(codes(sheet.owners_equity)).toEqual(['901']);

    const layout: LayoutLine[] = sheet.layout;
    expect(section(layout, 'Current assets')).toEqual({ '681': '5000.0', '682': '1000.0', '818': '200.0', '907': '2000.0' });
    expect(figure(layout, 'Total current assets')).toBe('8200.0');
    // Owed: the overdraft 800, the supplier 1,200, the director's 2,000 to 797; the contra -800.
    expect(section(layout, 'Creditors: amounts falling due within one year')).toEqual({ '750': '800.0', '796': '1200.0', '797': '2000.0', '999': '-800.0' });
    expect(figure(layout, 'Net current assets')).toBe('5000.0');
    expect(figure(layout, 'Net assets')).toBe('5000.0');
    // 1,000 of share capital and 4,000 of profit (5,000 - 1,000).
    expect(section(layout, 'Capital and reserves')).toEqual({ '901': '1000.0', 'Profit and loss account': '4000.0' });
    expect(figure(layout, "Total shareholders' funds")).toBe('5000.0');
    expect(figure(layout, 'Total shareholders\' funds')).toBe(figure(layout, 'Net assets'));
  });

  it('shows creditors due after more than one year and provisions below the net current assets', async () => {
    const t = createTestBook();
    await createSet(t, { dated_on: '2026-06-01', description: 'Loan', journal_entries: [entry('681', '10000'), entry('795', '-6000'), entry('794', '-3000'), entry('650', '-1000')] });
    const layout: LayoutLine[] = (await sheetOf(t)).layout;
    expect(figure(layout, 'Net current assets')).toBe('7000.0');
    expect(section(layout, 'Creditors: amounts falling due after more than one year')).toEqual({ '795': '6000.0' });
    expect(section(layout, 'Provisions for liabilities')).toEqual({ '650': '1000.0' });
    expect(figure(layout, 'Net assets')).toBe('0.0');
  });
});

describe('the balance sheet of a sole trader', () => {
  it("keeps the owner's capital introduced and expense claims in the capital account, whatever their sign", async () => {
    const t = await directorPaidLaptop('UkSoleTrader', '901');
    const sheet = await sheetOf(t);
    expect(codes(sheet.owners_equity)).toEqual(['901', '905']);
    expect(codes(sheet.current_liabilities)).toEqual(['796', '818', '819']);
    const layout: LayoutLine[] = sheet.layout;
    expect(layout.some((line) => line.label === 'Capital and reserves')).toBe(false);
    // Net assets: 1,000 of laptop + 1,200 owed by the customer - 60 - 190 of VAT = 1,950.
    expect(figure(layout, 'Net assets')).toBe('1950.0');
    expect(section(layout, 'Capital account')).toEqual({ '901': '1500.0', '905': '120.0', 'Retained profit': '330.0' });
    expect(figure(layout, 'Total capital account')).toBe('1950.0');
    expect(sheet.total_owners_equity).toBe('1950.0');
  });
});
