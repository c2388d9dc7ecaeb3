import { describe, expect, it } from 'vitest';
import { toCsv } from '../../renderer/sections/reports/report-csv';
import { yearHolding, yearToDate } from '../../renderer/sections/reports/report-period';

const YEARS = [
  { starts_on: '2025-05-01', ends_on: '2026-04-30' },
  { starts_on: '2026-05-01', ends_on: '2027-04-30' },
];

describe('report periods', () => {
  it('finds the year holding a date and the year to date', () => {
    expect(yearHolding(YEARS, '2026-04-30')).toEqual(YEARS[0]);
    expect(yearHolding(YEARS, '2027-05-01')).toBeUndefined();
    expect(yearToDate(YEARS, '2026-11-22')).toEqual({ from: '2026-05-01', to: '2026-11-22' });
  });
});

describe('report CSV', () => {
  it('keeps amounts exact, quotes what needs quoting and defuses formulas', () => {
    const csv = toCsv(['Code', 'Name', 'Total'], [
      ['001', 'Sales, UK', '-1000.0'],
      ['285', 'Say "hello"', '500.0'],
      ['999', '=HYPERLINK("x")', '-0.01'],
    ]);
    expect(csv).toBe('Code,Name,Total\r\n001,"Sales, UK",-1000.0\r\n285,"Say ""hello""",500.0\r\n999,"\'=HYPERLINK(""x"")",-0.01\r\n');
  });
});
