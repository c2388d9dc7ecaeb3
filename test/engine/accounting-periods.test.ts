import { describe, expect, it } from 'vitest';
import { accountingPeriods } from '../../main/engine/ledger/periods';

const ends = (start: string, firstEnd: string, until: string) => accountingPeriods(start, firstEnd, until).map((period) => period.endsOn);

describe('accounting years after the first (CA 2006 s391(4))', () => {
  it('end on the last day of February, 29th in leap years, when the first ended on the last day of February', () => {
    const periods = accountingPeriods('2024-03-01', '2025-02-28', '2029-01-01');
    expect(periods).toEqual([
      { startsOn: '2024-03-01', endsOn: '2025-02-28' },
      { startsOn: '2025-03-01', endsOn: '2026-02-28' },
      { startsOn: '2026-03-01', endsOn: '2027-02-28' },
      { startsOn: '2027-03-01', endsOn: '2028-02-29' },
      { startsOn: '2028-03-01', endsOn: '2029-02-28' },
    ]);
  });

  it('a first year ending 29 February ends on the last day of February after', () => {
    expect(ends('2023-03-01', '2024-02-29', '2028-12-31')).toEqual(['2024-02-29', '2025-02-28', '2026-02-28', '2027-02-28', '2028-02-29', '2029-02-28']);
  });

  it('other month ends stay on their day (30 June, 30 September, 31 March)', () => {
    expect(ends('2024-07-01', '2025-06-30', '2028-12-31')).toEqual(['2025-06-30', '2026-06-30', '2027-06-30', '2028-06-30', '2029-06-30']);
    expect(ends('2024-10-01', '2025-09-30', '2027-01-01')).toEqual(['2025-09-30', '2026-09-30', '2027-09-30']);
    expect(ends('2025-04-01', '2026-03-31', '2028-04-01')).toEqual(['2026-03-31', '2027-03-31', '2028-03-31', '2029-03-31']);
  });

  it('a year end that is not a month end keeps its day', () => {
    expect(ends('2024-03-01', '2025-02-27', '2028-03-01')).toEqual(['2025-02-27', '2026-02-27', '2027-02-27', '2028-02-27', '2029-02-27']);
    expect(ends('2024-04-15', '2025-04-14', '2026-05-01')).toEqual(['2025-04-14', '2026-04-14', '2027-04-14']);
  });

  it('each year starts the day after the one before ends', () => {
    const periods = accountingPeriods('2024-03-01', '2025-02-28', '2033-01-01');
    periods.slice(1).forEach((period, index) => {
      const next = new Date(`${periods[index]!.endsOn}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + 1);
      expect(period.startsOn).toBe(next.toISOString().slice(0, 10));
    });
  });
});
