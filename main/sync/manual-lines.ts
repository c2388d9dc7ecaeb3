import type { RoundContext } from './context';
import { familyNamed, linkTarget } from './families';
import type { Family, SyncRecord } from './family';
import { MissingLink } from './links';
import { localIdOf } from './local';
import { readLocal, readRemote, saveBases } from './reconcile';

/**
 * An explanation given a bank account and no line makes a manual line of its own, on either side.
 * Such a line is never synced as a statement line: the explanation goes without `bank_transaction`,
 * the other side makes the line, and the two lines are then linked in the id map.
 */

/** Whether the missing link is an explanation's own manual line on `side`; then it is sent without it. */
export async function isOwnManualLine(ctx: RoundContext, family: Family, error: unknown, side: 'local' | 'remote'): Promise<boolean> {
  if (!(error instanceof MissingLink) || family.ownLine === undefined || error.field !== family.ownLine) return false;
  const lines = familyNamed(linkTarget(family.links[family.ownLine]!, error.target));
  const line = side === 'local' ? await readLocal(ctx, lines, localIdOf(error.target)) : await readRemote(ctx, lines, error.target);
  return line?.is_manual === true;
}

/** Links the manual line each side made for the same explanation. */
export async function linkManualLines(ctx: RoundContext, localLine: unknown, remoteLine: unknown): Promise<void> {
  if (typeof localLine !== 'string' || typeof remoteLine !== 'string') return;
  const lines = familyNamed('bank_transactions');
  const mine = await readLocal(ctx, lines, localIdOf(localLine));
  const theirs: SyncRecord | null = await readRemote(ctx, lines, remoteLine);
  if (mine && theirs && !ctx.state.byRemote(remoteLine)) saveBases(ctx, lines, localIdOf(localLine), theirs, mine);
}
