import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalDecimal, fromMinor, minorDigits, MoneyError, parseDecimal, sumMinor, toMinor, trimDecimal } from '../../shared/money';

describe('minorDigits', () => {
  it('knows the currencies without two decimal places, in any case', () => {
    expect(minorDigits('GBP')).toBe(2);
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('jpy')).toBe(0);
    expect(minorDigits('KRW')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
    expect(minorDigits('BHD')).toBe(3);
    // An unknown code is treated like most currencies.
    expect(minorDigits('XYZ')).toBe(2);
  });
});

describe('toMinor', () => {
  it('reads decimal text into exact minor units', () => {
    expect(toMinor('1000.0')).toBe(100000);
    expect(toMinor('957.5')).toBe(95750);
    expect(toMinor('0.1')).toBe(10);
    expect(toMinor('-12.34')).toBe(-1234);
    expect(toMinor(' 1.50 ')).toBe(150);
    expect(toMinor('.5')).toBe(50);
    expect(toMinor('5.')).toBe(500);
    expect(toMinor('+3')).toBe(300);
    expect(toMinor('1.000')).toBe(100);
    expect(toMinor('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('uses the currency’s own number of decimal places', () => {
    expect(toMinor('1000', 'JPY')).toBe(1000);
    expect(toMinor('1.005', 'KWD')).toBe(1005);
    expect(() => toMinor('1000.5', 'JPY')).toThrow('has more than 0 decimal places');
    expect(() => toMinor('1.0005', 'KWD')).toThrow('has more than 3 decimal places');
  });

  it('refuses more decimal places than the currency has instead of rounding', () => {
    expect(() => toMinor('1000.005')).toThrow(MoneyError);
    expect(() => toMinor('1000.005')).toThrow('has more than 2 decimal places');
    expect(() => toMinor('0.001')).toThrow(MoneyError);
  });

  it('reads a JSON number by the digits it was written with, and refuses float noise', () => {
    expect(toMinor(0.1)).toBe(10);
    expect(toMinor(1000.5)).toBe(100050);
    // 0.1 + 0.2 is 0.30000000000000004 as a float: refused, never rounded to 30.
    expect(() => toMinor(0.1 + 0.2)).toThrow(MoneyError);
  });

  it('refuses what is not a decimal number, or too big to be exact', () => {
    for (const bad of ['1e3', '', ' ', 'abc', '12,50', '£10', '1.2.3', '--1', 'NaN', 'Infinity']) expect(() => toMinor(bad), bad).toThrow(MoneyError);
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, null, undefined, {}, [], true]) expect(() => toMinor(bad), String(bad)).toThrow(MoneyError);
    expect(() => toMinor('90071992547409.92')).toThrow('is too large');
    expect(() => toMinor('-99999999999999999999')).toThrow('is too large');
  });
});

describe('fromMinor', () => {
  it('writes decimals the way the service does: at least one decimal place, no trailing zeros', () => {
    expect(fromMinor(100000)).toBe('1000.0');
    expect(fromMinor(95750)).toBe('957.5');
    expect(fromMinor(-1234)).toBe('-12.34');
    expect(fromMinor(5)).toBe('0.05');
    expect(fromMinor(-5)).toBe('-0.05');
    expect(fromMinor(0)).toBe('0.0');
    expect(fromMinor(-0)).toBe('0.0');
    expect(fromMinor(Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
  });

  it('uses the currency’s own number of decimal places', () => {
    expect(fromMinor(1000, 'JPY')).toBe('1000.0');
    expect(fromMinor(1005, 'KWD')).toBe('1.005');
    expect(fromMinor(1500, 'KWD')).toBe('1.5');
  });

  it('refuses anything but a safe integer', () => {
    expect(() => fromMinor(1.5)).toThrow(MoneyError);
    expect(() => fromMinor(2 ** 53)).toThrow(MoneyError);
    expect(() => fromMinor(Number.NaN)).toThrow(MoneyError);
  });

  it('round-trips with toMinor for every safe amount in every kind of currency', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.constantFrom('GBP', 'JPY', 'KWD'), (minor, currency) => {
        expect(toMinor(fromMinor(minor, currency), currency)).toBe(minor === 0 ? 0 : minor);
      }),
    );
  });
});

describe('decimal text', () => {
  it('trims like the service', () => {
    expect(trimDecimal('1000')).toBe('1000.0');
    expect(trimDecimal('1000.00')).toBe('1000.0');
    expect(trimDecimal('957.50')).toBe('957.5');
    expect(trimDecimal('0.000')).toBe('0.0');
    expect(trimDecimal('12.345')).toBe('12.345');
  });

  it('writes non-money decimals exactly, in plain notation', () => {
    expect(canonicalDecimal('1200.50')).toBe('1200.5');
    expect(canonicalDecimal('007')).toBe('7.0');
    expect(canonicalDecimal(12.5)).toBe('12.5');
    expect(canonicalDecimal('0.0000001')).toBe('0.0000001');
    expect(canonicalDecimal('12345678901234567890.10')).toBe('12345678901234567890.1');
    expect(() => canonicalDecimal('1e3')).toThrow(MoneyError);
  });

  it('parses without passing through a float', () => {
    expect(parseDecimal('0.1').plus(parseDecimal('0.2')).toString()).toBe('0.3');
    expect(parseDecimal('12345678901234567890.12').toFixed()).toBe('12345678901234567890.12');
  });
});

describe('sumMinor', () => {
  it('adds minor units exactly and refuses a total beyond exact range', () => {
    expect(sumMinor([10, 20])).toBe(30);
    expect(sumMinor([])).toBe(0);
    expect(sumMinor([-95750, 100000])).toBe(4250);
    expect(() => sumMinor([Number.MAX_SAFE_INTEGER, 1])).toThrow(MoneyError);
  });
});
