import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineNetMinor, MoneyError, roundMinor, splitGross, vatInGross, vatOnNet } from '../../shared/money';

describe('VAT on a net amount', () => {
  it('is net x rate / 100, rounded to the penny half away from zero', () => {
    expect(vatOnNet(10000, '20')).toBe(2000);
    // 33.33 at 5% is 1.6665: rounds up to 1.67.
    expect(vatOnNet(3333, '5')).toBe(167);
    // 0.125 pence: rounds down to nothing.
    expect(vatOnNet(1, '12.5')).toBe(0);
    // 2.5 pence exactly: half away from zero, so 3 (banker's rounding would give 2).
    expect(vatOnNet(50, '5')).toBe(3);
    expect(vatOnNet(-50, '5')).toBe(-3);
    expect(vatOnNet(12345, '0')).toBe(0);
  });
});

describe('VAT inside a gross amount', () => {
  it('is gross x rate / (100 + rate): the VAT fraction 1/6 at 20%, 1/21 at 5%', () => {
    expect(vatInGross(12000, '20')).toBe(2000);
    // 10.01 at 5%: 1001 x 5 / 105 = 47.666...: 48 pence.
    expect(vatInGross(1001, '5')).toBe(48);
    // 0.03 at 20%: 0.5 pence exactly, away from zero.
    expect(vatInGross(3, '20')).toBe(1);
    expect(vatInGross(-3, '20')).toBe(-1);
    expect(vatInGross(999, '0')).toBe(0);
  });

  it('splits a gross into a net and VAT that add back to it exactly', () => {
    expect(splitGross(10001, '20')).toEqual({ netMinor: 8334, vatMinor: 1667 });
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), fc.constantFrom('20', '17.5', '15', '5', '0', '12.5'), (gross, rate) => {
        const { netMinor, vatMinor } = splitGross(gross, rate);
        expect(netMinor + vatMinor).toBe(gross);
        // The VAT is the exact fraction to within half a penny.
        const exact = new Decimal(gross).times(rate).dividedBy(new Decimal(rate).plus(100));
        expect(exact.minus(vatMinor).abs().lessThanOrEqualTo(0.5)).toBe(true);
      }),
    );
  });
});

describe('a line net', () => {
  it('is price x quantity less the discount, rounded once', () => {
    expect(lineNetMinor('33.33', '1', null, 'GBP')).toBe(3333);
    expect(lineNetMinor('100', '1', '10', 'GBP')).toBe(9000);
    // 0.333 x 3 = 0.999: 1.00 once rounded (rounding the price first would give 0.99).
    expect(lineNetMinor('0.333', '3', null, 'GBP')).toBe(100);
    expect(lineNetMinor('1000', '1', null, 'JPY')).toBe(1000);
    expect(lineNetMinor('1.2345', '1', null, 'KWD')).toBe(1235);
  });

  it('refuses a total too large to hold exactly', () => {
    expect(() => lineNetMinor('1e12', '1e12', null, 'GBP')).toThrow(MoneyError);
    expect(() => roundMinor(new Decimal('1e20'))).toThrow(MoneyError);
  });
});
