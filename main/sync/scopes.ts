import type { RoundContext } from './context';
import type { Family, SyncRecord } from './family';
import type { LocalBook } from './local';
import { listIn } from './shape';

/** One list a family is read by: the whole family, or (for a scoped family) one linked bank account. */
export interface Scope {
  /** The sync_cursors key: the family name, or the family name and the account's remote url. */
  cursor: string;
  query: Record<string, string>;
  /** The remote url of the bank account the list is of, for a scoped family. */
  account: string | null;
}

/** The remote lists of a family: one, or one per bank account linked so far (parents are pulled first). */
export function remoteScopes(ctx: RoundContext, family: Family): Scope[] {
  if (!family.scope) return [{ cursor: family.name, query: { ...family.listQuery }, account: null }];
  return ctx.state
    .mappedIn('bank_accounts')
    .map((account) => ({ cursor: cursorName(family, account.remoteUrl), query: { ...family.listQuery, bank_account: account.remoteUrl }, account: account.remoteUrl }));
}

/** The local bank accounts' urls, for a scoped family's local lists. */
export async function localAccountUrls(local: LocalBook): Promise<string[]> {
  return (await local.list('/v2/bank_accounts', 'bank_accounts', {})).map((account) => String(account.url));
}

/** Every local record of a family (a scoped family account by account). */
export async function listLocal(local: LocalBook, family: Family): Promise<SyncRecord[]> {
  if (!family.scope) return local.list(family.path, (body) => listIn(family, body), family.listQuery);
  const records: SyncRecord[] = [];
  for (const account of await localAccountUrls(local)) records.push(...(await local.list(family.path, family.many, { ...family.listQuery, bank_account: account })));
  return records;
}

/** The extra list parameters to find `record` (in remote form) on the remote again. */
export const scopeQueryOf = (family: Family, record: SyncRecord): Record<string, string> =>
  family.scope && typeof record.bank_account === 'string' ? { ...family.listQuery, bank_account: record.bank_account } : { ...family.listQuery };

/** The sync_cursors key of a family's list (of one bank account, for a scoped family). */
export const cursorName = (family: Pick<Family, 'name' | 'scope'>, account: string | null) => (family.scope && account ? `${family.name} ${account}` : family.name);
