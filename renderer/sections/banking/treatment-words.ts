/**
 * A VAT treatment (a suggestion's or a rule's: rate, manual amount, status, EC status) in words, so a
 * reverse charge or an exempt cost is seen before it is taken: "VAT 20% · reverse charge", "Exempt".
 */
import Decimal from 'decimal.js';
import { formatMoney } from '../../lib/format';
import type { VatChoice } from './explain-form';
import { MOSS } from './explain-form';

export interface TreatmentFields {
  sales_tax_rate?: string | undefined;
  manual_sales_tax_amount?: string | undefined;
  sales_tax_status?: string | undefined;
  ec_status?: string | undefined;
  place_of_supply?: string | undefined;
}

const EC_WORDS: Readonly<Record<string, string>> = {
  'EC Goods': 'EC goods',
  'EC Services': 'reverse charge',
  [MOSS]: 'VAT MOSS',
};

export function treatmentText(treatment: TreatmentFields, currency = 'GBP'): string {
  const parts: string[] = [];
  const status = treatment.sales_tax_status?.toUpperCase();
  if (status === 'EXEMPT') parts.push('Exempt');
  else if (status === 'OUT_OF_SCOPE') parts.push('Out of scope');
  else if (treatment.manual_sales_tax_amount !== undefined) parts.push(`VAT ${formatMoney(treatment.manual_sales_tax_amount, currency)}`);
  else if (treatment.sales_tax_rate !== undefined) parts.push(`VAT ${Number(treatment.sales_tax_rate)}%`);
  const ec = treatment.ec_status !== undefined ? EC_WORDS[treatment.ec_status] : undefined;
  if (ec) parts.push(treatment.ec_status === MOSS && treatment.place_of_supply ? `${ec} (${treatment.place_of_supply})` : ec);
  return parts.join(' · ');
}

/**
 * The explain panel's VAT choice for a treatment: its status, a manual amount, no rate as Auto (the
 * category's rate), one of the choices' rates, else the rate kept as it is (`kept:17.5`, shown "Kept:
 * 17.5%" as the panel shows an explanation's): read as Auto, saving would change the rate unseen.
 */
export function vatChoiceOfTreatment(treatment: TreatmentFields): VatChoice {
  const status = treatment.sales_tax_status?.toUpperCase();
  if (status === 'EXEMPT') return 'exempt';
  if (status === 'OUT_OF_SCOPE') return 'out_of_scope';
  if (treatment.manual_sales_tax_amount !== undefined) return 'manual';
  if (treatment.sales_tax_rate === undefined) return 'auto';
  const text = new Decimal(treatment.sales_tax_rate).toString();
  return text === '20' || text === '5' || text === '0' ? text : `kept:${text}`;
}
