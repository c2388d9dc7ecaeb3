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

describe('a change of estimate (FRS 102 10.16, 17.23): earlier periods kept, the value left spread over what remains', () => {
  // The audit's laptop: £1,200.00 bought 15 April 2025, straight line over 3 years, monthly.
  const laptop = terms({ purchasedOn: '2025-04-15', costMinor: 120000, frequency: 'monthly' });
  const charged = (schedule: ReturnType<typeof depreciationSchedule>, from: string, to: string) =>
    schedule.filter((period) => period.datedOn >= from && period.datedOn <= to).reduce((sum, period) => sum + period.chargeMinor, 0);

  it('a life made 5 years from 1 April 2026 keeps the first year (12 x £33.33 = £399.96) and spreads £800.04 over the 48 months left', () => {
    const changed = { ...laptop, assetLifeYears: 5, earlier: [{ ...laptop, until: '2026-04-01' }] };
    const schedule = depreciationSchedule(changed);
    expect(charged(schedule, '2025-04-01', '2026-03-31')).toBe(39996);
    // 80004 / 48 = 1666.75, rounded down to £16.66; 47 x 16.66 = 783.02; the last takes 800.04 - 783.02 = £17.02.
    expect(schedule).toHaveLength(60);
    expect(schedule[12]).toMatchObject({ datedOn: '2026-04-15', chargeMinor: 1666 });
    expect(schedule.slice(12, 59).every((period) => period.chargeMinor === 1666)).toBe(true);
    expect(schedule.at(-1)).toMatchObject({ datedOn: '2030-03-15', chargeMinor: 1702, accumulatedMinor: 120000, netBookValueMinor: 0 });
    expect(charged(schedule, '2026-04-01', '2027-03-31')).toBe(19992);
  });

  it('a life shortened to one that has already run out charges the whole value left in the first period of the change', () => {
    const schedule = depreciationSchedule({ ...laptop, assetLifeYears: 1, earlier: [{ ...laptop, until: '2026-04-01' }] });
    expect(figures(schedule.slice(11))).toEqual([
      ['2026-03-15', 3333],
      ['2026-04-15', 120000 - 12 * 3333],
    ]);
  });

  it('a residual value raised from the change on is kept: the value left less the new residual over the months left', () => {
    // 800.04 less 200.00 = 600.04 over the 24 months left: 25.00 a month (600.04 / 24 = 25.0016 -> 25.00), the last 25.04.
    const schedule = depreciationSchedule({ ...laptop, residualMinor: 20000, earlier: [{ ...laptop, until: '2026-04-01' }] });
    expect(schedule).toHaveLength(36);
    expect(schedule[12]!.chargeMinor).toBe(2500);
    expect(schedule.at(-1)).toMatchObject({ chargeMinor: 2504, netBookValueMinor: 20000 });
  });

  it('a residual value above the value left stops the charges (nothing is written back)', () => {
    const schedule = depreciationSchedule({ ...laptop, residualMinor: 90000, earlier: [{ ...laptop, until: '2026-04-01' }] });
    expect(schedule).toHaveLength(12);
    expect(schedule.at(-1)!.netBookValueMinor).toBe(80004);
  });

  it('a change to reducing balance, yearly, charges the rate on the value left from the first anniversary in the new year', () => {
    // 25% of 800.04 = 200.01 on 15 April 2026, then 25% of 600.03 = 150.0075 -> 150.01.
    const schedule = depreciationSchedule({ ...laptop, method: 'reducing_balance', assetLifeYears: null, annualDepreciationPercentage: '25', frequency: 'annually', earlier: [{ ...laptop, until: '2026-04-01' }] });
    expect(figures(schedule.slice(11, 14))).toEqual([
      ['2026-03-15', 3333],
      ['2026-04-15', 20001],
      ['2027-04-15', 15001],
    ]);
    expect(schedule.at(-1)!.accumulatedMinor).toBe(120000);
  });

  it('two changes: each estimate governs its own years; an estimate replaced from the purchase day is never read', () => {
    const threeYears = { ...laptop };
    const fiveYears = { ...laptop, assetLifeYears: 5 };
    const schedule = depreciationSchedule({ ...laptop, assetLifeYears: 4, earlier: [{ ...threeYears, assetLifeYears: 9, until: '2025-04-15' }, { ...threeYears, until: '2026-04-01' }, { ...fiveYears, until: '2027-04-01' }] });
    expect(charged(schedule, '2025-04-01', '2026-03-31')).toBe(39996);
    expect(charged(schedule, '2026-04-01', '2027-03-31')).toBe(19992);
    // From April 2027: 1200.00 - 399.96 - 199.92 = 600.12 over the 24 months left of a 4-year life: 25.005 -> 25.00, last 25.12.
    expect(schedule).toHaveLength(48);
    expect(schedule[24]!.chargeMinor).toBe(2500);
    expect(schedule.at(-1)).toMatchObject({ chargeMinor: 2512, accumulatedMinor: 120000 });
  });

  it('a disposal still ends the schedule after a change', () => {
    const schedule = depreciationSchedule({ ...laptop, assetLifeYears: 5, disposedOn: '2026-05-31', earlier: [{ ...laptop, until: '2026-04-01' }] });
    expect(schedule).toHaveLength(14);
    expect(schedule.at(-1)).toMatchObject({ datedOn: '2026-05-15', accumulatedMinor: 39996 + 2 * 1666 });
  });
});
