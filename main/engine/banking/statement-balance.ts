import { fromMinor, MoneyError, toMinor } from '../../../shared/money';
import type { StatementAccount } from '../../importers/types';
import type { EngineContext } from '../context';
import { date, decimal, type ApiRecord } from '../values';
import type { RowVerdict } from './statement-classify';
import type { IncomingLine } from './incoming-line';

export interface BalancedAccount {
  id: number;
  currency: string;
  openingBalanceMinor: number;
}

/**
 * The closing balance check of the review. The account's balance is taken on the statement's own
 * closing date (its last row's date when it names none), so lines the account holds from after the
 * statement do not make a correct import look wrong. `after` counts the rows marked new, which is
 * what Import writes unless the user changes the choice, and the rows that are a transfer's other side
 * net of the line the transfer made, which they replace; the renderer recounts as they do.
 */
export function balanceCheck(ctx: EngineContext, account: BalancedAccount, lines: readonly IncomingLine[], verdicts: readonly RowVerdict[], statement: StatementAccount | undefined): ApiRecord | undefined {
  const closing = statement?.closingBalance;
  const lastRow = lines.reduce<string | null>((latest, line) => (latest === null || line.datedOn > latest ? line.datedOn : latest), null);
  const asOf = closing?.date ?? lastRow;
  if (!asOf) return undefined;
  const held = ctx.book.sqlite
    .prepare('SELECT coalesce(sum(amount_minor), 0) FROM bank_transactions WHERE bank_account_id = ? AND dated_on <= ?')
    .pluck()
    .get(account.id, asOf) as number;
  const before = account.openingBalanceMinor + held;
  let after = before;
  lines.forEach((line, index) => {
    const verdict = verdicts[index];
    if (verdict?.status !== 'new' && verdict?.status !== 'transfer') return;
    if (line.datedOn <= asOf) after += line.amountMinor;
    if (verdict.status === 'transfer' && verdict.match && verdict.match.datedOn <= asOf) after -= verdict.match.amountMinor;
  });
  const check: ApiRecord = {
    as_of: date(asOf),
    before: decimal(fromMinor(before, account.currency)),
    after: decimal(fromMinor(after, account.currency)),
  };
  const closingMinor = closing ? minorOrNull(closing.amount, account.currency) : null;
  if (closingMinor !== null) {
    check.closing_balance = decimal(fromMinor(closingMinor, account.currency));
    check.difference = decimal(fromMinor(closingMinor - after, account.currency));
  }
  return check;
}

/** A closing balance with more decimals than the currency has cannot be compared; it is left out. */
function minorOrNull(amount: string, currency: string): number | null {
  try {
    return toMinor(amount, currency);
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}
