import { vatOnNet } from '../../../shared/money';
import { categoryByCode } from '../purchases/categories';
import type { EngineContext } from '../context';
import type { PostingLine } from './postings';
import type { SalesTaxResult } from './sales-tax';

/**
 * Purchases on which the supplier charged no VAT and the buyer accounts for it instead: EC goods and
 * services acquired before 2021, and the domestic and international reverse charge from 2021 (HMRC VAT
 * Notice 741A section 17, 700/12 section 6, 725 section 2; docs/api-notes.md "Reverse charge"). The
 * whole amount paid is the net; the VAT on it is output tax (box 1, box 2 for EC goods) and input tax
 * (box 4) at once, so it costs a fully taxable business nothing but shows on both sides of the return.
 */
const SELF_ACCOUNTED_EC_STATUSES: ReadonlySet<string> = new Set(['EC Goods', 'EC Services', 'Reverse Charge']);

const VAT_RECLAIMED = '818';
const VAT_CHARGED = '819';

export function isSelfAccounted(ecStatus: string | null | undefined, salesTaxStatus: string | null | undefined): boolean {
  return ecStatus != null && SELF_ACCOUNTED_EC_STATUSES.has(ecStatus) && salesTaxStatus === 'TAXABLE';
}

/**
 * The tax as the supplier charged it: none under the reverse charge, so the whole amount is net. The
 * rate (or a manual amount) is kept: it is what the buyer accounts for itself when the purchase posts.
 */
export function suppliersTax<T extends SalesTaxResult>(tax: T, ecStatus: string | null, isPurchase: boolean): T {
  if (!isPurchase || !isSelfAccounted(ecStatus, tax.salesTaxStatus)) return tax;
  return { ...tax, salesTaxMinor: 0 };
}

export interface SelfAccounting {
  /** The net line's debit in native minor units (a purchase is positive, a refund negative). */
  netDebitMinor: number;
  salesTaxRate: string | null;
  /** A manual VAT amount in native minor units, unsigned; it wins over the rate. */
  manualSalesTaxMinor: number | null;
}

/**
 * The self-accounted VAT's two postings: a debit to VAT Reclaimed (818) and the same credit to VAT
 * Charged (819). They net to nothing in the ledger; the VAT return reads each side.
 */
export function reverseChargeLines(ctx: EngineContext, base: Pick<PostingLine, 'datedOn' | 'description'>, self: SelfAccounting): PostingLine[] {
  const magnitude = self.manualSalesTaxMinor !== null ? self.manualSalesTaxMinor : self.salesTaxRate !== null ? Math.abs(vatOnNet(self.netDebitMinor, self.salesTaxRate)) : 0;
  if (magnitude === 0 || self.netDebitMinor === 0) return [];
  const tax = self.netDebitMinor < 0 ? -magnitude : magnitude;
  return [
    { ...base, categoryId: categoryByCode(ctx, VAT_RECLAIMED).id, debitMinor: tax },
    { ...base, categoryId: categoryByCode(ctx, VAT_CHARGED).id, debitMinor: -tax },
  ];
}
