/**
 * Typed calls for /v2/users and /v2/capital_asset_types: the people an expense or a journal entry
 * belongs to, and the asset types of the 601-607 categories. Reading every user needs level 7; below
 * it a person sees only themself (/v2/users/me).
 */
import { z } from 'zod';
import { getAll, getOne, type ApiResult } from '../api';

export const userSchema = z.object({
  url: z.string(),
  email: z.string().default(''),
  first_name: z.string().default(''),
  last_name: z.string().default(''),
  role: z.string().optional(),
  hidden: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

export const userName = (user: User) => [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;

/** Everyone this person may name: all users from level 7, else themself alone. */
export async function listUsers(): Promise<ApiResult<User[]>> {
  const all = await getAll('/v2/users', 'users', userSchema);
  if (all.ok || all.error.status !== 403) return all;
  const me = await getOne('GET', '/v2/users/me', 'user', userSchema);
  return me.ok ? { ok: true, value: [me.value] } : me;
}

export const capitalAssetTypeSchema = z.object({ url: z.string(), name: z.string() });
export type CapitalAssetType = z.infer<typeof capitalAssetTypeSchema>;

export function listCapitalAssetTypes(): Promise<ApiResult<CapitalAssetType[]>> {
  return getAll('/v2/capital_asset_types', 'capital_asset_types', capitalAssetTypeSchema);
}

/** The person using the app: whom a new expense is for unless they choose someone else. */
export function currentUser(): Promise<ApiResult<User>> {
  return getOne('GET', '/v2/users/me', 'user', userSchema);
}
