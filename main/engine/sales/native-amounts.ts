import type { DocumentRow, ItemRow } from './documents';
import { absorbDifference } from '../ledger/rounding-difference';
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
 * The document's total and its VAT are each converted whole, so the native total is the total times
 * the rate and the VAT is the VAT times the rate (what the customer is billed and what goes on the
 * return). Lines are converted one by one for the income categories, and the pennies their rounding
 * loses or gains go to the largest line, so the postings balance and nothing lands in exchange gains.
 */
export function nativeAmounts(doc: DocumentRow, items: readonly ItemRow[], nativeCurrency: string): NativeAmounts {
  const convert = (minor: number) => toNativeMinor(minor, doc.currency, nativeCurrency, doc.exchangeRate);
  const foreignNet = items.reduce((sum, item) => sum + item.netMinor, 0);
  const foreignTax = items.reduce((sum, item) => sum + item.salesTaxMinor, 0);
  const totalMinor = convert(foreignNet + foreignTax);
  const taxMinor = convert(foreignTax);
  const netMinor = totalMinor - taxMinor;
  const nets = items.map((item) => convert(item.netMinor));
  const taxes = items.map((item) => convert(item.salesTaxMinor));
  absorbDifference(nets, netMinor);
  absorbDifference(taxes, taxMinor);
  const lines = items.map((item, index) => ({ item, netMinor: nets[index]!, taxMinor: taxes[index]! }));
  const cisMinor = convert(doc.cisDeductionMinor);
  return { lines, netMinor, taxMinor, totalMinor, cisMinor, receivableMinor: totalMinor - cisMinor };
}
