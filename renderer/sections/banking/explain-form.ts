/**
 * The explain panel's choices turned into the engine's explanation fields. VAT follows the sales tax
 * rules (api-notes: explanations): Auto lets the category's rate apply (sent as "Auto" by the panel, so
 * an explanation with a rate, status or manual amount goes back to it); a rate, Exempt, Out of scope or
 * a manual amount are sent as such.
 */
import Decimal from 'decimal.js';
import { automaticTreatment } from '../../../shared/sales-tax';
import type { Explanation, ExplanationFields } from '../../lib/api/bank_transactions';
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
/**
 * A VAT choice: one of VAT_CHOICES, or `kept:<rate>` for a rate saved on an explanation that is none of
 * them and not what Auto gives (17.5% on a line of 2020): shown as it is, and kept unless changed.
 */
export type VatChoice = (typeof VAT_CHOICES)[number]['value'] | `kept:${string}`;

const KEPT = 'kept:';

/**
 * The VAT select's options: VAT_CHOICES, and a rate kept on the explanation when it is none of them
 * (`shown`: the choice now and the one the panel opened with, so the kept rate can be chosen again).
 */
export function vatOptions(...shown: VatChoice[]): { value: VatChoice; label: string }[] {
  const choices: { value: VatChoice; label: string }[] = VAT_CHOICES.map((choice) => ({ value: choice.value, label: choice.label }));
  const kept = [...new Set(shown.filter((choice) => choice.startsWith(KEPT)))];
  return [...choices, ...kept.map((choice) => ({ value: choice, label: `Kept: ${choice.slice(KEPT.length)}%` }))];
}

/** The categories' auto_sales_tax_rate by category url (null: the category has none). */
export type AutoRates = ReadonlyMap<string, string | null>;

/**
 * The VAT choice that shows what an explanation really has. A rate is Auto when it is what the
 * category's automatic rate gives on the explanation's date (shared/sales-tax.ts, as the engine posts
 * it), else that rate (20, 5, 0, or kept as it is). A category whose automatic rate is not known
 * (`autoRates` without it) shows its rate, which is what applies. A MOSS sale's rate is its own field.
 */
export function vatChoiceOf(explanation: Explanation | undefined, autoRates: AutoRates): VatChoice {
  if (!explanation) return 'auto';
  if (explanation.manual_sales_tax_amount) return 'manual';
  const status = explanation.sales_tax_status?.toUpperCase();
  if (status === 'EXEMPT') return 'exempt';
  if (status === 'OUT_OF_SCOPE') return 'out_of_scope';
  const rate = explanation.sales_tax_rate;
  if (rate === undefined || rate === '' || explanation.ec_status === MOSS || !explanation.category) return 'auto';
  const given = new Decimal(rate);
  if (autoRates.has(explanation.category)) {
    const automatic = automaticTreatment(autoRates.get(explanation.category) ?? null, explanation.dated_on);
    if ('rate' in automatic && given.equals(automatic.rate)) return 'auto';
  }
  const text = given.toString();
  return text === '20' || text === '5' || text === '0' ? text : `kept:${text}`;
}

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

/**
 * `sendAuto`: Auto is sent as sales_tax_rate "Auto" (an explanation, which may have had another
 * treatment); without it Auto sends nothing (a bank rule, whose actions are replaced whole: no rate is Auto).
 */
export function explanationFields(values: ExplainValues, currency: string, sendAuto = false): Built {
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
  } else if (values.vat.startsWith(KEPT)) fields.sales_tax_rate = values.vat.slice(KEPT.length);
  else if (values.vat !== 'auto') fields.sales_tax_rate = values.vat;
  else if (sendAuto) fields.sales_tax_rate = 'Auto';
  return { ok: true, fields };
}
