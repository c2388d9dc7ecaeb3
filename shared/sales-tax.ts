/**
 * What a category's automatic VAT (its auto_sales_tax_rate) comes to on a date: the one definition,
 * used by the engine to post an explanation, expense or bill line on Auto, and by the explain panel to
 * tell a rate that Auto gives from one chosen by hand.
 */

export const SALES_TAX_STATUSES = ['TAXABLE', 'EXEMPT', 'OUT_OF_SCOPE'] as const;
export type SalesTaxStatus = (typeof SALES_TAX_STATUSES)[number];

/** UK VAT rates by band, with the dates they changed (standard rate 17.5% until 3 January 2011). */
const UK_RATES: readonly { from: string; standard: string; reduced: string }[] = [
  { from: '0000-01-01', standard: '17.5', reduced: '5' },
  { from: '2008-12-01', standard: '15', reduced: '5' },
  { from: '2010-01-01', standard: '17.5', reduced: '5' },
  { from: '2011-01-04', standard: '20', reduced: '5' },
];

/** What a category's auto_sales_tax_rate means on a date: a rate, or a status without tax. */
export function automaticTreatment(autoRate: string | null, datedOn: string): { rate: string } | { status: SalesTaxStatus } {
  const band = [...UK_RATES].reverse().find((entry) => entry.from <= datedOn)!;
  switch (autoRate) {
    case 'Standard rate':
      return { rate: band.standard };
    case 'Reduced rate':
      return { rate: band.reduced };
    case 'Zero rate':
      return { rate: '0' };
    case 'Exempt':
      return { status: 'EXEMPT' };
    default:
      // "Outside of the scope of VAT", or a category with no automatic rate (most general ones).
      return { status: 'OUT_OF_SCOPE' };
  }
}
