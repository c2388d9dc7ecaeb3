import { describe, expect, it } from 'vitest';
import { AUTO_SALES_TAX_RATES } from '../../shared/api/categories';
import { COMPANY_TYPES, type CompanyType } from '../../shared/api/company';
import { taxReportingNames } from '../../shared/api/tax-reporting-names';
import { defaultChart, type ChartEntry } from '../../main/engine/ledger/chart';
import { createTestBook } from './harness';

const codesOf = (type: CompanyType) => defaultChart(type).map((entry) => entry.nominal_code);
const entry = (type: CompanyType, code: string) => defaultChart(type).find((candidate) => candidate.nominal_code === code);

// Corporation tax, directors' pay, dividends, share capital and the like exist only for a company.
const COMPANY_ONLY = ['294', '372', '407', '408', '409', '502', '503', '650', '670', '820', '825', '907', '908', '910'];
const UNINCORPORATED: CompanyType[] = ['UkSoleTrader', 'UkPartnership', 'UkUnincorporatedLandlord'];

describe('default charts of accounts', () => {
  it.each(COMPANY_TYPES)('%s: unique codes in order, each in one of the four list groups', (type) => {
    const codes = codesOf(type);
    // An empty chart would pass every check below.
    expect(codes.length).toBeGreaterThan(20);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual([...codes].sort());
    for (const item of defaultChart(type)) expect(['income', 'cost_of_sales', 'admin_expenses', 'general']).toContain(item.group);
  });

  it.each(COMPANY_TYPES)('%s: spending categories carry a group, a known automatic rate, an allowance and a name from the type\'s list', (type) => {
    for (const group of ['cost_of_sales', 'admin_expenses'] as const) {
      const allowed = taxReportingNames(type, group, { cisContractor: true }).map((name) => name.display);
      const spending = defaultChart(type).filter((item) => item.group === group);
      expect(spending.length).toBeGreaterThan(0);
      for (const item of spending) {
        expect(item.group_description, item.nominal_code).toMatch(/^(Cost of sales|Admin expenses) \(normally (VATable|Zero-VAT)\)$/);
        expect(AUTO_SALES_TAX_RATES).toContain(item.auto_sales_tax_rate);
        expect(typeof item.allowable_for_tax).toBe('boolean');
        expect(allowed, `${type} ${item.nominal_code}`).toContain(item.tax_reporting_name);
      }
    }
  });

  it.each(COMPANY_TYPES)('%s: has the accounts sub accounts hang from (bank 750, users 900-910, capital assets 601-607)', (type) => {
    expect(codesOf(type)).toEqual(expect.arrayContaining(['750', '601', '602', '604', '605', '606', '607', '900', '902', '905']));
  });

  it('keeps the limited company chart whole, with its company-only accounts', () => {
    expect(defaultChart('UkLimitedCompany')).toHaveLength(114);
    expect(codesOf('UkLimitedCompany')).toEqual(expect.arrayContaining(COMPANY_ONLY));
    expect(entry('UkLimitedCompany', '820')).toEqual({ nominal_code: '820', description: 'Corporation Tax', group: 'general', tax_reporting_name: 'Corporation tax' });
  });

  it.each(UNINCORPORATED)('%s: has no corporation tax, directors, dividends, share capital or provisions', (type) => {
    const codes = codesOf(type);
    for (const code of COMPANY_ONLY) expect(codes, code).not.toContain(code);
    expect(codes).toEqual(expect.arrayContaining(['001', '401', '817', '901', '902']));
  });

  it('reports a sole trader\'s costs on the Self Assessment lines', () => {
    expect(entry('UkSoleTrader', '285')?.tax_reporting_name).toBe('Car, van and travel expenses');
    expect(entry('UkSoleTrader', '101')?.tax_reporting_name).toBe('Cost of Goods');
    expect(entry('UkSoleTrader', '401')?.tax_reporting_name).toBe('Wages, salaries and staff costs');
    expect(entry('UkSoleTrader', '460')?.tax_reporting_name).toBe('Depreciation and loss/profit on sale');
  });

  it('reports a partnership\'s costs on the partnership return lines', () => {
    expect(entry('UkPartnership', '283')?.tax_reporting_name).toBe('Motor expenses');
    expect(entry('UkPartnership', '101')?.tax_reporting_name).toBe('Cost of Sales');
    expect(entry('UkPartnership', '450')?.tax_reporting_name).toBe('Bad debts');
  });

  it.each(UNINCORPORATED)('%s: charitable donations are not allowable against business profits', (type) => {
    expect(entry(type, '360')?.allowable_for_tax).toBe(false);
    expect(entry('UkLimitedCompany', '360')?.allowable_for_tax).toBe(true);
  });

  it('gives a landlord rental income and no stock', () => {
    expect(entry('UkUnincorporatedLandlord', '001')?.description).toBe('Rental Income');
    expect(codesOf('UkUnincorporatedLandlord')).not.toContain('610');
    expect(codesOf('UkSoleTrader')).toContain('610');
  });

  it.each(['Universal', 'Us'] as const)('%s: keeps company accounts but no UK-only schemes or UK tax names', (type) => {
    const codes = codesOf(type);
    for (const code of ['055', '057', '278', '823', '824']) expect(codes, code).not.toContain(code);
    expect(codes).toEqual(expect.arrayContaining(['407', '502', '908', '910']));
    const descriptions = defaultChart(type).map((item: ChartEntry) => item.description).join('\n');
    expect(descriptions).not.toMatch(/\bVAT\b|PAYE|NICs/);
    expect(entry(type, '817')).toEqual({ nominal_code: '817', description: 'Sales Tax', group: 'general', tax_reporting_name: 'Sales tax' });
    expect(entry(type, '283')?.tax_reporting_name).toBe('Car and truck expenses');
    expect(entry(type, '150')?.tax_reporting_name).toBe('Cost of Labor');
  });

  it('names a US company\'s profit tax and paid-in capital the US way', () => {
    expect(entry('Us', '820')?.description).toBe('Income Tax');
    expect(entry('Us', '670')?.description).toBe('Additional Paid-in Capital');
    expect(entry('Universal', '820')?.description).toBe('Corporation Tax');
  });

  it.each(COMPANY_TYPES)('%s: a new book starts with its own chart', async (type) => {
    const t = createTestBook({ type });
    const { body } = await t.json('GET', '/v2/categories');
    const listed = (Object.values(body).flat() as { nominal_code: string }[]).map((category) => category.nominal_code).sort();
    expect(listed).toEqual([...codesOf(type)].sort());
  });
});
