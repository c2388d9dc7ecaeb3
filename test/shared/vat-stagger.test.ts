import { describe, expect, it } from 'vitest';
import { defaultFirstPeriodEnd, firstEndForStagger, firstPeriodEndChoices, isMonthEnd, staggerOf } from '../../shared/vat-stagger';

describe('VAT staggers', () => {
  it('the default first period covers the registration month and the rest of a full period', () => {
    expect(defaultFirstPeriodEnd('2025-08-12', 3)).toBe('2025-10-31');
    expect(defaultFirstPeriodEnd('2025-12-01', 3)).toBe('2026-02-28');
    expect(defaultFirstPeriodEnd('2024-02-10', 1)).toBe('2024-02-29');
    expect(defaultFirstPeriodEnd('2025-08-12', 12)).toBe('2026-07-31');
  });

  it('offers month ends from the registration month to one full period after it', () => {
    expect(firstPeriodEndChoices('2025-08-12', 3)).toEqual(['2025-08-31', '2025-09-30', '2025-10-31', '2025-11-30']);
    expect(firstPeriodEndChoices('2025-12-31', 1)).toEqual(['2025-12-31', '2026-01-31']);
  });

  it('reaches each quarterly stagger from any registration date, within the choices', () => {
    for (const effective of ['2025-01-01', '2025-03-31', '2025-08-12', '2025-12-15']) {
      const ends = [1, 2, 3].map((stagger) => firstEndForStagger(effective, 3, stagger));
      expect(new Set(ends.map((end) => staggerOf(end, 3)))).toEqual(new Set([1, 2, 3]));
      for (const end of ends) expect(firstPeriodEndChoices(effective, 3)).toContain(end);
    }
    expect(firstEndForStagger('2025-08-12', 3, 3)).toBe('2025-09-30');
    expect(firstEndForStagger('2025-08-12', 3, 1)).toBe('2025-10-31');
    expect(firstEndForStagger('2025-08-12', 3, 2)).toBe('2025-08-31');
    expect(firstEndForStagger('2025-08-12', 12, 3)).toBe('2026-03-31');
  });

  it('names the stagger a period end is on', () => {
    expect(staggerOf('2026-06-30', 3)).toBe(3);
    expect(staggerOf('2026-01-31', 3)).toBe(1);
    expect(staggerOf('2026-11-30', 3)).toBe(2);
    expect(staggerOf('2026-09-30', 12)).toBe(9);
    expect(isMonthEnd('2024-02-29')).toBe(true);
    expect(isMonthEnd('2025-02-28')).toBe(true);
    expect(isMonthEnd('2025-09-15')).toBe(false);
  });
});
