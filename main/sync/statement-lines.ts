import { checkAborted, type RoundContext, type Sweep } from './context';
import type { Family, SyncRecord } from './family';
import { toLocalForm } from './links';
import { waitingInDoubt } from './in-doubt';
import { localIdOf } from './local';
import { project } from './normalize';
import { listScope, OVERLAP_MS, sweepDeletions } from './pull';
import { readLocal, saveBases } from './reconcile';
import { RemoteRefusal, UncertainWrite } from './remote-errors';
import { sendToReview } from './review';
import { remoteScopes } from './scopes';
import type { OutboxRow } from './state';
import { transferFollowsLine } from './transfer-sides';
import { batchesByDay, uploadLine, type UploadLine } from './upload-lines';

/**
 * Statement lines (bank transactions). The service makes them only by statement upload, which answers
 * 200 with no body and imports (in the background on the live service) deduplicating by date, amount
 * and description. So a line is never created alone: the upload carries every line of its key that
 * the account should hold, and the count decides what is new, which makes a resent upload harmless.
 * What an upload made is found by listing and pairing by key and order. Lines never change after;
 * deletes go through the generic push and sweep. Manual lines travel with their explanations.
 */
export const STATEMENT_LINES = 'bank_transactions';

/** Lines per upload: large enough that 10,000 go in ten requests, small enough for one request's body. */
export const UPLOAD_BATCH = 1000;

const isManual = (record: SyncRecord) => record.is_manual === true;
const byId = (a: SyncRecord, b: SyncRecord) => localIdOf(String(a.url)) - localIdOf(String(b.url));

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const localKey = (family: Family, record: SyncRecord) => family.matchKey(project(family, record))!;
const remoteKey = (ctx: RoundContext, family: Family, record: SyncRecord) => family.matchKey(toLocalForm(ctx.state, ctx.local, family, project(family, record)))!;

/** The account's statement lines in the book, oldest first. */
async function localLines(ctx: RoundContext, family: Family, localAccountUrl: string): Promise<SyncRecord[]> {
  return (await ctx.local.list(family.path, family.many, { bank_account: localAccountUrl })).filter((record) => !isManual(record)).sort(byId);
}

const unclaimed = (ctx: RoundContext, family: Family, records: readonly SyncRecord[]) => records.filter((record) => !ctx.state.byLocal(family.name, localIdOf(String(record.url))));

/**
 * The upload that brings an account to `wanted` more lines of some keys: for each key, a copy of
 * every line of it the account holds already (without fitid, so the count sees them) and then the new
 * ones. The import adds only what is beyond the count it holds.
 */
function uploadItems<T>(family: Family, held: readonly SyncRecord[], wanted: Map<string, { line: UploadLine; item: T }[]>): { line: UploadLine; item: T | null }[] {
  const heldByKey = groupBy(held, (record) => localKey(family, record));
  const items: { line: UploadLine; item: T | null }[] = [];
  for (const [key, group] of wanted) {
    for (const record of heldByKey.get(key) ?? []) {
      const { fitid: _fitid, ...copy } = uploadLine(record);
      items.push({ line: copy, item: null });
    }
    items.push(...group);
  }
  return items;
}

// --- pull ---

/** Pulls each linked account's lines: new ones paired with lines the book already has, the rest uploaded here. */
export async function pullStatementLines(ctx: RoundContext, family: Family): Promise<Sweep> {
  const sweeps: Sweep[] = [];
  for (const scope of remoteScopes(ctx, family)) {
    checkAborted(ctx);
    const account = ctx.state.byRemote(scope.account!)!;
    const listing = await listScope(ctx, family, scope);
    const fresh = [...listing.seen.values()].filter((record) => !isManual(record) && !ctx.state.byRemote(String(record.url)) && !ctx.state.held(family.name, null, String(record.url)));
    if (fresh.length > 0) await bringHere(ctx, family, ctx.local.urlOf(`/v2/bank_accounts/${account.localId}`), fresh.sort(byId));
    listing.commit();
    if (listing.full) sweeps.push(() => sweepDeletions(ctx, family, listing.seen, scope.account));
  }
  return async () => {
    for (const sweep of sweeps) await sweep();
  };
}

/** One remote line met outside its account's list (a review resolved, a line that slipped between pages). */
export async function pullLine(ctx: RoundContext, family: Family, theirs: SyncRecord): Promise<void> {
  const account = typeof theirs.bank_account === 'string' ? ctx.state.byRemote(theirs.bank_account) : null;
  if (!account || isManual(theirs) || ctx.state.byRemote(String(theirs.url))) return;
  await bringHere(ctx, family, ctx.local.urlOf(`/v2/bank_accounts/${account.localId}`), [theirs]);
}

/**
 * Remote lines the book has not linked: each pairs with an unlinked line of the same key here (the
 * same statement imported on both sides, or a create of ours whose answer was lost), else is uploaded.
 */
async function bringHere(ctx: RoundContext, family: Family, localAccountUrl: string, fresh: readonly SyncRecord[]): Promise<void> {
  const mine = await localLines(ctx, family, localAccountUrl);
  const free = groupBy(unclaimed(ctx, family, mine), (record) => localKey(family, record));
  const toCreate: SyncRecord[] = [];
  for (const theirs of fresh) {
    const same = free.get(remoteKey(ctx, family, theirs))?.shift();
    if (same) {
      saveBases(ctx, family, localIdOf(String(same.url)), theirs, same);
      // A line of ours whose upload's answer was lost, or that the background import showed late.
      await transferFollowsLine(ctx, String(same.url), theirs);
    } else toCreate.push(theirs);
  }
  if (toCreate.length === 0) return;
  const wanted = groupBy(
    toCreate.map((theirs) => ({ line: uploadLine(theirs), item: theirs })),
    ({ item }) => remoteKey(ctx, family, item),
  );
  const refused = new Set<SyncRecord>();
  for (const batch of batchesByDay(uploadItems(family, mine, wanted), UPLOAD_BATCH)) {
    checkAborted(ctx);
    const answer = await ctx.local.request('POST', `${family.path}/statement?bank_account=${encodeURIComponent(localAccountUrl)}`, { statement: batch.map(({ line }) => line) });
    if (answer.status < 400) continue;
    // A locked period refuses the whole upload: each of its lines waits in review with the reason.
    for (const { item } of batch) {
      if (!item) continue;
      refused.add(item);
      sendToReview(ctx, family, { kind: 'invalid-remote', localId: null, remoteUrl: String(item.url), label: family.label(item), reason: `The book refused this statement line from the remote: ${answer.messages.join('; ')}`, detail: { fields: [], mine: null, theirs: project(family, item), base: null } });
    }
  }
  const made = groupBy(unclaimed(ctx, family, await localLines(ctx, family, localAccountUrl)), (record) => localKey(family, record));
  for (const theirs of toCreate) {
    if (refused.has(theirs)) continue;
    const created = made.get(remoteKey(ctx, family, theirs))?.shift();
    if (!created) continue; // not made (a killed sync, or deduplicated): the next pull pairs or uploads it again
    saveBases(ctx, family, localIdOf(String(created.url)), theirs, created);
    ctx.counts.pulled += 1;
  }
}

// --- push ---

/** Sends the outbox's new lines, account by account, as statement uploads. */
export async function pushStatementLines(ctx: RoundContext, family: Family, rows: readonly OutboxRow[]): Promise<void> {
  const waiting = new Map(rows.filter((row) => !ctx.state.held(family.name, row.localId, null)).map((row) => [row.localId, row]));
  if (waiting.size === 0) return;
  const found = new Set<number>();
  for (const account of ctx.state.mappedIn('bank_accounts')) {
    checkAborted(ctx);
    const mine = await localLines(ctx, family, ctx.local.urlOf(`/v2/bank_accounts/${account.localId}`));
    const pending: SyncRecord[] = [];
    for (const record of mine) {
      const id = localIdOf(String(record.url));
      if (!waiting.has(id)) continue;
      found.add(id);
      if (ctx.state.byLocal(family.name, id)) ctx.state.clearOutbox(family.name, id); // linked already: lines never change
      // An upload whose answer was lost, or whose background import has not shown its lines yet: the
      // pull pairs them when they appear; sent again only after the window (in-doubt.ts).
      else if (!waitingInDoubt(ctx, waiting.get(id)!)) pending.push(record);
    }
    if (pending.length > 0) await sendLines(ctx, family, account.remoteUrl, mine, pending);
  }
  // Lines gone since, and manual lines (their explanation makes them on the remote), leave the outbox;
  // lines of an account not linked yet wait for it.
  for (const id of waiting.keys()) {
    if (found.has(id)) continue;
    const record = await readLocal(ctx, family, id);
    if (!record || isManual(record)) ctx.state.clearOutbox(family.name, id);
  }
}

async function sendLines(ctx: RoundContext, family: Family, remoteAccountUrl: string, mine: readonly SyncRecord[], pending: readonly SyncRecord[]): Promise<void> {
  const pendingSet = new Set(pending);
  const wanted = groupBy(
    pending.map((record) => ({ line: uploadLine(record), item: record })),
    ({ item }) => localKey(family, item),
  );
  const started = ctx.serviceNow();
  // Written down before the uploads, so a sync killed while one is out looks for its lines first.
  ctx.state.transaction(() => {
    for (const record of pending) ctx.state.setOutboxState(family.name, localIdOf(String(record.url)), 'in_flight', null, started);
  });
  const refused = new Set<SyncRecord>();
  let done = 0;
  for (const batch of batchesByDay(uploadItems(family, mine.filter((record) => !pendingSet.has(record)), wanted), UPLOAD_BATCH)) {
    checkAborted(ctx);
    try {
      await ctx.remote.request('POST', `${family.path}/statement?bank_account=${encodeURIComponent(remoteAccountUrl)}`, { body: { statement: batch.map(({ line }) => line) } });
    } catch (error) {
      checkAborted(ctx);
      if (error instanceof UncertainWrite) {
        // In doubt: the import may still be running. The pull pairs its lines when they show; only after the
        // window is the upload sent again (harmless then: the import counts what the account holds).
        for (const { item } of batch) if (item) ctx.state.setOutboxState(family.name, localIdOf(String(item.url)), 'uncertain', error.message, started);
        continue;
      }
      if (!(error instanceof RemoteRefusal)) throw error;
      for (const { item } of batch) {
        if (!item) continue;
        refused.add(item);
        sendToReview(ctx, family, { kind: 'refused', localId: localIdOf(String(item.url)), remoteUrl: null, label: family.label(item), reason: error.message, detail: { fields: [], mine: project(family, item), theirs: null, base: null } }, 'rejected');
      }
    }
    ctx.progress({ type: 'progress', phase: 'push', family: family.name, done: (done += batch.length), total: null });
  }
  await pairSent(ctx, family, remoteAccountUrl, pending.filter((record) => !refused.has(record)), started);
}

/**
 * Finds the lines the uploads made (listing what changed since they began, with the hour's overlap
 * for two clocks) and links each to ours by key and order. The live service imports in the
 * background: a line not there yet stays in flight, and a later pull or push pairs it.
 */
async function pairSent(ctx: RoundContext, family: Family, remoteAccountUrl: string, sent: readonly SyncRecord[], started: string): Promise<void> {
  if (sent.length === 0) return;
  const since = new Date(Date.parse(started) - OVERLAP_MS).toISOString();
  const { records } = await ctx.remote.list(family.path, family.many, { ...family.listQuery, bank_account: remoteAccountUrl, updated_since: since });
  const theirs = groupBy(
    records.filter((record) => !isManual(record) && typeof record.url === 'string' && !ctx.state.byRemote(record.url)).sort(byId),
    (record) => remoteKey(ctx, family, record),
  );
  for (const record of sent) {
    const made = theirs.get(localKey(family, record))?.shift();
    if (!made) continue;
    saveBases(ctx, family, localIdOf(String(record.url)), made, record);
    ctx.counts.pushed += 1;
    await transferFollowsLine(ctx, String(record.url), made);
  }
}
