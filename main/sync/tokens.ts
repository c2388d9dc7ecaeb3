/** The remote's access was withdrawn (no token, refresh token revoked): the user must connect again. */
export class ReauthorizationNeeded extends Error {
  constructor(message = 'The online account needs to be connected again') {
    super(message);
    this.name = 'ReauthorizationNeeded';
  }
}

/**
 * The token service asked to wait before the next refresh (the live service allows 15 refreshes a
 * minute and answers 429 beyond): nothing is wrong with the grant, the request waits and goes on.
 */
export class RefreshLater extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`The online service asked to wait ${Math.ceil(retryAfterMs / 1000)} s before signing in again`);
    this.name = 'RefreshLater';
  }
}

/** Where the remote client gets its Authorization header; the OAuth store is one, a fixed token another. */
export interface TokenSource {
  /** The header value to send, e.g. "Bearer abc". */
  authorization(): Promise<string>;
  /**
   * The remote answered 401 to a request sent with `rejected`. Returns a header to retry with, or throws
   * ReauthorizationNeeded. Many requests may meet one expired token together: refresh once.
   */
  afterUnauthorized(rejected: string): Promise<string>;
}

/** A bearer token given on the command line or by a test: nothing to refresh. */
export class StaticTokenSource implements TokenSource {
  private readonly header: string;

  constructor(token: string) {
    this.header = `Bearer ${token}`;
  }

  authorization(): Promise<string> {
    return Promise.resolve(this.header);
  }

  afterUnauthorized(): Promise<string> {
    return Promise.reject(new ReauthorizationNeeded('The remote refused the token given for it'));
  }
}

export interface RefreshingTokens {
  /** The access token held now (without "Bearer "), or null before the first refresh. */
  current(): string | null;
  /**
   * Gets a new access token (storing any rotated refresh token before returning) and returns it.
   * Throws ReauthorizationNeeded when the refresh token is revoked.
   */
  refresh(): Promise<string>;
}

/**
 * Refreshes under one lock: requests that met the same expired token wait for the one refresh in
 * flight, and a request whose rejected token is already replaced just retries with the new one.
 */
export class CoalescingTokenSource implements TokenSource {
  private inFlight: Promise<string> | null = null;

  constructor(private readonly tokens: RefreshingTokens) {}

  async authorization(): Promise<string> {
    if (this.inFlight) return `Bearer ${await this.inFlight}`;
    const token = this.tokens.current();
    return `Bearer ${token ?? (await this.refreshOnce())}`;
  }

  async afterUnauthorized(rejected: string): Promise<string> {
    if (this.inFlight) return `Bearer ${await this.inFlight}`;
    const token = this.tokens.current();
    if (token !== null && `Bearer ${token}` !== rejected) return `Bearer ${token}`;
    return `Bearer ${await this.refreshOnce()}`;
  }

  private refreshOnce(): Promise<string> {
    if (!this.inFlight) {
      this.inFlight = this.tokens.refresh().finally(() => {
        this.inFlight = null;
      });
    }
    return this.inFlight;
  }
}
