import Decimal from 'decimal.js';
import { canonicalDecimal, vatInGross } from '../../../shared/money';
import { unprocessable } from '../errors';
import { automaticTreatment, SALES_TAX_STATUSES, type SalesTaxStatus } from '../../../shared/sales-tax';

// The automatic treatment is shared with the explain panel (one definition, shared/sales-tax.ts).
export { automaticTreatment, SALES_TAX_STATUSES, type SalesTaxStatus } from '../../../shared/sales-tax';

export interface SalesTaxInput {
  /** Signed gross in minor units (money out negative). */
  grossMinor: number;
  salesTaxRate?: string | undefined;
  manualSalesTaxAmount?: string | undefined;
  salesTaxStatus?: string | undefined;
  /** The category's auto_sales_tax_rate. */
  autoRate: string | null;
  datedOn: string;
  /** Whether the company charges VAT on this date; when not, nothing is taxed. */
  vatRegistered: boolean;
  toMinor(value: string, field: string): number;
}

export interface SalesTaxResult {
  salesTaxRate: string | null;
  salesTaxMinor: number;
  manualSalesTaxMinor: number | null;
  salesTaxStatus: SalesTaxStatus | null;
}

const NO_TAX: SalesTaxResult = { salesTaxRate: null, salesTaxMinor: 0, manualSalesTaxMinor: null, salesTaxStatus: null };

export function checkRate(rate: string): string {
  if (!/^\d+(\.\d+)?$/.test(rate) || new Decimal(rate).greaterThan(100)) throw unprocessable('sales_tax_rate must be a percentage from 0 to 100, or Auto');
  return canonicalDecimal(rate);
}

/** A sales_tax_status as asked for, upper-cased; anything but the three statuses is a 422. */
export function checkedStatus(salesTaxStatus: string | undefined): SalesTaxStatus | undefined {
  const status = salesTaxStatus?.toUpperCase();
  if (status !== undefined && !(SALES_TAX_STATUSES as readonly string[]).includes(status)) {
    throw unprocessable(`sales_tax_status must be one of ${SALES_TAX_STATUSES.join(', ')}`);
  }
  return status as SalesTaxStatus | undefined;
}

/** A manual VAT amount in minor units: never negative, never more than the gross it is part of. */
export function checkedManual(manualMinor: number, grossMinor: number): number {
  if (manualMinor < 0) throw unprocessable('manual_sales_tax_amount must not be negative');
  if (manualMinor > Math.abs(grossMinor)) throw unprocessable('manual_sales_tax_amount cannot be more than the gross value');
  return manualMinor;
}

/** Rules 1-6 of section 1 (expenses and bills; explanations follow the same rules). */
export function salesTax(input: SalesTaxInput): SalesTaxResult {
  const status = checkedStatus(input.salesTaxStatus);
  if (!input.vatRegistered) return NO_TAX;
  // Rule 6: exempt and out-of-scope items carry no tax whatever else is sent.
  if (status === 'EXEMPT' || status === 'OUT_OF_SCOPE') return { ...NO_TAX, salesTaxStatus: status };
  // Rules 4 and 5: a manual amount wins; the rate, if any, is ignored and none is returned.
  if (input.manualSalesTaxAmount !== undefined) {
    const manual = checkedManual(input.toMinor(input.manualSalesTaxAmount, 'manual_sales_tax_amount'), input.grossMinor);
    const signed = input.grossMinor < 0 ? -manual : manual;
    return { salesTaxRate: null, salesTaxMinor: signed, manualSalesTaxMinor: manual, salesTaxStatus: 'TAXABLE' };
  }
  // Rule 1: no rate (or Auto) takes the category's automatic rate.
  if (input.salesTaxRate === undefined || input.salesTaxRate.trim().toLowerCase() === 'auto') {
    const automatic = automaticTreatment(input.autoRate, input.datedOn);
    if ('status' in automatic) return { ...NO_TAX, salesTaxStatus: automatic.status };
    const rate = canonicalDecimal(automatic.rate);
    return { salesTaxRate: rate, salesTaxMinor: vatInGross(input.grossMinor, rate), manualSalesTaxMinor: null, salesTaxStatus: 'TAXABLE' };
  }
  // Rules 2 and 3: a given rate is kept and the value computed from it.
  const rate = checkRate(input.salesTaxRate.trim());
  return { salesTaxRate: rate, salesTaxMinor: vatInGross(input.grossMinor, rate), manualSalesTaxMinor: null, salesTaxStatus: 'TAXABLE' };
}
