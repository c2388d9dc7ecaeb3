import type { RoundContext } from './context';
import { FAMILIES } from './families';
import type { Family, SyncRecord } from './family';
import { localIdOf, SYNC_USER_EMAIL } from './local';
import type { MissingLink } from './links';
import { project } from './normalize';
import { RemoteRefusal } from './remote-errors';
import { sendToReview } from './review';

/** Users are not synced: each side keeps its own, and a link to one is rewritten by email. */
export const USERS = 'users';

/**
 * Whether a missing link will never appear by waiting: it points to a user the remote lacks, or into
 * records the sync does not carry (capital asset types, properties, stock items). A synced parent that
 * is merely not sent yet is waited for.
 */
export const neverArrives = (error: MissingLink) => !FAMILIES.some((family) => family.name === error.into);

/** Whether a family's records (or their child rows) link users. */
export const linksUsers = (family: Family) => Object.values(family.links).includes(USERS) || Object.values(family.nestedLinks ?? {}).some((links) => Object.values(links).includes(USERS));

const emailOf = (record: SyncRecord) => (typeof record.email === 'string' ? record.email.trim().toLowerCase() : '');

/**
 * Maps the book's users to the remote's by email, in the id map under `users`, so a link to a user
 * (an expense's claimant, a payroll journal's 902-N) is rewritten like any other. Read when due (as
 * often as deletions are swept) or never read yet. A user below the level that lists users sees only
 * themself on the remote, which maps their own expenses and no one else's.
 */
export async function refreshUserMap(ctx: RoundContext): Promise<void> {
  const cursor = ctx.state.cursor(USERS);
  const due = !cursor.lastSweptAt || Date.parse(ctx.serviceNow()) - Date.parse(cursor.lastSweptAt) >= ctx.sweepEveryMs;
  if (!due) return;
  let remote: SyncRecord[];
  try {
    remote = (await ctx.remote.list('/v2/users', 'users', { view: 'all' })).records;
  } catch (error) {
    if (!(error instanceof RemoteRefusal) || error.status !== 403) throw error;
    const me = (await ctx.remote.get('/v2/users/me')).body?.user as SyncRecord | undefined;
    remote = me ? [me] : [];
  }
  const byEmail = new Map(remote.filter((user) => typeof user.url === 'string' && emailOf(user)).map((user) => [emailOf(user), String(user.url)]));
  const local = await ctx.local.list('/v2/users', 'users', { view: 'all' });
  const now = ctx.serviceNow();
  ctx.state.transaction(() => {
    for (const mapped of ctx.state.mappedIn(USERS)) ctx.state.unmap(USERS, mapped.localId);
    for (const user of local) {
      const remoteUrl = byEmail.get(emailOf(user));
      if (!remoteUrl || emailOf(user) === SYNC_USER_EMAIL) continue;
      ctx.state.saveMapped({ family: USERS, localId: localIdOf(String(user.url)), remoteUrl, remoteBase: {}, localBase: {}, remoteUpdatedAt: null });
    }
    ctx.state.saveCursor(USERS, { ...cursor, lastSweptAt: now, listedAt: now });
  });
}

/**
 * A record naming a user the remote does not have is never sent with another user in their place: it
 * goes to review saying whom the online account lacks. One linking a record the sync does not carry
 * (a capital asset type, a property) goes to review saying so, rather than waiting unseen.
 */
export async function holdForUnsyncedLink(ctx: RoundContext, family: Family, localId: number, mineRaw: SyncRecord, error: MissingLink): Promise<void> {
  if (error.into !== USERS) {
    const reason = `It links ${error.target} (${error.into.replace(/_/g, ' ')}), which the sync does not carry, so it is not sent`;
    sendToReview(ctx, family, { kind: 'refused', localId, remoteUrl: ctx.state.byLocal(family.name, localId)?.remoteUrl ?? null, label: family.label(mineRaw), reason, detail: { fields: [], mine: project(family, mineRaw), theirs: null, base: null } }, 'rejected');
    return;
  }
  const userPath = error.target.replace(/^[a-z]+:\/\/[^/]+/, '').replace(/^\/v2\/categories\/\d+-(\d+)$/, '/v2/users/$1');
  const answer = await ctx.local.request('GET', userPath);
  const email = answer.body?.user ? emailOf(answer.body.user as SyncRecord) : '';
  const reason = email
    ? `No user with the email ${email} on the online account, so it is not sent: add them there (or choose another user here), then send it again`
    : `It names a user the online account does not have (${error.target}), so it is not sent`;
  sendToReview(ctx, family, { kind: 'refused', localId, remoteUrl: ctx.state.byLocal(family.name, localId)?.remoteUrl ?? null, label: family.label(mineRaw), reason, detail: { fields: [], mine: project(family, mineRaw), theirs: null, base: null } }, 'rejected');
}
