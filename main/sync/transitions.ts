import { checkAborted, type RoundContext } from './context';
import type { Family, SyncRecord } from './family';
import { RemoteRefusal, UncertainWrite } from './remote-errors';
import { localPath, recordIn } from './shape';

/**
 * A field that only transitions move (an invoice's stage: Draft, Sent, Cancelled). It is compared and
 * merged like any field, but never written as one: the record is written without it, then moved by
 * `PUT <record>/transitions/<name>`. The transitions named here have no side effect outside the books;
 * emailing (send_email, mark_as_scheduled) is never one of them.
 */

/** The fields that can be written as fields: everything but a transition field. */
export function withoutTransitions(family: Family, record: SyncRecord): SyncRecord {
  if (!family.transition) return record;
  const out = { ...record };
  delete out[family.transition.field];
  return out;
}

export const movesBy = (family: Family, fields: readonly string[]) => (family.transition && fields.includes(family.transition.field) ? family.transition : null);

/**
 * Moves the remote record to `value`. A transition whose answer was lost is never sent again in the
 * same round: the record is read, and if it is already there that was the answer; if not, the
 * UncertainWrite goes up and the record waits for the next round, whose merge reads it again (a move
 * that landed late is then simply the same value on both sides). Returns the record after.
 */
export async function transitionRemote(ctx: RoundContext, family: Family, remoteUrl: string, value: string): Promise<SyncRecord> {
  const moves = family.transition!;
  const first = moves.through?.[value];
  if (first) {
    try {
      await transitionRemote(ctx, family, remoteUrl, first);
    } catch (error) {
      if (!(error instanceof RemoteRefusal)) throw error;
    }
  }
  const name = moves.to[value];
  if (!name) throw new RemoteRefusal(422, [`Ledgerdesk does not move a ${family.one} to ${value}`]);
  let lost: UncertainWrite | null = null;
  try {
    const answer = await ctx.remote.request('PUT', `${remoteUrl}/transitions/${name}`, { retry: 'never' });
    const record = recordIn(family, answer.body);
    if (record) return record;
  } catch (error) {
    checkAborted(ctx);
    if (!(error instanceof UncertainWrite)) throw error;
    lost = error;
  }
  const now = recordIn(family, (await ctx.remote.get(remoteUrl)).body);
  if (now && moves.of(now) === value) return now;
  throw lost ?? new UncertainWrite(`PUT ${remoteUrl}/transitions/${name}: the answer named no ${family.one}`);
}

/** Moves the book's record to `value` through the engine's own transition (postings follow). */
export async function transitionLocal(ctx: RoundContext, family: Family, localId: number, value: string): Promise<{ record: SyncRecord | null; messages: string[] }> {
  const first = family.transition!.through?.[value];
  if (first) await transitionLocal(ctx, family, localId, first);
  const name = family.transition!.to[value];
  if (!name) return { record: null, messages: [`Ledgerdesk does not move a ${family.one} to ${value}`] };
  const answer = await ctx.local.request('PUT', `${localPath(family, localId)}/transitions/${name}`);
  return { record: recordIn(family, answer.body) ?? null, messages: answer.messages };
}

/**
 * A create always starts at the transition field's first value (an invoice is created as a draft). When
 * the record holds another, the base on `side` is set to that first value, so the next comparison
 * carries the stage as a change to make by transition. Returns whether there is one.
 */
export function baseAsCreated(ctx: RoundContext, family: Family, localId: number, side: 'local' | 'remote'): boolean {
  const moves = family.transition;
  const mapped = moves ? ctx.state.byLocal(family.name, localId) : null;
  if (!moves || !mapped) return false;
  const base = side === 'local' ? mapped.localBase : mapped.remoteBase;
  const value = base[moves.field];
  if (value === null || value === undefined || value === moves.created) return false;
  base[moves.field] = moves.created;
  ctx.state.saveMapped(mapped);
  return true;
}
