import { checkAborted, type RoundContext } from './context';
import type { Family, SyncRecord, TransitionField } from './family';
import { MissingLink, pick, toLocalForm, toRemoteForm } from './links';
import { mergeFields } from './merge';
import { addsRows, replacingRows } from './nested';
import { project, sameRecord } from './normalize';
import { RemoteRefusal, UncertainWrite } from './remote-errors';
import { sendToReview } from './review';
import { localPath, recordIn } from './shape';
import type { MappedRecord } from './state';
import { movesBy, transitionLocal, transitionRemote } from './transitions';
import { holdForUnsyncedLink, neverArrives } from './users';

export type Outcome = 'same' | 'merged' | 'held';

/** The record as the book holds it now (writable fields, local links), or null when it is gone. */
export async function readLocal(ctx: RoundContext, family: Family, localId: number): Promise<SyncRecord | null> {
  const answer = await ctx.local.request('GET', localPath(family, localId));
  if (answer.status === 404) return null;
  const record = recordIn(family, answer.body);
  if (!record) throw new Error(`The book could not read ${localPath(family, localId)}: ${answer.messages.join('; ')}`);
  return record;
}

/** The remote record at `url`, or null when it answers 404. */
export async function readRemote(ctx: RoundContext, family: Family, url: string): Promise<SyncRecord | null> {
  try {
    const answer = await ctx.remote.get(url);
    const record = recordIn(family, answer.body);
    if (!record) throw new RemoteRefusal(200, [`The remote's answer for ${url} has no ${family.one}`]);
    return record;
  } catch (error) {
    if (error instanceof RemoteRefusal && error.status === 404) return null;
    throw error;
  }
}

/** The bases of a linked record, in each side's canonical spelling (see project). */
export interface Bases {
  remote: SyncRecord;
  local: SyncRecord;
}

export function saveBases(ctx: RoundContext, family: Family, localId: number, remoteRecord: SyncRecord, localRecord: SyncRecord, bases?: Bases): void {
  const mapped: MappedRecord = {
    family: family.name,
    localId,
    remoteUrl: String(remoteRecord.url),
    remoteBase: bases?.remote ?? project(family, remoteRecord),
    localBase: bases?.local ?? project(family, localRecord),
    remoteUpdatedAt: typeof remoteRecord.updated_at === 'string' ? remoteRecord.updated_at : null,
  };
  ctx.state.transaction(() => {
    ctx.state.saveMapped(mapped);
    const row = ctx.state.outboxFor(family.name, localId);
    if (row && row.operation !== 'delete') ctx.state.clearOutbox(family.name, localId);
  });
}

/**
 * Brings one linked record to the same values on both sides: a three-way merge against the bases,
 * the remote's changes written here, ours sent there; a true conflict goes to review with both values.
 */
export async function reconcile(ctx: RoundContext, family: Family, mapped: MappedRecord, theirsRaw: SyncRecord): Promise<Outcome> {
  const mineRaw = await readLocal(ctx, family, mapped.localId);
  if (!mineRaw) return 'same'; // deleted here: the outbox's delete deals with it
  const mine = project(family, mineRaw, false);
  let theirs: SyncRecord;
  let remoteBase: SyncRecord;
  try {
    theirs = toLocalForm(ctx.state, ctx.local, family, project(family, theirsRaw, false));
    remoteBase = toLocalForm(ctx.state, ctx.local, family, mapped.remoteBase);
  } catch (error) {
    if (!(error instanceof MissingLink)) throw error;
    sendToReview(ctx, family, { kind: 'invalid-remote', localId: mapped.localId, remoteUrl: mapped.remoteUrl, label: family.label(mineRaw), reason: error.message, detail: { fields: [], mine, theirs: project(family, theirsRaw, false), base: mapped.remoteBase } });
    return 'held';
  }
  if (sameRecord(mine, mapped.localBase) && sameRecord(theirs, remoteBase)) {
    saveBases(ctx, family, mapped.localId, theirsRaw, mineRaw);
    return 'same';
  }
  const result = mergeFields(family.writable, { local: mapped.localBase, remote: remoteBase }, mine, theirs);
  if (result.conflicts.length > 0) {
    sendToReview(ctx, family, {
      kind: 'conflict',
      localId: mapped.localId,
      remoteUrl: mapped.remoteUrl,
      label: family.label(mineRaw),
      reason: `Changed here and on the remote: ${result.conflicts.map((conflict) => conflict.field).join(', ')}`,
      detail: { fields: result.conflicts, mine, theirs, base: mapped.localBase },
    });
    return 'held';
  }
  return writeMerged(ctx, family, mapped, result.merged, result.toLocal, result.toRemote, mineRaw, theirsRaw);
}

/** Sends `toRemote` fields there and writes `toLocal` fields here, then makes the outcome the new base. */
export async function writeMerged(
  ctx: RoundContext,
  family: Family,
  mapped: MappedRecord,
  merged: SyncRecord,
  toLocal: readonly string[],
  toRemote: readonly string[],
  mineRaw: SyncRecord,
  theirsRaw: SyncRecord,
): Promise<Outcome> {
  let remoteRecord = theirsRaw;
  const moveThere = movesBy(family, toRemote);
  const fieldsThere = toRemote.filter((field) => field !== family.transition?.field);
  if (fieldsThere.length > 0 || moveThere) {
    try {
      const stage = moveThere && typeof merged[moveThere.field] === 'string' ? String(merged[moveThere.field]) : null;
      // Back to draft before the fields change (a draft takes any edit); sent or cancelled after them.
      if (moveThere && stage === moveThere.created) remoteRecord = await transitionRemote(ctx, family, mapped.remoteUrl, stage);
      if (fieldsThere.length > 0) {
        const fields = replacingRows(family, toRemoteForm(ctx.state, family, pick(merged, fieldsThere)), remoteRecord);
        const answer = await ctx.remote.request('PUT', mapped.remoteUrl, { body: { [family.one]: fields }, retry: addsRows(family, fields) ? 'never' : 'safe' });
        remoteRecord = recordIn(family, answer.body) ?? (await readRemoteOrThrow(ctx, family, mapped.remoteUrl));
      }
      if (moveThere && stage !== null && stage !== moveThere.created) remoteRecord = await transitionRemote(ctx, family, mapped.remoteUrl, stage);
      ctx.counts.pushed += 1;
    } catch (error) {
      checkAborted(ctx);
      if (error instanceof MissingLink && neverArrives(error)) await holdForUnsyncedLink(ctx, family, mapped.localId, mineRaw, error);
      if (error instanceof MissingLink) return 'held';
      // A transition or a PUT of rows in doubt: nothing saved, and an update queued, so the next round's push reads the
      // record and merges again (a pull alone would see the remote unchanged and leave ours unsent).
      if (error instanceof UncertainWrite) {
        if (!ctx.state.outboxFor(family.name, mapped.localId)) ctx.state.saveOutbox({ family: family.name, localId: mapped.localId, operation: 'update', state: 'pending', remoteUrl: null, attempts: 0, lastError: null, updatedAt: ctx.now() });
        return 'held';
      }
      if (!(error instanceof RemoteRefusal)) throw error;
      sendToReview(ctx, family, { kind: 'refused', localId: mapped.localId, remoteUrl: mapped.remoteUrl, label: family.label(mineRaw), reason: error.message, detail: { fields: [], mine: project(family, mineRaw, false), theirs: project(family, theirsRaw, false), base: mapped.localBase } }, 'rejected');
      return 'held';
    }
  }
  let localRecord = mineRaw;
  const refusedHere = (messages: string[]) => {
    sendToReview(ctx, family, { kind: 'invalid-remote', localId: mapped.localId, remoteUrl: mapped.remoteUrl, label: family.label(mineRaw), reason: `The book refused the remote's change: ${messages.join('; ')}`, detail: { fields: [], mine: project(family, mineRaw, false), theirs: project(family, remoteRecord, false), base: mapped.localBase } });
    return 'held' as const;
  };
  const moveHere = movesBy(family, toLocal);
  const fieldsHere = toLocal.filter((field) => field !== family.transition?.field);
  const stageHere = moveHere && typeof merged[moveHere.field] === 'string' ? String(merged[moveHere.field]) : null;
  if (moveHere && stageHere === moveHere.created) {
    const moved = await transitionLocal(ctx, family, mapped.localId, stageHere);
    if (!moved.record) return refusedHere(moved.messages);
    localRecord = moved.record;
  }
  if (fieldsHere.length > 0) {
    const answer = await ctx.local.request('PUT', localPath(family, mapped.localId), { [family.one]: replacingRows(family, pick(merged, fieldsHere), localRecord) });
    const written = recordIn(family, answer.body);
    if (!written) return refusedHere(answer.messages);
    localRecord = written;
  }
  if (moveHere && stageHere !== null && stageHere !== moveHere.created) {
    const moved = await transitionLocal(ctx, family, mapped.localId, stageHere);
    if (!moved.record) return refusedHere(moved.messages);
    localRecord = moved.record;
  }
  if (toLocal.length > 0) ctx.counts.pulled += 1;
  saveBases(ctx, family, mapped.localId, remoteRecord, localRecord, {
    remote: baseAfterWrite(family, theirsRaw, remoteRecord, moveThere ? [...fieldsThere, ...movedBy(moveThere)] : fieldsThere),
    local: baseAfterWrite(family, mineRaw, localRecord, moveHere ? [...fieldsHere, ...movedBy(moveHere)] : fieldsHere),
  });
  return 'merged';
}

/**
 * A side's base after the round wrote `written` there: those fields as its answer holds them, every
 * other field as it was read before the write. The answer also holds whatever someone else changed on
 * that side while the write was out (a person saving in the book during the service's PUT, the
 * accountant online between our read and our PUT or our transition); taken into the base, that change
 * would look agreed and never travel. Kept out, it is a change of that side's at the next round, merged
 * like any other. A move writes its field and whatever the transition moves by itself (movedBy).
 */
function baseAfterWrite(family: Family, before: SyncRecord, after: SyncRecord, written: readonly string[]): SyncRecord {
  const answer = project(family, after);
  if (after === before) return answer;
  const base = project(family, before);
  for (const field of written) base[field] = answer[field];
  return base;
}

/** The fields a transition writes: its own, and those it moves by itself on the side it is made on. */
const movedBy = (moves: TransitionField): readonly string[] => [moves.field, ...moves.alsoMoves];

async function readRemoteOrThrow(ctx: RoundContext, family: Family, url: string): Promise<SyncRecord> {
  const record = await readRemote(ctx, family, url);
  if (!record) throw new RemoteRefusal(404, [`${url} is gone from the remote`]);
  return record;
}

/**
 * Links a local record to a remote one found by key: our create whose answer was lost. What the create
 * sent, kept with it (state.markSent), is the base on both sides, as the stage it was created at: what
 * the book changed since goes out, what was changed online since (the accountant working on the new
 * record before we found it) comes here, and the same field changed on both is a conflict. Without it
 * (a create sent before it was kept), the remote's values are the base on both sides, so whatever ours
 * holds beyond them goes out as an ordinary edit rather than being taken as agreed.
 */
export function adopt(ctx: RoundContext, family: Family, localId: number, theirsRaw: SyncRecord, theirsLocal: SyncRecord, mineRaw: SyncRecord): void {
  const bases = sentBases(ctx, family, localId) ?? { local: project(family, theirsLocal), remote: project(family, theirsRaw) };
  ctx.state.transaction(() => {
    ctx.state.saveMapped({
      family: family.name,
      localId,
      remoteUrl: String(theirsRaw.url),
      remoteBase: bases.remote,
      localBase: bases.local,
      remoteUpdatedAt: typeof theirsRaw.updated_at === 'string' ? theirsRaw.updated_at : null,
    });
    if (sameRecord(project(family, mineRaw), bases.local) && sameRecord(project(family, theirsRaw), bases.remote)) ctx.state.clearOutbox(family.name, localId);
    else ctx.state.saveOutbox({ family: family.name, localId, operation: 'update', state: 'pending', remoteUrl: null, attempts: 0, lastError: null, updatedAt: ctx.now() });
  });
}

/** The bases a create's kept payload gives, each in its side's spelling; null when none was kept or a link no longer maps. */
function sentBases(ctx: RoundContext, family: Family, localId: number): Bases | null {
  const sent = ctx.state.sentOf(family.name, localId);
  if (!sent) return null;
  // A create goes without its stage and starts at the first (an invoice is made a draft, then moved).
  const made = family.transition ? { ...sent, [family.transition.field]: family.transition.created } : sent;
  try {
    return { local: made, remote: toRemoteForm(ctx.state, family, made) };
  } catch (error) {
    if (error instanceof MissingLink) return null;
    throw error;
  }
}
