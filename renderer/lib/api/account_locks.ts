/** Typed calls for /v2/account_locks: the user lock and the locks filed VAT returns set. */
import { z } from 'zod';
import { getOne, send, type ApiResult } from '../api';

const lockSchema = z.object({
  locked_to_date: z.string(),
  user_lock: z.boolean().optional(),
  locked_by_description: z.string(),
});
export type AccountLock = z.infer<typeof lockSchema>;

export const accountLocksSchema = z.object({
  account_locks: z.array(lockSchema),
  earliest_lock_date: z.string().optional(),
  latest_lock_date: z.string().optional(),
});
export type AccountLocks = z.infer<typeof accountLocksSchema>;

export function listAccountLocks(): Promise<ApiResult<AccountLocks>> {
  return getOne('GET', '/v2/account_locks', null, accountLocksSchema);
}

export async function setAccountLock(lockedToDate: string): Promise<ApiResult<null>> {
  const sent = await send('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: lockedToDate } } });
  return sent.ok ? { ok: true, value: null } : sent;
}

export async function removeAccountLock(): Promise<ApiResult<null>> {
  const sent = await send('DELETE', '/v2/account_locks');
  return sent.ok ? { ok: true, value: null } : sent;
}
