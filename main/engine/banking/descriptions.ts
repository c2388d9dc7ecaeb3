import Decimal from 'decimal.js';
import { minorDigits } from '../../../shared/money';

const SYMBOLS: Readonly<Record<string, string>> = { GBP: '£', USD: '$', EUR: '€', JPY: '¥' };

/**
 * A statement line's description as the live service stores it: "text/reference/TYPE/". Keeping the
 * same form means lines pulled from the service and lines uploaded here deduplicate against each other.
 */
export function storedDescription(text: string, reference: string, transactionType: string): string {
  return `${text.trim()}/${reference.trim()}/${transactionType}/`;
}

/** "£1,000.00": the unsigned amount with its currency, as full_description ends. */
export function formattedAmount(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const [whole, fraction] = new Decimal(Math.abs(minor)).dividedBy(new Decimal(10).pow(digits)).toFixed(digits).split('.') as [string, string | undefined];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const symbol = SYMBOLS[currency] ?? `${currency} `;
  return `${symbol}${grouped}${fraction ? `.${fraction}` : ''}`;
}

export const fullDescription = (description: string, amountMinor: number, currency: string) =>
  `${description}${formattedAmount(amountMinor, currency)}`;
