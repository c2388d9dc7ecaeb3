/** What Reconcile says about the difference between the statement and the lines ticked. */
import { toMinor } from '../../../shared/money';
import { formatMoney } from '../../lib/format';

export function differenceWords(difference: string, currency: string): string {
  const minor = toMinor(difference, currency);
  if (minor === 0) return 'The statement and the book agree: the lines can be marked reconciled.';
  const amount = formatMoney(difference.replace(/^-/, ''), currency);
  return minor > 0
    ? `The statement shows ${amount} more than the lines ticked: a line may be missing from the book, or ticked that is not on the statement.`
    : `The statement shows ${amount} less than the lines ticked: a line may be in the book twice, or ticked that is not on the statement.`;
}

export const isNil = (amount: string, currency: string) => toMinor(amount, currency) === 0;
