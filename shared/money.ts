import Decimal from 'decimal.js';

/**
 * Money lives as integer minor units (pence, cents) everywhere it is stored or summed, and as
 * decimal strings at the edges. No JavaScript float ever holds an amount: parsing goes through
 * decimal.js, and the integer is only formed once the value is known to be exact.
 */

// ISO 4217 currencies whose minor unit is not the usual two digits.
const MINOR_DIGITS: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0,
  UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
};

export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency.toUpperCase()] ?? 2;
}

const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export class MoneyError extends Error {}

/** Reads an amount given as a string (or a JSON number, which the live service also sends) into a Decimal. */
export function parseDecimal(value: unknown): Decimal {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new MoneyError('is not a number');
    // A JSON number is read through its shortest decimal text, which is what the sender wrote.
    return new Decimal(String(value));
  }
  if (typeof value !== 'string') throw new MoneyError('must be a decimal number');
  const text = value.trim();
  if (!DECIMAL_TEXT.test(text)) throw new MoneyError(`"${value}" is not a decimal number`);
  return new Decimal(text);
}

// A plain amount with few enough digits to convert with integer arithmetic alone (every part stays
// below 2^53, so it is exact); statement imports convert hundreds of thousands of these.
const PLAIN_AMOUNT = /^([+-]?)(\d{1,13})(?:\.(\d{0,6}))?$/;

function plainToMinor(text: string, digits: number): number | undefined {
  const match = PLAIN_AMOUNT.exec(text);
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  if (/[1-9]/.test(fraction.slice(digits))) throw new MoneyError(`has more than ${digits} decimal places`);
  // 13 digits and 2 places stay below 2^53; with a currency of 3 places (KWD, BHD) they need not, so
  // an amount that would pass it goes the exact Decimal way, which refuses it as too large.
  if (whole.length + digits > 15) return undefined;
  const minor = Number(whole) * 10 ** digits + Number(kept || '0');
  return sign === '-' && minor !== 0 ? -minor : minor;
}

/** Converts an amount to minor units, refusing more decimal places than the currency has. */
export function toMinor(value: unknown, currency = 'GBP'): number {
  const digits = minorDigits(currency);
  if (typeof value === 'string') {
    const plain = plainToMinor(value.trim(), digits);
    if (plain !== undefined) return plain;
  }
  const amount = parseDecimal(value);
  const scaled = amount.times(new Decimal(10).pow(digits));
  if (!scaled.isInteger()) throw new MoneyError(`has more than ${digits} decimal places`);
  if (scaled.abs().greaterThan(Number.MAX_SAFE_INTEGER)) throw new MoneyError('is too large');
  // "-0.00" is zero, not negative zero (which would print as "-0.0" nowhere but compare oddly).
  return scaled.toNumber() || 0;
}

/** Converts minor units to the service's decimal text: "1000.0", "957.5", "-12.34". */
export function fromMinor(minor: number, currency = 'GBP'): string {
  if (!Number.isSafeInteger(minor)) throw new MoneyError('minor units must be a safe integer');
  const digits = minorDigits(currency);
  // The digits of an integer, split at the currency's places: exact for every safe integer (String()
  // never uses an exponent below 1e21) and, unlike a Decimal per value, cheap enough for a page of
  // 100 postings, where new Decimal().dividedBy().toFixed() was 5% of a GET by id.
  const negative = minor < 0;
  const magnitude = String(negative ? -minor : minor);
  if (digits === 0) return `${negative ? '-' : ''}${magnitude}.0`;
  const padded = magnitude.length > digits ? magnitude : magnitude.padStart(digits + 1, '0');
  const split = padded.length - digits;
  let end = padded.length;
  // The service's form: no trailing zeros beyond the first fractional digit.
  while (end > split + 1 && padded.charCodeAt(end - 1) === 48) end -= 1;
  return `${negative ? '-' : ''}${padded.slice(0, split)}.${padded.slice(split, end)}`;
}

/** The live service writes decimals with at least one fractional digit and no trailing zeros beyond it. */
export function trimDecimal(text: string): string {
  if (!text.includes('.')) return `${text}.0`;
  const trimmed = text.replace(/0+$/, '');
  return trimmed.endsWith('.') ? `${trimmed}0` : trimmed;
}

/** Canonical text for a non-money decimal (mileage, rates): exact, trimmed like the service. */
export function canonicalDecimal(value: unknown): string {
  return trimDecimal(parseDecimal(value).toFixed());
}

/** Sums minor units exactly; integers below 2^53 add without rounding. */
export function sumMinor(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  if (!Number.isSafeInteger(total)) throw new MoneyError('total out of range');
  return total;
}

/*
 * VAT arithmetic: the one home of the formulas (DESIGN.md). Every VAT amount the engine stores and
 * every figure an editor previews comes from these, so a screen never disagrees with what is saved.
 * Each rounds once, to the minor unit, half away from zero (HMRC VAT Notice 700 section 17.5 lets a
 * business round VAT on a line to the nearest penny; the live service rounds half up, api-notes).
 */

/** Rounds an exact amount of minor units to a whole number of them, half away from zero. */
export function roundMinor(value: Decimal): number {
  const whole = value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  if (whole.abs().greaterThan(Number.MAX_SAFE_INTEGER)) throw new MoneyError('is too large');
  return whole.toNumber() || 0;
}

/** The VAT on a net amount at a percentage rate: net x rate / 100 (signed as the net). */
export function vatOnNet(netMinor: number, rate: Decimal.Value): number {
  return roundMinor(new Decimal(netMinor).times(rate).dividedBy(100));
}

/**
 * The VAT inside a VAT-inclusive (gross) amount at a percentage rate: gross x rate / (100 + rate)
 * (the VAT fraction, VAT Notice 700 section 4.3: 1/6 at 20%, 1/21 at 5%). The net is gross minus
 * this, so net + VAT = gross exactly.
 */
export function vatInGross(grossMinor: number, rate: Decimal.Value): number {
  const percent = new Decimal(rate);
  return roundMinor(new Decimal(grossMinor).times(percent).dividedBy(percent.plus(100)));
}

/** A gross amount split into its net and the VAT in it, which add back to the gross. */
export function splitGross(grossMinor: number, rate: Decimal.Value): { netMinor: number; vatMinor: number } {
  const vatMinor = vatInGross(grossMinor, rate);
  return { netMinor: grossMinor - vatMinor, vatMinor };
}

/**
 * A line's net in minor units: price x quantity, less a percentage discount, rounded once. VAT is then
 * charged on this discounted net (VAT Notice 700 section 7.4).
 */
export function lineNetMinor(price: Decimal.Value, quantity: Decimal.Value, discountPercent: Decimal.Value | null, currency: string): number {
  const kept = discountPercent === null ? new Decimal(1) : new Decimal(100).minus(discountPercent).dividedBy(100);
  return roundMinor(new Decimal(price).times(quantity).times(kept).times(new Decimal(10).pow(minorDigits(currency))));
}

/**
 * VAT under the flat rate scheme: the VAT-inclusive turnover times the sector's percentage (VAT Notice
 * 733 section 2.1), to the penny half away from zero.
 */
export function vatAtFlatRate(grossTurnoverMinor: number, flatRate: Decimal.Value): number {
  return vatOnNet(grossTurnoverMinor, flatRate);
}
