import { pullAttachmentsOf } from './attachments';
import { checkAborted, type RoundContext, type Sweep } from './context';
import type { Family, SyncRecord } from './family';
import { madeBeforeOurSend } from './in-doubt';
import { MissingLink, toLocalForm } from './links';
import { isOwnManualLine, linkManualLines } from './manual-lines';
import { project, sameRecord, withoutEmpty } from './normalize';
import { adopt, readLocal, readRemote, reconcile, saveBases } from './reconcile';
import { sendToReview } from './review';
import { kept, listIn, localPath, recordIn } from './shape';
import { cursorName, remoteScopes, type Scope } from './scopes';
import type { Cursor, MappedRecord } from './state';
import { baseAsCreated, withoutTransitions } from './transitions';
import { relinkRemade, remakeBegun, unlinkForCreate } from './transfer-sides';

/** Timestamps have second precision and inclusiveness is unknown: re-read the last hour every time. */
export const OVERLAP_MS = 3_600_000;
const FAR_FUTURE = '2999-01-01T00:00:00Z';

/**
 * A family that ignores updated_since answers with everything, which looks like success: ask once
 * for records changed after the year 2999 and see whether anything comes back.
 */
async function honoursUpdatedSince(ctx: RoundContext, family: Family, scope: Scope): Promise<boolean> {
  const url = new URL(ctx.remote.resolve(family.path));
  for (const [name, value] of Object.entries(scope.query)) url.searchParams.set(name, value);
  url.searchParams.set('updated_since', FAR_FUTURE);
  url.searchParams.set('per_page', '1');
  const answer = await ctx.remote.get(url.toString());
  const page = listIn(family, answer.body);
  return Array.isArray(page) && page.length === 0;
}

/**
 * Where the next list starts (before the overlap): the largest updated_at seen, or the time of the last
 * list if later, so a quiet family is not re-read for an hour after its last change on every round.
 * Both are the service's times (updated_at, and its Date header), never the desktop's.
 */
function sinceMs(cursor: Cursor): number {
  return Math.max(Date.parse(cursor.lastUpdatedAt ?? '1970-01-01T00:00:00Z'), cursor.listedAt ? Date.parse(cursor.listedAt) : 0);
}

export interface Listing {
  records: SyncRecord[];
  seen: Map<string, SyncRecord>;
  /** Whether this was a full list (a sweep for deletions may follow). */
  full: boolean;
  /** Moves the cursor past this list: called once its records are in, so a killed sync reads them again. */
  commit(): void;
}

/** Lists one scope of a family: only what changed since the cursor (with the overlap), or everything when a sweep is due. */
export async function listScope(ctx: RoundContext, family: Family, scope: Scope): Promise<Listing> {
  const cursor = ctx.state.cursor(scope.cursor);
  // On the service's clock, as listedAt and lastSweptAt are: a desktop clock behind would never sweep.
  const sweepDue = !cursor.lastSweptAt || Date.parse(ctx.serviceNow()) - Date.parse(cursor.lastSweptAt) >= ctx.sweepEveryMs;
  // Probed only when the filter would be used: a first list (no cursor yet) or a sweep reads everything anyway.
  if (cursor.honoursUpdatedSince === null && cursor.lastUpdatedAt && !sweepDue) {
    cursor.honoursUpdatedSince = await honoursUpdatedSince(ctx, family, scope);
    ctx.state.saveCursor(scope.cursor, cursor);
  }
  const full = !cursor.honoursUpdatedSince || !cursor.lastUpdatedAt || sweepDue;
  const knownEmptyAt = full ? ctx.emptyScopes?.get(scope.cursor) : undefined;
  if (knownEmptyAt !== undefined) return emptyListing(ctx, family, scope, cursor, knownEmptyAt);
  const query: Record<string, string> = { ...scope.query };
  if (!full && cursor.lastUpdatedAt) query.updated_since = new Date(sinceMs(cursor) - OVERLAP_MS).toISOString();
  const before = ctx.serviceNow();
  // Only the records the sync deals with (categories: the ones a user added).
  const listed = await ctx.remote.list(family.path, (body) => listIn(family, body), query);
  const records = kept(family, listed.records);
  // The service's time when it began answering: the next incremental list starts there (less the overlap).
  const listedAt = listed.servedAt !== null ? new Date(listed.servedAt).toISOString() : before;
  const seen = new Map<string, SyncRecord>();
  let latest = cursor.lastUpdatedAt;
  for (const record of records) {
    if (typeof record.url === 'string') seen.set(record.url, record);
    if (typeof record.updated_at === 'string' && (!latest || record.updated_at > latest)) latest = record.updated_at;
  }
  if (full && family.childrenInside) noteEmptyChildren(ctx, family.childrenInside, scope, listed.records, listedAt);
  if (full && !scope.account && listed.records.length === 0) noteEmptyDependents(ctx, family, listedAt);
  const commit = () =>
    // The sweep is stamped here but run by the caller after every family, children first.
    ctx.state.saveCursor(scope.cursor, { lastUpdatedAt: latest, listedAt, honoursUpdatedSince: cursor.honoursUpdatedSince, lastSweptAt: full ? listedAt : cursor.lastSweptAt });
  return { records, seen, full, commit };
}

/**
 * A full list whose every record carries its children, all none: the child list of the same scope is
 * empty as of that list's time. Any record without the array (a service that stopped nesting) proves
 * nothing, and the child list is read as usual.
 */
function noteEmptyChildren(ctx: RoundContext, inside: NonNullable<Family['childrenInside']>, scope: Scope, records: readonly SyncRecord[], listedAt: string): void {
  const none = records.every((record) => Array.isArray(record[inside.field]) && (record[inside.field] as unknown[]).length === 0);
  if (!none) return;
  const childScope = cursorName({ scope: 'bank_account', name: inside.family }, scope.account);
  ctx.emptyScopes ??= new Map();
  ctx.emptyScopes.set(childScope, listedAt);
}

/**
 * A family's full list came back empty: every family whose records must each name one of its records
 * is empty as well as of that list's time (the service refuses to delete a record still named; an
 * invoice cannot be made without a contact). Chains on: no contacts, no credit notes, no reconciliations.
 */
function noteEmptyDependents(ctx: RoundContext, family: Family, listedAt: string): void {
  for (const dependent of ctx.families.filter((candidate) => !candidate.scope && candidate.needs?.includes(family.name))) {
    ctx.emptyScopes ??= new Map();
    if (!ctx.emptyScopes.has(dependent.name)) ctx.emptyScopes.set(dependent.name, listedAt);
  }
}

/**
 * The full list of a scope known to be empty, answered without a request. The cursor takes the parent
 * list's time, so the next round asks for whatever was made after it (less the overlap).
 */
function emptyListing(ctx: RoundContext, family: Family, scope: Scope, cursor: Cursor, listedAt: string): Listing {
  if (!scope.account) noteEmptyDependents(ctx, family, listedAt);
  const commit = () => ctx.state.saveCursor(scope.cursor, { lastUpdatedAt: cursor.lastUpdatedAt, listedAt, honoursUpdatedSince: cursor.honoursUpdatedSince, lastSweptAt: listedAt });
  return { records: [], seen: new Map(), full: true, commit };
}


/** Pulls one family: changed records merged in, new ones created here; returns its deletion sweep. */
export async function pullFamily(ctx: RoundContext, family: Family): Promise<Sweep> {
  const sweeps: Sweep[] = [];
  for (const scope of remoteScopes(ctx, family)) {
    const listing = await listScope(ctx, family, scope);
    let done = 0;
    for (const record of listing.seen.values()) {
      checkAborted(ctx);
      await pullOne(ctx, family, record);
      await pullAttachmentsOf(ctx, family, record);
      ctx.progress({ type: 'progress', phase: 'pull', family: family.name, done: (done += 1), total: listing.seen.size });
    }
    listing.commit();
    if (listing.full && !scope.account) ctx.fullLists?.set(family.name, listing.records);
    if (listing.full) sweeps.push(() => sweepDeletions(ctx, family, listing.seen, scope.account));
  }
  return async () => {
    for (const sweep of sweeps) await sweep();
  };
}

/** One remote record: merged if we know it, adopted if it is a create of ours whose answer was lost, else created here. */
export async function pullOne(ctx: RoundContext, family: Family, theirsRaw: SyncRecord): Promise<void> {
  const url = String(theirsRaw.url);
  if (ctx.state.held(family.name, null, url)) return;
  const mapped = ctx.state.byRemote(url);
  if (mapped) {
    if (ctx.state.held(family.name, mapped.localId, null)) return;
    if (sameRecord(project(family, theirsRaw), mapped.remoteBase)) return;
    await reconcile(ctx, family, mapped, theirsRaw);
    return;
  }
  if (family.skip?.(theirsRaw)) return;
  if (family.madeByEachSide?.(theirsRaw)) return linkOwnCopy(ctx, family, theirsRaw);
  // A statement line is made here only by an upload, with its key's whole count (statement-lines.ts).
  await ctx.transport(family).pullNew(ctx, family, theirsRaw);
}

/** A remote record new to the book (the records transport): adopted if it is a lost create of ours, else made here. */
export async function pullNewRecord(ctx: RoundContext, family: Family, theirsRaw: SyncRecord): Promise<void> {
  const url = String(theirsRaw.url);
  let theirs: SyncRecord;
  let manualLine = false;
  try {
    theirs = toLocalForm(ctx.state, ctx.local, family, project(family, theirsRaw));
  } catch (error) {
    if (!(error instanceof MissingLink)) throw error;
    if (await isOwnManualLine(ctx, family, error, 'remote')) {
      theirs = toLocalForm(ctx.state, ctx.local, family, { ...project(family, theirsRaw), bank_transaction: null });
      manualLine = true;
    } else {
      sendToReview(ctx, family, { kind: 'invalid-remote', localId: null, remoteUrl: url, label: family.label(theirsRaw), reason: error.message, detail: { fields: [], mine: null, theirs: project(family, theirsRaw), base: null } });
      return;
    }
  }
  if (await adoptLostCreate(ctx, family, theirsRaw, theirs)) return;
  if (await relinkRemade(ctx, family, theirsRaw, theirs)) return;
  const created = await createHere(ctx, family, theirsRaw, theirs);
  if (created && manualLine) await linkManualLines(ctx, created.bank_transaction, theirsRaw.bank_transaction);
}

/** A record both sides made by themselves: linked to the book's own with the same key, never created here. */
async function linkOwnCopy(ctx: RoundContext, family: Family, theirsRaw: SyncRecord): Promise<void> {
  const key = family.matchKey(project(family, theirsRaw));
  if (key === null) return;
  const mine = kept(family, await ctx.local.list(family.path, (body) => listIn(family, body), family.listQuery)).find(
    (record) => typeof record.url === 'string' && !ctx.state.byLocal(family.name, Number(/\/(\d+)$/.exec(record.url)?.[1])) && family.matchKey(project(family, record)) === key,
  );
  if (mine) saveBases(ctx, family, Number(/\/(\d+)$/.exec(String(mine.url))![1]), theirsRaw, mine);
}

/**
 * A create of ours may have reached the remote with its answer lost (or the sync killed before the
 * id map was written): the remote record with the same key as a create still in flight is that one,
 * unless it was made before that create went out.
 */
async function adoptLostCreate(ctx: RoundContext, family: Family, theirsRaw: SyncRecord, theirs: SyncRecord): Promise<boolean> {
  const key = family.matchKey(theirs);
  if (key === null) return false;
  for (const row of ctx.state.outboxIn(family.name, ['create'])) {
    if (row.state !== 'in_flight' && row.state !== 'uncertain') continue;
    const mineRaw = await readLocal(ctx, family, row.localId);
    if (!mineRaw || family.matchKey(project(family, mineRaw)) !== key) continue;
    // Someone else's document with our number and customer, made before ours went out: not ours.
    if (madeBeforeOurSend(ctx, family, row.localId, theirsRaw)) continue;
    adopt(ctx, family, row.localId, theirsRaw, theirs, mineRaw);
    return true;
  }
  return false;
}

/** The change-log id the next write will follow: how a killed create finds its record again. */
function lastChangeId(ctx: RoundContext): number {
  return (ctx.state.sqlite.prepare('SELECT coalesce(max(id), 0) FROM changes').pluck().get() as number) ?? 0;
}

/** Finishes creates here that a killed sync left between the book's write and the id map. */
export async function recoverLocalCreates(ctx: RoundContext, family: Family): Promise<void> {
  const rows = ctx.state.sqlite.prepare('SELECT remote_url AS remoteUrl, after_change AS afterChange FROM sync_local_creates WHERE family = ?').all(family.name) as { remoteUrl: string; afterChange: number }[];
  for (const row of rows) {
    const made = ctx.state.sqlite
      .prepare("SELECT record_id FROM changes WHERE id > ? AND resource = ? AND operation = 'create' AND user_id = ? ORDER BY id LIMIT 1")
      .pluck()
      .get(row.afterChange, family.name, ctx.local.userId) as string | undefined;
    const theirsRaw = made ? await readRemote(ctx, family, row.remoteUrl) : null;
    const mineRaw = made ? await readLocal(ctx, family, Number(made)) : null;
    if (made && theirsRaw && mineRaw && !ctx.state.byLocal(family.name, Number(made))) saveBases(ctx, family, Number(made), theirsRaw, mineRaw);
    ctx.state.sqlite.prepare('DELETE FROM sync_local_creates WHERE remote_url = ?').run(row.remoteUrl);
  }
}

async function createHere(ctx: RoundContext, family: Family, theirsRaw: SyncRecord, theirs: SyncRecord): Promise<SyncRecord | null> {
  const url = String(theirsRaw.url);
  ctx.state.sqlite.prepare('INSERT OR REPLACE INTO sync_local_creates (remote_url, family, after_change) VALUES (?, ?, ?)').run(url, family.name, lastChangeId(ctx));
  const answer = await ctx.local.request('POST', family.path, { [family.one]: withoutEmpty(withoutTransitions(family, theirs)) });
  const created = recordIn(family, answer.body);
  if (!created || typeof created.url !== 'string') {
    ctx.state.sqlite.prepare('DELETE FROM sync_local_creates WHERE remote_url = ?').run(url);
    sendToReview(ctx, family, { kind: 'invalid-remote', localId: null, remoteUrl: url, label: family.label(theirsRaw), reason: `The book refused this record from the remote: ${answer.messages.join('; ')}`, detail: { fields: [], mine: null, theirs, base: null } });
    return null;
  }
  const localId = Number(/\/(\d+)$/.exec(created.url)![1]);
  ctx.state.transaction(() => {
    saveBases(ctx, family, localId, theirsRaw, created);
    ctx.state.sqlite.prepare('DELETE FROM sync_local_creates WHERE remote_url = ?').run(url);
  });
  ctx.counts.pulled += 1;
  // Created as a draft: one sent or cancelled there follows by its transition here.
  if (baseAsCreated(ctx, family, localId, 'remote')) await reconcile(ctx, family, ctx.state.byLocal(family.name, localId)!, theirsRaw);
  return created;
}

/** Linked records missing from a full list: confirmed gone by a 404 on the record itself, never by the list alone. */
export async function sweepDeletions(ctx: RoundContext, family: Family, seen: Map<string, SyncRecord>, account: string | null = null): Promise<void> {
  for (const mapped of ctx.state.mappedIn(family.name)) {
    if (seen.has(mapped.remoteUrl)) continue;
    // A scoped family's list covers one bank account: only that account's records can be missing from it.
    if (account !== null && mapped.remoteBase.bank_account !== account) continue;
    checkAborted(ctx);
    if (ctx.state.held(family.name, mapped.localId, mapped.remoteUrl)) continue;
    // Offset paging shifts under concurrent writes: a record can slip between two pages.
    const theirsRaw = await readRemote(ctx, family, mapped.remoteUrl);
    if (theirsRaw) await pullOne(ctx, family, theirsRaw);
    else await deletedThere(ctx, family, mapped);
  }
}

/** Gone on the remote: deleted here too unless it was changed here since, which the user decides. */
export async function deletedThere(ctx: RoundContext, family: Family, mapped: MappedRecord): Promise<void> {
  // Our own remake's delete, whose sync was cut short before it wrote that down: the create still goes.
  if (remakeBegun(ctx, family, mapped)) {
    unlinkForCreate(ctx, family, mapped.localId);
    return;
  }
  const mineRaw = await readLocal(ctx, family, mapped.localId);
  if (!mineRaw) {
    ctx.state.transaction(() => {
      ctx.state.unmap(family.name, mapped.localId);
      ctx.state.clearOutbox(family.name, mapped.localId);
    });
    return;
  }
  const mine = project(family, mineRaw);
  if (!sameRecord(mine, mapped.localBase)) {
    sendToReview(ctx, family, { kind: 'deleted-there', localId: mapped.localId, remoteUrl: mapped.remoteUrl, label: family.label(mineRaw), reason: 'Deleted on the remote but changed here since the last sync', detail: { fields: [], mine, theirs: null, base: mapped.localBase } });
    return;
  }
  const answer = await ctx.local.request('DELETE', localPath(family, mapped.localId));
  if (answer.status >= 400 && answer.status !== 404) {
    sendToReview(ctx, family, { kind: 'deleted-there', localId: mapped.localId, remoteUrl: mapped.remoteUrl, label: family.label(mineRaw), reason: `Deleted on the remote, but the book refused to delete it: ${answer.messages.join('; ')}`, detail: { fields: [], mine, theirs: null, base: mapped.localBase } });
    return;
  }
  ctx.state.transaction(() => {
    ctx.state.unmap(family.name, mapped.localId);
    ctx.state.clearOutbox(family.name, mapped.localId);
  });
  ctx.counts.pulled += 1;
}
