/**
 * The explain panel as fields for lib/underneath (issue 19 item 2): what the panel would show for a
 * bank line as it is in the book, and what it holds now, each as strings by the same names. A split
 * line's parts are one field ("Split parts"): they are made, changed and saved together.
 */
import type { BankTransaction, Explanation } from '../../lib/api/bank_transactions';
import { lineDescription } from '../../lib/api/bank_transactions';
import { ecChoiceOf, MOSS, vatChoiceOf, type AutoRates, type EcChoice, type ExplainValues } from './explain-form';
import { partOf, splittable, type SplitPart } from './explain-parts';

export interface ExplainState {
  values: ExplainValues;
  splitting: boolean;
  parts: readonly SplitPart[];
}

/**
 * The panel's values for a line explained by `explanation` (or not yet explained); `autoRates`, the
 * categories' automatic rates, tell a rate Auto gives from one chosen by hand (vatChoiceOf).
 */
export function valuesOfExplanation(explanation: Explanation | undefined, line: BankTransaction | null, ecOptions: readonly { value: EcChoice }[], autoRates: AutoRates): ExplainValues {
  return {
    kind: explanation?.transfer_bank_account ? 'transfer' : explanation?.paid_invoice ? 'invoice' : explanation?.paid_bill ? 'bill' : 'category',
    category: explanation?.category ?? '',
    transferAccount: explanation?.transfer_bank_account ?? '',
    invoice: explanation?.paid_invoice ?? '',
    bill: explanation?.paid_bill ?? '',
    vat: vatChoiceOf(explanation, autoRates),
    manualVat: explanation?.manual_sales_tax_amount ?? '',
    ecStatus: ecChoiceOf(explanation?.ec_status, ecOptions),
    placeOfSupply: explanation?.place_of_supply ?? '',
    mossRate: explanation?.ec_status === MOSS ? (explanation.sales_tax_rate ?? '') : '',
    description: explanation?.description ?? (line ? lineDescription(line.description) : ''),
    review: explanation?.marked_for_review ?? false,
  };
}

/** What the panel shows for the line as the book has it: its explanation, or its parts when split. */
export function lineState(line: BankTransaction, currency: string, ecOptions: readonly { value: EcChoice }[], native: string, autoRates: AutoRates): ExplainState {
  const explanations = line.bank_transaction_explanations;
  const split = splittable(line) && explanations.length > 1;
  return {
    values: valuesOfExplanation(explanations[0], line, ecOptions, autoRates),
    splitting: split,
    parts: split ? explanations.map((explanation) => partOf(explanation, currency, ecOptions, native, autoRates)) : [],
  };
}

/** The panel's state as strings by field; the parts without their list keys, which say nothing. */
export function explainStrings(state: ExplainState): Record<string, string> {
  const { review, ...rest } = state.values;
  return {
    ...rest,
    review: String(review),
    parts: state.splitting ? JSON.stringify(state.parts.map(({ key: _key, existing: _existing, ...part }) => part)) : '',
  };
}

export const EXPLAIN_FIELD_LABELS: Readonly<Record<string, string>> = {
  kind: 'Explain as',
  category: 'Category',
  transferAccount: 'Transfer account',
  invoice: 'Invoice',
  bill: 'Bill',
  vat: 'VAT',
  manualVat: 'VAT amount',
  ecStatus: 'Bought or sold',
  placeOfSupply: 'Place of supply',
  mossRate: 'MOSS rate',
  description: 'Description',
  review: 'Marked for review',
  parts: 'Split parts',
};
