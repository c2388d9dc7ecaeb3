import Decimal from 'decimal.js';

/**
 * Amounts as statements write them, read into exact decimal text ("-12.34", "1000.00"): never a
 * JavaScript number, so nothing is rounded on the way in. The canonical form has a sign only when
 * negative, no leading zeros, and at least two decimals; further trailing zeros are dropped
 * ("-3.77000" is "-3.77") but real extra digits are kept for the engine to judge ("18.1505").
 */

export type DecimalMark = '.' | ',' | 'auto';

const SIGN_MINUS = /[-\u2212(]/;
const SIGN_CHARS = /[\s+\-\u2212()\u200e\u200f\u202a-\u202e\u061c]/gu;
const CURRENCY_SYMBOLS = /\p{Sc}/gu;
// What may be left of a prefix or suffix once signs and symbols are gone: a currency code or local
// abbreviation (EUR, kr, zł, Fr., د.إ), or CR/DR.
const CURRENCY_WORD = /^[\p{L}.]{0,4}$/u;

/** The amount in `raw`, or null when it is not one. */
// Most amounts are already plain: "-12.34". They skip the general reading.
const PLAIN = /^-?(?:0|[1-9]\d*)\.\d\d$/;

export function readAmount(raw: string, mark: DecimalMark = 'auto'): string | null {
  if (mark !== ',' && PLAIN.test(raw)) return raw === '-0.00' ? '0.00' : raw;
  if (mark === ',') {
    const plain = plainWithComma(raw);
    if (plain !== null) return plain;
  }
  const text = raw.trim();
  let first = -1;
  let last = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 48 && code <= 57) {
      if (first < 0) first = i;
      last = i;
    }
  }
  if (first < 0) return null;
  // ".50": a decimal mark right before the first digit belongs to the number.
  if (first > 0 && (text[first - 1] === '.' || text[first - 1] === ',') && !/\d/.test(text[first - 2] ?? '')) first--;
  // "6800," (MT940) ends with its decimal mark.
  if (text[last + 1] === ',' || text[last + 1] === '.') last++;

  const prefix = text.slice(0, first);
  const suffix = text.slice(last + 1);
  // "INV-1" is a reference, not minus one.
  if (/\p{L}[-\u2212]$/u.test(prefix)) return null;
  const digits = text.slice(first, last + 1);
  let negative = false;
  for (const part of [prefix, suffix]) {
    if (!part) continue;
    let rest = part.replace(SIGN_CHARS, '').replace(CURRENCY_SYMBOLS, '');
    if (/^(CR|DR)$/i.test(rest)) {
      if (rest.toUpperCase() === 'DR') negative = !negative;
      rest = '';
    }
    if (!CURRENCY_WORD.test(rest)) return null;
    // "EUR 12", "12.50EUR" are money; "VWZ1" is a column name.
    if (rest !== '' && !/[.,]/.test(digits) && !(part === prefix ? /\s$/.test(prefix) : /^\s/.test(suffix))) return null;
    if (SIGN_MINUS.test(part)) negative = true;
  }
  const core = readCore(digits, mark);
  if (!core) return null;
  return canonical(negative, core.integer, core.fraction);
}

/**
 * Digits with at most one decimal comma and nothing else ("123,45", "6800,", ",5"): MT940 writes
 * every amount so. Read straight into canonical form, which the general reading below would give
 * after three regular expressions, two splits and a join.
 */
function plainWithComma(raw: string): string | null {
  let comma = -1;
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code === 44 && comma < 0) comma = i;
    else if (code < 48 || code > 57) return null;
  }
  if (raw.length === (comma < 0 ? 0 : 1)) return null;
  // Already canonical but for its comma: two decimals, and no leading zero unless it is the only
  // digit before the comma (a fraction of two digits keeps both, zeros included).
  if (comma > 0 && comma === raw.length - 3 && (raw.charCodeAt(0) !== 48 || comma === 1)) return raw.replace(',', '.');
  return comma < 0 ? canonical(false, raw, '') : canonical(false, raw.slice(0, comma), raw.slice(comma + 1));
}

function readCore(core: string, mark: DecimalMark): { integer: string; fraction: string } | null {
  // Spaces, no-break spaces and apostrophes group thousands (1 234,56 and 11'373.94).
  const compact = core.replace(/[\s\u00a0\u202f'\u2019]/g, '');
  if (!/^[\d.,]+$/.test(compact)) return null;
  const decimal = mark === 'auto' ? guessDecimalMark(compact) : mark;
  const grouping = decimal === '.' ? ',' : '.';
  const parts = compact.split(grouping).join('').split(decimal);
  if (parts.length > 2) return null;
  const [integer, fraction = ''] = parts;
  if (integer === '' && fraction === '') return null;
  return { integer, fraction };
}

/**
 * For one amount alone: the last of two different marks is the decimal; a mark used twice groups
 * thousands; a lone comma before exactly three digits groups thousands, a lone dot is a decimal.
 */
export function guessDecimalMark(compact: string): '.' | ',' {
  const dot = compact.lastIndexOf('.');
  const comma = compact.lastIndexOf(',');
  if (dot >= 0 && comma >= 0) return dot > comma ? '.' : ',';
  if (dot >= 0) return compact.indexOf('.') === dot ? '.' : ',';
  if (comma >= 0) return compact.indexOf(',') === comma && compact.length - comma - 1 !== 3 ? ',' : '.';
  return '.';
}

/** `integer` and `fraction` are digits only (either may be empty). */
function canonical(negative: boolean, integer: string, fraction: string): string {
  // Leading zeros go, but not the last digit; trailing zeros of the fraction go, down to two places.
  let start = 0;
  while (start < integer.length - 1 && integer.charCodeAt(start) === 48) start++;
  const int = integer === '' ? '0' : integer.slice(start);
  let end = fraction.length;
  while (end > 0 && fraction.charCodeAt(end - 1) === 48) end--;
  const frac = end === 0 ? '00' : end === 1 ? `${fraction[0]}0` : fraction.slice(0, end);
  // Once trailing zeros are gone, a fraction of zeros only is the padding "00".
  const zero = int === '0' && frac === '00';
  return `${negative && !zero ? '-' : ''}${int}.${frac}`;
}

export function negate(amount: string): string {
  if (amount.startsWith('-')) return amount.slice(1);
  return isZero(amount) ? amount : `-${amount}`;
}

export function isZero(amount: string): boolean {
  return /^-?0\.0+$/.test(amount);
}

export function isNegative(amount: string): boolean {
  return amount.startsWith('-');
}

/** Exact sum of canonical amounts, in canonical form. */
export function addAmounts(a: string, b: string): string {
  const sum = new Decimal(a).plus(b);
  const [integer, fraction = ''] = sum.abs().toFixed().split('.');
  return canonical(sum.isNegative(), integer, fraction);
}
