import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { previousPeriod, yearEarlier } from '../../main/engine/reports/comparison-period';
import { corporationTaxEstimate } from '../../main/engine/reports/corporation-tax';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { postDocument } from './report-fixtures';
import { insertProject, postBill } from './purchases-helpers';
import { contact, item, sentInvoice } from './sales-helpers';

// Issue 24 item 2: the profit and loss in detail, with a comparison column, by month and by project,
// and the corporation tax estimate by each financial year's rates with marginal relief.

interface Line {
  kind: string;
  label: string;
  nominal_code?: string;
  amounts: string[];
  change?: string;
}

const detail = async (t: TestBook, query: string) => {
  const response = await t.json('GET', `/v2/accounting/profit_and_loss/detail?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.profit_and_loss_detail;
};
const amountsOf = (lines: Line[], label: string) => lines.find((line) => line.label === label)?.amounts;
const pence = (value: string) => Math.round(Number(value) * 100);

/**
 * Year 2 of Example Ltd (from 1 May 2026): 12,000.00 of sales, 3,000.00 cost of materials, 2,400.00 of
 * accountancy, 600.00 of client entertaining, 50.00 of interest received; in May 2026 only the sales
 * of 2,000.00 and the accountancy of 400.00. Year 1 (to 30 April 2026): 8,000.00 of sales, 1,000.00 of
 * materials.
 */
function tradingBook(): TestBook {
  const t = createTestBook();
  postDocument(t, '2026-05-10', [{ code: '681', debit: 2_000_00 }, { code: '001', debit: -2_000_00 }]);
  postDocument(t, '2026-05-20', [{ code: '285', debit: 400_00 }, { code: '796', debit: -400_00 }]);
  postDocument(t, '2026-08-10', [{ code: '681', debit: 10_000_00 }, { code: '001', debit: -10_000_00 }]);
  postDocument(t, '2026-08-11', [{ code: '103', debit: 3_000_00 }, { code: '285', debit: 2_000_00 }, { code: '335', debit: 600_00 }, { code: '796', debit: -5_600_00 }]);
  postDocument(t, '2026-09-01', [{ code: '681', debit: 50_00 }, { code: '051', debit: -50_00 }]);
  postDocument(t, '2025-09-01', [{ code: '681', debit: 8_000_00 }, { code: '001', debit: -8_000_00 }, { code: '103', debit: 1_000_00 }, { code: '796', debit: -1_000_00 }]);
  return t;
}

describe('GET /v2/accounting/profit_and_loss/detail (Ledgerdesk extension)', () => {
  it('lists each category under turnover, cost of sales, administrative expenses, other income and interest, with gross and operating profit and profit before tax', async () => {
    const t = tradingBook();
    const report = await detail(t, 'from_date=2026-05-01&to_date=2027-04-30');
    const lines: Line[] = report.lines;
    expect(lines.filter((line) => line.kind === 'category' && line.nominal_code && Number(line.nominal_code) < 600).map((line) => [line.nominal_code, line.amounts[0]])).toEqual([
      ['001', '12000.0'],
      ['103', '3000.0'],
      ['285', '2400.0'],
      ['335', '600.0'],
      ['051', '50.0'],
      ['502', '0.0'],
    ]);
    expect(amountsOf(lines, 'Total turnover')).toEqual(['12000.0']);
    expect(amountsOf(lines, 'Total cost of sales')).toEqual(['3000.0']);
    expect(amountsOf(lines, 'Gross profit')).toEqual(['9000.0']);
    expect(amountsOf(lines, 'Total administrative expenses')).toEqual(['3000.0']);
    // The 50.00 of interest received is not operating income (format 1 item 10, after operating profit).
    expect(amountsOf(lines, 'Total other operating income')).toEqual(['0.0']);
    expect(amountsOf(lines, 'Operating profit')).toEqual(['6000.0']);
    expect(amountsOf(lines, 'Total interest receivable and similar income')).toEqual(['50.0']);
    // 9,000 - 3,000 + 50 = 6,050, as the summary counts it (its operating_profit includes interest).
    expect(amountsOf(lines, 'Profit before taxation')).toEqual(['6050.0']);
    expect(amountsOf(lines, 'Profit for the financial year')).toEqual(['6050.0']);
    const summary = (await t.json('GET', '/v2/accounting/profit_and_loss/summary?from_date=2026-05-01&to_date=2027-04-30')).body.profit_and_loss_summary;
    expect(summary.operating_profit).toBe('6050.0');
    // Year 1's 7,000 of profit is brought forward.
    expect(amountsOf(lines, 'Retained profit brought forward')).toEqual(['7000.0']);
    expect(amountsOf(lines, 'Retained profit carried forward')).toEqual(['13050.0']);
  });

  it('estimates corporation tax on the profit with entertaining added back, at 19% under the lower limit', async () => {
    const t = tradingBook();
    const report = await detail(t, 'from_date=2026-05-01&to_date=2027-04-30');
    // 6,050 + 600 of entertaining (not allowable) = 6,650 taxable; FY2026 and FY2027 both under the
    // limits (50,000 x days / 365): 19% = 1,263.50 (1,140.01 + 123.49 split by days, to the penny).
    expect(report.corporation_tax_estimate.taxable_profit).toBe('6650.0');
    expect(report.corporation_tax_estimate.tax).toBe('1263.5');
    expect(report.corporation_tax_estimate.parts.map((part: { financial_year: number }) => part.financial_year)).toEqual([2026, 2027]);
  });

  it('compares with the previous period and the same period a year earlier, each column equal to that period\'s own report', async () => {
    const t = tradingBook();
    const compared = await detail(t, 'from_date=2026-05-01&to_date=2027-04-30&compare=previous_year');
    expect(compared.columns.map((column: { from: string; to: string }) => [column.from, column.to])).toEqual([['2026-05-01', '2027-04-30'], ['2025-05-01', '2026-04-30']]);
    const own = await detail(t, 'from_date=2025-05-01&to_date=2026-04-30');
    // A category only the current year has is nil in the earlier column; every other figure is the earlier report's.
    const ownFigure = (line: Line) => (own.lines as Line[]).find((other) => other.label === line.label && other.nominal_code === line.nominal_code)?.amounts[0] ?? '0.0';
    expect((own.lines as Line[]).every((line) => compared.lines.some((other: Line) => other.label === line.label))).toBe(true);
    compared.lines.forEach((line: Line) => {
      if (line.kind === 'heading') return;
      expect(line.amounts[1], line.label).toBe(ownFigure(line));
      expect(pence(line.change!), line.label).toBe(pence(line.amounts[0]!) - pence(line.amounts[1]!));
    });
    expect(compared.lines.find((line: Line) => line.label === 'Gross profit').change).toBe('2000.0');
    const month = await detail(t, 'from_date=2026-06-01&to_date=2026-06-30&compare=previous_period');
    expect(month.columns[1]).toMatchObject({ from: '2026-05-01', to: '2026-05-31' });
    expect(amountsOf(month.lines, 'Operating profit')).toEqual(['0.0', '1600.0']);
  });

  it('breaks the period down by month, the months adding up to the total column', async () => {
    const t = tradingBook();
    const report = await detail(t, 'from_date=2026-05-01&to_date=2026-09-30&by=month');
    expect(report.columns.map((column: { label: string }) => column.label)).toEqual(['2026-05', '2026-06', '2026-07', '2026-08', '2026-09', 'Total']);
    expect(amountsOf(report.lines, 'Operating profit')).toEqual(['1600.0', '0.0', '0.0', '4400.0', '0.0', '6000.0']);
    expect(amountsOf(report.lines, 'Profit before taxation')).toEqual(['1600.0', '0.0', '0.0', '4400.0', '50.0', '6050.0']);
    for (const line of report.lines as Line[]) {
      if (line.amounts.length === 0 || line.label.startsWith('Retained profit')) continue;
      const months = line.amounts.slice(0, -1).reduce((sum, amount) => sum + pence(amount), 0);
      expect(months, line.label).toBe(pence(line.amounts.at(-1)!));
    }
  });

  it('breaks it down by project: an invoice for a project counts under it, the rest under No project', async () => {
    const t = createTestBook();
    const customer = await contact(t, { organisation_name: 'Acme' });
    const project = await t.json('POST', '/v2/projects', { body: { project: { name: 'Website', contact: customer, status: 'Active', budget_units: 'Hours', currency: 'GBP' } } });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    await sentInvoice(t, { contact: customer, project: project.body.project.url, dated_on: '2026-06-01', invoice_items: [item({ price: '700' })] });
    postDocument(t, '2026-06-02', [{ code: '285', debit: 100_00 }, { code: '796', debit: -100_00 }]);
    const report = await detail(t, 'from_date=2026-05-01&to_date=2026-12-31&by=project');
    expect(report.columns.map((column: { label: string }) => column.label)).toEqual(['Website', 'No project', 'Total']);
    expect(amountsOf(report.lines, 'Total turnover')).toEqual(['700.0', '0.0', '700.0']);
    expect(amountsOf(report.lines, 'Operating profit')).toEqual(['700.0', '-100.0', '600.0']);
  });

  it('refuses an unknown comparison or breakdown, and both at once, with a 400', async () => {
    const t = createTestBook();
    for (const query of ['compare=last_week', 'by=day', 'compare=previous_year&by=month']) {
      const response = await t.json('GET', `/v2/accounting/profit_and_loss/detail?${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it('adds up for random books: sections to their totals, and the profit before taxation and retained profit to the summary', async () => {
    // 051 and 362 (interest) are after operating profit: the summary's operating_profit counts them, so
    // it equals the profit before taxation, and differs from the operating profit whenever they move.
    const codes = ['001', '051', '055', '101', '103', '250', '285', '335', '362', '363', '460', '502', '599', '968'];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ code: fc.constantFrom(...codes), pence: fc.integer({ min: -500_000, max: 500_000 }), day: fc.integer({ min: 1, max: 28 }) }), { maxLength: 12 }), async (entries) => {
        const t = createTestBook();
        for (const entry of entries) {
          if (entry.pence === 0) continue;
          postDocument(t, `2026-07-${String(entry.day).padStart(2, '0')}`, [{ code: entry.code, debit: entry.pence }, { code: '797', debit: -entry.pence }]);
        }
        const report = await detail(t, 'from_date=2026-05-01&to_date=2027-04-30');
        const lines: Line[] = report.lines;
        let current: string | null = null;
        let running = 0;
        for (const line of lines) {
          if (line.kind === 'heading') [current, running] = [line.label, 0];
          else if (line.kind === 'category' && current) running += pence(line.amounts[0]!);
          else if (line.kind === 'total') {
            expect(pence(line.amounts[0]!), line.label).toBe(running);
            current = null;
          }
        }
        const summary = (await t.json('GET', '/v2/accounting/profit_and_loss/summary?from_date=2026-05-01&to_date=2027-04-30')).body.profit_and_loss_summary;
        expect(amountsOf(lines, 'Profit before taxation')).toEqual([summary.operating_profit]);
        const interest = lines.filter((line) => line.kind === 'category' && (line.nominal_code === '051' || line.nominal_code === '362'));
        const interestNet = interest.reduce((sum, line) => sum + (line.nominal_code === '051' ? 1 : -1) * pence(line.amounts[0]!), 0);
        expect(pence(amountsOf(lines, 'Operating profit')![0]!) + interestNet).toBe(pence(summary.operating_profit));
        expect(amountsOf(lines, 'Retained profit for the period')).toEqual([summary.retained_profit]);
        expect(amountsOf(lines, 'Retained profit carried forward')).toEqual([summary.retained_profit_carried_forward]);
      }),
      { numRuns: 25 },
    );
  });
});

/**
 * Example Ltd with interest (the year-end audit: 362 and 051 were inside administrative expenses and
 * other operating income). Year 1: 10.00 received, 60.00 paid. Year 2 (from 1 May 2026): sales of
 * 5,000.00 and 15.00 of bank charges in June (charges are not interest: they stay administrative); on
 * 31 July 12.34 of interest received, 123.45 of loan interest on 362 and 30.00 on a category of the
 * company's own with the tax reporting name "Interest Payable and similar charges" (hire purchase
 * interest, 300); in August a bill of 100.00 of interest for the project Website.
 */
async function interestBook(): Promise<TestBook> {
  const t = createTestBook();
  postDocument(t, '2025-10-01', [{ code: '681', debit: 10_00 }, { code: '051', debit: -10_00 }, { code: '362', debit: 60_00 }, { code: '796', debit: -60_00 }]);
  postDocument(t, '2026-06-15', [{ code: '681', debit: 5_000_00 }, { code: '001', debit: -5_000_00 }]);
  postDocument(t, '2026-06-20', [{ code: '363', debit: 15_00 }, { code: '796', debit: -15_00 }]);
  const hirePurchase = await t.json('POST', '/v2/categories', {
    body: { category: { category_group: 'admin_expenses', nominal_code: '300', description: 'Hire Purchase Interest', tax_reporting_name: 'interest_payable' } },
  });
  expect(hirePurchase.status, JSON.stringify(hirePurchase.body)).toBe(201);
  postDocument(t, '2026-07-31', [{ code: '681', debit: 12_34 }, { code: '051', debit: -12_34 }, { code: '362', debit: 123_45 }, { code: '300', debit: 30_00 }, { code: '796', debit: -153_45 }]);
  const lender = await contact(t, { organisation_name: 'Lender Ltd' });
  const website = insertProject(t, lender, 'Website');
  const bill = await postBill(t, lender, { dated_on: '2026-08-05', due_on: '2026-09-05', project: website, bill_items: [{ category: `${ORIGIN}/v2/categories/362`, description: 'Loan interest', total_value: '100' }] });
  expect(bill.status, JSON.stringify(bill.body)).toBe(201);
  return t;
}

describe('interest after operating profit (Companies Act format 1 items 10 and 12)', () => {
  const sectionOf = (lines: Line[], heading: string) => {
    const start = lines.findIndex((line) => line.label === heading && line.kind === 'heading');
    const end = lines.findIndex((line, index) => index > start && line.kind === 'total');
    return start < 0 ? [] : lines.slice(start + 1, end + 1).map((line) => [line.nominal_code ?? line.label, ...line.amounts]);
  };
  const order = (lines: Line[]) => lines.filter((line) => line.kind !== 'category').map((line) => line.label);

  it('puts interest receivable and payable on their own lines between operating profit and profit before taxation', async () => {
    const t = await interestBook();
    const report = await detail(t, 'from_date=2026-05-01&to_date=2027-04-30');
    const lines: Line[] = report.lines;
    expect(order(lines)).toEqual([
      'Turnover', 'Total turnover', 'Cost of sales', 'Total cost of sales', 'Gross profit',
      'Administrative expenses', 'Total administrative expenses', 'Other operating income', 'Total other operating income', 'Operating profit',
      'Interest receivable and similar income', 'Total interest receivable and similar income',
      'Interest payable and similar expenses', 'Total interest payable and similar expenses',
      'Profit before taxation', 'Profit for the financial year', 'Retained profit for the period', 'Retained profit carried forward',
    ]);
    // Bank charges stay administrative; no interest is left in administrative expenses or other income.
    expect(sectionOf(lines, 'Administrative expenses')).toEqual([['363', '15.0'], ['Total administrative expenses', '15.0']]);
    expect(sectionOf(lines, 'Other operating income')).toEqual([['Total other operating income', '0.0']]);
    expect(amountsOf(lines, 'Operating profit')).toEqual(['4985.0']);
    expect(sectionOf(lines, 'Interest receivable and similar income')).toEqual([['051', '12.34'], ['Total interest receivable and similar income', '12.34']]);
    expect(sectionOf(lines, 'Interest payable and similar expenses')).toEqual([['300', '30.0'], ['362', '223.45'], ['Total interest payable and similar expenses', '253.45']]);
    // 4,985.00 + 12.34 - 253.45 = 4,743.89: the summary's operating_profit, which counts every income and expense.
    expect(amountsOf(lines, 'Profit before taxation')).toEqual(['4743.89']);
    expect(amountsOf(lines, 'Tax on profit')).toEqual(['0.0']);
    expect(amountsOf(lines, 'Profit for the financial year')).toEqual(['4743.89']);
    const summary = (await t.json('GET', '/v2/accounting/profit_and_loss/summary?from_date=2026-05-01&to_date=2027-04-30')).body.profit_and_loss_summary;
    expect(summary).toMatchObject({ income: '5012.34', expenses: '268.45', operating_profit: '4743.89', retained_profit: '4743.89' });
    // The tax estimate taxes the same profit: interest received is taxable, interest paid deductible.
    expect(report.corporation_tax_estimate.adjusted_profit).toBe('4743.89');
  });

  it('keeps them on their own lines beside the year before, by month and by project, to the penny', async () => {
    const t = await interestBook();
    const compared: Line[] = (await detail(t, 'from_date=2026-05-01&to_date=2027-04-30&compare=previous_year')).lines;
    expect(sectionOf(compared, 'Interest receivable and similar income')).toEqual([['051', '12.34', '10.0'], ['Total interest receivable and similar income', '12.34', '10.0']]);
    expect(sectionOf(compared, 'Interest payable and similar expenses')).toEqual([['300', '30.0', '0.0'], ['362', '223.45', '60.0'], ['Total interest payable and similar expenses', '253.45', '60.0']]);
    expect(amountsOf(compared, 'Operating profit')).toEqual(['4985.0', '0.0']);
    expect(amountsOf(compared, 'Profit before taxation')).toEqual(['4743.89', '-50.0']);
    expect(compared.find((line) => line.label === 'Profit before taxation')?.change).toBe('4793.89');

    const months: Line[] = (await detail(t, 'from_date=2026-05-01&to_date=2026-09-30&by=month')).lines;
    expect(amountsOf(months, 'Operating profit')).toEqual(['0.0', '4985.0', '0.0', '0.0', '0.0', '4985.0']);
    expect(amountsOf(months, 'Total interest receivable and similar income')).toEqual(['0.0', '0.0', '12.34', '0.0', '0.0', '12.34']);
    expect(amountsOf(months, 'Total interest payable and similar expenses')).toEqual(['0.0', '0.0', '153.45', '100.0', '0.0', '253.45']);
    expect(amountsOf(months, 'Profit before taxation')).toEqual(['0.0', '4985.0', '-141.11', '-100.0', '0.0', '4743.89']);

    const projects: Line[] = (await detail(t, 'from_date=2026-05-01&to_date=2027-04-30&by=project')).lines;
    expect(sectionOf(projects, 'Interest payable and similar expenses')).toEqual([
      ['300', '0.0', '30.0', '30.0'],
      ['362', '100.0', '123.45', '223.45'],
      ['Total interest payable and similar expenses', '100.0', '153.45', '253.45'],
    ]);
    expect(amountsOf(projects, 'Operating profit')).toEqual(['0.0', '4985.0', '4985.0']);
    expect(amountsOf(projects, 'Profit before taxation')).toEqual(['-100.0', '4843.89', '4743.89']);
  });

  it('lays out a sole trader\'s interest the same way, with its own chart\'s interest name', async () => {
    // Format 1 binds companies; the same lines read as well for a sole trader, whose 362 and own
    // "Bank and loan interest" categories are finance costs too (and 363 bank charges are not).
    const t = createTestBook({ type: 'UkSoleTrader', name: 'Sam Trader' });
    const overdraft = await t.json('POST', '/v2/categories', {
      body: { category: { category_group: 'admin_expenses', nominal_code: '301', description: 'Overdraft Interest', tax_reporting_name: 'bank_and_loan_interest' } },
    });
    expect(overdraft.status, JSON.stringify(overdraft.body)).toBe(201);
    postDocument(t, '2026-06-01', [{ code: '362', debit: 40_00 }, { code: '301', debit: 5_25 }, { code: '363', debit: 2_00 }, { code: '796', debit: -47_25 }]);
    const lines: Line[] = (await detail(t, 'from_date=2026-05-01&to_date=2027-04-30')).lines;
    expect(sectionOf(lines, 'Administrative expenses')).toEqual([['363', '2.0'], ['Total administrative expenses', '2.0']]);
    expect(sectionOf(lines, 'Interest payable and similar expenses')).toEqual([['301', '5.25'], ['362', '40.0'], ['Total interest payable and similar expenses', '45.25']]);
    expect(amountsOf(lines, 'Profit before taxation')).toEqual(['-47.25']);
  });

  it('leaves out an interest section with nothing in any column', async () => {
    const t = tradingBook();
    const lines: Line[] = (await detail(t, 'from_date=2025-05-01&to_date=2026-04-30')).lines;
    expect(lines.some((line) => line.label.startsWith('Interest'))).toBe(false);
    expect(amountsOf(lines, 'Profit before taxation')).toEqual(amountsOf(lines, 'Operating profit'));
  });
});

describe('the corporation tax estimate', () => {
  it('taxes FY2022 at 19% and FY2016 at 20% on all profits', () => {
    expect(corporationTaxEstimate(100_000_00, '2022-04-01', '2023-03-31')?.taxMinor).toBe(19_000_00);
    expect(corporationTaxEstimate(100_000_00, '2016-04-01', '2017-03-31')?.taxMinor).toBe(20_000_00);
    expect(corporationTaxEstimate(100_000_00, '2014-01-01', '2014-12-31')).toBeNull();
  });

  it('from FY2023: 19% to 50,000, 25% over 250,000, and marginal relief of 3/200 x (250,000 - profit) between', () => {
    expect(corporationTaxEstimate(40_000_00, '2024-04-01', '2025-03-31')?.taxMinor).toBe(7_600_00);
    expect(corporationTaxEstimate(300_000_00, '2024-04-01', '2025-03-31')?.taxMinor).toBe(75_000_00);
    // 100,000 x 25% = 25,000 less 3/200 x 150,000 = 2,250: 22,750.
    const middle = corporationTaxEstimate(100_000_00, '2024-04-01', '2025-03-31');
    expect(middle?.taxMinor).toBe(22_750_00);
    expect(middle?.parts[0]?.marginalReliefMinor).toBe(2_250_00);
    expect(corporationTaxEstimate(-5_000_00, '2024-04-01', '2025-03-31')?.taxMinor).toBe(0);
  });

  it('splits a year across 1 April 2023 by days, with the limits in proportion (hand-worked)', () => {
    // 1 Jan - 31 Dec 2023, 100,000.00: 90 days in FY2022 = 24,657.53 at 19% = 4,684.93; 275 days in
    // FY2023 = 75,342.47, upper limit 250,000 x 275/365 = 188,356.16, relief 3/200 x 113,013.69 =
    // 1,695.21, tax 18,835.62 - 1,695.21 = 17,140.41. In all 21,825.34.
    const estimate = corporationTaxEstimate(100_000_00, '2023-01-01', '2023-12-31')!;
    expect(estimate.parts.map((part) => [part.financialYear, part.profitMinor, part.taxMinor, part.marginalReliefMinor])).toEqual([
      [2022, 24_657_53, 4_684_93, 0],
      [2023, 75_342_47, 17_140_41, 1_695_21],
    ]);
    expect(estimate.taxMinor).toBe(21_825_34);
  });
});

describe('the period a report is compared with', () => {
  const YEARS = [
    { startsOn: '2024-11-01', endsOn: '2026-04-30' },
    { startsOn: '2026-05-01', endsOn: '2027-04-30' },
  ];

  it('is the accounting year before a whole accounting year, however long a first year was', () => {
    expect(previousPeriod({ from: '2026-05-01', to: '2027-04-30' }, YEARS)).toEqual({ from: '2024-11-01', to: '2026-04-30' });
  });

  it('is as many months before whole months, across a year end and February', () => {
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' }, YEARS)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousPeriod({ from: '2026-01-01', to: '2026-03-31' }, YEARS)).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(previousPeriod({ from: '2024-03-01', to: '2024-03-31' }, [])).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('is as many days just before any other period; a year earlier keeps a month end a month end', () => {
    expect(previousPeriod({ from: '2026-05-01', to: '2026-11-22' }, YEARS)).toEqual({ from: '2025-10-07', to: '2026-04-30' });
    expect(previousPeriod({ from: '2026-11-10', to: '2026-11-10' }, YEARS)).toEqual({ from: '2026-11-09', to: '2026-11-09' });
    expect(yearEarlier({ from: '2028-02-01', to: '2028-02-29' })).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(yearEarlier({ from: '2027-03-01', to: '2027-03-31' })).toEqual({ from: '2026-03-01', to: '2026-03-31' });
  });
});
