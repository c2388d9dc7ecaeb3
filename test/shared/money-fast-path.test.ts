import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinor, MoneyError, toMinor, trimDecimal } from '../../shared/money';

/** What toMinor must give, by decimal.js alone: the reference the integer fast path is held to. */
function reference(text: string, digits: number): number | 'refused' {
  const scaled = new Decimal(text).times(new Decimal(10).pow(digits));
  // Past 2^53 no JavaScript number holds the amount exactly: it is refused, never rounded.
  if (scaled.abs().greaterThan(Number.MAX_SAFE_INTEGER)) return 'refused';
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

  it('refuses an amount in a three-place currency too large to hold exactly, rather than round it', () => {
    // 13 whole digits and 3 places pass 2^53: the integer path stored 10000000000000000 for this.
    expect(attempt('9999999999999.999', 'KWD')).toBe('refused');
    expect(attempt('9007199254740.993', 'KWD')).toBe('refused');
    expect(toMinor('9007199254740.991', 'KWD')).toBe(Number.MAX_SAFE_INTEGER);
    expect(toMinor('9999999999999.99', 'GBP')).toBe(999_999_999_999_999);
  });

  it('never gives negative zero and keeps trailing zeros exact', () => {
    expect(Object.is(toMinor('-0.00'), 0)).toBe(true);
    expect(Object.is(toMinor('-.0'), 0)).toBe(true);
    expect(toMinor('12.300000')).toBe(1230);
    expect(() => toMinor('12.301')).toThrow(MoneyError);
  });
});

describe('fromMinor', () => {
  /** What fromMinor gave before its integer path, by decimal.js alone. */
  const reference = (minor: number, digits: number) => trimDecimal(new Decimal(minor).dividedBy(new Decimal(10).pow(digits)).toFixed(digits));

  it('writes every safe integer exactly as decimal.js does, in every currency exponent', () => {
    const minor = fc.oneof(fc.integer({ min: -100_000, max: 100_000 }), fc.maxSafeInteger(), fc.constantFrom(0, 1, -1, 10, -10, 100, -100, 1000, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER));
    fc.assert(
      fc.property(minor, fc.constantFrom('GBP', 'JPY', 'KWD'), (value, currency) => {
        const digits = currency === 'JPY' ? 0 : currency === 'KWD' ? 3 : 2;
        expect(fromMinor(value, currency)).toBe(reference(value, digits));
      }),
      { numRuns: 3000 },
    );
    expect([fromMinor(100000), fromMinor(95750), fromMinor(-1234), fromMinor(-5), fromMinor(0), fromMinor(7, 'JPY'), fromMinor(-1, 'KWD')]).toEqual(['1000.0', '957.5', '-12.34', '-0.05', '0.0', '7.0', '-0.001']);
  });

  it('refuses what is not a safe integer', () => {
    expect(() => fromMinor(1.5)).toThrow(MoneyError);
    expect(() => fromMinor(Number.MAX_SAFE_INTEGER + 1)).toThrow(MoneyError);
  });
});
