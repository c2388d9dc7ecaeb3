import type { Clock } from '../../engine/context';
import type { TokenSource } from '../tokens';
import type { LinkStore } from './credential-file';
import type { OAuthCredentials, SyncLink } from './link';
import type { OAuthClient, OAuthEndpoints } from './oauth-config';
import type { RefreshLock } from './refresh-lock';
import { ReconnectNeededError, refreshCredentials, type Fetch } from './token-endpoint';

/** Refresh this long before the access token's stated expiry, so a request never leaves with a dying token. */
const EXPIRY_MARGIN_MS = 60_000;

export interface OAuthTokenSourceOptions {
  store: LinkStore;
  client: OAuthClient;
  endpoints: OAuthEndpoints;
  clock: Clock;
  fetch?: Fetch;
  /** Told once when the service revokes the refresh token, so the window can ask the user to connect again. */
  onReconnectNeeded?: (link: SyncLink) => void;
  /**
   * The lock other processes on the same book respect (BookRefreshLock): without it, only the requests
   * of this process share one refresh.
   */
  lock?: RefreshLock;
}

/**
 * Bearer tokens for the remote from an OAuth link, kept fresh. Every refresh happens under one lock:
 * however many requests meet an expired token together, one refresh is made and all of them wait
 * for it. The rotated refresh token is written to the store (sealed, on disk) before the new access
 * token is handed to anyone, because the old refresh token stops working the moment the service
 * answers; a crash after that write loses nothing.
 */
export class OAuthTokenSource implements TokenSource {
  private refreshing: Promise<string> | null = null;
  private readonly fetchFn: Fetch;
  /** How many refreshes this source has made: the tests' "exactly one". */
  refreshCount = 0;

  constructor(private readonly options: OAuthTokenSourceOptions) {
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** The Authorization header to send now; refreshes first when the access token has (nearly) expired. */
  async authorization(): Promise<string> {
    if (this.refreshing) return this.refreshing;
    const credentials = this.credentials();
    if (this.expiring(credentials)) return this.refresh(credentials.accessToken);
    return header(credentials.accessToken);
  }

  /**
   * The remote answered 401 to `rejected`. If the token has changed since (another request already
   * refreshed), the new one is the answer; otherwise one refresh, shared by every caller.
   */
  async afterUnauthorized(rejected: string): Promise<string> {
    if (this.refreshing) return this.refreshing;
    const current = header(this.credentials().accessToken);
    if (current !== rejected) return current;
    return this.refresh(this.credentials().accessToken);
  }

  private expiring(credentials: OAuthCredentials): boolean {
    return Date.parse(credentials.accessExpiresAt) - EXPIRY_MARGIN_MS <= this.options.clock.now().getTime();
  }

  /** `stale`: the access token that made this refresh necessary. */
  private refresh(stale: string): Promise<string> {
    // Taken synchronously, before any await, so two callers in the same tick share one refresh.
    this.refreshing ??= (this.options.lock ? this.options.lock.hold(() => this.refreshUnlessDone(stale)) : this.refreshUnlessDone(stale)).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /**
   * Read again once the lock is held: another process may have refreshed while this one waited, and
   * stored a new access token with the rotated refresh token. That token is used as it is; refreshing
   * again with the refresh token read before would send one the service has already rotated away.
   */
  private async refreshUnlessDone(stale: string): Promise<string> {
    const stored = this.credentials();
    if (stored.accessToken !== stale && !this.expiring(stored)) return header(stored.accessToken);
    return this.refreshOnce();
  }

  private async refreshOnce(): Promise<string> {
    const link = this.link();
    const credentials = oauth(link);
    let next: OAuthCredentials;
    try {
      this.refreshCount += 1;
      next = await refreshCredentials(this.options.endpoints, this.options.client, credentials.refreshToken, this.fetchFn, this.options.clock);
    } catch (error) {
      if (error instanceof ReconnectNeededError) {
        const stopped: SyncLink = { ...link, state: 'reconnect-needed', problem: error.message };
        this.options.store.write(stopped);
        this.options.onReconnectNeeded?.(stopped);
      }
      throw error;
    }
    // Stored before use: the old refresh token is already dead on the service's side.
    this.options.store.write({ ...this.link(), auth: next });
    return header(next.accessToken);
  }

  private link(): SyncLink {
    const link = this.options.store.read();
    if (!link) throw new ReconnectNeededError('This book is not connected to the online service.');
    if (link.state === 'reconnect-needed') throw new ReconnectNeededError(link.problem ?? undefined);
    return link;
  }

  private credentials(): OAuthCredentials {
    return oauth(this.link());
  }
}

function oauth(link: SyncLink): OAuthCredentials {
  if (link.auth.kind !== 'oauth') throw new Error('This connection uses a plain token, not OAuth');
  return link.auth;
}

const header = (token: string) => `Bearer ${token}`;
