import { describe, expect, it } from 'vitest';
import { addMonths, depreciationSchedule, type DepreciationTerms } from '../../main/engine/assets/schedule';

/** Depreciation schedules against figures worked by hand (the working is in each test's comment). */

const terms = (fields: Partial<DepreciationTerms>): DepreciationTerms => ({
  purchasedOn: '2025-06-15',
  costMinor: 100000,
  residualMinor: 0,
  method: 'straight_line',
  assetLifeYears: 3,
  annualDepreciationPercentage: null,
  frequency: 'annually',
  disposedOn: null,
  ...fields,
});

const figures = (schedule: ReturnType<typeof depreciationSchedule>) => schedule.map((period) => [period.datedOn, period.chargeMinor]);

describe('straight line', () => {
  it('yearly: £1,000.00 over 3 years is £333.33, £333.33 and the remainder £333.34, on the purchase day and its anniversaries', () => {
    const schedule = depreciationSchedule(terms({}));
    expect(figures(schedule)).toEqual([
      ['2025-06-15', 33333],
      ['2026-06-15', 33333],
      ['2027-06-15', 33334],
    ]);
    expect(schedule.at(-1)).toMatchObject({ accumulatedMinor: 100000, netBookValueMinor: 0 });
  });

  it('monthly: £1,200.00 less a £200.00 residual over a year is £83.33 a month and £83.37 in the last, on each month end from 31 January', () => {
    // 1000.00 / 12 = 83.333..., rounded down to 83.33; 11 x 83.33 = 916.63; the last takes 1000.00 - 916.63 = 83.37.
    const schedule = depreciationSchedule(terms({ purchasedOn: '2025-01-31', costMinor: 120000, residualMinor: 20000, assetLifeYears: 1, frequency: 'monthly' }));
    expect(schedule.map((period) => period.datedOn)).toEqual([
      '2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30', '2025-05-31', '2025-06-30',
      '2025-07-31', '2025-08-31', '2025-09-30', '2025-10-31', '2025-11-30', '2025-12-31',
    ]);
    expect(schedule.slice(0, 11).every((period) => period.chargeMinor === 8333)).toBe(true);
    expect(schedule.at(-1)).toMatchObject({ chargeMinor: 8337, accumulatedMinor: 100000, netBookValueMinor: 20000 });
  });

  it('stops at a disposal: periods dated after it are not charged', () => {
    const schedule = depreciationSchedule(terms({ disposedOn: '2026-12-31' }));
    expect(figures(schedule)).toEqual([
      ['2025-06-15', 33333],
      ['2026-06-15', 33333],
    ]);
  });
});

describe('reducing balance', () => {
  it('yearly at 25%: £250.00, £187.50, £140.63, £105.47 on the value left, to a last period that takes what is left', () => {
    // 1000.00 x 25% = 250.00; 750.00 x 25% = 187.50; 562.50 x 25% = 140.625 -> 140.63 (half up);
    // 421.87 x 25% = 105.4675 -> 105.47; the 25th year would leave less than £1.00, so it takes all of £1.00.
    const schedule = depreciationSchedule(terms({ method: 'reducing_balance', assetLifeYears: null, annualDepreciationPercentage: '25' }));
    expect(figures(schedule.slice(0, 4))).toEqual([
      ['2025-06-15', 25000],
      ['2026-06-15', 18750],
      ['2027-06-15', 14063],
      ['2028-06-15', 10547],
    ]);
    expect(schedule).toHaveLength(25);
    expect(schedule.at(-1)).toMatchObject({ datedOn: '2049-06-15', chargeMinor: 100, accumulatedMinor: 100000, netBookValueMinor: 0 });
  });

  it('monthly at 25% a year charges 1 - 0.75^(1/12) = 2.368842...% a month, so a year takes close to a quarter', () => {
    // 1000.00 x 0.02368842 = 23.688 -> 23.69; 976.31 x 0.02368842 = 23.127 -> 23.13 ...
    const schedule = depreciationSchedule(terms({ method: 'reducing_balance', assetLifeYears: null, annualDepreciationPercentage: '25', frequency: 'monthly' }));
    expect(figures(schedule.slice(0, 3))).toEqual([
      ['2025-06-15', 2369],
      ['2025-07-15', 2313],
      ['2025-08-15', 2258],
    ]);
    // Twelve months: 249.99, a penny short of the yearly 250.00 by rounding.
    expect(schedule[11]!.accumulatedMinor).toBe(24999);
    expect(schedule.at(-1)!.accumulatedMinor).toBe(100000);
  });

  it('stops above a residual value: the charges add up to cost less residual', () => {
    const schedule = depreciationSchedule(terms({ method: 'reducing_balance', assetLifeYears: null, annualDepreciationPercentage: '40', residualMinor: 30000 }));
    // 1000.00 x 40% = 400.00 (600.00 left); 600.00 x 40% = 240.00 would leave 360.00, only 60.00 above the
    // residual 300.00; 360.00 x 40% = 144.00 would leave 216.00, below it, so the third year takes 60.00.
    expect(figures(schedule)).toEqual([
      ['2025-06-15', 40000],
      ['2026-06-15', 24000],
      ['2027-06-15', 6000],
    ]);
  });
});

describe('period dates', () => {
  it('keep the day of the month, or the month end when the month is shorter, counted from the purchase', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2024-01-31', 2)).toBe('2024-03-31');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
  });
});
