import type { DeviceFacts, HmrcStatusRecord } from '../../shared/api/hmrc';
import { actingUserEmail } from './acting-user';
import type { BookCaller } from './book';
import { HmrcClient, type HmrcTokens } from './client';
import type { ConnectionStore } from './connection';
import { fraudHeaders } from './fraud-headers';
import { machineFacts } from './machine-facts';
import { bookVrn } from './obligations';
import { authorizeUrl, HMRC_HOSTS, hmrcClientFrom, HmrcSignInError, MissingHmrcClientError, OAuthHmrcTokens, pkcePair, tokenRequest, type HmrcEnvironment } from './oauth';
import { newState } from '../sync/connect/approval';
import { startLoopbackListener } from '../sync/connect/loopback-listener';
import { REDIRECT_PORTS } from '../sync/connect/oauth-config';
import { HmrcReconnectNeeded } from './tokens';

export class NotConnectedError extends Error {
  constructor() {
    super('This book is not connected to HMRC: connect to HMRC first.');
  }
}

/**
 * How long a sign-in through the browser is waited for before Ledgerdesk stops listening. HMRC signs a
 * person out after 15 minutes without activity (HMRC Design System, "Service timeout"), but a person
 * still working through the sign-in and 2-step verification keeps HMRC's session alive: twice that is
 * long enough never to cut off someone still on HMRC's pages. Waiting longer costs one loopback port
 * and a waiting line, and the person can Cancel at any time.
 */
export const SIGN_IN_WAIT_MS = 30 * 60_000;
export const SIGN_IN_NOT_FINISHED = 'The sign-in on HMRC\'s page was not finished within 30 minutes, so Ledgerdesk stopped waiting for it. Sign in again to connect.';

/** The person cancelled the sign-in: nothing to report. */
export class HmrcSignInCancelled extends Error {
  constructor() {
    super('The sign-in with HMRC was cancelled.');
  }
}

/** Calls `fire` after `ms` unless the returned function is called first. */
export type SignInTimer = (ms: number, fire: () => void) => () => void;

const realTimer: SignInTimer = (ms, fire) => {
  const timer = setTimeout(fire, ms);
  // A sign-in left waiting must not keep the app (or a CLI run) alive.
  timer.unref?.();
  return () => clearTimeout(timer);
};

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
  /** The timer that ends a sign-in nobody finished (SIGN_IN_WAIT_MS); tests fire it by hand. */
  signInTimer?: SignInTimer;
}

/** A sign-in through the browser under way: its page, how to end it, and when it has. */
interface SignIn {
  authorizeUrl: string;
  end(reason: Error): void;
  done: Promise<void>;
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
  /** The one sign-in under way: a second Connect ends the first, so one listener at most. */
  private signIn: SignIn | null = null;
  /** Connect requests one after the other, so two at once cannot both start listening. */
  private signInTurn: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: HmrcServiceOptions) {}

  status(vrn?: string): HmrcStatusRecord {
    const connection = this.options.store.read();
    const signingIn = {
      ...(this.signInFailed ? { sign_in_failed: this.signInFailed } : {}),
      ...(this.signIn ? { sign_in_waiting: { authorize_url: this.signIn.authorizeUrl } } : {}),
    };
    if (!connection) return { connected: false, vrn, ...signingIn };
    return { connected: true, mode: connection.mode, base_url: connection.baseUrl, vrn, reconnect_needed: connection.reconnectNeeded === true, ...signingIn };
  }

  connectWithToken(baseUrl: string, token: string): void {
    this.options.store.write({ mode: 'token', baseUrl: baseUrl.replace(/\/+$/, ''), accessToken: token });
  }

  disconnect(): void {
    this.options.store.remove();
  }

  /**
   * Starts signing in with HMRC in the system browser; resolves with the authorise page's address at
   * once, while `done` settles when HMRC sends the browser back and the code is exchanged, when the
   * person cancels, or when nobody finished the sign-in within SIGN_IN_WAIT_MS. A sign-in still waiting
   * is ended (its listener closed) before a new one starts.
   */
  connectInBrowser(environment: HmrcEnvironment): Promise<{ authorizeUrl: string; done: Promise<void> }> {
    const started = this.signInTurn.then(() => this.startSignIn(environment));
    this.signInTurn = started.catch(() => undefined);
    return started;
  }

  /** Ends the sign-in under way, if any, and waits until its listener is closed. */
  async cancelSignIn(): Promise<void> {
    const signIn = this.signIn;
    if (!signIn) return;
    signIn.end(new HmrcSignInCancelled());
    await signIn.done.catch(() => undefined);
  }

  private async startSignIn(environment: HmrcEnvironment): Promise<{ authorizeUrl: string; done: Promise<void> }> {
    const client = hmrcClientFrom(this.options.env ?? {});
    if (!client) throw new MissingHmrcClientError();
    const hosts = (this.options.hosts ?? HMRC_HOSTS)[environment];
    await this.cancelSignIn();
    this.signInFailed = null;
    const state = newState();
    const { verifier, challenge } = pkcePair();
    const listener = await startLoopbackListener(state, this.options.redirectPorts ?? REDIRECT_PORTS);
    const url = authorizeUrl(hosts.www, client.clientId, listener.redirectUri, state, challenge);
    const now = this.options.now ?? (() => new Date());
    let end: (reason: Error) => void = () => undefined;
    const ended = new Promise<never>((_, reject) => (end = reject));
    ended.catch(() => undefined);
    const stopTimer = (this.options.signInTimer ?? realTimer)(SIGN_IN_WAIT_MS, () => end(new HmrcSignInError(SIGN_IN_NOT_FINISHED)));
    const signIn: SignIn = { authorizeUrl: url, end, done: Promise.resolve() };
    this.signIn = signIn;
    const done = (async () => {
      try {
        // Once the code is in, ending the wait is too late: HMRC has granted, and the exchange finishes.
        const code = await Promise.race([listener.code, ended]);
        const tokens = await tokenRequest(hosts.api, client, { grant_type: 'authorization_code', code, redirect_uri: listener.redirectUri, code_verifier: verifier }, now, this.options.fetch);
        this.options.store.write({ mode: 'oauth', baseUrl: hosts.api, tokenHost: hosts.api, ...tokens });
        this.signInFailed = null;
      } catch (error) {
        // Declined on HMRC's page, the code refused, HMRC out of reach, not finished in time: kept for
        // the window to say. Cancelled by the person: nothing to say.
        if (!(error instanceof HmrcSignInCancelled)) this.signInFailed = error instanceof Error ? error.message : String(error);
        throw error;
      } finally {
        stopTimer();
        await listener.close();
        if (this.signIn === signIn) this.signIn = null;
      }
    })();
    done.catch(() => undefined);
    signIn.done = done;
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
