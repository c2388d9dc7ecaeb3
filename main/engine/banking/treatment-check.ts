import Decimal from 'decimal.js';
import { MOSS_COUNTRIES, type ExplanationInput, type MossCountry } from '../../../shared/api/bank_transaction_explanations';
import { unprocessable } from '../errors';
import { mossRatesOn } from '../ledger/moss-rates';
import type { ExplanationRow } from './records';

/**
 * The VAT treatment's rules that do not depend on the line it explains, in one place: an explanation
 * is checked by them as it is written, and a bank rule (whose actions become explanations later,
 * unseen) as it is saved, so a rule can never hold a treatment an explanation would refuse.
 */

/** The tax as asked for: how (mode), and the rate, manual amount or status given for it. */
export interface TaxRequest {
  mode: ExplanationRow['salesTaxMode'];
  rate?: string;
  manual?: string;
  status?: string;
}

type TaxFields = Pick<ExplanationInput, 'sales_tax_rate' | 'manual_sales_tax_amount' | 'sales_tax_status'>;

/** What the fields ask for, or null when they say nothing about tax. A status other than TAXABLE wins, then a manual amount, then a rate. */
export function askedTax(input: TaxFields): TaxRequest | null {
  if (input.sales_tax_rate === undefined && input.manual_sales_tax_amount === undefined && input.sales_tax_status === undefined) return null;
  const rate = input.sales_tax_rate === undefined || /^auto$/i.test(input.sales_tax_rate) ? undefined : input.sales_tax_rate;
  const manual = input.manual_sales_tax_amount ?? undefined;
  const status = input.sales_tax_status ?? undefined;
  const mode = status && status.toUpperCase() !== 'TAXABLE' ? 'status' : manual !== undefined ? 'manual' : rate !== undefined ? 'rate' : 'auto';
  return { mode, rate, manual, status };
}

/** A MOSS sale is taxed at one of the place of supply's own rates on the day. */
function checkMossRate(country: MossCountry, datedOn: string, rate: string): void {
  const rates = mossRatesOn(country, datedOn);
  if (rates.length === 0) throw unprocessable(`No EC VAT MOSS rates apply on ${datedOn}`);
  const given = new Decimal(rate);
  if (!rates.some((entry) => new Decimal(entry.percentage).equals(given))) {
    throw unprocessable(`sales_tax_rate ${rate} is not a ${country} VAT rate on ${datedOn}; the rates are ${rates.map((entry) => `${entry.percentage} (${entry.band})`).join(', ')}`);
  }
}

/** The place of supply is an EU country, and a MOSS sale names one and is taxed at one of its rates on `datedOn`. */
export function checkEcTreatment(ecStatus: string | null, placeOfSupply: string | null, request: TaxRequest, datedOn: string): void {
  if (placeOfSupply !== null && !(MOSS_COUNTRIES as readonly string[]).includes(placeOfSupply)) {
    throw unprocessable(`place_of_supply must be one of ${MOSS_COUNTRIES.join(', ')}`);
  }
  if (ecStatus === 'EC VAT MOSS') {
    if (!placeOfSupply) throw unprocessable('place_of_supply is required for an EC VAT MOSS sale');
    if (request.mode !== 'rate') throw unprocessable('sales_tax_rate is required for an EC VAT MOSS sale (the rate of the place of supply)');
    checkMossRate(placeOfSupply as MossCountry, datedOn, request.rate!);
  }
}
