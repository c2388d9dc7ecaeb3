/**
 * The explain panel's starting values from the engine's suggestion for a line (issue 22 item 3): the
 * category with its whole VAT treatment (rate, exempt or out of scope, a manual amount, the EC status
 * and a MOSS sale's place of supply: a reverse charge left out would reclaim VAT never charged), the
 * transfer, or the invoice or bill it pays, and the description.
 */
import { lineDescription, type BankTransaction, type Suggestion } from '../../lib/api/bank_transactions';
import { ecChoiceOf, MOSS, type EcChoice, type ExplainValues } from './explain-form';
import { vatChoiceOfTreatment } from './treatment-words';

export function prefillFromSuggestion(suggestion: Suggestion, line: BankTransaction, ecOptions: readonly { value: EcChoice }[]): Partial<ExplainValues> {
  const description = suggestion.description ?? lineDescription(line.description);
  if (suggestion.paid_invoice) return { kind: 'invoice', invoice: suggestion.paid_invoice, description };
  if (suggestion.paid_bill) return { kind: 'bill', bill: suggestion.paid_bill, description };
  if (suggestion.transfer_bank_account) return { kind: 'transfer', transferAccount: suggestion.transfer_bank_account, description };
  if (!suggestion.category) return {};
  const ecStatus = ecChoiceOf(suggestion.ec_status, ecOptions);
  return {
    kind: 'category',
    category: suggestion.category,
    vat: vatChoiceOfTreatment(suggestion),
    manualVat: suggestion.manual_sales_tax_amount ?? '',
    ecStatus,
    placeOfSupply: ecStatus === MOSS ? (suggestion.place_of_supply ?? '') : '',
    mossRate: ecStatus === MOSS ? (suggestion.sales_tax_rate ?? '') : '',
    description,
  };
}
