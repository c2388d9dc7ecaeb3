import type { Clock } from '../../engine/context';
import { retryAfterMs } from '../remote';
import { ReauthorizationNeeded, RefreshLater } from '../tokens';
import type { OAuthClient, OAuthEndpoints } from './oauth-config';
import type { OAuthCredentials } from './link';

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The refresh token was refused (revoked, expired, already rotated away): only a new approval helps. */
export class ReconnectNeededError extends ReauthorizationNeeded {
  constructor(message = 'The online service no longer accepts this connection. Connect again in Settings › Sync.') {
    super(message);
    this.name = 'ReconnectNeededError';
  }
}

/** The token endpoint refused or could not be reached; a later attempt may work. */
export class TokenEndpointError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 30_000;
const USER_AGENT = 'Ledgerdesk (https://ledgerdesk.app)';

const tokenAnswer = (body: unknown) => {
  const record = (body ?? {}) as Record<string, unknown>;
  const accessToken = record.access_token;
  const expiresIn = Number(record.expires_in);
  if (typeof accessToken !== 'string' || !accessToken || !Number.isFinite(expiresIn) || expiresIn <= 0) return null;
  const refreshToken = typeof record.refresh_token === 'string' && record.refresh_token ? record.refresh_token : null;
  const refreshExpiresIn = Number(record.refresh_token_expires_in);
  return { accessToken, expiresIn, refreshToken, refreshExpiresIn: Number.isFinite(refreshExpiresIn) && refreshExpiresIn > 0 ? refreshExpiresIn : null };
};

/**
 * One POST to the token endpoint, with the client's id and secret as HTTP Basic, as the service
 * asks. `previousRefresh` is kept if a refresh answer carries no new refresh token (the service
 * always sends one; another /v2 server might not).
 */
async function post(endpoints: OAuthEndpoints, client: OAuthClient, form: Record<string, string>, fetchFn: Fetch, clock: Clock, previousRefresh: string | null): Promise<OAuthCredentials> {
  const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`, 'utf8').toString('base64');
  let response: Response;
  try {
    response = await fetchFn(endpoints.tokenUrl, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', 'User-Agent': USER_AGENT },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new TokenEndpointError(`The online service could not be reached to sign in (${error instanceof Error ? error.message : String(error)}).`, 0);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  if (response.status === 429) {
    // Too many refreshes this minute: the grant is fine, the refresh waits (RemoteClient pauses for it).
    throw new RefreshLater(retryAfterMs(response.headers.get('retry-after'), clock.now().getTime()));
  }
  if (!response.ok) {
    const code = (body as { error?: unknown } | null)?.error;
    // RFC 6749 5.2: a bad grant is invalid_grant (400); some servers answer 401 for it.
    if (form.grant_type === 'refresh_token' && (code === 'invalid_grant' || response.status === 401)) throw new ReconnectNeededError();
    if (code === 'invalid_grant') throw new TokenEndpointError('The approval code was not accepted: it may have expired (codes last 15 minutes) or been used already. Start connecting again.', response.status);
    if (code === 'invalid_client' || response.status === 401) throw new TokenEndpointError('The online service did not accept the app\'s client id and secret.', response.status);
    throw new TokenEndpointError(`The online service refused to sign in (status ${response.status}${typeof code === 'string' ? `, ${code}` : ''}).`, response.status);
  }
  const answer = tokenAnswer(body);
  const refreshToken = answer?.refreshToken ?? previousRefresh;
  if (!answer || !refreshToken) throw new TokenEndpointError('The online service answered the sign-in with something that is not a token.', response.status);
  const now = clock.now().getTime();
  return {
    kind: 'oauth',
    accessToken: answer.accessToken,
    refreshToken,
    accessExpiresAt: new Date(now + answer.expiresIn * 1000).toISOString(),
    refreshExpiresAt: answer.refreshExpiresIn === null ? null : new Date(now + answer.refreshExpiresIn * 1000).toISOString(),
  };
}

export function exchangeCode(endpoints: OAuthEndpoints, client: OAuthClient, code: string, redirectUri: string, fetchFn: Fetch, clock: Clock): Promise<OAuthCredentials> {
  return post(endpoints, client, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, fetchFn, clock, null);
}

export function refreshCredentials(endpoints: OAuthEndpoints, client: OAuthClient, refreshToken: string, fetchFn: Fetch, clock: Clock): Promise<OAuthCredentials> {
  return post(endpoints, client, { grant_type: 'refresh_token', refresh_token: refreshToken }, fetchFn, clock, refreshToken);
}

export { USER_AGENT };
