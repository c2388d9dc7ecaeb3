import { desc, inArray } from 'drizzle-orm';
import { accountLocks, vatReturnStates } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';

/** A VAT return in these states has been filed: its figures must not move, so its period is locked. */
export const FILED_VAT_STATUSES = ['filed', 'marked_as_filed'] as const;

/** The period end of every filed VAT return, latest first. */
export function filedVatReturnEnds(ctx: Pick<EngineContext, 'db'>): string[] {
  return ctx.db
    .select({ date: vatReturnStates.periodEndsOn })
    .from(vatReturnStates)
    .where(inArray(vatReturnStates.filingStatus, [...FILED_VAT_STATUSES]))
    .orderBy(desc(vatReturnStates.periodEndsOn))
    .all()
    .map((row) => row.date);
}

/**
 * The date up to which the books are closed: the later of the user lock and the end of the latest
 * filed VAT return. Null when nothing is locked.
 */
export function lockedToDate(ctx: Pick<EngineContext, 'db'>): string | null {
  return bookLock(ctx)?.date ?? null;
}

/** The lock and what set it, in words for a refusal: the user lock or a filed VAT return. */
function bookLock(ctx: Pick<EngineContext, 'db'>): { date: string; by: string } | null {
  const userLock = ctx.db.select({ date: accountLocks.lockedToDate }).from(accountLocks).get()?.date ?? null;
  const filed = filedVatReturnEnds(ctx)[0] ?? null;
  if (filed !== null && (userLock === null || filed >= userLock)) return { date: filed, by: `the VAT return for the period ending ${filed}, which is filed` };
  return userLock === null ? null : { date: userLock, by: 'the lock date set on the books' };
}

/**
 * Refuses a write that would create, change or delete anything dated on or before the lock date,
 * saying what locked the books, so the person knows what to undo (unfile the return, move the lock).
 * Every write path of a dated record calls this with each date it touches (old and new), inside the
 * request's transaction, before it writes.
 */
export function assertUnlocked(ctx: Pick<EngineContext, 'db'>, ...dates: (string | null | undefined)[]): void {
  const lock = bookLock(ctx);
  if (lock === null) return;
  const hit = dates.find((date): date is string => typeof date === 'string' && date <= lock.date);
  if (hit) throw unprocessable(`The books are locked up to ${lock.date} by ${lock.by}; nothing dated on or before then (here ${hit}) can be created, changed or deleted`);
}
