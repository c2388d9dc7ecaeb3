import type { Family, SyncRecord } from './family';
import type { RoundContext } from './context';
import type { FieldConflict } from './merge';
import type { OutboxState, ReviewKind } from './state';

export interface ReviewDetail {
  fields: FieldConflict[];
  mine: SyncRecord | null;
  theirs: SyncRecord | null;
  base: SyncRecord | null;
}

/** Puts a record in front of the user; the outbox row (if any) waits in `outboxState` until resolved. */
export function sendToReview(
  ctx: RoundContext,
  family: Family,
  review: { kind: ReviewKind; localId: number | null; remoteUrl: string | null; label: string; reason: string; detail: ReviewDetail },
  outboxState: OutboxState = 'conflict',
): void {
  ctx.state.transaction(() => {
    ctx.state.addReview({
      family: family.name,
      kind: review.kind,
      localId: review.localId,
      remoteUrl: review.remoteUrl,
      label: review.label,
      detail: JSON.stringify(review.detail),
      reason: review.reason,
      createdAt: ctx.now(),
    });
    if (review.localId !== null && ctx.state.outboxFor(family.name, review.localId)) ctx.state.setOutboxState(family.name, review.localId, outboxState, review.reason, ctx.now());
  });
  if (review.kind === 'refused' || review.kind === 'invalid-remote') ctx.counts.refused += 1;
  else ctx.counts.conflicts += 1;
}
