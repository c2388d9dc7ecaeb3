import type { EngineContext } from '../context';
import { readWhileUnchanged } from '../read-cache';

/**
 * The balance of an account after each of its lines, in minor units by line id: the opening balance
 * plus every line up to and including it in the register's order (dated_on, then id). Ledgerdesk's
 * extension to the list (`running_balance=true`), so the register can show a line's balance wherever
 * the person scrolls to, before the lines above it are read. Worked out for the whole account at
 * once (one pass, ~40 ms for 100,000 lines) and kept until the book changes, so each page after the
 * first costs a lookup.
 */
export function runningBalances(ctx: EngineContext, accountId: number): ReadonlyMap<number, number> {
  return readWhileUnchanged(ctx, `running-balances\u0000${accountId}`, () => {
    const opening = ctx.book.sqlite.prepare('SELECT opening_balance_minor FROM bank_accounts WHERE id = ?').pluck().get(accountId) as number;
    const rows = ctx.book.sqlite
      .prepare('SELECT id, sum(amount_minor) OVER (ORDER BY dated_on, id) AS upTo FROM bank_transactions WHERE bank_account_id = ?')
      .raw()
      .all(accountId) as [number, number][];
    return new Map(rows.map(([id, upTo]) => [id, opening + upTo]));
  });
}
