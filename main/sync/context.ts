import type { Family, SyncRecord } from './family';
import type { LocalBook } from './local';
import type { RemoteClient } from './remote';
import { SyncAborted } from './remote-errors';
import type { OutboxRow, SyncState } from './state';

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
  /** Whether serviceNow has been read from the service's Date yet (else it is the desktop's clock, which may be hours off). */
  serviceClockMeasured(): boolean;
  signal: AbortSignal | undefined;
  progress(event: ProgressEvent): void;
  /** The families this round syncs: those the linked user's permission level allows, parents first. */
  families: readonly Family[];
  /** How a family's records travel (transports.ts): given by the service, so push and pull need not import every transport. */
  transport(family: Family): FamilyTransport;
  /** How long a family that honours updated_since goes between sweeps of its ids for deletions. */
  sweepEveryMs: number;
  /** Full lists the round read of unscoped families, by family: the agreement check reuses them when nothing was written since. */
  fullLists?: Map<string, SyncRecord[]>;
  /**
   * Child lists this round already knows to be empty, by cursor name, with the service's time of the parent
   * list that showed it (a full list of statement lines none of which carries an explanation).
   */
  emptyScopes?: Map<string, string>;
  /** The book's documents by number, by family, read once a round for the number check (unique-online.ts). */
  numbersInBook?: Map<string, Map<string, number[]>>;
}

export function checkAborted(ctx: RoundContext): void {
  if (ctx.signal?.aborted) throw new SyncAborted();
}

/** What a family's pull leaves for the deletion sweep, which runs after every family, children first. */
export type Sweep = () => Promise<void>;

/**
 * How a family's records travel: most as records (listed, posted, put, deleted one by one), statement
 * lines only by statement upload. The round asks the family's transport instead of testing its name,
 * so a family with a new way of travelling brings its own transport and the round stays as it is.
 */
export interface FamilyTransport {
  /** Reads what changed on the remote and merges it in; returns the deletion sweep, run after every family. */
  pull(ctx: RoundContext, family: Family): Promise<Sweep>;
  /** Sends the outbox's creates and updates of the family (deletes are the same for every family). */
  push(ctx: RoundContext, family: Family, rows: readonly OutboxRow[]): Promise<void>;
  /** A remote record the book has never held (not linked, not skipped): made here, or paired with ours. */
  pullNew(ctx: RoundContext, family: Family, theirsRaw: SyncRecord): Promise<void>;
}
