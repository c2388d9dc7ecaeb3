import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addAmounts, negate, readAmount } from '../../main/importers/amounts';

describe('readAmount', () => {
  it.each([
    ['-12.34', '-12.34'],
    ['1000', '1000.00'],
    ['+5', '5.00'],
    ['-0.00', '0.00'],
    ['000000000473,17', '473.17'],
    ['6800,', '6800.00'],
    ['-3.77000', '-3.77'],
    ['18.1505', '18.1505'],
    ['.50', '0.50'],
  ])('reads %s as %s', (raw, expected) => expect(readAmount(raw)).toBe(expected));

  it.each([
    ['£1,234.56', '1234.56'],
    ['-$7,971.39', '-7971.39'],
    ['+ £1,234.56', '1234.56'],
    ['-£52.00', '-52.00'],
    ['€ -20,00', '-20.00'],
    ['EUR 100', '100.00'],
    ['12.50 CHF', '12.50'],
    ['(12.34)', '-12.34'],
    ['100.00-', '-100.00'],
    ['12.34 DR', '-12.34'],
    ['12.34 CR', '12.34'],
    ['\u062f.\u0625\u200f4.750', '4.75'],
  ])('reads currency signs and sign conventions: %s', (raw, expected) => expect(readAmount(raw)).toBe(expected));

  it.each([
    ["11'373.94", '11373.94'],
    ['1 234,56', '1234.56'],
    ['4.626,81', '4626.81'],
    ['1,000.00', '1000.00'],
    ['1.000.000', '1000000.00'],
  ])('reads thousands separators: %s', (raw, expected) => expect(readAmount(raw)).toBe(expected));

  it('follows the decimal mark the file uses when one is given', () => {
    expect(readAmount('1.234', ',')).toBe('1234.00');
    expect(readAmount('1,234', '.')).toBe('1234.00');
    expect(readAmount('-98,76', ',')).toBe('-98.76');
  });

  it.each(['', 'abc', 'INV-1', 'VWZ1', 'Order 99309', '1.2.3,4,5', 'Item total: $1.00'])('does not take %j for an amount', (raw) => {
    expect(readAmount(raw)).toBeNull();
  });

  it('is exact for any amount written the common ways', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.constantFrom('plain', 'grouped', 'comma', 'pound'), (pence, style) => {
        const negative = pence < 0n;
        const abs = negative ? -pence : pence;
        const whole = (abs / 100n).toString();
        const fraction = (abs % 100n).toString().padStart(2, '0');
        const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, style === 'comma' ? '.' : ',');
        const text =
          style === 'plain' ? `${whole}.${fraction}` : style === 'comma' ? `${grouped},${fraction}` : style === 'pound' ? `£${grouped}.${fraction}` : `${grouped}.${fraction}`;
        const read = readAmount(`${negative ? '-' : ''}${text}`, style === 'comma' ? ',' : '.');
        expect(read).not.toBeNull();
        expect(new Decimal(read!).times(100).toFixed(0)).toBe(pence.toString());
        expect(read).toMatch(/^-?\d+\.\d{2}$/);
      }),
    );
  });
});

describe('amount arithmetic', () => {
  it('negates and adds without floating point', () => {
    expect(negate('12.30')).toBe('-12.30');
    expect(negate('-12.30')).toBe('12.30');
    expect(negate('0.00')).toBe('0.00');
    expect(addAmounts('0.10', '0.20')).toBe('0.30');
    expect(addAmounts('10.00', '-1500.00')).toBe('-1490.00');
  });
});
