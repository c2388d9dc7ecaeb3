import { pushAttachments } from './attachments';
import { checkAborted, type RoundContext } from './context';
import type { Family, SyncRecord } from './family';
import { MissingLink, toLocalForm, toRemoteForm } from './links';
import { isOwnManualLine, linkManualLines } from './manual-lines';
import { cursorName, scopeQueryOf } from './scopes';
import { project, sameRecord, withoutEmpty } from './normalize';
import { deletedThere, OVERLAP_MS } from './pull';
import { doubtSettled, inDoubt, madeBeforeOurSend } from './in-doubt';
import { adopt, readLocal, readRemote, reconcile, saveBases } from './reconcile';
import { RemoteRefusal, UncertainWrite } from './remote-errors';
import { sendToReview } from './review';
import { kept, listIn, recordIn } from './shape';
import type { OutboxRow } from './state';
import { baseAsCreated, transitionRemote, withoutTransitions } from './transitions';
import { finishRemake, remakeBegun } from './transfer-sides';
import { takenOnline } from './unique-online';
import { holdForUnsyncedLink, neverArrives } from './users';

/** Sends the outbox: creates and updates parents first, then deletes children first. */
export async function pushAll(ctx: RoundContext): Promise<void> {
  for (const family of ctx.families) await ctx.transport(family).push(ctx, family, ctx.state.outboxIn(family.name, ['create', 'update']));
  // Files after their explanations are linked, and removed before an explanation is deleted.
  await pushAttachments(ctx);
  for (const family of [...ctx.families].reverse()) {
    for (const row of ctx.state.outboxIn(family.name, ['delete'])) {
      checkAborted(ctx);
      if (ctx.state.held(family.name, row.localId, row.remoteUrl)) continue;
      await pushDelete(ctx, family, row);
    }
  }
}

/** Sends a family's creates and updates one record at a time (the records transport). */
export async function pushRecords(ctx: RoundContext, family: Family, rows: readonly OutboxRow[]): Promise<void> {
  let done = 0;
  for (const row of rows) {
    checkAborted(ctx);
    if (ctx.state.held(family.name, row.localId, null)) continue;
    if (row.operation === 'create' || !ctx.state.byLocal(family.name, row.localId)) await pushCreate(ctx, family, row);
    else await pushUpdate(ctx, family, row);
    ctx.progress({ type: 'progress', phase: 'push', family: family.name, done: (done += 1), total: rows.length });
  }
}

/**
 * Looks on the remote for a record with the same key as ours that no local record claims and that was
 * not made before ours went out: the create whose answer was lost. Lists only what changed lately when
 * the family allows it.
 */
async function findLostCreate(ctx: RoundContext, family: Family, localId: number, mine: SyncRecord, payload: SyncRecord, since: string): Promise<SyncRecord | null> {
  const key = family.matchKey(mine);
  if (key === null) return null;
  const query: Record<string, string> = scopeQueryOf(family, payload);
  // `since` is the service's time of the send: the record's updated_at there is no earlier.
  if (ctx.state.cursor(cursorName(family, query.bank_account ?? null)).honoursUpdatedSince) query.updated_since = new Date(Date.parse(since) - OVERLAP_MS).toISOString();
  const { records } = await ctx.remote.list(family.path, (body) => listIn(family, body), query);
  for (const record of kept(family, records)) {
    if (typeof record.url !== 'string' || ctx.state.byRemote(record.url)) continue;
    if (madeBeforeOurSend(ctx, family, localId, record)) continue;
    try {
      // An explanation's own manual line there is not linked yet; its key does not use the line.
      const theirs = project(family, record);
      const line = family.ownLine;
      if (line !== undefined && !(typeof theirs[line] === 'string' && ctx.state.byRemote(theirs[line]))) theirs[line] = null;
      if (family.matchKey(toLocalForm(ctx.state, ctx.local, family, theirs)) === key) return record;
    } catch (error) {
      if (!(error instanceof MissingLink)) throw error;
    }
  }
  return null;
}

async function pushCreate(ctx: RoundContext, family: Family, row: OutboxRow): Promise<void> {
  const mineRaw = await readLocal(ctx, family, row.localId);
  if (!mineRaw) {
    ctx.state.clearOutbox(family.name, row.localId);
    return;
  }
  // A remake (transfer-sides.ts) whose sync was cut short before the old remote record's delete was
  // written down: that delete goes first (again, if it went), or the record would be there twice.
  const remade = ctx.state.byLocal(family.name, row.localId);
  if (remade && remakeBegun(ctx, family, remade) && !(await finishRemake(ctx, family, remade, mineRaw))) return;
  if (family.skip?.(mineRaw) || family.madeByEachSide?.(mineRaw)) {
    ctx.state.clearOutbox(family.name, row.localId);
    return;
  }
  const mine = project(family, mineRaw);
  let payload: SyncRecord;
  let manualLine = false;
  try {
    payload = toRemoteForm(ctx.state, family, mine);
  } catch (error) {
    if (!(error instanceof MissingLink)) throw error;
    if (await isOwnManualLine(ctx, family, error, 'local')) {
      // An explanation that made its own line: the other side makes the line with it, then they are linked.
      payload = toRemoteForm(ctx.state, family, { ...mine, bank_transaction: null });
      manualLine = true;
    } else {
      // A user the remote lacks, or a record the sync does not carry, will not appear by waiting: review.
      // A synced parent not sent yet (held or failed): wait.
      if (neverArrives(error)) await holdForUnsyncedLink(ctx, family, row.localId, mineRaw, error);
      return;
    }
  }
  const lookFor = async (since: string): Promise<boolean> => {
    const found = await findLostCreate(ctx, family, row.localId, mine, payload, since);
    if (!found) return false;
    if (manualLine) await linkManualLines(ctx, mineRaw.bank_transaction, found.bank_transaction);
    adopt(ctx, family, row.localId, found, toLocalForm(ctx.state, ctx.local, family, project(family, found)), mineRaw);
    ctx.counts.pushed += 1;
    if (ctx.state.outboxFor(family.name, row.localId)) await pushUpdate(ctx, family, { ...row, operation: 'update' });
    return true;
  };
  if (row.state === 'in_flight' || row.state === 'uncertain') {
    if (await lookFor(row.updatedAt)) return;
    // Not there yet: a slow commit may still land. Sent again only once the window has passed (in-doubt.ts).
    if (inDoubt(row) && !doubtSettled(ctx, row)) return;
  }
  // Written down before the request, so a sync killed while it is out looks it up instead of resending;
  // stamped with the service's time, where the look-up's updated_since and the window start.
  const taken = await takenOnline(ctx, family, row.localId, mine);
  if (taken) {
    // The number is the one field to change: given as a field, the review offers it to edit.
    const numberField = family.uniqueOnline!;
    const fields = [{ field: numberField, base: null, mine: mine[numberField], theirs: mine[numberField] }];
    sendToReview(ctx, family, { kind: 'refused', localId: row.localId, remoteUrl: null, label: family.label(mineRaw), reason: taken, detail: { fields, mine, theirs: null, base: null } }, 'rejected');
    return;
  }
  const sentAt = ctx.serviceNow();
  // What went is kept with it: found later, what either side changed since is told apart (reconcile.ts,
  // adopt), and a record made online before it first went out is not taken for it (madeBeforeOurSend).
  ctx.state.markSent(family.name, row.localId, mine, sentAt, ctx.serviceClockMeasured() ? sentAt : null);
  try {
    const answer = await ctx.remote.request('POST', family.path, { body: { [family.one]: withoutEmpty(withoutTransitions(family, payload)) } });
    let created = recordIn(family, answer.body);
    const location = answer.headers.get('location');
    if (!created && location) created = (await readRemote(ctx, family, location)) ?? undefined;
    if (!created || typeof created.url !== 'string') throw new UncertainWrite(`POST ${family.path}: the answer named no record`);
    saveBases(ctx, family, row.localId, created, mineRaw);
    if (manualLine) await linkManualLines(ctx, mineRaw.bank_transaction, created.bank_transaction);
    ctx.counts.pushed += 1;
    // Created as a draft: an invoice sent or cancelled here follows by its transition.
    if (baseAsCreated(ctx, family, row.localId, 'local')) await pushUpdate(ctx, family, { ...row, operation: 'update' });
  } catch (error) {
    checkAborted(ctx);
    if (error instanceof UncertainWrite) {
      // In doubt, never resent in this round: looked for once now (a commit that came before the answer
      // was lost), then by later rounds, whose pull adopts it too when it appears.
      ctx.state.setOutboxState(family.name, row.localId, 'uncertain', error.message, sentAt);
      await lookFor(sentAt);
      return;
    }
    if (error instanceof RemoteRefusal) {
      sendToReview(ctx, family, { kind: 'refused', localId: row.localId, remoteUrl: null, label: family.label(mineRaw), reason: error.message, detail: { fields: [], mine, theirs: null, base: null } }, 'rejected');
      return;
    }
    throw error;
  }
}

/** Reads the remote copy first (an optimistic lock by comparison with the base), then merges. */
async function pushUpdate(ctx: RoundContext, family: Family, row: OutboxRow): Promise<void> {
  const mapped = ctx.state.byLocal(family.name, row.localId)!;
  const theirsRaw = await readRemote(ctx, family, mapped.remoteUrl);
  if (theirsRaw) {
    await reconcile(ctx, family, mapped, theirsRaw);
    return;
  }
  const mineRaw = await readLocal(ctx, family, row.localId);
  if (!mineRaw) return;
  const mine = project(family, mineRaw);
  if (sameRecord(mine, mapped.localBase)) {
    await deletedThere(ctx, family, mapped); // nothing changed here after all
    return;
  }
  sendToReview(ctx, family, { kind: 'deleted-there', localId: row.localId, remoteUrl: mapped.remoteUrl, label: family.label(mineRaw), reason: 'Deleted on the remote but changed here since the last sync', detail: { fields: [], mine, theirs: null, base: mapped.localBase } });
}

async function pushDelete(ctx: RoundContext, family: Family, row: OutboxRow): Promise<void> {
  const mapped = ctx.state.byLocal(family.name, row.localId);
  const remoteUrl = row.remoteUrl ?? mapped?.remoteUrl;
  const forget = () =>
    ctx.state.transaction(() => {
      ctx.state.unmap(family.name, row.localId);
      ctx.state.clearOutbox(family.name, row.localId);
    });
  if (!remoteUrl || !mapped) {
    forget();
    return;
  }
  const theirsRaw = await readRemote(ctx, family, remoteUrl);
  if (!theirsRaw) {
    forget();
    return;
  }
  if (!sameRecord(project(family, theirsRaw), mapped.remoteBase)) {
    sendToReview(ctx, family, { kind: 'deleted-here', localId: row.localId, remoteUrl, label: family.label(theirsRaw), reason: 'Deleted here but changed on the remote since the last sync', detail: { fields: [], mine: null, theirs: project(family, theirsRaw), base: mapped.remoteBase } });
    return;
  }
  try {
    // The draft step and the delete were folded into one outbox row: the remote takes the step first.
    if (family.transition && family.deletedFrom && family.transition.of(theirsRaw) !== family.deletedFrom) await transitionRemote(ctx, family, remoteUrl, family.deletedFrom);
    await ctx.remote.request('DELETE', remoteUrl);
  } catch (error) {
    checkAborted(ctx);
    if (error instanceof RemoteRefusal && error.status === 404) {
      forget();
      return;
    }
    if (!(error instanceof RemoteRefusal)) throw error;
    sendToReview(ctx, family, { kind: 'refused', localId: row.localId, remoteUrl, label: family.label(theirsRaw), reason: error.message, detail: { fields: [], mine: null, theirs: project(family, theirsRaw), base: mapped.remoteBase } }, 'rejected');
    return;
  }
  forget();
  ctx.counts.pushed += 1;
}
