import type { RoundContext } from './context';
import { familyNamed } from './families';
import type { Family, SyncRecord } from './family';
import { localIdOf } from './local';
import { project, sameRecord } from './normalize';
import { readLocal, readRemote, reconcile } from './reconcile';
import { RemoteRefusal } from './remote-errors';
import { sendToReview } from './review';
import type { MappedRecord } from './state';

/**
 * A transfer explained from one account before the other account's statement was in made a stand-in
 * (manual) line there, on each side: each side makes a transfer's other half itself. When that statement
 * is imported in the book, its line takes the stand-in's place (engine transfer-side-arrived.ts). Sent
 * online, the same line is added beside the remote's stand-in and left unexplained: the live service
 * matches an imported line with a manual one only when a person asks, so the remote counted the money
 * twice. The remote's transfer is then made again: deleted (its stand-in goes with it) and sent anew,
 * when the service explains the waiting line as the transfer's other side, as it does for a transfer
 * explained after the other account's line is in. A remote engine that replaced the stand-in itself
 * shows the line explained already, and nothing is sent.
 */

const EXPLANATIONS = 'bank_transaction_explanations';

const explained = (line: SyncRecord) => Array.isArray(line.bank_transaction_explanations) && line.bank_transaction_explanations.length > 0;

/** The book's transfer whose other side is this line, when the line holds one. */
function transferOnto(ctx: RoundContext, localLineId: number): number | null {
  const source = ctx.state.sqlite
    .prepare('SELECT transfer_source_id FROM bank_transaction_explanations WHERE bank_transaction_id = ? AND transfer_source_id IS NOT NULL')
    .pluck()
    .get(localLineId) as number | undefined;
  return source ?? null;
}

/** After a statement line of ours is linked to the remote's: the remote's transfer moved onto it, if it stands elsewhere. */
export async function transferFollowsLine(ctx: RoundContext, localLineUrl: string, remoteLine: SyncRecord): Promise<void> {
  if (explained(remoteLine)) return;
  const sourceId = transferOnto(ctx, localIdOf(localLineUrl));
  if (sourceId === null) return;
  const family = familyNamed(EXPLANATIONS);
  // A transfer not online yet pairs with the waiting line when its create goes.
  const mapped = ctx.state.byLocal(family.name, sourceId);
  if (!mapped) return;
  const [mineRaw, theirsRaw] = [await readLocal(ctx, family, sourceId), await readRemote(ctx, family, mapped.remoteUrl)];
  if (!mineRaw || !theirsRaw) return;
  // Changed online since the last round: deleting it would lose that change; the agreement check shows the difference.
  if (!sameRecord(project(family, theirsRaw), mapped.remoteBase)) return;
  // Written down before the delete goes: a sync killed while it is out finishes the remake next round
  // (push's create, or the sweep that finds the old one gone) instead of taking the delete for the
  // accountant's and deleting the book's transfer too.
  ctx.state.saveOutbox({ family: family.name, localId: sourceId, operation: 'create', state: 'pending', remoteUrl: mapped.remoteUrl, attempts: 0, lastError: null, updatedAt: ctx.now() });
  await finishRemake(ctx, family, mapped, mineRaw, theirsRaw);
}

/**
 * Whether the outbox holds a remake of `mapped` begun and not finished: a create still naming the
 * remote record it replaces, which may or may not be deleted there yet.
 */
export function remakeBegun(ctx: RoundContext, family: Family, mapped: MappedRecord): boolean {
  const row = ctx.state.outboxFor(family.name, mapped.localId);
  return row?.operation === 'create' && row.remoteUrl === mapped.remoteUrl;
}

/**
 * Deletes the remote record a remake replaces (gone already is as good), then unlinks ours and leaves
 * its create queued, sent by the explanations' own push later in the round, as any create is. Refused,
 * the link stays as it was and the refusal goes to review. Returns whether the create may go.
 */
export async function finishRemake(ctx: RoundContext, family: Family, mapped: MappedRecord, mineRaw: SyncRecord | null = null, theirsRaw: SyncRecord | null = null): Promise<boolean> {
  try {
    await ctx.remote.request('DELETE', mapped.remoteUrl);
  } catch (error) {
    if (!(error instanceof RemoteRefusal)) throw error;
    if (error.status !== 404) {
      const mine = mineRaw ?? (await readLocal(ctx, family, mapped.localId));
      // The link stays; an edit made here since the last round still waits to go as one.
      if (mine && !sameRecord(project(family, mine), mapped.localBase)) ctx.state.saveOutbox({ family: family.name, localId: mapped.localId, operation: 'update', state: 'pending', remoteUrl: null, attempts: 0, lastError: null, updatedAt: ctx.now() });
      else ctx.state.clearOutbox(family.name, mapped.localId);
      const reason = `Moving this transfer onto the statement line that arrived for it: ${error.message}`;
      const label = mine ? family.label(mine) : `${family.one} ${mapped.localId}`;
      sendToReview(ctx, family, { kind: 'refused', localId: mapped.localId, remoteUrl: mapped.remoteUrl, label, reason, detail: { fields: [], mine: mine ? project(family, mine) : null, theirs: theirsRaw ? project(family, theirsRaw) : null, base: mapped.remoteBase } }, 'rejected');
      return false;
    }
  }
  unlinkForCreate(ctx, family, mapped.localId);
  return true;
}

/** The remake's last step: the old remote record is gone, so ours is unlinked and waits as a create. */
export function unlinkForCreate(ctx: RoundContext, family: Family, localId: number): void {
  ctx.state.transaction(() => {
    ctx.state.unmap(family.name, localId);
    ctx.state.saveOutbox({ family: family.name, localId, operation: 'create', state: 'pending', remoteUrl: null, attempts: 0, lastError: null, updatedAt: ctx.now() });
  });
}

/**
 * Another book linked to the same company meets the transfer made again as a new record online and the
 * old one gone. Created here beside its own copy, it was refused (the line is explained already) and
 * the old one then deleted, leaving the line unexplained. A new remote record with the key of a linked
 * record whose remote copy is gone is that record made again: linked to it, and merged against the old
 * copy's base so what changed online still comes in.
 */
export async function relinkRemade(ctx: RoundContext, family: Family, theirsRaw: SyncRecord, theirs: SyncRecord): Promise<boolean> {
  if (!family.remadeOnline) return false;
  const key = family.matchKey(theirs);
  if (key === null) return false;
  // Only the records on the same line here are looked at: one read, not the whole id map.
  const line = family.ownLine !== undefined ? theirs[family.ownLine] : null;
  if (typeof line !== 'string') return false;
  const onLine = ctx.state.sqlite.prepare('SELECT id FROM bank_transaction_explanations WHERE bank_transaction_id = ?').pluck().all(localIdOf(line)) as number[];
  for (const mapped of onLine.map((id) => ctx.state.byLocal(family.name, id))) {
    if (!mapped) continue;
    // One deleted here is going away, not made again.
    if (family.matchKey(mapped.localBase) !== key || ctx.state.outboxFor(family.name, mapped.localId)?.operation === 'delete') continue;
    if (await readRemote(ctx, family, mapped.remoteUrl)) continue;
    const moved: MappedRecord = { ...mapped, remoteUrl: String(theirsRaw.url), remoteUpdatedAt: null };
    ctx.state.saveMapped(moved);
    if (!sameRecord(project(family, theirsRaw), mapped.remoteBase)) await reconcile(ctx, family, moved, theirsRaw);
    return true;
  }
  return false;
}
