/**
 * The explain panel's starting values from the engine's suggestion for a line (issue 22 item 3): the
 * category and its VAT rate, the transfer, or the invoice or bill it pays, and the description.
 */
import { lineDescription, type BankTransaction, type Suggestion } from '../../lib/api/bank_transactions';
import type { ExplainValues, VatChoice } from './explain-form';

/** The panel's VAT choice for a suggested rate: one of its rates, else the category's own (Auto). */
function vatChoiceOf(rate: string | undefined): VatChoice {
  if (rate === undefined) return 'auto';
  const text = rate.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  return text === '20' || text === '5' || text === '0' ? text : 'auto';
}

export function prefillFromSuggestion(suggestion: Suggestion, line: BankTransaction): Partial<ExplainValues> {
  const description = suggestion.description ?? lineDescription(line.description);
  if (suggestion.paid_invoice) return { kind: 'invoice', invoice: suggestion.paid_invoice, description };
  if (suggestion.paid_bill) return { kind: 'bill', bill: suggestion.paid_bill, description };
  if (suggestion.transfer_bank_account) return { kind: 'transfer', transferAccount: suggestion.transfer_bank_account, description };
  if (suggestion.category) return { kind: 'category', category: suggestion.category, vat: vatChoiceOf(suggestion.sales_tax_rate), description };
  return {};
}
