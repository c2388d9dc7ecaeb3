/**
 * The explain panel's choices turned into the engine's explanation fields. VAT follows the sales tax
 * rules (api-notes: explanations): Auto sends nothing and lets the category's rate apply; a rate,
 * Exempt, Out of scope or a manual amount are sent as such.
 */
import type { ExplanationFields } from '../../lib/api/bank_transactions';
import { readMoney } from '../../lib/money-input';

export const VAT_CHOICES = [
  { value: 'auto', label: 'Auto (the category’s rate)' },
  { value: '20', label: 'Standard 20%' },
  { value: '5', label: 'Reduced 5%' },
  { value: '0', label: 'Zero 0%' },
  { value: 'exempt', label: 'Exempt' },
  { value: 'out_of_scope', label: 'Out of scope' },
  { value: 'manual', label: 'Manual amount' },
] as const;
export type VatChoice = (typeof VAT_CHOICES)[number]['value'];

/** The explanation's EC treatment (the engine's ec_status); '' where the panel offers none. */
export type EcChoice = '' | 'UK/Non-EC' | 'EC Goods' | 'EC Services' | 'EC VAT MOSS';

export const MOSS = 'EC VAT MOSS';
/** The first day of the mini one stop shop. */
export const MOSS_FROM = '2015-01-01';
/**
 * The day the EU's One Stop Shop replaced MOSS. A UK seller used the UK's MOSS until 2020 and the
 * non-Union MOSS of a member state until this day, so a sale before it may still be a MOSS sale.
 */
export const MOSS_UNTIL = '2021-07-01';

export interface EcContext {
  datedOn: string;
  moneyIn: boolean;
  vatRegistered: boolean;
  /** A UK company: the only kind whose chart has 824, where MOSS VAT is owed (api-notes: invoices). */
  ukCompany: boolean;
}

/**
 * Whether a line may be an EC VAT MOSS sale: money in (digital services sold to consumers in the EU)
 * for a VAT-registered UK company, dated while MOSS ran.
 */
export function mossAllowed(context: EcContext): boolean {
  return context.vatRegistered && context.ukCompany && context.moneyIn && context.datedOn >= MOSS_FROM && context.datedOn < MOSS_UNTIL;
}

const MOSS_OPTION = { value: MOSS, label: 'Digital services to EU consumers (VAT MOSS)' } as const;

/**
 * What a VAT-registered company may say about where a line's goods or services came from or went. Before
 * 2021 the EU's goods and services (acquisitions in box 2 and 9, supplies in box 8); from 2021 only
 * services bought from abroad, which the buyer accounts for under the reverse charge (EC Services posts
 * it both ways, boxes 1, 4, 6 and 7: VAT Notice 741A section 17). None for a company not registered.
 */
export function ecChoices(context: EcContext): { value: EcChoice; label: string }[] {
  const { datedOn, moneyIn, vatRegistered } = context;
  if (!vatRegistered) return [];
  const moss = mossAllowed(context) ? [MOSS_OPTION] : [];
  if (datedOn < '2021-01-01') {
    return [
      { value: 'UK/Non-EC', label: 'UK or outside the EU' },
      { value: 'EC Goods', label: moneyIn ? 'Goods sold to the EU' : 'Goods bought from the EU' },
      { value: 'EC Services', label: moneyIn ? 'Services sold to the EU' : 'Services bought from the EU (reverse charge)' },
      ...moss,
    ];
  }
  // From 2021 goods and services sold to the EU are exports; until July a MOSS sale still differs.
  if (moneyIn) return moss.length > 0 ? [{ value: 'UK/Non-EC', label: 'UK or outside the EU' }, ...moss] : [];
  return [
    { value: 'UK/Non-EC', label: 'UK supplier (VAT as charged)' },
    { value: 'EC Services', label: 'Services from abroad (reverse charge)' },
  ];
}

/**
 * What the Bought-or-sold choice shows for an explanation: its own treatment when the panel offers it,
 * else "UK or outside the EU"; nothing where the panel offers no choice.
 */
export function ecChoiceOf(ecStatus: string | null | undefined, options: readonly { value: EcChoice }[]): EcChoice {
  if (options.length === 0) return '';
  return options.find((option) => option.value === ecStatus)?.value ?? 'UK/Non-EC';
}

export interface ExplainValues {
  kind: 'category' | 'transfer' | 'invoice' | 'bill';
  category: string;
  transferAccount: string;
  /** The invoice this money pays, by url. */
  invoice: string;
  /** The bill this money pays, by url. */
  bill: string;
  vat: VatChoice;
  manualVat: string;
  ecStatus: EcChoice;
  /** An EC VAT MOSS sale's place of supply (an EU country) and that country's rate, "20.0". */
  placeOfSupply: string;
  mossRate: string;
  description: string;
  review: boolean;
}

export type Built = { ok: true; fields: ExplanationFields } | { ok: false; field: 'manual_sales_tax_amount'; message: string };

export function explanationFields(values: ExplainValues, currency: string): Built {
  const fields: ExplanationFields = { description: values.description, marked_for_review: values.review };
  if (values.kind === 'transfer') {
    fields.transfer_bank_account = values.transferAccount || null;
    return { ok: true, fields };
  }
  if (values.kind === 'invoice') {
    fields.paid_invoice = values.invoice || null;
    return { ok: true, fields };
  }
  if (values.kind === 'bill') {
    fields.paid_bill = values.bill || null;
    return { ok: true, fields };
  }
  fields.category = values.category || null;
  if (values.ecStatus) fields.ec_status = values.ecStatus;
  if (values.ecStatus === MOSS) {
    // The engine wants both (spec: EC VAT MOSS rule 3) and says so at the field when one is missing.
    fields.place_of_supply = values.placeOfSupply || null;
    if (values.mossRate) fields.sales_tax_rate = values.mossRate;
    return { ok: true, fields };
  }
  // Any other treatment has no place of supply: one kept from an earlier MOSS choice goes.
  if (values.ecStatus) fields.place_of_supply = null;
  if (values.vat === 'exempt') fields.sales_tax_status = 'EXEMPT';
  else if (values.vat === 'out_of_scope') fields.sales_tax_status = 'OUT_OF_SCOPE';
  else if (values.vat === 'manual') {
    const reading = readMoney(values.manualVat, currency, 'VAT amount');
    if (!reading.ok) return { ok: false, field: 'manual_sales_tax_amount', message: reading.message };
    fields.manual_sales_tax_amount = reading.empty ? null : reading.decimal;
  } else if (values.vat !== 'auto') fields.sales_tax_rate = values.vat;
  return { ok: true, fields };
}
