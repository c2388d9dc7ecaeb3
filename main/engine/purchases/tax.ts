import { fromMinor } from '../../../shared/money';
import { automaticTreatment, salesTax, type SalesTaxResult } from '../ledger/sales-tax';
import { minorOf } from './money';

/** How the tax was asked for; stored as sales_tax_mode so a later change re-applies it the same way. */
export type TaxMode = 'auto' | 'rate' | 'manual' | 'status';

export interface TaxAsked {
  mode: TaxMode;
  rate?: string;
  manual?: string;
  status?: string;
}

/** The tax fields of a purchase payload (expense or bill item). */
export interface TaxFields {
  sales_tax_rate?: string | null;
  manual_sales_tax_amount?: string | null;
  sales_tax_status?: string | null;
}

/** What a stored purchase (expense or bill item) remembers of its tax. */
export interface StoredTax {
  salesTaxMode: string;
  salesTaxRate: string | null;
  manualSalesTaxMinor: number | null;
  salesTaxStatus: string | null;
}

/**
 * The tax as asked for now: from the payload when it says anything about tax, else as it was asked
 * before, so that (say) moving an automatic-rate expense to a zero-rated category takes that rate.
 * `manualCurrency` is the currency a stored manual amount is in.
 */
export function taxAsked(input: TaxFields, current: StoredTax | null, manualCurrency: string): TaxAsked {
  const saysSomething = input.sales_tax_rate !== undefined || input.manual_sales_tax_amount !== undefined || input.sales_tax_status !== undefined;
  if (saysSomething) {
    const rate = input.sales_tax_rate == null || /^auto$/i.test(input.sales_tax_rate) ? undefined : input.sales_tax_rate;
    const manual = input.manual_sales_tax_amount ?? undefined;
    const status = input.sales_tax_status ?? undefined;
    const mode: TaxMode = status && status.toUpperCase() !== 'TAXABLE' ? 'status' : manual !== undefined ? 'manual' : rate !== undefined ? 'rate' : 'auto';
    return { mode, rate, manual, status };
  }
  if (!current) return { mode: 'auto' };
  // A rate or amount the company was not registered to charge was never stored: fall back to automatic.
  switch (current.salesTaxMode) {
    case 'manual':
      return current.manualSalesTaxMinor !== null ? { mode: 'manual', manual: fromMinor(current.manualSalesTaxMinor, manualCurrency) } : { mode: 'auto' };
    case 'rate':
      return current.salesTaxRate !== null ? { mode: 'rate', rate: current.salesTaxRate } : { mode: 'auto' };
    case 'status':
      return { mode: 'status', status: current.salesTaxStatus ?? 'OUT_OF_SCOPE' };
    default:
      return { mode: 'auto' };
  }
}

export interface TaxContext {
  /** Signed gross the tax is inside, in minor units of `currency`. */
  grossMinor: number;
  currency: string;
  /** The category's auto_sales_tax_rate. */
  autoRate: string | null;
  datedOn: string;
  vatRegistered: boolean;
  /**
   * Rates (given or automatic) count as zero: the live service ignores a rate on a foreign-currency
   * expense, whose VAT is not reclaimable in the UK unless entered as a manual amount.
   */
  zeroRates?: boolean;
}

/** Rules 1-6 of section 1 applied to what was asked; the result keeps the mode it was asked in. */
export function purchaseTax(asked: TaxAsked, context: TaxContext): SalesTaxResult & { salesTaxMode: TaxMode } {
  let rate = asked.rate;
  let status = asked.status;
  if (context.zeroRates && asked.mode === 'rate') rate = '0';
  if (context.zeroRates && asked.mode === 'auto') {
    const automatic = automaticTreatment(context.autoRate, context.datedOn);
    if ('rate' in automatic) rate = '0';
    else status = automatic.status;
  }
  const result = salesTax({
    grossMinor: context.grossMinor,
    salesTaxRate: rate,
    manualSalesTaxAmount: asked.manual,
    salesTaxStatus: status,
    autoRate: context.autoRate,
    datedOn: context.datedOn,
    vatRegistered: context.vatRegistered,
    toMinor: (value, field) => minorOf(value, context.currency, field),
  });
  return { ...result, salesTaxMode: asked.mode };
}
