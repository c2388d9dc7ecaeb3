import type { DocumentRow, ItemRow } from './documents';
import { toNativeMinor } from './currency';

export interface NativeLine {
  item: ItemRow;
  netMinor: number;
  taxMinor: number;
}

/** A document's values in the native currency, as it posts them. */
export interface NativeAmounts {
  lines: NativeLine[];
  netMinor: number;
  taxMinor: number;
  totalMinor: number;
  cisMinor: number;
  /** What trade debtors carries for the document: the total less the CIS deduction. */
  receivableMinor: number;
}

/**
 * Each item's net and tax is converted on its own and the totals are their sums, so the document's
 * postings balance to the penny whatever the exchange rate.
 */
export function nativeAmounts(doc: DocumentRow, items: readonly ItemRow[], nativeCurrency: string): NativeAmounts {
  const convert = (minor: number) => toNativeMinor(minor, doc.currency, nativeCurrency, doc.exchangeRate);
  const lines = items.map((item) => ({ item, netMinor: convert(item.netMinor), taxMinor: convert(item.salesTaxMinor) }));
  const netMinor = lines.reduce((sum, line) => sum + line.netMinor, 0);
  const taxMinor = lines.reduce((sum, line) => sum + line.taxMinor, 0);
  const cisMinor = convert(doc.cisDeductionMinor);
  return { lines, netMinor, taxMinor, totalMinor: netMinor + taxMinor, cisMinor, receivableMinor: netMinor + taxMinor - cisMinor };
}
