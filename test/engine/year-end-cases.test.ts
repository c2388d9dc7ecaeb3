import Decimal from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { explain, oneTransaction } from './banking-helpers';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { createSet, entry } from './journal-helpers';
import { postBill } from './purchases-helpers';
import { bankAccount } from './report-fixtures';
import { contact, item, sentInvoice } from './sales-helpers';

// A UK limited company's first year, 1 April 2026 to 31 March 2027, closed the way its bookkeeper would
// close it, and every figure its accountant needs worked by hand. VAT registered, invoice basis, one
// bank account, no associated companies. The year sits wholly in financial year 2026 (CT rates: 19%
// small profits rate to £50,000, 25% main rate from £250,000, marginal relief between, fraction 3/200:
// CTA 2010 ss18A-18N as set by FA 2021 s7). Capital allowances: CAA 2001 (AIA s51A, £1,000,000 a year;
// full expensing s45S gives the same 100% on these new main-pool assets; a car would go to the special
// rate pool at 6%, s104D; the main pool writes down at 18%, s56; disposal value the lower of proceeds
// and cost, s62; pool below nil is a balancing charge, s55).
//
// The year, all amounts in pounds (gross where money moved):
//   1 Apr   100 ordinary shares of 1.00 issued and paid             +100.00  Share capital (901-1)
//   1 Apr   loan from the bank received                         +20,000.00  Liabilities > 1 year (795)
//   15 Apr  van bought, 18,000.00 + VAT 3,600.00                -21,600.00  602-N "Vans", 4 years straight line monthly
//   1 May   invoice 1: consulting 40,000.00 @20% (8,000.00) and books 2,000.00 @0%: 50,000.00
//   10 May  laptop bought, 1,500.00 + VAT 300.00                 -1,800.00  602-1 Computer Equipment, 3 years monthly
//   20 May  invoice 1 paid                                      +50,000.00
//   10 Jun  bill 1: office costs 800.00 + VAT 160.00 = 960.00, paid 30 Jun   -960.00
//   5 Jul   office energy at the reduced rate, 126.00 gross: VAT 126 x 5/105 = 6.00, net 120.00
//   1 Aug   director takes 5,000.00 on loan (not repaid by the year end: DLA overdrawn)   -5,000.00  907-1
//   1 Sep   invoice 2: consulting 25,000.00 @20% (5,000.00): 30,000.00, paid 30 Sep    +30,000.00
//   1 Oct   insurance for 12 months to 30 Sep 2027, exempt         -1,200.00  364
//   1 Oct   loan interest -150.00 (362) and a loan repayment -2,000.00 (795)
//   5 Dec   client lunch, UK client: its VAT is blocked (SI 1992/3222 art 5), so entered with none  -240.00  335
//   20 Dec  laptop sold for 700.00 + VAT 140.00                     +840.00  604-1; disposal recorded on the asset
//   1 Feb   dividend                                             -3,000.00  908-1
//   15 Mar  invoice 3: insulation fitted 12,000.00 @5% (600.00): 12,600.00, unpaid at the year end
//   20 Mar  bill 2: accountancy 400.00 + VAT 80.00 = 480.00, unpaid at the year end
//   31 Mar  bank interest received                                  +45.67  051
//   31 Mar  journals: insurance prepaid 6 of 12 months, 600.00 (Dr 620 / Cr 364);
//           accountancy fee for the accounts accrued, 900.00 (Dr 292 / Cr 660)
//
// Depreciation (charged on the purchase day and the same day of each later month, each month's charge
// rounded down to the penny, the last month taking the remainder):
//   van:    18,000.00 / 48 = 375.00 a month; 12 charges, 15 Apr 2026 .. 15 Mar 2027 = 4,500.00; NBV 13,500.00
//   laptop:  1,500.00 / 36 = 41.6666.. -> 41.66 a month; 8 charges, 10 May .. 10 Dec 2026 = 333.28
//            (none on 10 Jan: it was sold on 20 Dec)
//   disposal: NBV 1,500.00 - 333.28 = 1,166.72; proceeds 700.00; loss 466.72
//
// Profit and loss (FRS 105 / Companies Act format 1 headings)
//   Turnover                      40,000 + 2,000 + 25,000 + 12,000 =  79,000.00
//   Administrative expenses
//     Office costs (250)          800.00 + 120.00                   =     920.00
//     Accountancy (292)           400.00 + 900.00 accrued           =   1,300.00
//     Business entertaining (335)                                   =     240.00
//     Insurance (364)             1,200.00 - 600.00 prepaid         =     600.00
//     Depreciation (460)          4,500.00 + 333.28                 =   4,833.28
//     Loss on disposal (461)                                        =     466.72
//     total                                                         =   8,360.00
//   Operating profit              79,000.00 - 8,360.00              =  70,640.00
//   Interest receivable (051)                                       =      45.67
//   Interest payable (362)                                          =     150.00
//   Profit before taxation        70,640.00 + 45.67 - 150.00        =  70,535.67
//
// Corporation tax
//   Adjusted profit   70,535.67 + depreciation 4,833.28 + loss 466.72 + entertaining 240.00 = 76,075.67
//   Main pool         b/f 0 + additions 19,500.00 (van 18,000 + laptop 1,500), AIA 19,500.00 (under
//                     £1,000,000), disposal value min(700.00, 1,500.00) = 700.00: pool -700.00,
//                     so a balancing charge of 700.00 and c/f nil
//   Taxable profit    76,075.67 - 19,500.00 + 700.00 = 57,275.67 (between 50,000 and 250,000)
//   Tax               25% x 57,275.67 = 14,318.9175; marginal relief 3/200 x (250,000 - 57,275.67)
//                     = 2,890.86495; tax 11,428.05255 -> 11,428.05 (rounded once, at the end)
//   Due               nine months and a day after the period: 1 January 2028 (TMA 1970 s59D)
//   Not in the estimate: s455 on the overdrawn loan (33.75% x 5,000.00 = 1,687.50) is due only if the
//   loan is still unpaid on 1 January 2028, and is a charge of its own (CT600A), not tax on profits.
//
// After the tax journal (Dr 502 / Cr 820 11,428.05 on 31 March 2027)
//   Profit for the financial year 70,535.67 - 11,428.05 = 59,107.62; dividends 3,000.00;
//   retained profit 56,107.62, brought forward into 2027/28.
//
// Balance sheet at 31 March 2027
//   Fixed assets: cost 18,000.00 + 1,500.00 - 1,500.00 disposed = 18,000.00; depreciation
//     4,500.00 + 333.28 - 333.28 on disposal = 4,500.00; NBV 13,500.00
//   Debtors: trade 12,600.00; director's loan 5,000.00; prepayments 600.00
//   Cash: 100 + 20,000 - 21,600 - 1,800 + 50,000 - 960 - 126 - 5,000 + 30,000 - 1,200 - 150 - 2,000 - 240
//         + 840 - 3,000 + 45.67 = 64,909.67
//   Current assets 12,600.00 + 5,000.00 + 600.00 + 64,909.67 = 83,109.67
//   Creditors within a year: accruals 900.00, trade creditors 480.00, VAT charged 8,000 + 5,000 + 140
//     + 600 = 13,740.00 less reclaimed 3,600 + 300 + 160 + 6 + 80 = 4,146.00 (9,594.00 owed),
//     corporation tax 11,428.05: 900 + 480 + 13,740 - 4,146 + 11,428.05 = 22,402.05
//   Net current assets 83,109.67 - 22,402.05 = 60,707.62
//   Total assets less current liabilities 13,500.00 + 60,707.62 = 74,207.62
//   Creditors after more than a year: the loan 20,000.00 - 2,000.00 = 18,000.00
//   Net assets 74,207.62 - 18,000.00 = 56,207.62 = share capital 100.00 + profit and loss account 56,107.62

const category = (code: string) => `${ORIGIN}/v2/categories/${code}`;
const monthly = (years: number) => ({ depreciation_profile: { method: 'straight_line', asset_life_years: years, frequency: 'monthly' } });
const THE_YEAR = 'accounting_period=2026/27';

/** A bank line of the statement, explained as given. */
async function banked(t: TestBook, bank: string, datedOn: string, amount: string, explanation: Record<string, unknown>): Promise<any> {
  const line = await oneTransaction(t, bank, { dated_on: datedOn, amount, description: `${explanation.description ?? 'payment'} ${datedOn}` });
  const explained = await explain(t, { bank_transaction: line.url, gross_value: amount, ...explanation });
  expect(explained.status, JSON.stringify(explained.body)).toBe(201);
  return explained.body.bank_transaction_explanation;
}

async function theYear(): Promise<TestBook> {
  const t = createTestBook({ startDate: '2026-04-01', firstAccountingYearEnd: '2027-03-31', vatRegistered: true });
  // The books are closed in May, after the year end.
  t.clock.set('2027-05-15T10:00:00.000Z');
  const bank = await bankAccount(t);

  await banked(t, bank, '2026-04-01', '100.00', { category: category('901-1'), description: '100 ordinary shares of 1.00' });
  await banked(t, bank, '2026-04-01', '20000.00', { category: category('795'), description: 'Bank loan' });
  const vans = await t.json('POST', '/v2/capital_asset_types', { body: { capital_asset_type: { name: 'Vans' } } });
  expect(vans.status).toBe(201);
  const vanType = String(vans.body.capital_asset_type.url).split('/').pop();
  await banked(t, bank, '2026-04-15', '-21600.00', { category: category(`602-${vanType}`), sales_tax_rate: '20.0', description: 'Van', capital_asset: monthly(4) });
  await banked(t, bank, '2026-05-10', '-1800.00', { category: category('602-1'), sales_tax_rate: '20.0', description: 'Laptop', capital_asset: monthly(3) });

  const customer = await contact(t);
  const first = await sentInvoice(t, {
    contact: customer,
    dated_on: '2026-05-01',
    invoice_items: [item({ description: 'Consulting', price: '40000', sales_tax_rate: '20.0' }), item({ description: 'Books', price: '2000', sales_tax_rate: '0.0' })],
  });
  await banked(t, bank, '2026-05-20', '50000.00', { paid_invoice: first.url });
  const second = await sentInvoice(t, { contact: customer, dated_on: '2026-09-01', invoice_items: [item({ description: 'Consulting', price: '25000', sales_tax_rate: '20.0' })] });
  await banked(t, bank, '2026-09-30', '30000.00', { paid_invoice: second.url });
  await sentInvoice(t, { contact: customer, dated_on: '2027-03-15', invoice_items: [item({ description: 'Insulation fitted', price: '12000', sales_tax_rate: '5.0' })] });

  const supplier = await contact(t, { organisation_name: 'Supplies Ltd' });
  const officeBill = await postBill(t, supplier, { reference: 'B1', dated_on: '2026-06-10', due_on: '2026-07-10', bill_items: [{ category: category('250'), description: 'Office', total_value: '960.00', sales_tax_rate: '20.0' }] });
  expect(officeBill.status).toBe(201);
  await banked(t, bank, '2026-06-30', '-960.00', { paid_bill: officeBill.body.bill.url });
  const feeBill = await postBill(t, supplier, { reference: 'B2', dated_on: '2027-03-20', due_on: '2027-04-20', bill_items: [{ category: category('292'), description: 'Accountancy', total_value: '480.00', sales_tax_rate: '20.0' }] });
  expect(feeBill.status).toBe(201);

  await banked(t, bank, '2026-07-05', '-126.00', { category: category('250'), sales_tax_rate: '5.0', description: 'Office energy' });
  await banked(t, bank, '2026-08-01', '-5000.00', { category: category('907-1'), description: 'Loan to the director' });
  await banked(t, bank, '2026-10-01', '-1200.00', { category: category('364'), sales_tax_status: 'EXEMPT', description: 'Insurance' });
  await banked(t, bank, '2026-10-01', '-150.00', { category: category('362'), description: 'Loan interest' });
  await banked(t, bank, '2026-10-01', '-2000.00', { category: category('795'), description: 'Loan repayment' });
  await banked(t, bank, '2026-12-05', '-240.00', { category: category('335'), sales_tax_rate: '0.0', description: 'Client lunch' });

  const laptop = (await t.json('GET', '/v2/capital_assets')).body.capital_assets.find((asset: { description: string }) => asset.description === 'Laptop');
  const disposed = await t.json('PUT', new URL(laptop.url).pathname, { body: { capital_asset: { disposed_on: '2026-12-20', disposal_proceeds: '700.00' } } });
  expect(disposed.status, JSON.stringify(disposed.body)).toBe(200);
  await banked(t, bank, '2026-12-20', '840.00', { category: category('604-1'), sales_tax_rate: '20.0', description: 'Laptop sold' });

  await banked(t, bank, '2027-02-01', '-3000.00', { category: category('908-1'), description: 'Dividend' });
  await banked(t, bank, '2027-03-31', '45.67', { category: category('051'), description: 'Bank interest' });
  await createSet(t, { dated_on: '2027-03-31', description: 'Insurance prepaid to 30 September 2027', journal_entries: [entry('620', '600'), entry('364', '-600')] });
  await createSet(t, { dated_on: '2027-03-31', description: 'Accountancy fee for the accounts, accrued', journal_entries: [entry('292', '900'), entry('660', '-900')] });
  return t;
}

interface Line {
  kind: string;
  label: string;
  nominal_code?: string;
  amounts?: string[];
  amount?: string;
}
const detailOf = async (t: TestBook) => {
  const response = await t.json('GET', `/v2/accounting/profit_and_loss/detail?${THE_YEAR}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.profit_and_loss_detail;
};
const sheetOf = async (t: TestBook) => {
  const response = await t.json('GET', '/v2/accounting/balance_sheet?as_at_date=2027-03-31');
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.balance_sheet;
};
/** label (or code) -> the one amount, for the lines of a report. */
const figures = (lines: Line[]) => Object.fromEntries(lines.filter((line) => line.kind !== 'heading' && line.kind !== 'subheading').map((line) => [line.nominal_code ?? line.label, line.amounts?.[0] ?? line.amount]));

describe("a small company's first year end, worked by hand", () => {
  let t: TestBook;
  beforeAll(async () => {
    t = await theYear();
  });

  it('charges depreciation month by month and takes the laptop out at a loss of 466.72', async () => {
    const register = await t.json('GET', '/v2/capital_assets?as_at_date=2027-03-31&include_history=true');
    expect(register.status).toBe(200);
    const [van, laptop] = register.body.capital_assets;
    const charges = (asset: { capital_asset_history: { type: string; date: string; value: string }[] }) =>
      asset.capital_asset_history.filter((event) => event.type === 'depreciation').map((event) => [event.date, event.value]);
    expect(charges(van)).toEqual(
      ['2026-04-15', '2026-05-15', '2026-06-15', '2026-07-15', '2026-08-15', '2026-09-15', '2026-10-15', '2026-11-15', '2026-12-15', '2027-01-15', '2027-02-15', '2027-03-15'].map((day) => [day, '375.0']),
    );
    expect(van).toMatchObject({ cost: '18000.0', accumulated_depreciation: '4500.0', net_book_value: '13500.0' });
    expect(charges(laptop)).toEqual(['2026-05-10', '2026-06-10', '2026-07-10', '2026-08-10', '2026-09-10', '2026-10-10', '2026-11-10', '2026-12-10'].map((day) => [day, '41.66']));
    expect(laptop).toMatchObject({ cost: '1500.0', disposed_on: '2026-12-20', disposal_proceeds: '700.0', gain_on_disposal: '-466.72' });
  });

  it('gives the profit and loss account in the statutory headings', async () => {
    const detail = await detailOf(t);
    expect(figures(detail.lines)).toMatchObject({
      '001': '79000.0',
      'Total turnover': '79000.0',
      'Total cost of sales': '0.0',
      'Gross profit': '79000.0',
      '250': '920.0',
      '292': '1300.0',
      '335': '240.0',
      '364': '600.0',
      '460': '4833.28',
      '461': '466.72',
      'Total administrative expenses': '8360.0',
      'Operating profit': '70640.0',
      '051': '45.67',
      '362': '150.0',
      'Profit before taxation': '70535.67',
      '908': '3000.0',
    });
  });

  it('estimates corporation tax at 25% less marginal relief on 57,275.67, after AIA and a balancing charge', async () => {
    const estimate = (await detailOf(t)).corporation_tax_estimate;
    expect(estimate).toMatchObject({
      adjusted_profit: '76075.67',
      capital_allowances: '19500.0',
      balancing_charges: '700.0',
      taxable_profit: '57275.67',
      tax: '11428.05',
      payment_due_on: '2028-01-01',
    });
    expect(estimate.parts).toEqual([{ financial_year: 2026, from: '2026-04-01', to: '2027-03-31', profit: '57275.67', rate: '25% less marginal relief', marginal_relief: '2890.86', tax: '11428.05' }]);
    expect(estimate.pools.find((pool: { pool: string }) => pool.pool === 'main')).toEqual({
      pool: 'main',
      brought_forward: '0.0',
      additions: '19500.0',
      annual_investment_allowance: '19500.0',
      disposal_values: '700.0',
      writing_down_allowance: '0.0',
      small_pool_allowance: '0.0',
      balancing_charge: '700.0',
      carried_forward: '0.0',
    });
  });

  it('closes the year: the tax journal, the balance sheet, the trial balance, the lock and the next year', async () => {
    await createSet(t, { dated_on: '2027-03-31', description: 'Corporation tax for the year', journal_entries: [entry('502', '11428.05'), entry('820', '-11428.05')] });

    const summary = (await t.json('GET', `/v2/accounting/profit_and_loss/summary?${THE_YEAR}`)).body.profit_and_loss_summary;
    // The API's summary counts interest in income and expenses: 79,045.67 and 8,510.00.
    expect(summary).toMatchObject({ income: '79045.67', expenses: '8510.0', operating_profit: '70535.67', retained_profit: '56107.62', retained_profit_brought_forward: '0.0', retained_profit_carried_forward: '56107.62' });
    expect(summary.less).toEqual([
      { title: 'Corp. Tax', total: '11428.05' },
      { title: 'Dividends', total: '3000.0' },
      { title: 'Adjustments', total: '0.0' },
    ]);
    expect(figures((await detailOf(t)).lines)).toMatchObject({ '502': '11428.05', 'Profit for the financial year': '59107.62', 'Retained profit for the period': '56107.62' });
    // The tax journal is not a cost for tax: the estimate is unchanged.
    expect((await detailOf(t)).corporation_tax_estimate.tax).toBe('11428.05');

    const sheet = await sheetOf(t);
    expect(figures(sheet.layout)).toMatchObject({
      'Net book value': '13500.0',
      'Total fixed assets': '13500.0',
      '681': '12600.0',
      '907-1': '5000.0',
      '620': '600.0',
      '750-1': '64909.67',
      'Total current assets': '83109.67',
      '660': '900.0',
      '796': '480.0',
      '818': '-4146.0',
      '819': '13740.0',
      '820': '11428.05',
      'Total creditors due within one year': '22402.05',
      'Net current assets': '60707.62',
      'Total assets less current liabilities': '74207.62',
      '795': '18000.0',
      'Net assets': '56207.62',
      '901-1': '100.0',
      'Profit and loss account': '56107.62',
      "Total shareholders' funds": '56207.62',
    });
    // The API's own fields keep its meaning (docs/api-notes.md): the loan stays in current_liabilities.
    expect(sheet).toMatchObject({ total_assets: '56207.62', total_owners_equity: '56207.62', net_current_assets: '42707.62' });

    const trial = await t.json('GET', '/v2/accounting/trial_balance/summary?from_date=2026-04-01&to_date=2027-03-31');
    expect(trial.status).toBe(200);
    const rows: { display_nominal_code: string; total: string }[] = trial.body.trial_balance_summary;
    const byCode = Object.fromEntries(rows.map((row) => [row.display_nominal_code, row.total]));
    expect(byCode).toMatchObject({ '001': '-79000.0', '502': '11428.05', '750-1': '64909.67', '795': '-18000.0', '820': '-11428.05', '908-1': '3000.0' });
    expect(rows.reduce((sum, row) => sum.plus(row.total), new Decimal(0)).toFixed(2)).toBe('0.00');

    // Locked at the year end, the year's figures cannot move.
    expect((await t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: '2027-03-31' } } })).status).toBe(204);
    const late = await createSetRaw(t, '2027-03-30');
    expect(late.status).toBe(422);
    expect(late.body.errors[0].message).toContain('locked up to 2027-03-31');

    const next = (await t.json('GET', '/v2/accounting/profit_and_loss/summary?accounting_period=2027/28')).body.profit_and_loss_summary;
    expect(next.retained_profit_brought_forward).toBe('56107.62');
  });
});

const createSetRaw = (t: TestBook, datedOn: string) =>
  t.json('POST', '/v2/journal_sets', { body: { journal_set: { dated_on: datedOn, description: 'A late accrual', journal_entries: [entry('292', '10'), entry('660', '-10')] } } });
