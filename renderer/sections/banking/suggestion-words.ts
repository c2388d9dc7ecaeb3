/**
 * The engine's suggestion for a line, in words (issue 22 item 3): what it would explain the line as
 * and how sure it is. Sureness is said in words and drawn as a meter of three marks, never by colour
 * alone. "Sure" is the engine's confident (0.80 and above), what the accept keys take at once.
 */
import type { BankTransaction, Suggestion } from '../../lib/api/bank_transactions';
import type { LineNames } from './line-meaning';
import { treatmentText } from './treatment-words';

/** The engine's threshold for a confident suggestion (api-notes: 0.80 and above). */
export const CONFIDENT = 0.8;
/** Below this a suggestion is a guess worth a look rather than a likely answer. */
const LIKELY = 0.5;

export type Sureness = 'sure' | 'likely' | 'guess';

export const SURENESS_WORDS: Readonly<Record<Sureness, string>> = { sure: 'Sure', likely: 'Likely', guess: 'A guess' };
/** How many of the meter's three marks are filled. */
export const SURENESS_MARKS: Readonly<Record<Sureness, number>> = { sure: 3, likely: 2, guess: 1 };

// Confidence is a ratio for display, not money: a float is fine here.
const confidenceOf = (suggestion: Suggestion) => Number(suggestion.confidence);

export function sureness(suggestion: Suggestion): Sureness {
  const value = confidenceOf(suggestion);
  return value >= CONFIDENT ? 'sure' : value >= LIKELY ? 'likely' : 'guess';
}

/** A suggestion that explains something (a category, transfer, invoice or bill): one a key may take. */
export function explainsSomething(suggestion: Suggestion | null | undefined): suggestion is Suggestion {
  return !!suggestion && !!(suggestion.category || suggestion.transfer_bank_account || suggestion.paid_invoice || suggestion.paid_bill);
}

/** A line's suggestion when it explains something (the engine gives one only while something is left to explain). */
export function suggestionOf(row: BankTransaction | undefined): Suggestion | null {
  const suggestion = row?.suggested_explanation;
  return explainsSomething(suggestion) ? suggestion : null;
}

/** What the suggestion would explain the line as: "285 Travel · VAT 20%", "269 · VAT 20% · reverse charge", "Transfer to Savings". */
export function suggestedAs(row: BankTransaction, suggestion: Suggestion, names: LineNames): string {
  if (suggestion.paid_invoice) return names.documents.get(suggestion.paid_invoice) ?? 'Pays an invoice';
  if (suggestion.paid_bill) return names.documents.get(suggestion.paid_bill) ?? 'Pays a bill';
  if (suggestion.transfer_bank_account) {
    const into = row.amount.trim().startsWith('-') ? 'to' : 'from';
    return `Transfer ${into} ${names.accounts.get(suggestion.transfer_bank_account) ?? 'another account'}`;
  }
  const category = suggestion.category ? (names.categories.get(suggestion.category) ?? 'A category') : '';
  const treatment = treatmentText(suggestion);
  return treatment ? `${category} · ${treatment}` : category;
}

/** Where the suggestion comes from, in words for the bar under the register. */
export function suggestionSource(suggestion: Suggestion, ruleNames: ReadonlyMap<string, string>): string {
  if (suggestion.source === 'rule') return suggestion.rule && ruleNames.has(suggestion.rule) ? `by the rule “${ruleNames.get(suggestion.rule)}”` : 'by a bank rule';
  if (suggestion.source === 'match') return 'matched by amount or reference';
  return 'learned from lines explained before';
}
