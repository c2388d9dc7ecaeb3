import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneyError, toMinor } from '../../shared/money';

/** What toMinor must give, by decimal.js alone: the reference the integer fast path is held to. */
function reference(text: string, digits: number): number | 'refused' {
  const scaled = new Decimal(text).times(new Decimal(10).pow(digits));
  return scaled.isInteger() ? scaled.toNumber() || 0 : 'refused';
}

const attempt = (text: string, currency: string): number | 'refused' => {
  try {
    return toMinor(text, currency);
  } catch (error) {
    if (error instanceof MoneyError) return 'refused';
    throw error;
  }
};

describe('toMinor on plain amounts', () => {
  it('agrees with decimal.js on every plain amount, sign and number of places', () => {
    const amount = fc
      .tuple(fc.constantFrom('', '-', '+'), fc.bigInt({ min: 0n, max: 9_999_999_999_999n }), fc.option(fc.stringMatching(/^\d{0,6}$/)))
      .map(([sign, whole, fraction]) => `${sign}${whole}${fraction === null ? '' : `.${fraction}`}`);
    fc.assert(
      fc.property(amount, fc.constantFrom('GBP', 'JPY', 'KWD'), (text, currency) => {
        const digits = currency === 'JPY' ? 0 : currency === 'KWD' ? 3 : 2;
        expect(attempt(text, currency)).toEqual(reference(text, digits));
      }),
      { numRuns: 2000 },
    );
  });

  it('never gives negative zero and keeps trailing zeros exact', () => {
    expect(Object.is(toMinor('-0.00'), 0)).toBe(true);
    expect(Object.is(toMinor('-.0'), 0)).toBe(true);
    expect(toMinor('12.300000')).toBe(1230);
    expect(() => toMinor('12.301')).toThrow(MoneyError);
  });
});
