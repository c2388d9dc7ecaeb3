import type { Family, SyncRecord } from './families';
import type { LocalBook } from './local';
import type { RemoteClient } from './remote';
import { SyncAborted } from './remote-errors';
import type { SyncState } from './state';

export interface SyncCounts {
  pulled: number;
  pushed: number;
  conflicts: number;
  refused: number;
}

export type ProgressEvent = { type: 'progress'; phase: 'link' | 'pull' | 'push'; family: string; done: number; total: number | null };

/** What one round works with: both sides, the sync's tables, its counters and its stop signal. */
export interface RoundContext {
  state: SyncState;
  local: LocalBook;
  remote: RemoteClient;
  counts: SyncCounts;
  /** ISO timestamp by the book's clock: for what a person reads (reviews, runs), never to decide about the remote. */
  now(): string;
  /**
   * ISO timestamp by the service's clock (its Date header): every updated_since, look-up window and
   * sweep decision, so a desktop clock hours off changes nothing (service-clock.ts).
   */
  serviceNow(): string;
  signal: AbortSignal | undefined;
  progress(event: ProgressEvent): void;
  /** The families this round syncs: those the linked user's permission level allows, parents first. */
  families: readonly Family[];
  /** How long a family that honours updated_since goes between sweeps of its ids for deletions. */
  sweepEveryMs: number;
  /** Full lists the round read of unscoped families, by family: the agreement check reuses them when nothing was written since. */
  fullLists?: Map<string, SyncRecord[]>;
}

export function checkAborted(ctx: RoundContext): void {
  if (ctx.signal?.aborted) throw new SyncAborted();
}
