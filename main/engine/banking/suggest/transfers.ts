import type Database from 'better-sqlite3';
import type { EngineContext } from '../../context';
import { preparedPerConnection } from '../../prepared';
import { addDays } from '../../sales/dates';
import { roundConfidence, type Guess, type GuessLine } from './guess';

/**
 * A line whose opposite (same amount, other sign, within a few days) waits unexplained in another
 * account in the same currency is probably a transfer between them. It stays below CONFIDENT on
 * purpose: explaining a transfer writes its other side into the other account, so accepting it in
 * bulk beside the imported opposite would count that money twice; the person chooses.
 */

/** Banks date the two sides of a transfer up to a few days apart (weekends, clearing). */
const TRANSFER_DAYS = 4;

const oppositeLines = preparedPerConnection((sqlite: Database.Database) =>
  sqlite
    .prepare(
      `SELECT count(*) FROM bank_transactions t WHERE t.bank_account_id = ? AND t.dated_on BETWEEN ? AND ? AND t.amount_minor = ?
         AND NOT EXISTS (SELECT 1 FROM bank_transaction_explanations e WHERE e.bank_transaction_id = t.id)`,
    )
    .pluck(),
);

export interface AccountCurrency {
  id: number;
  currency: string;
}

export function transferGuess(ctx: EngineContext, accounts: readonly AccountCurrency[], line: GuessLine): Guess | null {
  if (line.remainingMinor === 0) return null;
  const others = accounts.filter((account) => account.id !== line.bankAccountId && account.currency === line.currency);
  if (others.length === 0) return null;
  const query = oppositeLines(ctx.book.sqlite);
  const from = addDays(line.datedOn, -TRANSFER_DAYS);
  const to = addDays(line.datedOn, TRANSFER_DAYS);
  const found = others.map((account) => ({ account, count: query.get(account.id, from, to, -line.remainingMinor) as number })).filter((entry) => entry.count > 0);
  if (found.length === 0) return null;
  const single = found.length === 1 && found[0]!.count === 1;
  return { source: 'match', confidence: roundConfidence(single ? 0.7 : 0.5), transferAccountId: found[0]!.account.id };
}
