import { eq } from 'drizzle-orm';
import { accountLockSchema } from '../../../shared/api/account_locks';
import { Level } from '../../../shared/api/permissions';
import { accountLocks, users } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { notFound, unprocessable } from '../errors';
import { filedVatReturnEnds } from '../ledger/locks';
import { payload } from '../payload';
import { noContent, ok, type Route, type RouteRequest } from '../route';
import { recordUrl } from '../urls';
import { date, type ApiRecord } from '../values';

/** The user lock is the one row of account_locks; other locks are derived from what has been filed. */
const USER_LOCK_ID = 1;

function dayBefore(day: string): string {
  const value = new Date(`${day}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() - 1);
  return value.toISOString().slice(0, 10);
}

/**
 * The dates a user lock may be set to: from the company start date (nothing is dated earlier) to
 * yesterday by the engine clock (today's transactions are still arriving). When the company started
 * today or later there is no such date, and both bounds are left out: no user lock can be set.
 */
export function lockBounds(ctx: EngineContext): { earliest: string; latest: string } | null {
  const earliest = loadCompany(ctx).companyStartDate;
  const latest = dayBefore(ctx.today);
  return earliest <= latest ? { earliest, latest } : null;
}

function userLockRecord(ctx: EngineContext, row: typeof accountLocks.$inferSelect): ApiRecord {
  const by = row.lockedByUserId !== null ? ctx.db.select().from(users).where(eq(users.id, row.lockedByUserId)).get() : undefined;
  return {
    locked_to_date: date(row.lockedToDate),
    user_lock: true,
    locked_by_description: by ? `${by.firstName} ${by.lastName}` : 'A user who has since been removed',
    locked_by_url: by ? recordUrl(ctx, 'users', by.id) : undefined,
  };
}

/** Every lock, latest date first: the user lock and each filed VAT return. */
function listLocks(request: RouteRequest) {
  const { ctx } = request;
  const user = ctx.db.select().from(accountLocks).get();
  const locks: { on: string; record: ApiRecord }[] = filedVatReturnEnds(ctx).map((endsOn) => ({
    on: endsOn,
    record: {
      locked_to_date: date(endsOn),
      locked_by_description: `Filed VAT return for the period ending ${endsOn}`,
      locked_by_url: recordUrl(ctx, 'vat_returns', endsOn),
    },
  }));
  if (user) locks.push({ on: user.lockedToDate, record: userLockRecord(ctx, user) });
  // Latest first; on one date the user lock (added last) comes after the return.
  locks.sort((a, b) => (a.on === b.on ? 0 : a.on < b.on ? 1 : -1));
  const bounds = lockBounds(ctx);
  return ok({
    account_locks: locks.map((lock) => lock.record),
    earliest_lock_date: bounds ? date(bounds.earliest) : undefined,
    latest_lock_date: bounds ? date(bounds.latest) : undefined,
  });
}

function setUserLock(request: RouteRequest) {
  const { ctx } = request;
  const input = payload(request, 'account_lock', accountLockSchema);
  const bounds = lockBounds(ctx);
  if (!bounds) throw unprocessable('A user lock cannot be set yet: the books have no completed day before today');
  if (input.locked_to_date < bounds.earliest || input.locked_to_date > bounds.latest) {
    throw unprocessable(`locked_to_date must be from ${bounds.earliest} to ${bounds.latest}`);
  }
  const existing = ctx.db.select().from(accountLocks).get();
  const values = { lockedToDate: input.locked_to_date, lockedByUserId: ctx.user.id, updatedAt: ctx.now };
  if (existing) ctx.db.update(accountLocks).set(values).where(eq(accountLocks.id, existing.id)).run();
  else ctx.db.insert(accountLocks).values({ ...values, id: USER_LOCK_ID, createdAt: ctx.now }).run();
  ctx.recordChange('account_locks', existing?.id ?? USER_LOCK_ID, existing ? 'update' : 'create');
  return noContent();
}

function removeUserLock(request: RouteRequest) {
  const { ctx } = request;
  const existing = ctx.db.select().from(accountLocks).get();
  if (!existing) throw notFound('There is no user lock to remove');
  ctx.db.delete(accountLocks).where(eq(accountLocks.id, existing.id)).run();
  ctx.recordChange('account_locks', existing.id, 'delete');
  return noContent();
}

// Account locks need Full access (spec 5), reading them included.
const FULL = Level.Full;

export const accountLockRoutes: Route[] = [
  { method: 'GET', path: '/v2/account_locks', level: FULL, handle: listLocks },
  { method: 'PUT', path: '/v2/account_locks', level: FULL, handle: setUserLock },
  { method: 'DELETE', path: '/v2/account_locks', level: FULL, handle: removeUserLock },
];
