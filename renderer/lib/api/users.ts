/**
 * Typed calls for /v2/users and /v2/capital_asset_types: who can use these books and at what
 * permission level (Settings), the people an expense or a journal entry belongs to, and the asset
 * types of the 601-607 categories. Reading every user needs level 7; below it a person sees only
 * themself (/v2/users/me).
 */
import { z } from 'zod';
import type { UserCreate, UserUpdate } from '../../../shared/api/users';
import { getAll, getOne, pathOf, type ApiResult } from '../api';

export const userSchema = z.object({
  url: z.string(),
  email: z.string().default(''),
  first_name: z.string().default(''),
  last_name: z.string().default(''),
  role: z.string().default(''),
  permission_level: z.number(),
  hidden: z.boolean().default(false),
});
export type User = z.infer<typeof userSchema>;

export const userName = (user: User) => [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;

/** The person using the app: whom a new expense is for unless they choose someone else. */
export function getMe(): Promise<ApiResult<User>> {
  return getOne('GET', '/v2/users/me', 'user', userSchema);
}

/** Everyone this person may name: all users from level 7, else themself alone. */
export async function listUsers(): Promise<ApiResult<User[]>> {
  const all = await getAll('/v2/users', 'users', userSchema);
  if (all.ok || all.error.status !== 403) return all;
  const me = await getMe();
  return me.ok ? { ok: true, value: [me.value] } : me;
}

export function getUser(userUrl: string): Promise<ApiResult<User>> {
  return getOne('GET', pathOf(userUrl), 'user', userSchema);
}

export function createUser(fields: UserCreate): Promise<ApiResult<User>> {
  return getOne('POST', '/v2/users', 'user', userSchema, { body: { user: fields } });
}

export function updateUser(userUrl: string, changes: UserUpdate): Promise<ApiResult<User>> {
  return getOne('PUT', pathOf(userUrl), 'user', userSchema, { body: { user: changes } });
}

export const capitalAssetTypeSchema = z.object({ url: z.string(), name: z.string() });
export type CapitalAssetType = z.infer<typeof capitalAssetTypeSchema>;

export function listCapitalAssetTypes(): Promise<ApiResult<CapitalAssetType[]>> {
  return getAll('/v2/capital_asset_types', 'capital_asset_types', capitalAssetTypeSchema);
}
