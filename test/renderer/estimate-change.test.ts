import { describe, expect, it } from 'vitest';
import { appliesFromWords, dayBefore, earlierEstimatesGoverned, estimateChanged, type BookCalendar } from '../../renderer/sections/reports/estimate-change';

// Books from 1 April 2025, years to 31 March; the engine's today 22 November 2026 is in the second.
const CALENDAR: BookCalendar = {
  today: '2026-11-22',
  booksStart: '2025-04-01',
  years: [
    { starts_on: '2025-04-01', ends_on: '2026-03-31' },
    { starts_on: '2026-04-01', ends_on: '2027-03-31' },
  ],
};
const laptop = {
  purchased_on: '2025-04-15',
  residual_value: '0.0',
  depreciation_profile: { method: 'straight_line' as const, asset_life_years: 3, frequency: 'monthly' as const },
};
const typed = { residual: '', method: 'straight_line', years: '3', rate: '25', frequency: 'monthly' };

describe('a change of estimate in the asset dialog', () => {
  it('is a change only when a value differs, read as values (not text)', () => {
    expect(estimateChanged(laptop, typed, 'GBP')).toBe(false);
    expect(estimateChanged(laptop, { ...typed, years: ' 03 ', residual: '0.00' }, 'GBP')).toBe(false);
    expect(estimateChanged(laptop, { ...typed, rate: '40' }, 'GBP')).toBe(false);
    expect(estimateChanged(laptop, { ...typed, years: '5' }, 'GBP')).toBe(true);
    expect(estimateChanged(laptop, { ...typed, residual: '1,00' }, 'GBP')).toBe(true);
    expect(estimateChanged(laptop, { ...typed, frequency: 'annually' }, 'GBP')).toBe(true);
    expect(estimateChanged(laptop, { ...typed, method: 'reducing_balance' }, 'GBP')).toBe(true);
    // Unreadable: shown as a change, so the engine's refusal lands at its field.
    expect(estimateChanged(laptop, { ...typed, years: 'five' }, 'GBP')).toBe(true);
    const reducing = { ...laptop, depreciation_profile: { method: 'reducing_balance' as const, annual_depreciation_percentage: '25.0', frequency: 'annually' as const } };
    expect(estimateChanged(reducing, { ...typed, method: 'reducing_balance', rate: '25%', frequency: 'annually' }, 'GBP')).toBe(false);
    expect(estimateChanged(reducing, { ...typed, method: 'reducing_balance', rate: '20', frequency: 'annually' }, 'GBP')).toBe(true);
  });

  it('says which accounting year the date puts the change in, and what that keeps', () => {
    expect(appliesFromWords('2026-11-22', CALENDAR, laptop.purchased_on)).toBe(
      'The accounting year 1 Apr 2026 to 31 Mar 2027: the change applies from 1 Apr 2026, and earlier years keep their charges.',
    );
    expect(appliesFromWords('2026-03-31', CALENDAR, laptop.purchased_on)).toBe(
      'The accounting year 1 Apr 2025 to 31 Mar 2026, the one the asset was bought in: the change applies from the purchase, so the whole schedule is worked out again.',
    );
    expect(appliesFromWords('2027-06-01', CALENDAR, laptop.purchased_on)).toBe(
      "An accounting year after the ones so far (the last ends 31 Mar 2027): the change applies from that year's first day, and earlier years keep their charges.",
    );
    // An asset bought before the books: a change in the first year keeps what the opening balances hold.
    expect(appliesFromWords('2025-12-01', CALENDAR, '2023-04-01')).toBe('The accounting year 1 Apr 2025 to 31 Mar 2026: the change applies from 1 Apr 2025, and earlier years keep their charges.');
    expect(appliesFromWords('2024-12-01', CALENDAR, '2023-04-01')).toBe('Before the books start: the change applies from their first day, 1 Apr 2025; what was charged before is in the opening balances.');
    // A company that moved its books here part-way through a year: never before the books' first day.
    const midYear = { ...CALENDAR, booksStart: '2025-10-01' };
    expect(appliesFromWords('2026-01-10', midYear, '2023-04-01')).toBe('The accounting year 1 Apr 2025 to 31 Mar 2026: the change applies from 1 Oct 2025, and earlier years keep their charges.');
    expect(appliesFromWords('', CALENDAR, laptop.purchased_on)).toBe('');
  });

  it('lists each earlier estimate with the days it governed', () => {
    expect(dayBefore('2026-03-01')).toBe('2026-02-28');
    expect(dayBefore('2025-01-01')).toBe('2024-12-31');
    const three = { depreciation_profile: laptop.depreciation_profile, residual_value: '0.0' };
    const four = { depreciation_profile: { ...laptop.depreciation_profile, asset_life_years: 4 }, residual_value: '0.0' };
    expect(earlierEstimatesGoverned({ purchased_on: '2025-04-15', earlier_estimates: [{ ...three, replaced_on: '2026-04-01' }, { ...four, replaced_on: '2027-04-01' }] })).toEqual([
      { from: '2025-04-15', to: '2026-03-31', estimate: { ...three, replaced_on: '2026-04-01' } },
      { from: '2026-04-01', to: '2027-03-31', estimate: { ...four, replaced_on: '2027-04-01' } },
    ]);
    expect(earlierEstimatesGoverned({ purchased_on: '2025-04-15' })).toEqual([]);
  });
});
