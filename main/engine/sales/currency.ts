import Decimal from 'decimal.js';
import { minorDigits } from '../../../shared/money';
import { unprocessable } from '../errors';

/**
 * Converts minor units of a document's currency to the company's native minor units at the document's
 * exchange rate (native units per unit of the document's currency), rounded to the native minor unit
 * half away from zero. The same currency converts exactly.
 */
export function toNativeMinor(minor: number, currency: string, nativeCurrency: string, exchangeRate: string): number {
  if (currency === nativeCurrency) return minor;
  const scale = new Decimal(10).pow(minorDigits(nativeCurrency) - minorDigits(currency));
  const native = new Decimal(minor).times(exchangeRate).times(scale).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  if (native.abs().greaterThan(Number.MAX_SAFE_INTEGER)) throw unprocessable(`exchange_rate ${exchangeRate} makes the ${nativeCurrency} amount too large to record`);
  return native.toNumber();
}

/** a x b / c rounded half away from zero, exactly (shares of a native amount). */
export function proportion(a: number, b: number, c: number): number {
  if (c === 0) return 0;
  return new Decimal(a).times(b).dividedBy(c).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
}
