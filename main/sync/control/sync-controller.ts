import type { SyncStatusRecord } from '../../../shared/api/sync';
import type { Clock } from '../../engine/context';
import type { LinkStore } from '../connect/credential-file';
import type { Environment } from '../connect/link';
import { oauthClientFrom } from '../connect/oauth-config';
import type { RefreshLock } from '../connect/refresh-lock';
import { SyncConnection, type ConnectionStatus } from '../connect/sync-connection';
import type { Fetch } from '../connect/token-endpoint';
import { LinkPlanNeeded } from '../link';
import type { PreferenceStore, SyncPreferences } from './preferences';
import type { ServiceEvent, ServiceFactory, ServiceLinkPlan, ServiceResolution, ServiceReviewItem, SyncCounts, SyncServicePort } from './service-port';

/** Automatic sync while connected: every five minutes (well inside the service's limits). */
export const AUTO_SYNC_INTERVAL_MS = 5 * 60_000;
/** Status pushes to the window while a sync runs: at most one per this many ms. */
const STATUS_THROTTLE_MS = 100;

export class NotConnectedError extends Error {
  constructor() {
    super('This book is not connected to the online service. Connect it in Settings › Sync.');
  }
}

export interface SyncControllerOptions {
  store: LinkStore;
  preferences: PreferenceStore;
  clock: Clock;
  /** The book's company, which a remote must match in type. */
  bookCompany(): { type: string; name: string };
  /** Builds the core's service for a verified remote. */
  createService: ServiceFactory;
  /** process.env, for the OAuth client id and secret. */
  env: Record<string, string | undefined>;
  /** How tokens are sealed here ("safeStorage" or "key file"), for Settings to say. */
  cipherKind: string;
  openBrowser?: (url: string) => void | Promise<void>;
  fetch?: Fetch;
  ports?: readonly number[];
  serviceUrls?: Readonly<Record<Exclude<Environment, 'custom'>, string>>;
  autoSyncIntervalMs?: number;
  /** One token refresh at a time across every process on the book (BookRefreshLock). */
  refreshLock?: RefreshLock;
}

export class NoPlanError extends Error {
  constructor() {
    super('Look at the plan first: it shows what linking will do before anything is written.');
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The one place the window's sync commands land: the connection (connect, disconnect), the core's
 * service for the linked remote (made when the book connects, dropped when it disconnects), Sync
 * now, automatic sync, the review list and the first-link plan. It never waits for a sync to
 * finish before answering: a round runs in the background and its progress goes out as status
 * events, so the window never blocks.
 */
export class SyncController {
  readonly connection: SyncConnection;
  private service: { key: string; company: string; port: SyncServicePort; unsubscribe: () => void } | null = null;
  /** Set while the service of a replaced company is being stopped and unlinked. */
  private switching: Promise<void> | null = null;
  private plan: ServiceLinkPlan | null = null;
  private readonly listeners = new Set<(status: SyncStatusRecord) => void>();
  private round: Promise<void> | null = null;
  private progress: SyncStatusRecord['progress'] = null;
  private counts: SyncCounts | null = null;
  private progressByFamily = new Map<string, number>();
  private failure: string | null = null;
  private planNeeded = false;
  private pendingEmit: ReturnType<typeof setTimeout> | null = null;
  private lastEmit = 0;

  constructor(private readonly options: SyncControllerOptions) {
    this.connection = new SyncConnection({
      store: options.store,
      clock: options.clock,
      bookCompany: options.bookCompany,
      client: () => this.client(),
      openBrowser: options.openBrowser,
      fetch: options.fetch,
      ports: options.ports,
      serviceUrls: options.serviceUrls,
      refreshLock: options.refreshLock,
    });
    this.connection.onChange(() => {
      this.ensureService();
      this.emit(true);
    });
    this.ensureService();
  }

  onStatus(listener: (status: SyncStatusRecord) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  preferences(): SyncPreferences {
    return this.options.preferences.read();
  }

  status(): SyncStatusRecord {
    const connection = this.connection.status();
    const service = this.service?.port.status() ?? null;
    const preferences = this.preferences();
    const fromEnvironment = oauthClientFrom(this.options.env) !== null;
    const running = this.round !== null || (service?.running ?? false);
    let state: SyncStatusRecord['state'];
    if (connection.state === 'reconnect-needed') state = 'needs-authorization';
    else if (!service || connection.state !== 'connected') state = 'not-connected';
    else if (running) state = 'running';
    else if (this.planNeeded) state = 'needs-attention';
    else state = service.state;
    return {
      connection: connectionRecord(connection),
      state,
      running,
      last_synced_at: service?.lastSyncedAt ?? null,
      last_error: this.failure ?? service?.lastError ?? null,
      agreement: service?.agreement ? { checked_at: service.agreement.checkedAt, differences: service.agreement.differences } : null,
      waiting: service?.waiting ?? 0,
      review: service?.review ?? 0,
      progress: running ? this.progress : null,
      counts: this.counts,
      link_plan_needed: this.planNeeded,
      now: this.options.clock.now().toISOString(),
      settings: {
        auto_sync: preferences.autoSync,
        environment: preferences.environment,
        client_configured: this.client() !== null,
        client_from_environment: fromEnvironment,
        cipher: this.options.cipherKind,
      },
    };
  }

  async connectInBrowser(): Promise<{ approveUrl: string; openedBrowser: boolean }> {
    const started = await this.connection.connectInBrowser(this.preferences().environment);
    return { approveUrl: started.approveUrl, openedBrowser: started.openedBrowser };
  }

  async pasteCode(code: string): Promise<void> {
    await this.connection.pasteCode(code);
  }

  async connectWithToken(url: string, token: string): Promise<void> {
    await this.connection.connectWithToken(url, token);
  }

  cancelConnect(): Promise<void> {
    return this.connection.cancel();
  }

  /** Forgets the credentials and the link's sync state; every record in the book stays. */
  async disconnect(): Promise<void> {
    const service = this.service;
    this.service = null;
    if (service) {
      service.unsubscribe();
      await service.port.stop();
      await this.round;
      service.port.unlink();
    }
    this.planNeeded = false;
    this.counts = null;
    this.failure = null;
    await this.connection.disconnect();
  }

  updatePreferences(changes: { autoSync?: boolean; environment?: 'production' | 'sandbox'; clientId?: string; clientSecret?: string }): void {
    const current = this.preferences();
    let client = current.client;
    if (changes.clientId !== undefined || changes.clientSecret !== undefined) {
      const clientId = (changes.clientId ?? client?.clientId ?? '').trim();
      const clientSecret = (changes.clientSecret ?? client?.clientSecret ?? '').trim();
      client = clientId && clientSecret ? { clientId, clientSecret } : null;
    }
    const next: SyncPreferences = { autoSync: changes.autoSync ?? current.autoSync, environment: changes.environment ?? current.environment, client };
    this.options.preferences.write(next);
    if (this.service && changes.autoSync !== undefined && changes.autoSync !== current.autoSync) {
      if (next.autoSync) this.service.port.start({ intervalMs: this.options.autoSyncIntervalMs ?? AUTO_SYNC_INTERVAL_MS });
      else void this.service.port.stop();
    }
    this.emit(true);
  }

  /**
   * Starts a round and answers at once; the round's progress and end arrive as status events. A
   * second Sync now while one runs joins it rather than starting another.
   */
  syncNow(direction: 'both' | 'pull' | 'push' = 'both'): void {
    const service = this.requireService();
    if (this.round) return;
    this.failure = null;
    this.progress = null;
    this.progressByFamily.clear();
    this.counts = { pulled: 0, pushed: 0, conflicts: 0, refused: 0, requests: 0, agree: false, differences: 0, checkRequests: 0 };
    this.round = (async () => {
      try {
        this.counts = await service.runOnce({ direction });
        this.planNeeded = false;
      } catch (error) {
        if (error instanceof LinkPlanNeeded) this.planNeeded = true;
        else this.failure = message(error);
      } finally {
        this.round = null;
        this.progress = null;
        this.emit(true);
      }
    })();
    this.emit(true);
  }

  /** The window changed the books: the status (changes waiting) is told again, throttled like progress. */
  bookChanged(): void {
    this.emit(false);
  }

  /** Waits for the round under way, if any (tests, and quitting the app cleanly). */
  async settled(): Promise<void> {
    await this.round;
  }

  /** What a first link would do, kept so that the plan accepted is the one the user saw. */
  async planLink(): Promise<ServiceLinkPlan> {
    this.plan = await this.requireService().planLink();
    return this.plan;
  }

  /** Applies the plan last shown, then syncs. */
  async applyLink(): Promise<void> {
    const plan = this.plan;
    if (!plan) throw new NoPlanError();
    await this.requireService().applyLink(plan);
    this.plan = null;
    this.planNeeded = false;
    this.syncNow();
  }

  reviewList(): ServiceReviewItem[] {
    return this.service?.port.reviewList() ?? [];
  }

  async resolve(id: number, resolution: ServiceResolution): Promise<void> {
    await this.requireService().resolve(id, resolution);
    this.emit(true);
  }

  /** Stops automatic sync and waits for a round under way to reach a safe point (quitting, closing the book). */
  async close(): Promise<void> {
    await this.connection.cancel();
    const service = this.service;
    this.service = null;
    if (service) {
      service.unsubscribe();
      await service.port.stop();
    }
    await this.round;
  }

  private client() {
    return oauthClientFrom(this.options.env, this.preferences().client ?? {});
  }

  private requireService(): SyncServicePort {
    if (!this.service) throw new NotConnectedError();
    return this.service.port;
  }

  /** A service for the connected remote: made when the link appears, replaced when it changes, dropped when it goes. */
  private ensureService(): void {
    if (this.switching) return;
    const link = this.connection.link();
    const tokens = link?.state === 'connected' ? this.connection.tokens() : null;
    const key = link && tokens ? `${link.baseUrl} ${link.connectedAt}` : null;
    const company = link ? `${link.baseUrl} ${link.account.companyUrl}` : null;
    if (this.service && this.service.key === key) return;
    if (this.service) {
      const old = this.service;
      old.unsubscribe();
      this.service = null;
      if (company !== null && company !== old.company) {
        // Reconnected to another company: the old link's id map and bases must not meet the new one.
        this.switching = old.port.stop().then(() => {
          old.port.unlink();
          this.switching = null;
          this.ensureService();
          this.emit(true);
        });
        return;
      }
      void old.port.stop();
    }
    if (!link || !tokens || !key || !company) return;
    const port = this.options.createService({ baseUrl: link.baseUrl, tokens });
    const unsubscribe = port.onEvent((event) => this.heard(event));
    this.service = { key, company, port, unsubscribe };
    if (this.preferences().autoSync) port.start({ intervalMs: this.options.autoSyncIntervalMs ?? AUTO_SYNC_INTERVAL_MS });
  }

  private heard(event: ServiceEvent): void {
    if (event.type === 'progress') {
      this.progress = { phase: event.phase, family: event.family, done: event.done, total: event.total };
      this.progressByFamily.set(`${event.phase} ${event.family}`, event.done);
      if (this.counts && this.round) {
        let pulled = 0;
        let pushed = 0;
        for (const [key, done] of this.progressByFamily) {
          if (key.startsWith('pull ')) pulled += done;
          else if (key.startsWith('push ')) pushed += done;
        }
        this.counts = { ...this.counts, pulled, pushed };
      }
      this.emit(false);
    } else if (event.type === 'finished') {
      this.counts = event.result;
      this.emit(true);
    } else if (event.type === 'failed') {
      this.failure = event.message;
      this.emit(true);
    } else {
      this.emit(false);
    }
  }

  /** Tells the listeners; progress is throttled so a fast pull cannot flood the window. */
  private emit(now: boolean): void {
    if (this.listeners.size === 0) return;
    const elapsed = Date.now() - this.lastEmit;
    if (now || elapsed >= STATUS_THROTTLE_MS) {
      if (this.pendingEmit) clearTimeout(this.pendingEmit);
      this.pendingEmit = null;
      this.lastEmit = Date.now();
      const status = this.status();
      for (const listener of this.listeners) listener(status);
      return;
    }
    this.pendingEmit ??= setTimeout(() => {
      this.pendingEmit = null;
      this.emit(true);
    }, STATUS_THROTTLE_MS - elapsed);
  }
}

function connectionRecord(status: ConnectionStatus): SyncStatusRecord['connection'] {
  return {
    state: status.state,
    environment: status.environment,
    base_url: status.baseUrl,
    kind: status.kind,
    company_name: status.account?.companyName ?? null,
    company_type: status.account?.companyType ?? null,
    user_email: status.account?.userEmail ?? null,
    permission_level: status.account?.permissionLevel ?? null,
    connected_at: status.connectedAt,
    approve_url: status.approveUrl,
    problem: status.problem,
  };
}
