/**
 * VAT registration numbers, checked before they are kept or printed on an invoice.
 *
 * A UK number (GB, or XI for a Northern Ireland trader under the Windsor Framework) is 9 digits, 12 for a
 * branch of a VAT group (the last 3 name the branch and carry no check), or GD/HA and 3 digits for a
 * government department (GD000-GD499) or a health authority (HA500-HA999). The 9 digits carry HMRC's
 * check: the first 7 digits weighted 8, 7, 6, 5, 4, 3, 2 plus the last two read as a number is a
 * multiple of 97 ("modulus 97"), or, for numbers issued since 2010 (those from 100 0000 00 on), is 42
 * more than one ("9755": the sum plus 55 is a multiple of 97). A third remainder, 55, is also taken for
 * numbers from 100 0000 00 on, as python-stdnum does after numbers HMRC had issued were reported refused.
 *
 * An EU number is its country's prefix and that country's format, as the European Commission's VIES
 * service describes them (only the format is checked: the check digits differ by country).
 */

/** Spaces, dots and dashes people type inside numbers are not part of them; letters are upper case. */
export const compactVatNumber = (value: string) => value.replace(/[\s.-]+/g, '').toUpperCase();

const WEIGHTS = [8, 7, 6, 5, 4, 3, 2] as const;

function ukRemainder(nineDigits: string): number {
  const weighted = WEIGHTS.reduce((sum, weight, index) => sum + weight * Number(nineDigits[index]), 0);
  return (weighted + Number(nineDigits.slice(7, 9))) % 97;
}

/** Why a UK VAT number (with or without GB/XI) is not one, or null when it is. */
export function ukVatNumberProblem(value: string): string | null {
  const number = compactVatNumber(value).replace(/^(GB|XI)/, '');
  if (/^GD\d{3}$/.test(number)) return Number(number.slice(2)) < 500 ? null : 'is not a UK VAT number: a government department number is GD000 to GD499';
  if (/^HA\d{3}$/.test(number)) return Number(number.slice(2)) >= 500 ? null : 'is not a UK VAT number: a health authority number is HA500 to HA999';
  if (!/^(\d{9}|\d{12})$/.test(number)) return 'must be a UK VAT number: GB and 9 digits (12 for a branch of a VAT group)';
  const remainder = ukRemainder(number);
  const issuedSince2010 = Number(number.slice(0, 3)) >= 100;
  const valid = remainder === 0 || (issuedSince2010 && (remainder === 42 || remainder === 55));
  return valid ? null : "is not a valid UK VAT number: its check digits are wrong (compare it with the VAT registration certificate)";
}

/** The EU member states' VAT number formats after their prefix (Greece's prefix is EL). */
const EU_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{12}$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/**
 * Why a customer's or supplier's VAT number is not one, or null when it is (or when it is from a
 * country whose numbers this does not know: those are kept as typed). A number with no prefix is read
 * as a UK one, as a UK bookkeeper types them.
 */
export function vatNumberProblem(value: string): string | null {
  const number = compactVatNumber(value);
  if (number === '') return null;
  if (/^(GB|XI)/.test(number) || /^\d+$/.test(number)) return ukVatNumberProblem(number);
  const prefix = number.slice(0, 2);
  const format = EU_FORMATS[prefix];
  if (!format) return null;
  return format.test(number.slice(2)) ? null : `is not a valid ${prefix} VAT number: it does not have that country's format`;
}
