import { describe, expect, it } from 'vitest';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, ORIGIN, type TestBook } from './harness';
import { putOpening } from './journal-helpers';
import { bankAccount, explainedLine } from './report-fixtures';

// A company whose accounting year runs 1 April 2025 to 31 March 2026 moves its books here on
// 1 October 2025. Its opening balances hold the year to date from its old software (sales 40,000.00,
// 4,000.00 on 285) besides the balance sheet and 2,500.00 of profit kept from the years before; after
// the move it takes 10,000.00 of sales and pays 1,000.00 more on 285. CA 2006 s390 and CTA 2009 s9: the
// accounting period is the real twelve-month year, whatever day the books start on.

const category = (code: string) => `${ORIGIN}/v2/categories/${code}`;
const put = (t: TestBook, fields: Record<string, unknown>) => t.json('PUT', '/v2/company', { body: { company: fields } });
const setup = async (t: TestBook) => (await t.json('GET', '/v2/company/setup')).body.company_setup;
const summary = async (t: TestBook, query: string) => (await t.json('GET', `/v2/accounting/profit_and_loss/summary?${query}`)).body.profit_and_loss_summary;

/** The opening balances and the half year after them; the bank's opening balance is one of them. */
async function theYear(t: TestBook): Promise<void> {
  const bank = await bankAccount(t, { opening_balance: '38600.00' });
  const opening = await putOpening(t, [
    { category: '001', debit_value: '-40000.00' },
    { category: '285', debit_value: '4000.00' },
    { category: '901-1', debit_value: '-100.00' },
    { category: '968', debit_value: '-2500.00' },
  ]);
  expect(opening.status, JSON.stringify(opening.body)).toBe(200);
  await explainedLine(t, bank, { dated_on: '2025-11-10', amount: '10000.00' }, { category: category('001'), description: 'Consulting' });
  await explainedLine(t, bank, { dated_on: '2025-12-01', amount: '-1000.00' }, { category: category('285'), description: 'Rent' });
}

/** Books that start on 1 October 2025 inside the year that began on 1 April 2025. */
async function midYearBook(options: Parameters<typeof createTestBook>[0] = {}): Promise<TestBook> {
  const t = createTestBook({ startDate: '2025-10-01', firstAccountingYearEnd: '2026-03-31', ...options });
  const moved = await put(t, { first_accounting_year_start: '2025-04-01' });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  return t;
}

describe('a company that moves its books here part-way through its accounting year', () => {
  it('keeps the books starting on the day it says, with the real accounting year around them', async () => {
    const t = await midYearBook();
    await theYear(t);
    const company = (await t.json('GET', '/v2/company')).body.company;
    expect(company).toMatchObject({ company_start_date: '2025-10-01', freeagent_start_date: '2025-10-01', first_accounting_year_end: '2026-03-31' });
    expect((await setup(t)).first_accounting_year_start).toBe('2025-04-01');
    expect(company.annual_accounting_periods).toEqual([
      { starts_on: '2025-04-01', ends_on: '2026-03-31' },
      { starts_on: '2026-04-01', ends_on: '2027-03-31' },
    ]);
    // The opening balances are posted on the day the books start, not the year's first day.
    const dates = t.book.sqlite.prepare("SELECT DISTINCT dated_on FROM postings WHERE source_resource = 'journal_sets'").pluck().all();
    expect(dates).toEqual(['2025-10-01']);
    // Nothing may be dated before the books start, the year's start notwithstanding.
    const early = await t.json('POST', '/v2/journal_sets', { body: { journal_set: { dated_on: '2025-09-30', description: 'Too early', journal_entries: [{ category: '285', debit_value: '1' }, { category: '796', debit_value: '-1' }] } } });
    expect(early.status).toBe(422);
    expect((await t.json('GET', '/v2/account_locks')).body.earliest_lock_date).toBe('2025-10-01');
  });

  it('counts the year-to-date in the opening balances in the year: income 50,000.00, only the 968 profit brought forward', async () => {
    const t = await midYearBook();
    await theYear(t);
    expect(await summary(t, 'accounting_period=2025/26')).toEqual({
      from: '2025-04-01',
      to: '2026-03-31',
      income: '50000.0',
      expenses: '5000.0',
      operating_profit: '45000.0',
      less: [
        { title: 'Corp. Tax', total: '0.0' },
        { title: 'Dividends', total: '0.0' },
        { title: 'Adjustments', total: '0.0' },
      ],
      retained_profit: '45000.0',
      retained_profit_brought_forward: '2500.0',
      retained_profit_carried_forward: '47500.0',
    });
    // The current year to date, with no dates, starts on the year's first day too.
    t.clock.set('2026-03-31T12:00:00.000Z');
    expect(await summary(t, '')).toMatchObject({ from: '2025-04-01', to: '2026-03-31', income: '50000.0', retained_profit_brought_forward: '2500.0' });
    // The next year brings forward everything: 2,500.00 + 45,000.00.
    expect(await summary(t, 'accounting_period=2026/27')).toMatchObject({ income: '0.0', retained_profit_brought_forward: '47500.0' });
    // A year that ended before the books started is not in them.
    const before = await t.json('GET', '/v2/accounting/profit_and_loss/summary?accounting_period=2024/25');
    expect(before.status).toBe(422);
    expect(before.body.errors[0].message).toContain('the books start on 2025-10-01');
  });

  it('estimates corporation tax on the whole twelve-month year', async () => {
    const t = await midYearBook();
    await theYear(t);
    const detail = (await t.json('GET', '/v2/accounting/profit_and_loss/detail?accounting_period=2025/26')).body.profit_and_loss_detail;
    const amount = (label: string, code?: string) => detail.lines.find((line: any) => line.label === label && (code === undefined || line.nominal_code === code))?.amounts[0];
    expect(detail.lines.find((line: any) => line.nominal_code === '001').amounts).toEqual(['50000.0']);
    expect(detail.lines.find((line: any) => line.nominal_code === '285').amounts).toEqual(['5000.0']);
    expect(amount('Operating profit')).toBe('45000.0');
    expect(amount('Retained profit brought forward')).toBe('2500.0');
    expect(amount('Retained profit carried forward')).toBe('47500.0');
    // 45,000.00 over a whole year is under the £50,000 lower limit: 19% (no limits cut for a short period).
    expect(detail.corporation_tax_estimate).toMatchObject({ taxable_profit: '45000.0', tax: '8550.0' });
    expect(detail.corporation_tax_estimate.parts).toEqual([
      expect.objectContaining({ financial_year: 2025, from: '2025-04-01', to: '2026-03-31', profit: '45000.0', rate: '19% (small profits rate)', marginal_relief: '0.0', tax: '8550.0' }),
    ]);
  });

  it('puts the year-to-date on its categories in the trial balance and the profit in the balance sheet', async () => {
    const t = await midYearBook();
    await theYear(t);
    const lines = (await t.json('GET', '/v2/accounting/trial_balance/summary?from_date=2025-04-01&to_date=2026-03-31')).body.trial_balance_summary;
    expect(Object.fromEntries(lines.map((line: any) => [line.display_nominal_code, line.total]))).toEqual({
      '001': '-50000.0',
      '285': '5000.0',
      '750-1': '47600.0',
      '901-1': '-100.0',
      '968': '-2500.0',
    });
    const sheet = (await t.json('GET', '/v2/accounting/balance_sheet?as_at_date=2026-03-31')).body.balance_sheet;
    expect(sheet).toMatchObject({ accounting_period_start_date: '2025-04-01', total_assets: '47600.0', total_owners_equity: '47600.0' });
    expect(sheet.owners_equity.retained_profit).toBe('47500.0');
  });

  it('leaves the opening balances out of the VAT return', async () => {
    const t = await midYearBook({ vatRegistered: true, vatRegistrationNumber: 'GB123456782' });
    const bank = await bankAccount(t, { opening_balance: '38600.00' });
    await putOpening(t, [
      { category: '001', debit_value: '-40000.00' },
      { category: '285', debit_value: '4000.00' },
      { category: '901-1', debit_value: '-100.00' },
      { category: '968', debit_value: '-2500.00' },
    ]);
    await explainedLine(t, bank, { dated_on: '2025-11-10', amount: '1200.00' }, { category: category('001'), description: 'Consulting', sales_tax_rate: '20.0' });
    const response = await t.json('GET', '/v2/vat_returns/2025-12-31');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const boxes = Object.fromEntries(response.body.vat_return.breakdown.rows.map((row: any) => [row.box_number, row.value]));
    expect(boxes).toMatchObject({ 1: '200.0', 4: '0.0', 6: '1000.0', 7: '0.0' });
    // The year's profit and loss has both: 40,000.00 from before the books and 1,000.00 since.
    expect((await summary(t, 'accounting_period=2025/26')).income).toBe('41000.0');
  });
});

describe('a company whose books start on the first day of its accounting year (unchanged)', () => {
  it('brings forward profit and loss codes in the opening balances as the years before the books', async () => {
    const t = createTestBook({ startDate: '2025-04-01', firstAccountingYearEnd: '2026-03-31' });
    await theYear(t);
    expect((await t.json('GET', '/v2/company')).body.company).toMatchObject({ company_start_date: '2025-04-01', freeagent_start_date: '2025-04-01' });
    expect(await setup(t)).not.toHaveProperty('first_accounting_year_start');
    expect(await summary(t, 'accounting_period=2025/26')).toMatchObject({
      from: '2025-04-01',
      to: '2026-03-31',
      income: '10000.0',
      expenses: '1000.0',
      operating_profit: '9000.0',
      retained_profit: '9000.0',
      retained_profit_brought_forward: '38500.0',
      retained_profit_carried_forward: '47500.0',
    });
    const detail = (await t.json('GET', '/v2/accounting/profit_and_loss/detail?accounting_period=2025/26')).body.profit_and_loss_detail;
    expect(detail.corporation_tax_estimate).toMatchObject({ taxable_profit: '9000.0', tax: '1710.0' });
    const lines = (await t.json('GET', '/v2/accounting/trial_balance/summary?from_date=2025-04-01&to_date=2026-03-31')).body.trial_balance_summary;
    expect(Object.fromEntries(lines.map((line: any) => [line.display_nominal_code, line.total]))).toEqual({
      '001': '-10000.0',
      '285': '1000.0',
      '750-1': '47600.0',
      '901-1': '-100.0',
      '968': '-38500.0',
    });
  });
});

describe('first_accounting_year_start as PUT /v2/company takes it (Ledgerdesk extension)', () => {
  it('is on or before the day the books start, and the first year end less than 18 months after it', async () => {
    const t = createTestBook({ startDate: '2025-10-01', firstAccountingYearEnd: '2026-03-31' });
    const refused = async (fields: Record<string, unknown>, message: RegExp) => {
      const before = bookSnapshot(t);
      const response = await put(t, fields);
      expect(response.status).toBe(422);
      expect(response.body.errors[0].message).toMatch(message);
      expect(bookSnapshot(t)).toEqual(before);
    };
    await refused({ first_accounting_year_start: '2025-10-02' }, /^first_accounting_year_start must be on or before the company start date \(2025-10-01\)/);
    await refused({ first_accounting_year_start: '2024-09-30' }, /^first_accounting_year_end must be less than 18 months after the first accounting year's start \(2024-09-30\) \(before 2026-03-30\)/);
    await refused({ first_accounting_year_start: 'April' }, /^first_accounting_year_start must be a date/);
    expect((await put(t, { first_accounting_year_start: '2025-04-01' })).status).toBe(200);
    // Once the year starts apart from the books, the books cannot start before it.
    await refused({ company_start_date: '2025-03-31' }, /^company_start_date must be on or after the first day of the accounting year the books start in \(2025-04-01\)/);
    // null puts the year's start back on the books' start.
    expect((await put(t, { first_accounting_year_start: null })).status).toBe(200);
    expect(await setup(t)).not.toHaveProperty('first_accounting_year_start');
    expect((await t.json('GET', '/v2/company')).body.company.annual_accounting_periods[0]).toEqual({ starts_on: '2025-10-01', ends_on: '2026-03-31' });
  });

  it('stays put when the books start moves, which moves the opening balances; a start on it makes them one again', async () => {
    const t = await midYearBook();
    await theYear(t);
    expect((await put(t, { company_start_date: '2025-09-01' })).status).toBe(200);
    const dates = t.book.sqlite.prepare("SELECT DISTINCT dated_on FROM postings WHERE source_resource = 'journal_sets'").pluck().all();
    expect(dates).toEqual(['2025-09-01']);
    expect((await setup(t)).first_accounting_year_start).toBe('2025-04-01');
    // The year is the same year, and its profit and loss the same.
    expect(await summary(t, 'accounting_period=2025/26')).toMatchObject({ income: '50000.0', retained_profit_brought_forward: '2500.0' });
    // Books started on the year's first day: the opening balances' profit and loss is the years before.
    expect((await put(t, { company_start_date: '2025-04-01' })).status).toBe(200);
    expect(await setup(t)).not.toHaveProperty('first_accounting_year_start');
    expect(await summary(t, 'accounting_period=2025/26')).toMatchObject({ income: '10000.0', retained_profit_brought_forward: '38500.0' });
  });
});
