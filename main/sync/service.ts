import type { Engine } from '../engine/app';
import { checkAgreement, reportDifferences } from './agreement';
import { syncFilings } from './filings';
import type { EngineDeps } from '../engine/context';
import { RateBudget } from './budget';
import { type ProgressEvent, type RoundContext, type SyncCounts, type Sweep } from './context';
import { FAMILIES, familiesFor } from './families';
import { applyLink, LinkPlanNeeded, planLink, planNeedsDecision, type LinkPlan, type PlanRecords } from './link';
import { LocalBook } from './local';
import { feedOutbox } from './outbox';
import { recoverLocalCreates } from './pull';
import { pushAll } from './push';
import { transportOf } from './transports';
import { RemoteClient } from './remote';
import { refusalWords } from './failure-words';
import { RemoteRefusal, RemoteUnavailable, SyncAborted } from './remote-errors';
import { resolveReview, reviewItems, type Resolution, type ReviewItem } from './resolve';
import { ServiceClock } from './service-clock';
import { SyncState } from './state';
import { realTimer, type SyncTimer } from './timer';
import { ReauthorizationNeeded, type TokenSource } from './tokens';
import { linksUsers, refreshUserMap } from './users';
import { waitingCount } from './waiting';

export interface SyncServiceOptions {
  engine: Engine;
  deps: EngineDeps;
  remote: { baseUrl: string; tokens: TokenSource };
  fetch?: typeof fetch;
  timer?: SyncTimer;
  random?: () => number;
  requestTimeoutMs?: number;
  sweepEveryMs?: number;
  /** Resends after network errors and 5xx before a round gives up as offline. */
  maxRetries?: number;
}

export interface SyncResult extends SyncCounts {
  requests: number;
  /** Whether both books computed the same figures after the round (agreement.ts), and how many differed. */
  agree: boolean;
  differences: number;
  /** Of `requests`, those the agreement check sent of its own. */
  checkRequests: number;
}

export interface SyncStatus {
  linked: boolean;
  account: { baseUrl: string; companyName: string; companyType: string; userEmail: string; permissionLevel: number } | null;
  state: 'idle' | 'running' | 'offline' | 'needs-authorization' | 'needs-attention' | 'error';
  lastSyncedAt: string | null;
  lastError: string | null;
  /** The last agreement check: when it ran and how many figures differed then. */
  agreement: { checkedAt: string; differences: number } | null;
  waiting: number;
  review: number;
  running: boolean;
}

export type SyncEvent = ProgressEvent | { type: 'status'; status: SyncStatus } | { type: 'finished'; result: SyncResult } | { type: 'failed'; message: string };

/** A round is already running; the caller waits for it rather than starting a second. */
export class SyncBusy extends Error {
  constructor() {
    super('A sync is already running');
    this.name = 'SyncBusy';
  }
}

type Problem = 'offline' | 'needs-authorization' | 'error' | null;

/**
 * The sync of one book with one online account. Transport-agnostic: the doors (IPC, loopback HTTP,
 * the CLI) call these methods and relay the events. Every write it makes is one engine request, so the
 * book's other requests wait at most one write for it.
 */
export class SyncService {
  private readonly state: SyncState;
  private readonly local: LocalBook;
  private readonly timer: SyncTimer;
  private readonly listeners = new Set<(event: SyncEvent) => void>();
  private running: Promise<SyncResult> | null = null;
  private problem: Problem = null;
  private lastPlan: { plan: LinkPlan; records: PlanRecords } | null = null;
  private plans = 0;
  private interval: ReturnType<typeof setInterval> | null = null;
  private readonly budget: RateBudget;
  private readonly serviceClock: ServiceClock;

  constructor(private readonly options: SyncServiceOptions) {
    this.state = new SyncState(options.deps.book.sqlite);
    this.local = new LocalBook(options.engine, options.deps);
    this.timer = options.timer ?? realTimer;
    this.budget = new RateBudget(options.deps.book.sqlite, this.timer);
    this.serviceClock = new ServiceClock(this.timer, options.deps.book.sqlite);
  }

  onEvent(listener: (event: SyncEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  status(): SyncStatus {
    const account = this.state.account();
    const review = this.state.openReviewCount();
    const running = this.running !== null;
    return {
      linked: account !== null,
      account: account ? { baseUrl: account.baseUrl, companyName: account.companyName, companyType: account.companyType, userEmail: account.userEmail, permissionLevel: account.permissionLevel } : null,
      state: running ? 'running' : this.problem ? this.problem : review > 0 ? 'needs-attention' : 'idle',
      lastSyncedAt: account?.lastSyncedAt ?? null,
      lastError: account?.lastError ?? null,
      agreement: account?.checkedAt ? { checkedAt: account.checkedAt, differences: account.differences ?? 0 } : null,
      waiting: account ? waitingCount(this.state, this.local.userId) : 0,
      review,
      running,
    };
  }

  async planLink(): Promise<LinkPlan> {
    if (this.state.account()) throw new Error('This book is already linked to an online account');
    const ctx = this.context(this.client(undefined), undefined);
    this.plans += 1;
    this.lastPlan = await planLink(ctx, `plan-${this.plans}`);
    return this.lastPlan.plan;
  }

  async applyLink(plan: LinkPlan): Promise<void> {
    if (this.state.account()) throw new Error('This book is already linked to an online account');
    if (!this.lastPlan || this.lastPlan.plan.id !== plan.id) throw new Error('That link plan is out of date: compute it again');
    const ctx = this.context(this.client(undefined), undefined);
    await applyLink(ctx, plan, this.lastPlan.records, this.options.remote.baseUrl);
    this.lastPlan = null;
    this.emitStatus();
  }

  runOnce(options: { direction?: 'both' | 'pull' | 'push'; signal?: AbortSignal } = {}): Promise<SyncResult> {
    if (this.running) return Promise.reject(new SyncBusy());
    this.running = this.round(options.direction ?? 'both', options.signal).finally(() => {
      this.running = null;
      this.emitStatus();
    });
    this.emitStatus();
    return this.running;
  }

  /** Syncs now and then every `intervalMs` while the app runs; a failed round waits for the next tick. */
  start(options: { intervalMs?: number } = {}): void {
    if (this.interval) return;
    const tick = () => {
      if (!this.running && this.state.account()) void this.runOnce().catch(() => undefined);
    };
    this.interval = setInterval(tick, options.intervalMs ?? 5 * 60_000);
    tick();
  }

  async stop(): Promise<void> {
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
    await this.running?.catch(() => undefined);
  }

  reviewList(): ReviewItem[] {
    return reviewItems(this.state, this.local);
  }

  async resolve(id: number, resolution: Resolution): Promise<void> {
    if (this.running) throw new SyncBusy();
    const client = this.client(undefined);
    await resolveReview(this.context(client, undefined), id, resolution);
    this.emitStatus();
  }

  unlink(): void {
    this.state.forget();
    this.emitStatus();
  }

  private async round(direction: 'both' | 'pull' | 'push', signal: AbortSignal | undefined): Promise<SyncResult> {
    const client = this.client(signal);
    const ctx = this.context(client, signal);
    const runId = this.state.startRun(direction, ctx.now());
    let check = { agree: false, differences: 0, checkRequests: 0 };
    const result = (): SyncResult => ({ ...ctx.counts, requests: client.requests, ...check });
    try {
      if (!this.state.account()) {
        const { plan, records } = await planLink(ctx, 'automatic');
        if (planNeedsDecision(plan)) throw new LinkPlanNeeded(plan);
        await applyLink(ctx, plan, records, this.options.remote.baseUrl);
      }
      ctx.families = familiesFor(this.state.account()!.permissionLevel, this.state.account()!.companyType);
      feedOutbox(ctx);
      if (ctx.families.some(linksUsers)) await refreshUserMap(ctx);
      if (direction !== 'push') {
        const sweeps: Sweep[] = [];
        for (const family of ctx.families) {
          await recoverLocalCreates(ctx, family);
          sweeps.push(await ctx.transport(family).pull(ctx, family));
        }
        // Deletions children first, so a parent is free to go once its children have.
        for (const sweep of sweeps.reverse()) await sweep();
      }
      if (direction !== 'pull') {
        feedOutbox(ctx);
        await pushAll(ctx);
      }
      await syncFilings(ctx, direction);
      const agreement = await checkAgreement(ctx);
      reportDifferences(ctx, agreement);
      check = { agree: agreement.agree, differences: agreement.differences.length, checkRequests: agreement.requests };
      this.problem = null;
      this.state.finishRound(ctx.now(), null);
      this.state.finishRun(runId, ctx.now(), result(), null);
      this.emit({ type: 'finished', result: result() });
      return result();
    } catch (caught) {
      // A refusal that stopped the round is said as one (a 403 on a whole family, a base that is not /v2).
      const error = caught instanceof RemoteRefusal ? roundRefusal(caught, this.options.remote.baseUrl) : caught;
      const message = error instanceof Error ? error.message : String(error);
      if (!(error instanceof SyncAborted)) {
        this.problem = error instanceof RemoteUnavailable ? 'offline' : error instanceof ReauthorizationNeeded ? 'needs-authorization' : 'error';
        this.state.finishRound(null, message);
      }
      this.state.finishRun(runId, ctx.now(), result(), message);
      this.emit({ type: 'failed', message });
      throw error;
    }
  }

  private client(signal: AbortSignal | undefined): RemoteClient {
    return new RemoteClient({
      baseUrl: this.options.remote.baseUrl,
      tokens: this.options.remote.tokens,
      budget: this.budget,
      timer: this.timer,
      random: this.options.random ?? Math.random,
      fetch: this.options.fetch,
      timeoutMs: this.options.requestTimeoutMs,
      maxRetries: this.options.maxRetries,
      signal,
      clock: this.serviceClock,
    });
  }

  private context(remote: RemoteClient, signal: AbortSignal | undefined): RoundContext {
    return {
      state: this.state,
      local: this.local,
      remote,
      counts: { pulled: 0, pushed: 0, conflicts: 0, refused: 0 },
      now: () => this.options.deps.clock.now().toISOString(),
      serviceNow: () => this.serviceClock.now(),
      serviceClockMeasured: () => this.serviceClock.measured(),
      signal,
      progress: (event) => this.emit(event),
      sweepEveryMs: this.options.sweepEveryMs ?? 15 * 60_000,
      families: FAMILIES,
      transport: transportOf,
      fullLists: new Map(),
    };
  }

  private emit(event: SyncEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private emitStatus(): void {
    this.emit({ type: 'status', status: this.status() });
  }
}

/** The refusal that stopped a round, its message the sentence the app and the CLI show. */
function roundRefusal(error: RemoteRefusal, baseUrl: string): RemoteRefusal {
  const said = new RemoteRefusal(error.status, error.messages, error.url);
  said.message = refusalWords(error.status, error.messages, error.url ?? baseUrl);
  return said;
}
