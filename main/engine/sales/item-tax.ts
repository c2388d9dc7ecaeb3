import Decimal from 'decimal.js';
import { MOSS_COUNTRIES, type MossCountry } from '../../../shared/api/bank_transaction_explanations';
import { canonicalDecimal, vatOnNet } from '../../../shared/money';
import { unprocessable } from '../errors';
import { mossRatesOn } from '../ledger/moss-rates';
import { automaticTreatment, SALES_TAX_STATUSES, type SalesTaxStatus } from '../ledger/sales-tax';
import type { CategoryRow } from './chart-codes';
import type { ContactRow } from './documents';

/** What a document says about where and how it sells, for working out its items' tax. */
export interface SaleContext {
  contact: Pick<ContactRow, 'chargeSalesTax' | 'country' | 'salesTaxRegistrationNumber'>;
  ecStatus: string | null;
  placeOfSupply: string | null;
  datedOn: string;
  /** Whether the company charges VAT on the document's date; when not, nothing is taxed. */
  vatRegistered: boolean;
}

export interface ItemTaxRequest {
  /** A percentage as given, or undefined to let the rules decide. */
  rate: string | undefined;
  status: string | undefined;
  category: CategoryRow;
}

export interface ItemTax {
  rate: string | null;
  status: SalesTaxStatus | null;
}

const ZERO: ItemTax = { rate: '0.0', status: 'TAXABLE' };

const isUk = (country: string) => country.trim() === '' || /^(united kingdom|uk|great britain|gb)$/i.test(country.trim());
const isEc = (country: string) => MOSS_COUNTRIES.some((name) => name.toLowerCase() === country.trim().toLowerCase());

function categoryTreatment(category: CategoryRow, datedOn: string, forceTax: boolean): ItemTax {
  const automatic = automaticTreatment(category.autoSalesTaxRate, datedOn);
  if ('rate' in automatic) return { rate: canonicalDecimal(automatic.rate), status: 'TAXABLE' };
  // "Always" charges VAT even on a category that has no rate of its own: the standard rate.
  if (forceTax && category.autoSalesTaxRate === null) {
    const standard = automaticTreatment('Standard rate', datedOn) as { rate: string };
    return { rate: canonicalDecimal(standard.rate), status: 'TAXABLE' };
  }
  return { rate: null, status: automatic.status };
}

function mossRates(sale: SaleContext) {
  const rates = mossRatesOn(sale.placeOfSupply as MossCountry, sale.datedOn);
  if (rates.length === 0) throw unprocessable(`No EC VAT MOSS rates apply on ${sale.datedOn}`);
  return rates;
}

/**
 * Invoice rule 2 of section 1: with no rate on the item, the contact's charge_sales_tax decides.
 * Never: zero-rated. Always: the category's rate (standard where the category has none). Auto: a UK
 * contact, or an EC one without a VAT number, is charged like Always; an EC business with a VAT
 * number (reverse charge) and a contact outside the UK and the EC (export) are zero-rated. An EC
 * Goods or EC Services sale is zero-rated, and an EC VAT MOSS sale takes the place of supply's
 * standard rate on the day.
 */
function ruleRate(request: ItemTaxRequest, sale: SaleContext): ItemTax {
  if (sale.ecStatus === 'EC VAT MOSS') return { rate: canonicalDecimal(mossRates(sale)[0]!.percentage), status: 'TAXABLE' };
  if (sale.ecStatus === 'EC Goods' || sale.ecStatus === 'EC Services') return ZERO;
  switch (sale.contact.chargeSalesTax) {
    case 'Never':
      return ZERO;
    case 'Always':
      return categoryTreatment(request.category, sale.datedOn, true);
    default: {
      const country = sale.contact.country;
      if (isUk(country)) return categoryTreatment(request.category, sale.datedOn, false);
      if (isEc(country)) return sale.contact.salesTaxRegistrationNumber ? ZERO : categoryTreatment(request.category, sale.datedOn, false);
      return ZERO;
    }
  }
}

function givenRate(text: string, sale: SaleContext): string {
  if (!/^\d+(\.\d+)?$/.test(text) || new Decimal(text).greaterThan(100)) throw unprocessable('sales_tax_rate must be a percentage from 0 to 100, or Auto');
  if (sale.ecStatus === 'EC VAT MOSS') {
    const rates = mossRates(sale);
    if (!rates.some((entry) => new Decimal(entry.percentage).equals(text))) {
      throw unprocessable(`sales_tax_rate ${text} is not a ${sale.placeOfSupply} VAT rate on ${sale.datedOn}; the rates are ${rates.map((entry) => `${entry.percentage} (${entry.band})`).join(', ')}`);
    }
  }
  return canonicalDecimal(text);
}

/** Invoice rules 1-3 of section 1 for one item. */
export function itemTax(request: ItemTaxRequest, sale: SaleContext): ItemTax {
  const status = request.status?.toUpperCase();
  if (status !== undefined && !(SALES_TAX_STATUSES as readonly string[]).includes(status)) {
    throw unprocessable(`sales_tax_status must be one of ${SALES_TAX_STATUSES.join(', ')}`);
  }
  if (!sale.vatRegistered) return { rate: null, status: null };
  // Rule 3: an exempt (or out of scope) item carries no tax whatever rate came with it.
  if (status === 'EXEMPT' || status === 'OUT_OF_SCOPE') return { rate: null, status };
  const rate = request.rate?.trim();
  if (rate === undefined || /^auto$/i.test(rate)) return ruleRate(request, sale);
  return { rate: givenRate(rate, sale), status: 'TAXABLE' };
}

/** The tax on an item's net at its rate, rounded to the minor unit half away from zero. */
export function taxOnNet(netMinor: number, rate: string | null): number {
  return rate === null ? 0 : vatOnNet(netMinor, rate);
}
