import { fromMinor, toMinor } from '../../shared/money';
import { formatMoney } from '../lib/format';

/**
 * What rows come to per currency, exact in minor units, as "£1,200.00" strings (one per currency
 * that does not come to zero): a list's "To pay", "Owed to you" or "Estimated" line.
 * `amount` gives a row's amount (a decimal string) or null to leave the row out.
 */
export function totalsByCurrency<Row extends { currency: string }>(rows: readonly Row[], amount: (row: Row) => string | null): string[] {
  const byCurrency = new Map<string, number>();
  for (const row of rows) {
    const value = amount(row);
    if (value !== null) byCurrency.set(row.currency, (byCurrency.get(row.currency) ?? 0) + toMinor(value, row.currency));
  }
  return [...byCurrency]
    .filter(([, minor]) => minor !== 0)
    .map(([currency, minor]) => formatMoney(fromMinor(minor, currency), currency));
}
