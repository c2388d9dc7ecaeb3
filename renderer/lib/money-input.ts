/**
 * What a person types into a money field, read exactly. Accepts thousands separators ("1,250.00"),
 * a leading sign and spaces; refuses letters, misplaced commas and more decimal places than the
 * currency has, with a sentence to show at the field. Never passes the amount through a float: the
 * text goes to shared/money.ts, which forms integer minor units.
 */
import { fromMinor, minorDigits, MoneyError, toMinor } from '../../shared/money';

export type MoneyReading =
  | { ok: true; empty: false; minor: number; /** Decimal text for the engine: "1250.0". */ decimal: string }
  | { ok: true; empty: true }
  | { ok: false; message: string };

// Either plain digits, or digits grouped in threes by commas; then an optional fraction.
const GROUPED = /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/;

export function readMoney(text: string, currency = 'GBP', label = 'Amount'): MoneyReading {
  const trimmed = text.trim().replace(/\s+/g, '');
  if (trimmed === '') return { ok: true, empty: true };
  const match = GROUPED.exec(trimmed);
  if (!match || (match[2] === undefined && !match[3])) {
    return { ok: false, message: `${label} must be a number such as 1,250.00 (digits, commas between thousands, one decimal point).` };
  }
  const digits = minorDigits(currency);
  const fraction = match[3] ?? '';
  if (fraction.length > digits) {
    return { ok: false, message: `${label} has ${fraction.length} decimal place${fraction.length === 1 ? '' : 's'}; ${currency} amounts have ${digits === 0 ? 'none' : `at most ${digits}`}.` };
  }
  const plain = `${match[1]}${(match[2] ?? '0').replaceAll(',', '')}${fraction ? `.${fraction}` : ''}`;
  try {
    const minor = toMinor(plain, currency);
    return { ok: true, empty: false, minor, decimal: fromMinor(minor, currency) };
  } catch (error) {
    return { ok: false, message: `${label} ${error instanceof MoneyError ? error.message : 'is not an amount'}.` };
  }
}

/** Minor units shown for editing: grouped, with the currency's decimals ("1,250.00"). */
export function moneyForInput(minor: number, currency = 'GBP'): string {
  const digits = minorDigits(currency);
  const [whole, fraction] = fromMinor(minor, currency).split('.');
  const sign = whole!.startsWith('-') ? '-' : '';
  const grouped = whole!.replace('-', '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return digits === 0 ? `${sign}${grouped}` : `${sign}${grouped}.${(fraction ?? '').padEnd(digits, '0')}`;
}
