import type { DeviceFacts, HmrcStatusRecord } from '../../shared/api/hmrc';
import { actingUserEmail } from './acting-user';
import type { BookCaller } from './book';
import { HmrcClient, type HmrcTokens } from './client';
import type { ConnectionStore } from './connection';
import { fraudHeaders } from './fraud-headers';
import { machineFacts } from './machine-facts';
import { bookVrn } from './obligations';
import { authorizeUrl, HMRC_HOSTS, hmrcClientFrom, MissingHmrcClientError, OAuthHmrcTokens, pkcePair, tokenRequest, type HmrcEnvironment } from './oauth';
import { newState } from '../sync/connect/approval';
import { startLoopbackListener } from '../sync/connect/loopback-listener';
import { REDIRECT_PORTS } from '../sync/connect/oauth-config';
import { HmrcReconnectNeeded } from './tokens';

export class NotConnectedError extends Error {
  constructor() {
    super('This book is not connected to HMRC: connect to HMRC first.');
  }
}

export interface HmrcServiceOptions {
  store: ConnectionStore;
  userData: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** For signing in through the browser: the environment (client id and secret) and how to open the browser. */
  env?: Record<string, string | undefined>;
  openBrowser?: (url: string) => Promise<void>;
  /** HMRC's hosts; tests point them at the simulator. */
  hosts?: Record<HmrcEnvironment, { api: string; www: string }>;
  /** Loopback ports for the redirect, registered with HMRC like the sync's. */
  redirectPorts?: readonly number[];
  now?: () => Date;
}

/**
 * One book's link to HMRC for the window's door: the saved connection, and a client per request with
 * the fraud prevention headers of the machine and of the window that asked. When HMRC refuses the
 * token the connection is marked so the window shows "connect again".
 */
export class HmrcService {
  /**
   * The one keeper of the OAuth tokens for every client this service makes: HMRC's refresh tokens are
   * single use, and the window asks for obligations, liabilities and payments at once. A keeper per
   * client let each refresh with the same token; two lost to invalid_grant and the grant with them.
   */
  private oauthTokens: OAuthHmrcTokens | null = null;
  /** Why the last browser sign-in ended without a connection; the window only sees the status. */
  private signInFailed: string | null = null;

  constructor(private readonly options: HmrcServiceOptions) {}

  status(vrn?: string): HmrcStatusRecord {
    const connection = this.options.store.read();
    if (!connection) return { connected: false, vrn, ...(this.signInFailed ? { sign_in_failed: this.signInFailed } : {}) };
    return { connected: true, mode: connection.mode, base_url: connection.baseUrl, vrn, reconnect_needed: connection.reconnectNeeded === true, ...(this.signInFailed ? { sign_in_failed: this.signInFailed } : {}) };
  }

  connectWithToken(baseUrl: string, token: string): void {
    this.options.store.write({ mode: 'token', baseUrl: baseUrl.replace(/\/+$/, ''), accessToken: token });
  }

  disconnect(): void {
    this.options.store.remove();
  }

  /**
   * Starts signing in with HMRC in the system browser; resolves with the authorise page's address at
   * once, while `done` settles when HMRC sends the browser back and the code is exchanged.
   */
  async connectInBrowser(environment: HmrcEnvironment): Promise<{ authorizeUrl: string; done: Promise<void> }> {
    const client = hmrcClientFrom(this.options.env ?? {});
    if (!client) throw new MissingHmrcClientError();
    const hosts = (this.options.hosts ?? HMRC_HOSTS)[environment];
    this.signInFailed = null;
    const state = newState();
    const { verifier, challenge } = pkcePair();
    const listener = await startLoopbackListener(state, this.options.redirectPorts ?? REDIRECT_PORTS);
    const url = authorizeUrl(hosts.www, client.clientId, listener.redirectUri, state, challenge);
    const now = this.options.now ?? (() => new Date());
    const done = (async () => {
      try {
        const code = await listener.code;
        const tokens = await tokenRequest(hosts.api, client, { grant_type: 'authorization_code', code, redirect_uri: listener.redirectUri, code_verifier: verifier }, now, this.options.fetch);
        this.options.store.write({ mode: 'oauth', baseUrl: hosts.api, tokenHost: hosts.api, ...tokens });
        this.signInFailed = null;
      } catch (error) {
        // Declined on HMRC's page, the code refused, HMRC out of reach: kept for the window to say.
        this.signInFailed = error instanceof Error ? error.message : String(error);
        throw error;
      } finally {
        await listener.close();
      }
    })();
    done.catch(() => undefined);
    await this.options.openBrowser?.(url);
    return { authorizeUrl: url, done };
  }

  private tokens(): HmrcTokens {
    const { store } = this.options;
    const connection = store.read();
    if (!connection) throw new NotConnectedError();
    if (connection.mode === 'oauth') {
      const client = hmrcClientFrom(this.options.env ?? {});
      if (!client) throw new MissingHmrcClientError();
      // It reads the saved connection afresh on every call, so one keeper serves a reconnection too.
      this.oauthTokens ??= new OAuthHmrcTokens(store, client, this.options.now ?? (() => new Date()), this.options.fetch);
      return this.oauthTokens;
    }
    return {
      authorization: async () => `Bearer ${connection.accessToken}`,
      afterUnauthorized: async () => {
        store.write({ ...connection, reconnectNeeded: true });
        throw new HmrcReconnectNeeded();
      },
    };
  }

  async client(book: BookCaller, device?: DeviceFacts): Promise<HmrcClient> {
    const connection = this.options.store.read();
    if (!connection) throw new NotConnectedError();
    if (connection.reconnectNeeded) throw new HmrcReconnectNeeded();
    const [vrn, appUser] = await Promise.all([bookVrn(book), actingUserEmail(book)]);
    return new HmrcClient({
      baseUrl: connection.baseUrl,
      vrn,
      tokens: this.tokens(),
      fraudHeaders: async () => fraudHeaders(await machineFacts({ userData: this.options.userData, appUser }, device)),
      fetch: this.options.fetch,
      sleep: this.options.sleep,
    });
  }
}
