import { describe, expect, it } from 'vitest';
import { defaultFirstYearEnd } from '../../main/engine/setup';
import { createTestBook } from './harness';

// A new book made without a first year end (the desk's first run, `ledgerdesk serve` with defaults).
describe('the default first accounting year end', () => {
  it("is a limited company's first accounting reference date: the last day of the month of the first anniversary (CA 2006 s391(4))", () => {
    // The live service's own company (golden-responses/company.json): started 12 April 2024, year end 30 April 2025.
    expect(defaultFirstYearEnd('2024-04-12', 'UkLimitedCompany')).toBe('2025-04-30');
    expect(defaultFirstYearEnd('2024-04-01', 'UkLimitedCompany')).toBe('2025-04-30');
    expect(defaultFirstYearEnd('2024-01-31', 'UkLimitedCompany')).toBe('2025-01-31');
    // The anniversary of 29 February 2024 falls in February 2025.
    expect(defaultFirstYearEnd('2024-02-29', 'UkLimitedCompany')).toBe('2025-02-28');
    expect(defaultFirstYearEnd('2023-03-01', 'UkLimitedCompany')).toBe('2024-03-31');
  });

  it('is what a new limited company book is made with', async () => {
    const t = createTestBook({ startDate: '2024-04-12', firstAccountingYearEnd: undefined });
    const company = (await t.json('GET', '/v2/company')).body.company;
    expect(company.first_accounting_year_end).toBe('2025-04-30');
    expect(company.annual_accounting_periods[0]).toEqual({ starts_on: '2024-04-12', ends_on: '2025-04-30' });
  });

  it('stays a year less the part month for a business with no accounting reference date (sole trader, partnership, landlord)', () => {
    expect(defaultFirstYearEnd('2024-04-12', 'UkSoleTrader')).toBe('2025-03-31');
    expect(defaultFirstYearEnd('2025-05-01', 'UkPartnership')).toBe('2026-04-30');
  });
});
