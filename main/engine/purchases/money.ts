import Decimal from 'decimal.js';
import { minorDigits, MoneyError, toMinor } from '../../../shared/money';
import { unprocessable } from '../errors';

/** An amount in minor units of a currency; too many decimal places or a non-number is a 422 naming the field. */
export function minorOf(value: string, currency: string, field: string): number {
  try {
    return toMinor(value, currency);
  } catch (error) {
    if (error instanceof MoneyError) throw unprocessable(`${field} ${error.message}`);
    throw error;
  }
}

/** Rounds to a whole number of minor units, half away from zero (the rule shared/money's VAT arithmetic uses too). */
const whole = (value: Decimal) => value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

/**
 * An amount in one currency's minor units converted at `rate` (units of `to` per one unit of `from`)
 * into another's, rounded to the minor unit. The exponents may differ (JPY has none, BHD three).
 */
export function convertMinor(minor: number, from: string, to: string, rate: string): number {
  const units = new Decimal(minor).dividedBy(new Decimal(10).pow(minorDigits(from)));
  return whole(units.times(rate).times(new Decimal(10).pow(minorDigits(to))));
}

/** minor x numerator / denominator, rounded: carries one amount across at the ratio of two others. */
export function scaleMinor(minor: number, numerator: number, denominator: number): number {
  if (denominator === 0) return 0;
  return whole(new Decimal(minor).times(numerator).dividedBy(denominator));
}

/** Re-reads an amount stored in one currency's minor units as the same decimal in another's. */
export function reinterpretMinor(minor: number, from: string, to: string, field: string): number {
  if (minorDigits(from) === minorDigits(to)) return minor;
  const text = new Decimal(minor).dividedBy(new Decimal(10).pow(minorDigits(from))).toFixed();
  return minorOf(text, to, field);
}
