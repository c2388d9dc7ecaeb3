import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeyFileCipher } from '../../../main/sync/connect/cipher';
import { CredentialFile } from '../../../main/sync/connect/credential-file';
import { startLoopbackListener } from '../../../main/sync/connect/loopback-listener';
import type { OAuthTokenSource } from '../../../main/sync/connect/oauth-token-source';
import { SyncConnection } from '../../../main/sync/connect/sync-connection';
import { ReconnectNeededError } from '../../../main/sync/connect/token-endpoint';
import { RateBudget } from '../../../main/sync/budget';
import { RemoteClient } from '../../../main/sync/remote';
import { VirtualTimer } from '../../../main/sync/timer';
import { fixedClock } from '../../engine/harness';
import { makeBook } from '../books';
import { startFakeAuthorizationServer, type FakeAuthorizationServer } from './fake-authorization-server';

/** Free loopback ports, found by binding to port 0 and letting go (the registered ports in the app are fixed). */
async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let index = 0; index < count; index += 1) {
    ports.push(
      await new Promise<number>((resolve) => {
        const probe = createServer();
        probe.listen(0, '127.0.0.1', () => {
          const { port } = probe.address() as { port: number };
          probe.close(() => resolve(port));
        });
      }),
    );
  }
  return ports;
}

/** What the user's browser does with the approval page: the service approves and redirects to the loopback listener. */
async function browserVisits(approveUrl: string): Promise<{ status: number; text: string; redirectedTo: string }> {
  const approval = await fetch(approveUrl, { redirect: 'manual' });
  const redirectedTo = approval.headers.get('location') ?? '';
  const landing = await fetch(redirectedTo);
  return { status: landing.status, text: await landing.text(), redirectedTo };
}

async function until(check: () => boolean): Promise<void> {
  for (let tries = 0; tries < 200 && !check(); tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe('connecting a book through OAuth', () => {
  let service: FakeAuthorizationServer;
  let folder: string;
  let clock: ReturnType<typeof fixedClock>;
  let file: CredentialFile;
  let connection: SyncConnection;
  let ports: number[];

  const newConnection = (openBrowser?: (url: string) => Promise<void>) =>
    new SyncConnection({
      store: file,
      clock,
      bookCompany: () => ({ type: 'UkLimitedCompany', name: 'Example Ltd' }),
      client: () => ({ clientId: service.clientId, clientSecret: service.clientSecret }),
      openBrowser,
      ports,
      serviceUrls: { production: service.url, sandbox: service.url },
    });

  beforeEach(async () => {
    service = await startFakeAuthorizationServer({ refreshDelayMs: 30 });
    folder = mkdtempSync(join(tmpdir(), 'ledgerdesk-connect-'));
    clock = fixedClock('2026-11-22T10:00:00.000Z');
    file = new CredentialFile(join(folder, 'sync', 'book.link'), new KeyFileCipher(join(folder, 'sync', 'token.key')));
    ports = await freePorts(2);
    connection = newConnection();
  });

  afterEach(async () => {
    await connection.cancel();
    await service.close();
    rmSync(folder, { recursive: true, force: true });
  });

  async function connectInBrowser(): Promise<void> {
    let visit: Promise<unknown> = Promise.resolve();
    connection = newConnection(async (url) => {
      visit = browserVisits(url);
    });
    const started = await connection.connectInBrowser('sandbox');
    expect(connection.status().state).toBe('awaiting-approval');
    await visit;
    await until(() => connection.status().state === 'connected');
    expect(started.redirectUri).toBe(`http://localhost:${ports[0]}/callback`);
  }

  it('opens the approval page with the client id, a code response, the loopback redirect and a state, and connects when the browser comes back', async () => {
    let opened = '';
    let landing: { status: number; text: string } | null = null;
    connection = newConnection(async (url) => {
      opened = url;
      landing = await browserVisits(url);
    });
    await connection.connectInBrowser('sandbox');
    const approval = new URL(opened);
    expect(approval.pathname).toBe('/v2/approve_app');
    expect(approval.searchParams.get('client_id')).toBe(service.clientId);
    expect(approval.searchParams.get('response_type')).toBe('code');
    expect(approval.searchParams.get('redirect_uri')).toBe(`http://localhost:${ports[0]}/callback`);
    expect(approval.searchParams.get('state')).toMatch(/^[\w-]{24,}$/);
    expect(landing!.status).toBe(200);
    expect(landing!.text).toContain('You can close this tab');
    await until(() => connection.status().state === 'connected');
    const status = connection.status();
    expect(status.environment).toBe('sandbox');
    expect(status.kind).toBe('oauth');
    expect(status.account).toMatchObject({ companyName: 'Remote Example Ltd', companyType: 'UkLimitedCompany', userEmail: 'accountant@example.com', permissionLevel: 8 });
  });

  it('keeps the tokens sealed on disk: the file never holds them, and it and its key are readable by the user only', async () => {
    await connectInBrowser();
    const link = file.read()!;
    expect(link.auth.kind).toBe('oauth');
    const auth = link.auth as { accessToken: string; refreshToken: string };
    const raw = readFileSync(file.path);
    for (const secret of [auth.accessToken, auth.refreshToken]) {
      expect(raw.includes(Buffer.from(secret))).toBe(false);
      expect(raw.toString('latin1')).not.toContain(Buffer.from(secret).toString('base64'));
    }
    expect(raw.toString('latin1')).not.toContain('accountant@example.com');
    expect(statSync(file.path).mode & 0o777).toBe(0o600);
    expect(statSync(join(folder, 'sync', 'token.key')).mode & 0o777).toBe(0o600);
    expect(statSync(join(folder, 'sync')).mode & 0o777).toBe(0o700);
    // Another key cannot open it: a copied file is of no use without the key file.
    const stranger = new CredentialFile(file.path, new KeyFileCipher(join(folder, 'other.key')));
    expect(() => stranger.read()).toThrow(/could not be unsealed/);
  });

  it('takes the answer only with its own state: a wrong state is refused and the listener waits on for the right one', async () => {
    const listener = await startLoopbackListener('the-right-state', ports);
    try {
      const wrong = await fetch(`${listener.redirectUri}?code=attacker-code&state=another-state`);
      expect(wrong.status).toBe(400);
      expect(await wrong.text()).toContain('does not belong to the connection');
      const missing = await fetch(`${listener.redirectUri}?code=attacker-code`);
      expect(missing.status).toBe(400);
      const right = await fetch(`${listener.redirectUri}?code=the-code&state=the-right-state`);
      expect(right.status).toBe(200);
      await expect(listener.code).resolves.toBe('the-code');
    } finally {
      await listener.close();
    }
  });

  it('falls back to the next registered port when the first is taken', async () => {
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(ports[0], '127.0.0.1', resolve));
    try {
      const listener = await startLoopbackListener('state', ports);
      expect(listener.redirectUri).toBe(`http://localhost:${ports[1]}/callback`);
      await listener.close();
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('a declined approval ends the wait and says so', async () => {
    connection = newConnection(async () => undefined);
    await connection.connectInBrowser('production');
    const { redirectUri } = { redirectUri: `http://localhost:${ports[0]}/callback` };
    const state = new URL(connection.status().approveUrl!).searchParams.get('state')!;
    const answer = await fetch(`${redirectUri}?error=access_denied&state=${state}`);
    expect(answer.status).toBe(200);
    await until(() => connection.status().state === 'disconnected');
    expect(connection.status().problem).toBe('The approval was declined in the browser.');
  });

  it('connects with a pasted address or code when the browser cannot reach the app, and refuses another attempt\'s address', async () => {
    const started = await connection.connectInBrowser('sandbox');
    const approval = await fetch(started.approveUrl, { redirect: 'manual' });
    const landedOn = new URL(approval.headers.get('location')!);
    const foreign = new URL(landedOn);
    foreign.searchParams.set('state', 'someone-elses');
    await expect(connection.pasteCode(foreign.toString())).rejects.toThrow(/another connection attempt/);
    await expect(connection.pasteCode('   ')).rejects.toThrow(/Paste the code/);
    // The code alone works as well as the whole address.
    await connection.pasteCode(landedOn.searchParams.get('code')!);
    expect(connection.status().state).toBe('connected');
  });

  it('many requests meeting one expired token cause exactly one refresh, and all of them get the new token', async () => {
    await connectInBrowser();
    const tokens = connection.tokens() as OAuthTokenSource;
    const before = await tokens.authorization();
    clock.set('2026-11-22T11:30:00.000Z');
    const headers = await Promise.all(Array.from({ length: 25 }, () => tokens.authorization()));
    expect(service.refreshCalls).toBe(1);
    expect(new Set(headers).size).toBe(1);
    expect(headers[0]).not.toBe(before);
  });

  it('many requests meeting a 401 together refresh once; a request that meets a 401 after the refresh retries with the new token', async () => {
    await connectInBrowser();
    const tokens = connection.tokens()!;
    service.expireAccessTokens();
    const sent = await tokens.authorization();
    const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${service.url}/v2/contacts`, { headers: { Authorization: sent } })));
    expect(answers.every((answer) => answer.status === 401)).toBe(true);
    const retried = await Promise.all(answers.map(() => tokens.afterUnauthorized(sent)));
    expect(service.refreshCalls).toBe(1);
    expect(new Set(retried).size).toBe(1);
    // A late 401 for the old token does not refresh again.
    expect(await tokens.afterUnauthorized(sent)).toBe(retried[0]);
    expect(service.refreshCalls).toBe(1);
    const again = await fetch(`${service.url}/v2/contacts`, { headers: { Authorization: retried[0]! } });
    expect(again.status).toBe(200);
  });

  it('a refresh refused for now (429, more than 15 a minute) waits its Retry-After and goes on; the grant stays connected', async () => {
    await connectInBrowser();
    const timer = new VirtualTimer(Date.parse('2026-11-22T11:30:00.000Z'));
    const holder = makeBook('holder', timer);
    const client = new RemoteClient({ baseUrl: service.url, tokens: connection.tokens()!, budget: new RateBudget(holder.book.sqlite, timer), timer, random: () => 0.5 });
    service.expireAccessTokens();
    service.refreshesRefused = 2;
    const started = timer.now();
    const answer = await client.get('/v2/contacts');
    expect(answer.status).toBe(200);
    // Two refusals, each waited out on the sync's clock (7 s each), then the refresh that worked.
    expect(timer.now() - started).toBeGreaterThanOrEqual(14_000);
    expect(service.refreshCalls).toBe(3);
    expect(connection.status().state).toBe('connected');
  });

  it('stores the rotated refresh token before the new access token is handed out', async () => {
    await connectInBrowser();
    const oldRefresh = (file.read()!.auth as { refreshToken: string }).refreshToken;
    const events: string[] = [];
    const write = file.write.bind(file);
    file.write = (link) => {
      write(link);
      if (link.auth.kind === 'oauth') events.push(`stored ${link.auth.refreshToken === oldRefresh ? 'old' : 'rotated'} refresh token`);
    };
    clock.set('2026-11-22T12:00:00.000Z');
    const header = await connection.tokens()!.authorization();
    events.push('access token handed out');
    expect(events).toEqual(['stored rotated refresh token', 'access token handed out']);
    const stored = file.read()!.auth as { accessToken: string; refreshToken: string };
    expect(header).toBe(`Bearer ${stored.accessToken}`);
  });

  it('hands out no access token when the rotated refresh token cannot be stored', async () => {
    await connectInBrowser();
    const write = file.write.bind(file);
    let attempts = 0;
    file.write = (link) => {
      attempts += 1;
      if (attempts === 1) throw new Error('disk full');
      write(link);
    };
    clock.set('2026-11-22T12:00:00.000Z');
    await expect(connection.tokens()!.authorization()).rejects.toThrow('disk full');
    expect(service.refreshCalls).toBe(1);
  });

  it('a revoked refresh token stops sync with "reconnect needed", once, without asking the service again', async () => {
    await connectInBrowser();
    const tokens = connection.tokens()!;
    service.revokeRefreshTokens();
    clock.set('2026-11-22T11:30:00.000Z');
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => tokens.authorization()));
    expect(results.every((result) => result.status === 'rejected' && result.reason instanceof ReconnectNeededError)).toBe(true);
    expect(service.refreshCalls).toBe(1);
    expect(connection.status().state).toBe('reconnect-needed');
    expect(connection.status().problem).toMatch(/Connect again/);
    expect(connection.tokens()).toBeNull();
    await expect(tokens.authorization()).rejects.toBeInstanceOf(ReconnectNeededError);
    expect(service.refreshCalls).toBe(1);
    // The account is still shown, so the user knows what to reconnect to.
    expect(connection.status().account?.companyName).toBe('Remote Example Ltd');
  });

  it('refuses a company of another type than the book\'s and keeps nothing', async () => {
    service.companyType = 'UkSoleTrader';
    const started = await connection.connectInBrowser('sandbox');
    const approval = await fetch(started.approveUrl, { redirect: 'manual' });
    await expect(connection.pasteCode(approval.headers.get('location')!)).rejects.toThrow(
      'Remote Example Ltd is a UK sole trader but this book (Example Ltd) is a UK limited company. Connect the book to a company of the same type, or make a new book for Remote Example Ltd.',
    );
    expect(file.read()).toBeNull();
    expect(connection.status().state).toBe('disconnected');
    expect(connection.status().problem).toMatch(/UK sole trader/);
  });

  it('records the user\'s permission level', async () => {
    service.permissionLevel = 6;
    await connectInBrowser();
    expect(file.read()!.account.permissionLevel).toBe(6);
  });

  it('disconnecting forgets the credentials', async () => {
    await connectInBrowser();
    await connection.disconnect();
    expect(() => statSync(file.path)).toThrow();
    expect(connection.status().state).toBe('disconnected');
    expect(connection.tokens()).toBeNull();
  });

  it('without a client id and secret, says how to set them', async () => {
    connection = new SyncConnection({ store: file, clock, bookCompany: () => ({ type: 'UkLimitedCompany', name: 'Example Ltd' }), client: () => null, ports });
    await expect(connection.connectInBrowser('production')).rejects.toThrow(/LEDGERDESK_OAUTH_CLIENT_ID/);
  });
});
