import Decimal from 'decimal.js';
import { EC_STATUSES, type ExplanationInput } from '../../../../shared/api/bank_transaction_explanations';
import { fromMinor } from '../../../../shared/money';
import { automaticTreatment } from '../../ledger/sales-tax';
import type { ExplanationRow } from '../records';
import { decimal, type ApiRecord } from '../../values';

/**
 * The VAT treatment a suggestion proposes, in the terms an explanation is asked for with: a rate, a
 * manual VAT amount, a status (exempt or out of scope), the EC status and the MOSS place of supply.
 * No rate, amount or status means the category's automatic rate, as for a POST of an explanation.
 * The whole treatment is carried, not the rate alone: a reverse charge is output and input tax
 * together (VAT Notice 741A section 17), and a rate without its EC status reclaims tax never charged.
 */
export interface TaxTreatment {
  salesTaxRate?: string;
  /** Unsigned decimal text in the company's currency, as manual_sales_tax_amount is sent. */
  manualSalesTaxAmount?: string;
  salesTaxStatus?: string;
  ecStatus?: EcStatus;
  placeOfSupply?: string;
}

type EcStatus = (typeof EC_STATUSES)[number];

export type StoredTax = Pick<ExplanationRow, 'salesTaxMode' | 'salesTaxRate' | 'manualSalesTaxMinor' | 'salesTaxStatus' | 'ecStatus' | 'placeOfSupply'>;

const isEcStatus = (value: string): value is EcStatus => (EC_STATUSES as readonly string[]).includes(value);

/**
 * What the person asked for when they explained a line, read back from what is stored as an update of
 * that explanation reads it (explain.ts, taxRequest): the mode says whether the rate was given or came
 * from the category, so an automatic line proposes automatic (the category's rate on the new line's
 * date) and not the rate it happened to come to. Null when the stored EC status is not one an
 * explanation can be asked for: then the treatment cannot be proposed.
 */
export function askedTreatment(stored: StoredTax, native: string): TaxTreatment | null {
  if (stored.ecStatus !== null && !isEcStatus(stored.ecStatus)) return null;
  const ec: TaxTreatment = {};
  if (stored.ecStatus !== null) ec.ecStatus = stored.ecStatus;
  if (stored.placeOfSupply !== null) ec.placeOfSupply = stored.placeOfSupply;
  switch (stored.salesTaxMode) {
    case 'rate':
      // Not VAT registered on the day, the rate asked for was not kept: as automatic, like an update.
      return stored.salesTaxRate !== null ? { ...ec, salesTaxRate: stored.salesTaxRate } : ec;
    case 'manual':
      return stored.manualSalesTaxMinor !== null ? { ...ec, manualSalesTaxAmount: fromMinor(stored.manualSalesTaxMinor, native) } : ec;
    case 'status':
      return { ...ec, salesTaxStatus: stored.salesTaxStatus ?? 'OUT_OF_SCOPE' };
    default:
      return ec;
  }
}

/** Where the treatment was given: the line's gross, and what its category's automatic rate gave on its date. */
export interface GivenOn {
  grossMinor: number;
  autoRate: string | null;
  datedOn: string;
}

/**
 * Two treatments are the same when they post the same way, so a person who sometimes leaves a
 * payee's VAT on Auto and sometimes picks the rate Auto gives is not taken to disagree with
 * themselves: a rate or status equal to the category's automatic one on that line's date counts as
 * automatic, and UK/Non-EC says no more than no EC status. A manual amount is only the same on the
 * same gross, so the gross is part of its key.
 */
export function treatmentKey(treatment: TaxTreatment | null, given: GivenOn): string {
  if (treatment === null) return '?';
  const automatic = automaticTreatment(given.autoRate, given.datedOn);
  const rate = treatment.salesTaxRate !== undefined && !('rate' in automatic && new Decimal(automatic.rate).equals(treatment.salesTaxRate)) ? treatment.salesTaxRate : '';
  const status = treatment.salesTaxStatus !== undefined && !('status' in automatic && automatic.status === treatment.salesTaxStatus) ? treatment.salesTaxStatus : '';
  const ec = treatment.ecStatus === 'UK/Non-EC' ? '' : (treatment.ecStatus ?? '');
  const manual = treatment.manualSalesTaxAmount !== undefined ? `${treatment.manualSalesTaxAmount}@${Math.abs(given.grossMinor)}` : '';
  return [rate, manual, status, ec, treatment.placeOfSupply ?? ''].join('|');
}

/** The treatment's fields of `suggested_explanation`, each left out when the treatment does not say it. */
export function treatmentRecord(treatment: TaxTreatment): ApiRecord {
  return {
    sales_tax_rate: treatment.salesTaxRate !== undefined ? decimal(treatment.salesTaxRate) : undefined,
    manual_sales_tax_amount: treatment.manualSalesTaxAmount !== undefined ? decimal(treatment.manualSalesTaxAmount) : undefined,
    sales_tax_status: treatment.salesTaxStatus,
    ec_status: treatment.ecStatus,
    place_of_supply: treatment.placeOfSupply,
  };
}

/** The treatment as the explanation accepting it is created with. */
export function treatmentInput(treatment: TaxTreatment): Pick<ExplanationInput, 'sales_tax_rate' | 'manual_sales_tax_amount' | 'sales_tax_status' | 'ec_status' | 'place_of_supply'> {
  return {
    sales_tax_rate: treatment.salesTaxRate,
    manual_sales_tax_amount: treatment.manualSalesTaxAmount,
    sales_tax_status: treatment.salesTaxStatus,
    ec_status: treatment.ecStatus,
    place_of_supply: treatment.placeOfSupply,
  };
}
