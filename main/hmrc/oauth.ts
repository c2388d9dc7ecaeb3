import { createHash, randomBytes } from 'node:crypto';
import type { HmrcTokens } from './client';
import type { ConnectionStore, HmrcConnection } from './connection';
import { HmrcReconnectNeeded } from './tokens';

/**
 * HMRC's OAuth 2.0 authorization code grant for an installed app (../shared/spec/hmrc/oauth.md): the
 * system browser to HMRC's authorise page, a loopback redirect (the sync's listener), PKCE S256, the
 * code exchanged at the API host's /oauth/token with the client id and secret in the form body (not
 * HTTP Basic as the sync's service wants), access tokens of 4 hours refreshed before use, and a refresh
 * token that is single use and dies with the grant after 18 months or a revocation (invalid_grant:
 * connect again).
 */

export type HmrcEnvironment = 'sandbox' | 'production';

export const HMRC_HOSTS: Readonly<Record<HmrcEnvironment, { api: string; www: string }>> = {
  sandbox: { api: 'https://test-api.service.hmrc.gov.uk', www: 'https://test-www.tax.service.gov.uk' },
  production: { api: 'https://api.service.hmrc.gov.uk', www: 'https://www.tax.service.gov.uk' },
};

export const HMRC_SCOPES = 'read:vat write:vat';

export interface HmrcOAuthClient {
  clientId: string;
  clientSecret: string;
}

/** None is committed: LEDGERDESK_HMRC_CLIENT_ID and LEDGERDESK_HMRC_CLIENT_SECRET, else the saved settings. */
export function hmrcClientFrom(env: Record<string, string | undefined>, saved: Partial<HmrcOAuthClient> = {}): HmrcOAuthClient | null {
  const clientId = env.LEDGERDESK_HMRC_CLIENT_ID?.trim() || saved.clientId?.trim();
  const clientSecret = env.LEDGERDESK_HMRC_CLIENT_SECRET?.trim() || saved.clientSecret?.trim();
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

export class MissingHmrcClientError extends Error {
  constructor() {
    super("Connecting to HMRC through the browser needs the app's HMRC client id and secret: set LEDGERDESK_HMRC_CLIENT_ID and LEDGERDESK_HMRC_CLIENT_SECRET.");
  }
}

export class HmrcSignInError extends Error {}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizeUrl(www: string, clientId: string, redirectUri: string, state: string, challenge: string): string {
  const url = new URL('/oauth/authorize', www);
  url.search = new URLSearchParams({ response_type: 'code', client_id: clientId, scope: HMRC_SCOPES, redirect_uri: redirectUri, state, code_challenge: challenge, code_challenge_method: 'S256' }).toString();
  return url.toString();
}

interface TokenAnswer {
  accessToken: string;
  refreshToken: string;
  expiresAt: string;
}

/** One POST to HMRC's token endpoint; invalid_grant on a refresh means the grant has ended. */
export async function tokenRequest(api: string, client: HmrcOAuthClient, form: Record<string, string>, now: () => Date, fetchFn: typeof fetch = fetch): Promise<TokenAnswer> {
  let response: Response;
  try {
    response = await fetchFn(new URL('/oauth/token', api), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ ...form, client_id: client.clientId, client_secret: client.clientSecret }).toString(),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new HmrcSignInError(`HMRC could not be reached to sign in (${error instanceof Error ? error.message : String(error)}).`);
  }
  const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown; error?: unknown };
  if (!response.ok) {
    if (body.error === 'invalid_grant' && form.grant_type === 'refresh_token') throw new HmrcReconnectNeeded();
    if (body.error === 'invalid_client') throw new HmrcSignInError("HMRC did not accept the app's client id and secret.");
    throw new HmrcSignInError(`HMRC refused to sign in (status ${response.status}${typeof body.error === 'string' ? `, ${body.error}` : ''}).`);
  }
  const expiresIn = Number(body.expires_in);
  if (typeof body.access_token !== 'string' || typeof body.refresh_token !== 'string' || !Number.isFinite(expiresIn)) throw new HmrcSignInError('HMRC answered the sign-in with something that is not a token.');
  return { accessToken: body.access_token, refreshToken: body.refresh_token, expiresAt: new Date(now().getTime() + expiresIn * 1000).toISOString() };
}

/** Refreshed this long before the access token expires, so a call never goes with a dying token. */
const EARLY_MS = 5 * 60_000;

/**
 * The saved OAuth connection as HmrcTokens: refreshed before use when near expiry and once after a
 * 401, one refresh at a time (HMRC's refresh tokens are single use: two at once would lose the grant);
 * the new refresh token is saved before the new access token is used.
 */
export class OAuthHmrcTokens implements HmrcTokens {
  private refreshing: Promise<string> | null = null;

  constructor(
    private readonly store: ConnectionStore,
    private readonly client: HmrcOAuthClient,
    private readonly now: () => Date,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  private connection(): HmrcConnection {
    const saved = this.store.read();
    if (!saved || saved.mode !== 'oauth' || !saved.refreshToken) throw new HmrcReconnectNeeded();
    return saved;
  }

  async authorization(): Promise<string> {
    const saved = this.connection();
    if (saved.expiresAt && Date.parse(saved.expiresAt) - EARLY_MS > this.now().getTime()) return `Bearer ${saved.accessToken}`;
    return this.refresh();
  }

  afterUnauthorized(): Promise<string> {
    return this.refresh();
  }

  /**
   * HMRC refused the token a refresh had just given: the grant ended in between (revoked), so the
   * connection is marked "connect again", as an invalid_grant refresh marks it. Not when another call
   * has refreshed since, or is refreshing now: a newer token is not known to be refused.
   */
  refusedAfterRefresh(authorization: string): void {
    if (this.refreshing) return;
    const saved = this.store.read();
    if (saved?.mode === 'oauth' && `Bearer ${saved.accessToken}` === authorization) this.store.write({ ...saved, reconnectNeeded: true });
  }

  private refresh(): Promise<string> {
    this.refreshing ??= (async () => {
      const saved = this.connection();
      try {
        const fresh = await tokenRequest(saved.tokenHost ?? saved.baseUrl, this.client, { grant_type: 'refresh_token', refresh_token: saved.refreshToken! }, this.now, this.fetchFn);
        this.store.write({ ...saved, accessToken: fresh.accessToken, refreshToken: fresh.refreshToken, expiresAt: fresh.expiresAt, reconnectNeeded: false });
        return `Bearer ${fresh.accessToken}`;
      } catch (error) {
        if (error instanceof HmrcReconnectNeeded) this.store.write({ ...saved, reconnectNeeded: true });
        throw error;
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }
}
