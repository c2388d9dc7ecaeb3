import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { SyncService } from '../../main/sync/service';
import { VirtualTimer } from '../../main/sync/timer';
import { StaticTokenSource } from '../../main/sync/tokens';
import { makeBook, START } from './books';

/** A round of a fresh book against `baseUrl` through `fetchImpl`: what the person is told, and the state shown. */
async function failedRound(baseUrl: string, fetchImpl?: typeof fetch): Promise<{ message: string; state: string }> {
  const timer = new VirtualTimer(START);
  const book = makeBook('a', timer);
  const service = new SyncService({ engine: book.engine, deps: book.deps, remote: { baseUrl, tokens: new StaticTokenSource('t') }, fetch: fetchImpl, timer, random: () => 0.5, maxRetries: 1, requestTimeoutMs: 5_000 });
  const message = await service.runOnce().then(
    () => 'no failure',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  return { message, state: service.status().state };
}

/** A fetch failing as Node's does: "fetch failed", the system error on its cause. */
const failingWith = (code: string, message: string): typeof fetch => () => Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) }));

async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('a failed round says what happened, with its cause (never "fetch failed")', { timeout: 60_000 }, () => {
  it('a service that refuses the connection (ECONNREFUSED, a real closed port)', async () => {
    const server = createServer();
    const port = await listening(server);
    await new Promise((resolve) => server.close(resolve));
    const round = await failedRound(`http://127.0.0.1:${port}`);
    expect(round.message).toBe(`The online service at 127.0.0.1:${port} refused the connection (ECONNREFUSED): nothing is answering there. Check the address, and that the service is running.`);
    expect(round.state).toBe('offline');
  });

  it('a secure connection that fails (https to a server speaking http, a real one)', async () => {
    const server = createServer((_request, response) => response.end('plain'));
    const port = await listening(server);
    try {
      const round = await failedRound(`https://127.0.0.1:${port}`);
      expect(round.message).toMatch(new RegExp(`^The secure connection to 127\\.0\\.0\\.1:${port} failed \\((ERR_SSL_WRONG_VERSION_NUMBER|EPROTO|ERR_SSL_[A-Z_]+)\\): `));
      expect(round.message).not.toContain('fetch failed');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a certificate the computer does not accept, an address that does not exist, and no network each have their own sentence', async () => {
    expect((await failedRound('https://api.example.test', failingWith('CERT_HAS_EXPIRED', 'certificate has expired'))).message).toBe(
      'The secure connection to api.example.test failed (CERT_HAS_EXPIRED): its certificate has expired. Check the address, this computer’s date and time, or a proxy that intercepts secure connections.',
    );
    expect((await failedRound('https://api.freeagnet.com', failingWith('ENOTFOUND', 'getaddrinfo ENOTFOUND api.freeagnet.com'))).message).toBe(
      'The address api.freeagnet.com could not be found (DNS lookup failed, ENOTFOUND). Check the address, and the internet connection.',
    );
    expect((await failedRound('https://api.freeagent.com', failingWith('EAI_AGAIN', 'getaddrinfo EAI_AGAIN api.freeagent.com'))).message).toBe(
      'The address api.freeagent.com could not be looked up (DNS, EAI_AGAIN): the name server did not answer. Check the internet connection.',
    );
    const offline = await failedRound('https://api.freeagent.com', failingWith('ENETUNREACH', 'connect ENETUNREACH 2a05::1:443'));
    expect(offline).toMatchObject({ state: 'offline', message: 'No network: this computer could not reach api.freeagent.com (ENETUNREACH). Check the internet connection.' });
  });

  it('a refusal that stops the round says who refused, with the status and the reason', async () => {
    const forbidden: typeof fetch = () => Promise.resolve(new Response(JSON.stringify({ errors: [{ message: 'Access denied for this company' }] }), { status: 403, headers: { 'Content-Type': 'application/json' } }));
    const round = await failedRound('https://api.freeagent.com', forbidden);
    expect(round).toMatchObject({
      state: 'error',
      message: 'The online service at api.freeagent.com refused access (403 Forbidden): Access denied for this company. The connected user may not have the permission this needs.',
    });
  });
});
