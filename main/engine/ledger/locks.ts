import { desc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountLocks, vatReturnStates } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { preparedPerConnection } from '../prepared';

/**
 * A VAT return in these states has been filed: its figures must not move (filed-vat-returns.ts), and
 * the account locks list shows it as a lock.
 */
export const FILED_VAT_STATUSES = ['filed', 'marked_as_filed'] as const;

// Every dated write asks for the lock, a bulk accept once a line: built and prepared once per connection.
const filedEndsQuery = preparedPerConnection((db: Db) =>
  db
    .select({ date: vatReturnStates.periodEndsOn })
    .from(vatReturnStates)
    .where(inArray(vatReturnStates.filingStatus, [...FILED_VAT_STATUSES]))
    .orderBy(desc(vatReturnStates.periodEndsOn))
    .prepare(),
);
const userLockQuery = preparedPerConnection((db: Db) => db.select({ date: accountLocks.lockedToDate }).from(accountLocks).prepare());

/** The period end of every filed VAT return, latest first. */
export function filedVatReturnEnds(ctx: Pick<EngineContext, 'db'>): string[] {
  return filedEndsQuery(ctx.db)
    .all()
    .map((row) => row.date);
}

/** The date the user lock (Settings › Account locks) closes the books to, or null when there is none. */
export function userLockDate(ctx: Pick<EngineContext, 'db'>): string | null {
  return userLockQuery(ctx.db).get()?.date ?? null;
}

/** Whether the user lock covers `date`: nothing dated then may change. */
export function isUserLocked(ctx: Pick<EngineContext, 'db'>, date: string): boolean {
  const locked = userLockDate(ctx);
  return locked !== null && date <= locked;
}

export interface BookLock {
  date: string;
  /** What set it, in words for a refusal: the user lock or a filed VAT return. */
  by: string;
}

/**
 * The furthest lock on the books, the user lock or the latest filed VAT return (named when it reaches
 * at least as far), as the account locks list shows them. What closes a whole period reads it (the
 * year end); a dated write asks assertUnlocked instead, and a bill's is_locked the user lock alone.
 */
export function furthestLock(ctx: Pick<EngineContext, 'db'>): BookLock | null {
  const userLock = userLockDate(ctx);
  const filed = filedVatReturnEnds(ctx)[0] ?? null;
  if (filed !== null && (userLock === null || filed >= userLock)) return { date: filed, by: `the VAT return for the period ending ${filed}, which is filed` };
  return userLock === null ? null : { date: userLock, by: 'the lock date set on the books' };
}

/** The later of the user lock and the end of the latest filed VAT return; null when nothing is locked. */
export function lockedToDate(ctx: Pick<EngineContext, 'db'>): string | null {
  return furthestLock(ctx)?.date ?? null;
}

/**
 * Every write path of a dated record calls this with each date it touches (old and new), inside the
 * request's transaction, before it writes.
 *
 * The user lock refuses anything dated on or before it: it closes the books, and the person who set
 * it knows to move it. A filed VAT return does not refuse here: its figures are with HMRC and must not
 * move, but a year-end journal or a customer's payment dated in its period changes none of them (VAT
 * Notice 700/45 puts errors right on a later return, so a filed return is never unfiled to make room).
 * The dates are noted on the request instead, and when the request's writes are done the filed returns
 * whose periods hold them are worked out again and must match what was filed (filed-vat-returns.ts).
 */
export function assertUnlocked(ctx: Pick<EngineContext, 'db' | 'touchedDays'>, ...dates: (string | null | undefined)[]): void {
  const touched = dates.filter((date): date is string => typeof date === 'string');
  for (const date of touched) ctx.touchedDays.add(date);
  const lock = userLockDate(ctx);
  if (lock === null) return;
  const hit = touched.find((date) => date <= lock);
  if (hit) throw unprocessable(`The books are locked up to ${lock} by the lock date set on the books; nothing dated on or before then (here ${hit}) can be created, changed or deleted`);
}
