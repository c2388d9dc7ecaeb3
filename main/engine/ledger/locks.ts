import { desc, eq } from 'drizzle-orm';
import { accountLocks, vatReturnStates } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';

/**
 * The date up to which the books are closed: the later of the user lock and the end of the latest
 * VAT return marked as filed (a filed return's figures must not move). Null when nothing is locked.
 */
export function lockedToDate(ctx: Pick<EngineContext, 'db'>): string | null {
  const userLock = ctx.db.select({ date: accountLocks.lockedToDate }).from(accountLocks).get()?.date ?? null;
  const filed = ctx.db
    .select({ date: vatReturnStates.periodEndsOn })
    .from(vatReturnStates)
    .where(eq(vatReturnStates.filingStatus, 'marked_as_filed'))
    .orderBy(desc(vatReturnStates.periodEndsOn))
    .limit(1)
    .get()?.date ?? null;
  if (userLock === null) return filed;
  if (filed === null) return userLock;
  return userLock > filed ? userLock : filed;
}

/**
 * Refuses a write that would create, change or delete anything dated on or before the lock date.
 * Every write path of a dated record calls this with each date it touches (old and new), inside the
 * request's transaction, before it writes.
 */
export function assertUnlocked(ctx: Pick<EngineContext, 'db'>, ...dates: (string | null | undefined)[]): void {
  const locked = lockedToDate(ctx);
  if (locked === null) return;
  const hit = dates.find((date): date is string => typeof date === 'string' && date <= locked);
  if (hit) throw unprocessable(`The books are locked up to ${locked}; nothing dated on or before then (here ${hit}) can be created, changed or deleted`);
}
