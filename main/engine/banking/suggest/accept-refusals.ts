import { eq } from 'drizzle-orm';
import { bankRules } from '../../../db/schema';
import type { EngineContext } from '../../context';
import { ApiError } from '../../errors';
import { assertUnlocked, userLockDate } from '../../ledger/locks';
import { lineWords } from '../line-words';
import type { TransactionRow } from '../records';
import { reconciledAmong } from '../reconciled-guard';
import type { Guess } from './guess';

/**
 * Why a line with a confident suggestion would not be explained by accepting it, found before
 * anything is written, so the preview counts only what the acceptance will do:
 * - its date is on or before the user lock date (the explanation refuses it); a line in a filed VAT
 *   return's period is counted, since most explanations move no box: one whose VAT would move the
 *   return is refused as it is accepted (its own savepoint) and reported with the lines left;
 * - it is reconciled: a single explanation of it asks for confirm_reconciled=true first (409), and a
 *   bulk acceptance does not confirm for the person, so it leaves such a line to be explained alone;
 * - the suggestion is a transfer to the line's own account (a rule for a transfer catches both sides),
 *   which the explanation refuses.
 * Lookups are made once for all the lines: the lock date, and which of them are reconciled.
 */
export type RefusalCheck = (row: TransactionRow, guess: Guess) => string | null;

const described = (row: Pick<TransactionRow, 'datedOn' | 'description'>) => {
  const words = lineWords(row.description);
  return words === '' ? `The line of ${row.datedOn}` : `The line of ${row.datedOn} "${words}"`;
};

/** The refusal the explanation itself would give, in its own words. */
function lockRefusal(ctx: EngineContext, datedOn: string): string {
  try {
    assertUnlocked(ctx, datedOn);
  } catch (error) {
    if (error instanceof ApiError) return error.message;
    throw error;
  }
  return `The books are locked up to ${datedOn}`;
}

function ruleName(ctx: EngineContext, ruleId: number | undefined): string | null {
  if (ruleId === undefined) return null;
  return ctx.db.select({ name: bankRules.name }).from(bankRules).where(eq(bankRules.id, ruleId)).get()?.name ?? null;
}

export function refusalCheck(ctx: EngineContext, rows: readonly TransactionRow[]): RefusalCheck {
  const lockedTo = userLockDate(ctx);
  const reconciled = reconciledAmong(ctx, rows.map((row) => row.id));
  return (row, guess) => {
    if (lockedTo !== null && row.datedOn <= lockedTo) return lockRefusal(ctx, row.datedOn);
    const statement = reconciled.get(row.id);
    if (statement) {
      return `${described(row)} is reconciled with the statement to ${statement.statementDate}; accepting suggestions in bulk leaves reconciled lines as they are: explain it on its own`;
    }
    if (guess.transferAccountId === row.bankAccountId) {
      const rule = ruleName(ctx, guess.ruleId);
      return `${described(row)} is suggested as a transfer to its own account${rule !== null ? ` by the rule "${rule}"` : ''}, which cannot explain it: explain it on its own${rule !== null ? ' or change the rule' : ''}`;
    }
    return null;
  };
}
