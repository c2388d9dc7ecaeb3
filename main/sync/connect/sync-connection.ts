import type { Clock } from '../../engine/context';
import { approveUrl, codeFromPaste, newState } from './approval';
import type { RefreshLock } from './refresh-lock';
import { UnreadableLinkError, type LinkStore } from './credential-file';
import type { Environment, LinkedAccount, SyncAuth, SyncLink } from './link';
import { startLoopbackListener, type LoopbackListener } from './loopback-listener';
import { endpointsFor, MissingClientError, REDIRECT_PATH, REDIRECT_PORTS, SERVICE_URLS, type OAuthClient } from './oauth-config';
import { OAuthTokenSource } from './oauth-token-source';
import { exchangeCode, type Fetch } from './token-endpoint';
import { ConnectRefusedError, verifyAccount } from './verify-account';
import { BearerTokenSource, type AuthorizationSource } from './bearer-token-source';

/** Approvals are abandoned after this long; the service's codes live 15 minutes. */
const APPROVAL_LIFETIME_MS = 15 * 60_000;

export type ConnectionState = 'disconnected' | 'awaiting-approval' | 'connecting' | 'connected' | 'reconnect-needed';

/** What Settings › Sync shows about the connection (no token ever leaves main). */
export interface ConnectionStatus {
  state: ConnectionState;
  environment: Environment | null;
  baseUrl: string | null;
  kind: SyncAuth['kind'] | null;
  account: LinkedAccount | null;
  connectedAt: string | null;
  /** While awaiting approval: the page to approve on (shown as a link too, in case no browser opened). */
  approveUrl: string | null;
  /** The last sentence worth showing: a refused company, a revoked token, a declined approval. */
  problem: string | null;
}

export interface SyncConnectionOptions {
  store: LinkStore;
  clock: Clock;
  /** The book's own company, which the remote company must match in type. */
  bookCompany(): { type: string; name: string };
  /** The app's OAuth client (settings or environment); null when none is set. */
  client(): OAuthClient | null;
  /** Opens the system browser on the approval page (desktop: shell.openExternal). Absent: the page opens it. */
  openBrowser?(url: string): void | Promise<void>;
  fetch?: Fetch;
  ports?: readonly number[];
  /** Where the approval pages are for each environment; the tests point these at a fake service. */
  serviceUrls?: Readonly<Record<Exclude<Environment, 'custom'>, string>>;
  /** One refresh at a time across every process on the book (BookRefreshLock); absent: this process only. */
  refreshLock?: RefreshLock;
}

interface Pending {
  state: string;
  environment: Exclude<Environment, 'custom'>;
  baseUrl: string;
  client: OAuthClient;
  redirectUri: string;
  approveUrl: string;
  listener: LoopbackListener | null;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * A book's connection to the online service: connecting (in the browser with the loopback
 * listener, by pasting the code, or with a plain bearer token for a /v2 server), the sealed link
 * on disk, the token source sync requests use, and disconnecting. The books stay whatever happens
 * here; only credentials come and go.
 */
export class SyncConnection {
  private pending: Pending | null = null;
  private connecting = false;
  private problem: string | null = null;
  private readonly listeners = new Set<(status: ConnectionStatus) => void>();
  private readonly fetchFn: Fetch;
  private source: { link: string; source: AuthorizationSource } | null = null;

  constructor(private readonly options: SyncConnectionOptions) {
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  onChange(listener: (status: ConnectionStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  link(): SyncLink | null {
    try {
      return this.options.store.read();
    } catch (error) {
      if (error instanceof UnreadableLinkError) {
        this.problem = error.message;
        return null;
      }
      throw error;
    }
  }

  status(): ConnectionStatus {
    const link = this.link();
    const state: ConnectionState = this.connecting ? 'connecting' : this.pending ? 'awaiting-approval' : link ? (link.state === 'connected' ? 'connected' : 'reconnect-needed') : 'disconnected';
    return {
      state,
      environment: this.pending?.environment ?? link?.environment ?? null,
      baseUrl: this.pending?.baseUrl ?? link?.baseUrl ?? null,
      kind: link?.auth.kind ?? null,
      account: link?.account ?? null,
      connectedAt: link?.connectedAt ?? null,
      approveUrl: this.pending?.approveUrl ?? null,
      problem: link?.state === 'reconnect-needed' ? link.problem : this.problem,
    };
  }

  /**
   * Starts the approval: the loopback listener on the first free registered port, then the system
   * browser on the approval page. Completes in the background when the browser comes back; or
   * through `pasteCode` when it cannot. Answers the approval page's address either way.
   */
  async connectInBrowser(environment: Exclude<Environment, 'custom'>): Promise<{ approveUrl: string; redirectUri: string; openedBrowser: boolean }> {
    const client = this.options.client();
    if (!client) throw new MissingClientError();
    await this.cancel();
    const baseUrl = (this.options.serviceUrls ?? SERVICE_URLS)[environment];
    const state = newState();
    const ports = this.options.ports ?? REDIRECT_PORTS;
    let listener: LoopbackListener | null = null;
    try {
      listener = await startLoopbackListener(state, ports);
    } catch {
      // No registered port is free: the approval still names the first one, the browser shows an
      // error page there, and the user pastes that page's address.
      listener = null;
    }
    const redirectUri = listener?.redirectUri ?? `http://localhost:${ports[0]}${REDIRECT_PATH}`;
    const url = approveUrl(endpointsFor(baseUrl).approveUrl, client.clientId, redirectUri, state);
    const timer = setTimeout(() => void this.cancel('The approval took longer than 15 minutes; start connecting again.'), APPROVAL_LIFETIME_MS);
    timer.unref?.();
    const pending: Pending = { state, environment, baseUrl, client, redirectUri, approveUrl: url, listener, timer };
    this.pending = pending;
    this.problem = null;
    listener?.code.then(
      (code) => void this.finishApproval(pending, code).catch(() => undefined),
      (error: unknown) => {
        if (this.pending === pending) void this.cancel(error instanceof Error ? error.message : String(error));
      },
    );
    this.changed();
    let openedBrowser = false;
    if (this.options.openBrowser) {
      await this.options.openBrowser(url);
      openedBrowser = true;
    }
    return { approveUrl: url, redirectUri, openedBrowser };
  }

  /** The paste-the-code fallback, for the approval started last. */
  async pasteCode(input: string): Promise<SyncLink> {
    const pending = this.pending;
    if (!pending) throw new ConnectRefusedError('Start connecting first; the code belongs to one approval.');
    return this.finishApproval(pending, codeFromPaste(input, pending.state));
  }

  /** For a Ledgerdesk server, tests and scripts: a /v2 base url and a bearer token, no OAuth. */
  async connectWithToken(baseUrl: string, token: string): Promise<SyncLink> {
    const base = normaliseBaseUrl(baseUrl);
    await this.cancel();
    return this.connectWith('custom', base, { kind: 'bearer', token: token.trim() });
  }

  /** Forgets the credentials (and any approval under way); the book's records stay as they are. */
  async disconnect(): Promise<void> {
    await this.cancel();
    this.options.store.remove();
    this.source = null;
    this.problem = null;
    this.changed();
  }

  /** Stops an approval under way; `problem` says why, when it was not the user's choice. */
  async cancel(problem: string | null = null): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    clearTimeout(pending.timer);
    await pending.listener?.close();
    if (problem) this.problem = problem;
    this.changed();
  }

  /** The token source for sync requests, or null when the book is not connected (or must reconnect). */
  tokens(): AuthorizationSource | null {
    const link = this.link();
    if (!link || link.state !== 'connected') return null;
    // One source per link, so every request of a sync shares one refresh lock.
    const key = `${link.baseUrl} ${link.connectedAt}`;
    if (this.source?.link === key) return this.source.source;
    let source: AuthorizationSource;
    if (link.auth.kind === 'bearer') source = new BearerTokenSource(link.auth.token);
    else {
      const client = this.options.client();
      if (!client) return null;
      source = new OAuthTokenSource({ store: this.options.store, client, endpoints: endpointsFor(link.baseUrl), clock: this.options.clock, fetch: this.fetchFn, onReconnectNeeded: () => this.changed(), lock: this.options.refreshLock });
    }
    this.source = { link: key, source };
    return source;
  }

  private async finishApproval(pending: Pending, code: string): Promise<SyncLink> {
    if (this.pending !== pending) throw new ConnectRefusedError('That approval was cancelled; start connecting again.');
    this.connecting = true;
    this.changed();
    try {
      const credentials = await exchangeCode(endpointsFor(pending.baseUrl), pending.client, code, pending.redirectUri, this.fetchFn, this.options.clock);
      return await this.connectWith(pending.environment, pending.baseUrl, credentials);
    } catch (error) {
      this.problem = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      this.connecting = false;
      if (this.pending === pending) await this.cancel();
      this.changed();
    }
  }

  private async connectWith(environment: Environment, baseUrl: string, auth: SyncAuth): Promise<SyncLink> {
    const authorization = `Bearer ${auth.kind === 'bearer' ? auth.token : auth.accessToken}`;
    let account: LinkedAccount;
    try {
      account = await verifyAccount(baseUrl, authorization, this.options.bookCompany(), this.fetchFn);
    } catch (error) {
      this.problem = error instanceof Error ? error.message : String(error);
      this.changed();
      throw error;
    }
    const link: SyncLink = { version: 1, environment, baseUrl, auth, account, state: 'connected', problem: null, connectedAt: this.options.clock.now().toISOString() };
    this.options.store.write(link);
    this.source = null;
    this.problem = null;
    this.changed();
    return link;
  }

  private changed(): void {
    const status = this.status();
    for (const listener of this.listeners) listener(status);
  }
}

/** A /v2 server's base: http(s), no credentials in it, and without a trailing /v2 the user may have typed. */
export function normaliseBaseUrl(input: string): string {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new ConnectRefusedError('The server address must be a full address, such as http://127.0.0.1:8080.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConnectRefusedError('The server address must start with http:// or https://.');
  if (url.username || url.password) throw new ConnectRefusedError('Put the token in the token box, not in the address.');
  return `${url.origin}${url.pathname.replace(/\/+$/, '').replace(/\/v2$/, '')}`;
}
