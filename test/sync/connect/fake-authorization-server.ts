import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the online service's OAuth side and the two reads a connection makes: it approves
 * apps (redirecting with a code and the state it was given), exchanges codes once, issues access
 * tokens that expire, rotates the refresh token on every refresh (the old one dies at once) and can
 * revoke them all. It is the outside world in these tests, not a mock of the app's own code.
 */
export interface FakeAuthorizationServer {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Token endpoint calls with grant_type=refresh_token, successful or not. */
  refreshCalls: number;
  /** Bearer tokens seen on /v2 reads, in order. */
  readsWith: string[];
  /**
   * Refreshes still to be answered 429 with Retry-After (the live service allows 15 a minute): each
   * refused one is counted in refreshCalls and leaves the refresh token as it was.
   */
  refreshesRefused: number;
  /** Makes every access token issued so far expired, as an hour passing would. */
  expireAccessTokens(): void;
  /** Every refresh token stops working (the user removed the app, or the service revoked it). */
  revokeRefreshTokens(): void;
  companyType: string;
  permissionLevel: number;
  close(): Promise<void>;
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(value));
}

export async function startFakeAuthorizationServer(options: { companyType?: string; permissionLevel?: number; refreshDelayMs?: number } = {}): Promise<FakeAuthorizationServer> {
  let counter = 0;
  const next = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 10)}`;
  const codes = new Map<string, string>(); // code -> redirect uri
  const accessTokens = new Map<string, boolean>(); // token -> still valid
  const refreshTokens = new Set<string>();
  const fake: FakeAuthorizationServer = {
    url: '',
    clientId: 'ledgerdesk-test-client',
    clientSecret: 'not-a-real-secret',
    refreshCalls: 0,
    refreshesRefused: 0,
    readsWith: [],
    companyType: options.companyType ?? 'UkLimitedCompany',
    permissionLevel: options.permissionLevel ?? 8,
    expireAccessTokens: () => {
      for (const token of accessTokens.keys()) accessTokens.set(token, false);
    },
    revokeRefreshTokens: () => refreshTokens.clear(),
    close: () => Promise.resolve(),
  };

  const issue = () => {
    const access = next('access');
    const refresh = next('refresh');
    accessTokens.set(access, true);
    refreshTokens.add(refresh);
    return { access_token: access, token_type: 'bearer', expires_in: 3600, refresh_token: refresh, refresh_token_expires_in: 1_209_600 };
  };

  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://fake');
      if (url.pathname === '/v2/approve_app') {
        // The user signs in and approves at once: back to the app's redirect uri with a code and the same state.
        if (url.searchParams.get('client_id') !== fake.clientId || url.searchParams.get('response_type') !== 'code') return json(response, 400, { error: 'invalid_request' });
        const redirect = url.searchParams.get('redirect_uri') ?? '';
        const code = next('code');
        codes.set(code, redirect);
        const target = new URL(redirect);
        target.searchParams.set('code', code);
        target.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { Location: target.toString() });
        return response.end();
      }
      if (url.pathname === '/v2/token_endpoint' && request.method === 'POST') {
        const expected = `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`;
        if (request.headers.authorization !== expected) return json(response, 401, { error: 'invalid_client' });
        const form = new URLSearchParams(await body(request));
        if (form.get('grant_type') === 'authorization_code') {
          const code = form.get('code') ?? '';
          if (codes.get(code) !== form.get('redirect_uri')) return json(response, 400, { error: 'invalid_grant' });
          codes.delete(code);
          return json(response, 200, issue());
        }
        if (form.get('grant_type') === 'refresh_token') {
          fake.refreshCalls += 1;
          if (options.refreshDelayMs) await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs));
          if (fake.refreshesRefused > 0) {
            fake.refreshesRefused -= 1;
            response.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '7' });
            return response.end(JSON.stringify({ error: 'too_many_requests' }));
          }
          const old = form.get('refresh_token') ?? '';
          if (!refreshTokens.delete(old)) return json(response, 400, { error: 'invalid_grant' });
          return json(response, 200, issue());
        }
        return json(response, 400, { error: 'unsupported_grant_type' });
      }
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      fake.readsWith.push(token);
      if (!accessTokens.get(token)) return json(response, 401, { errors: [{ message: 'Access token not recognised' }] });
      if (url.pathname === '/v2/users/me') {
        return json(response, 200, { user: { url: `${fake.url}/v2/users/1`, email: 'accountant@example.com', first_name: 'Ada', last_name: 'Count', permission_level: fake.permissionLevel } });
      }
      if (url.pathname === '/v2/company') return json(response, 200, { company: { url: `${fake.url}/v2/company`, name: 'Remote Example Ltd', type: fake.companyType } });
      return json(response, 200, { contacts: [] });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
