import Decimal from 'decimal.js';
import { fromMinor, minorDigits } from '../../../../shared/money';

/** Symbols the PDF's standard fonts can draw (WinAnsi); other currencies are written by code. */
const SYMBOLS: Readonly<Record<string, string>> = { GBP: '£', EUR: '€', USD: '$' };

/** Minor units as a document shows them: "£1,250.00", "-€25.00", "CHF 1,250.00". */
export function pdfMoney(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const amount = new Decimal(fromMinor(Math.abs(minor), currency)).toFixed(digits);
  const [whole, fraction] = amount.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (fraction ? `.${fraction}` : '');
  const symbol = SYMBOLS[currency];
  const text = symbol ? `${symbol}${grouped}` : `${currency} ${grouped}`;
  return minor < 0 ? `-${text}` : text;
}

/** A decimal as typed ("2.0", "125.5") shown without trailing zeros past what it needs: "2", "125.5". */
export function pdfNumber(value: string): string {
  return new Decimal(value).toString();
}

/** A unit price with the currency's decimals at least, more when it has them: "45.00", "0.125". */
export function pdfPrice(value: string, currency: string): string {
  const price = new Decimal(value);
  return price.toFixed(Math.max(minorDigits(currency), price.decimalPlaces()));
}

/** "2026-08-16" as "16 August 2026". */
export function pdfDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  const name = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][month! - 1];
  return `${day} ${name} ${year}`;
}
