/** What Reconcile says: the difference between the statement and the lines ticked, and a kept draft that cannot open. */
import { toMinor } from '../../../shared/money';
import { formatDate, formatMoney } from '../../lib/format';

export function differenceWords(difference: string, currency: string): string {
  const minor = toMinor(difference, currency);
  if (minor === 0) return 'The statement and the book agree: the lines can be marked reconciled.';
  const amount = formatMoney(difference.replace(/^-/, ''), currency);
  return minor > 0
    ? `The statement shows ${amount} more than the lines ticked: a line may be missing from the book, or ticked that is not on the statement.`
    : `The statement shows ${amount} less than the lines ticked: a line may be in the book twice, or ticked that is not on the statement.`;
}

export const isNil = (amount: string, currency: string) => toMinor(amount, currency) === 0;

/**
 * Why a kept draft of a reconciliation did not open: its bank account was deleted since (elsewhere).
 * What was typed is named, so the person can read it before discarding the draft.
 */
export function goneAccountWords(fields: unknown): string {
  const kept = (fields ?? {}) as { statementDate?: unknown; closingText?: unknown };
  const typed = [
    typeof kept.statementDate === 'string' && kept.statementDate ? `statement of ${formatDate(kept.statementDate)}` : '',
    typeof kept.closingText === 'string' && kept.closingText ? `closing balance ${kept.closingText}` : '',
  ].filter(Boolean);
  const what = typed.length > 0 ? ` (${typed.join(', ')})` : '';
  return `This reconciliation draft cannot open: its bank account is no longer in the book. The draft${what} stays under Unsaved drafts until you discard it.`;
}
