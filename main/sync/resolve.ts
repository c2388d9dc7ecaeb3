import type { RoundContext } from './context';
import { familyNamed } from './families';
import type { Family, SyncRecord } from './family';
import { toLocalForm } from './links';
import type { LocalBook } from './local';
import { mergeFields } from './merge';
import { project, sameValue } from './normalize';
import { pullOne } from './pull';
import { readLocal, readRemote, writeMerged } from './reconcile';
import { sendToReview, type ReviewDetail } from './review';
import { localPath } from './shape';
import { withoutTransitions } from './transitions';
import type { ReviewKind, ReviewRow, SyncState } from './state';

export interface ReviewItem {
  id: number;
  family: string;
  kind: ReviewKind;
  label: string;
  localUrl: string | null;
  remoteUrl: string | null;
  fields: { field: string; mine: unknown; theirs: unknown; base: unknown }[];
  mine: SyncRecord | null;
  theirs: SyncRecord | null;
  reason: string;
  createdAt: string;
}

export type Resolution = { choice: 'mine' } | { choice: 'theirs' } | { choice: 'edit'; values: SyncRecord };

/** A resolution the review item cannot take (edit on a deletion, an item already resolved). */
export class ResolutionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ResolutionError';
  }
}

export function reviewItems(state: SyncState, local: LocalBook): ReviewItem[] {
  return state.openReviews().map((row) => {
    const detail = JSON.parse(row.detail) as ReviewDetail;
    return {
      id: row.id,
      family: row.family,
      kind: row.kind,
      label: row.label,
      localUrl: row.localId === null ? null : local.urlOf(localPath(familyNamed(row.family), row.localId)),
      remoteUrl: row.remoteUrl,
      fields: detail.fields,
      mine: detail.mine,
      theirs: detail.theirs,
      reason: row.reason,
      createdAt: row.createdAt,
    };
  });
}

/** Carries out the user's decision on one review item, on both sides, now. */
export async function resolveReview(ctx: RoundContext, id: number, resolution: Resolution): Promise<void> {
  const row = ctx.state.review(id);
  if (!row || row.state !== 'open') throw new ResolutionError(`There is no open review item ${id}`);
  if (row.kind === 'difference') {
    // Figures both servers compute: nothing to send either way. Seen, it is not raised again while the figures stay the same.
    if (resolution.choice === 'edit') throw new ResolutionError('A difference in figures cannot be edited: mark it as seen, or change the record itself');
    ctx.state.resolveReview(id, 'noted', ctx.now());
    return;
  }
  const family = familyNamed(row.family);
  if (resolution.choice === 'edit' && row.kind !== 'conflict' && row.kind !== 'refused') throw new ResolutionError('A deleted or unreadable record can be kept or let go, not edited: choose keep mine or keep theirs');
  // Letting a record the service deleted go here too must be possible before the item is closed: a
  // book that refuses (a contact its invoices still name) would only raise the same item again.
  if (row.kind === 'deleted-there' && resolution.choice === 'theirs') await deleteHereOrRefuse(ctx, family, row);
  ctx.state.resolveReview(id, resolution.choice === 'mine' && row.kind === 'invalid-remote' ? 'ignored' : resolution.choice, ctx.now());
  switch (row.kind) {
    case 'conflict':
      return resolveConflict(ctx, family, row, resolution);
    case 'deleted-there':
      return resolveDeletedThere(ctx, family, row, resolution);
    case 'deleted-here':
      return resolveDeletedHere(ctx, family, row, resolution);
    case 'refused':
      return resolveRefused(ctx, family, row, resolution);
    case 'invalid-remote':
      return; // theirs: the next pull tries again; mine: the remote record is left out for good
  }
}

const requeue = (ctx: RoundContext, family: Family, localId: number, operation: 'create' | 'update' | 'delete', remoteUrl: string | null) =>
  ctx.state.saveOutbox({ family: family.name, localId, operation, state: 'pending', remoteUrl, attempts: 0, lastError: null, updatedAt: ctx.now() });

async function resolveConflict(ctx: RoundContext, family: Family, row: ReviewRow, resolution: Resolution): Promise<void> {
  const mapped = ctx.state.byLocal(family.name, row.localId!);
  const mineRaw = await readLocal(ctx, family, row.localId!);
  const theirsRaw = mapped ? await readRemote(ctx, family, mapped.remoteUrl) : null;
  if (!mapped || !mineRaw || !theirsRaw) return; // one side is gone since: the next round sees a deletion
  const mine = project(family, mineRaw, false);
  const theirs = toLocalForm(ctx.state, ctx.local, family, project(family, theirsRaw, false));
  const result = mergeFields(family.writable, { local: mapped.localBase, remote: toLocalForm(ctx.state, ctx.local, family, mapped.remoteBase) }, mine, theirs);
  const merged = { ...result.merged };
  for (const conflict of result.conflicts) merged[conflict.field] = resolution.choice === 'theirs' ? theirs[conflict.field] : mine[conflict.field];
  if (resolution.choice === 'edit') Object.assign(merged, pickWritable(family, resolution.values));
  const toLocal = family.writable.filter((field) => !sameValue(merged[field], mine[field]));
  const toRemote = family.writable.filter((field) => !sameValue(merged[field], theirs[field]));
  await writeMerged(ctx, family, mapped, merged, toLocal, toRemote, mineRaw, theirsRaw);
}

async function resolveDeletedThere(ctx: RoundContext, family: Family, row: ReviewRow, resolution: Resolution): Promise<void> {
  const mapped = ctx.state.byLocal(family.name, row.localId!);
  if (resolution.choice === 'mine') {
    // Sent again as a new record on the remote; looked for there first, as another book may have kept it too.
    ctx.state.transaction(() => {
      ctx.state.unmap(family.name, row.localId!);
      ctx.state.saveOutbox({ family: family.name, localId: row.localId!, operation: 'create', state: 'uncertain', remoteUrl: null, attempts: 0, lastError: null, updatedAt: ctx.serviceNow() });
    });
    return;
  }
  // Keep theirs: the book's copy is gone already (deleteHereOrRefuse); the link to the service's goes too.
  ctx.state.transaction(() => {
    ctx.state.unmap(family.name, row.localId!);
    ctx.state.clearOutbox(family.name, row.localId!);
  });
  if (mapped) ctx.counts.pulled += 1;
}

/** Deletes the book's copy of a record the service deleted, or says why the book will not (the item stays open). */
async function deleteHereOrRefuse(ctx: RoundContext, family: Family, row: ReviewRow): Promise<void> {
  const answer = await ctx.local.request('DELETE', localPath(family, row.localId!));
  if (answer.status < 400 || answer.status === 404) return;
  throw new ResolutionError(`${row.label} cannot be deleted from this book (${answer.messages.join('; ')}). Keep yours to send it back to the online service.`);
}

async function resolveDeletedHere(ctx: RoundContext, family: Family, row: ReviewRow, resolution: Resolution): Promise<void> {
  const remoteUrl = row.remoteUrl!;
  if (resolution.choice === 'mine') {
    const mapped = ctx.state.byLocal(family.name, row.localId!);
    const theirsRaw = await readRemote(ctx, family, remoteUrl);
    // The base becomes the remote's current copy, so the outbox's delete goes through as unchanged there.
    if (mapped && theirsRaw) ctx.state.saveMapped({ ...mapped, remoteBase: project(family, theirsRaw) });
    requeue(ctx, family, row.localId!, 'delete', remoteUrl);
    return;
  }
  ctx.state.transaction(() => {
    ctx.state.unmap(family.name, row.localId!);
    ctx.state.clearOutbox(family.name, row.localId!);
  });
  const theirsRaw = await readRemote(ctx, family, remoteUrl);
  if (theirsRaw) await pullOne(ctx, family, theirsRaw);
}

async function resolveRefused(ctx: RoundContext, family: Family, row: ReviewRow, resolution: Resolution): Promise<void> {
  const outbox = ctx.state.outboxFor(family.name, row.localId!);
  const operation = outbox?.operation ?? 'update';
  if (resolution.choice === 'edit') {
    await ctx.local.request('PUT', localPath(family, row.localId!), { [family.one]: withoutTransitions(family, pickWritable(family, resolution.values)) });
  }
  if (resolution.choice !== 'theirs') {
    requeue(ctx, family, row.localId!, operation, outbox?.remoteUrl ?? null);
    return;
  }
  // Keep theirs: the book goes back to the remote's version (or loses a record the remote never took).
  const mapped = ctx.state.byLocal(family.name, row.localId!);
  if (!mapped) {
    const removed = await ctx.local.request('DELETE', localPath(family, row.localId!));
    if (removed.status < 400 || removed.status === 404) {
      ctx.state.clearOutbox(family.name, row.localId!);
      return;
    }
    // The book will not let it go either (a contact with invoices): it stays here and not on the
    // service, so it goes back to review with both reasons rather than drop out of sync unsaid.
    const detail = JSON.parse(row.detail) as ReviewDetail;
    const reason = `Keeping the service's side means removing this record from the book, which refused: ${removed.messages.join(' ')} The service refused it first: ${row.reason}`;
    sendToReview(ctx, family, { kind: 'refused', localId: row.localId, remoteUrl: null, label: row.label, reason, detail }, 'rejected');
    return;
  }
  ctx.state.clearOutbox(family.name, row.localId!);
  const theirsRaw = await readRemote(ctx, family, mapped.remoteUrl);
  const mineRaw = await readLocal(ctx, family, row.localId!);
  if (!theirsRaw) return;
  if (!mineRaw) {
    ctx.state.unmap(family.name, row.localId!);
    await pullOne(ctx, family, theirsRaw);
    return;
  }
  const theirs = toLocalForm(ctx.state, ctx.local, family, project(family, theirsRaw, false));
  const mine = project(family, mineRaw, false);
  const toLocal = family.writable.filter((field) => !sameValue(theirs[field], mine[field]));
  await writeMerged(ctx, family, mapped, theirs, toLocal, [], mineRaw, theirsRaw);
}

function pickWritable(family: Family, values: SyncRecord): SyncRecord {
  const out: SyncRecord = {};
  for (const field of family.writable) if (field in values) out[field] = values[field];
  return out;
}

