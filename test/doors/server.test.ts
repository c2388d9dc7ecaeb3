import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createHandler, isLoopbackHost, startServer, type RunningServer } from '../../main/server';
import { createTestBook, OWNER_TOKEN } from '../engine/harness';

/** A raw HTTP GET with a chosen Host header (fetch will not let us set it). */
function getWithHost(url: string, host: string, token = OWNER_TOKEN): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = httpRequest(
      { hostname: target.hostname, port: target.port, path: target.pathname, headers: { Host: host, Authorization: `Bearer ${token}` } },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let running: RunningServer | null = null;
afterEach(async () => {
  await running?.close();
  running = null;
});

describe('loopback server', () => {
  it('answers the API over HTTP with urls on its own origin', async () => {
    const t = createTestBook();
    running = await startServer({ engine: t.engine, port: 0 });
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${running.url}/v2/users/me`, { headers: { Authorization: `Bearer ${OWNER_TOKEN}` } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { url: string } };
    expect(body.user.url).toBe(`${running.url}/v2/users/${t.ownerId}`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('needs a token', async () => {
    const t = createTestBook();
    running = await startServer({ engine: t.engine, port: 0 });
    const response = await fetch(`${running.url}/v2/company`);
    expect(response.status).toBe(401);
  });

  it('refuses a request whose Host is not loopback, even with a valid token (DNS rebinding)', async () => {
    const t = createTestBook();
    running = await startServer({ engine: t.engine, port: 0 });
    const port = new URL(running.url).port;
    const rebound = await getWithHost(`${running.url}/v2/company`, `attacker.example:${port}`);
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('loopback');
    const local = await getWithHost(`${running.url}/v2/company`, `localhost:${port}`);
    expect(local.status).toBe(200);
  });

  it('will not listen on a non-loopback address', async () => {
    const t = createTestBook();
    await expect(startServer({ engine: t.engine, host: '0.0.0.0', port: 0 })).rejects.toThrow(/loopback/);
    expect(isLoopbackHost('192.168.1.4')).toBe(false);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
  });

  it('serves the built renderer with a strict CSP and never a file outside its folder', async () => {
    const t = createTestBook();
    const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-renderer-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Ledgerdesk</title>');
    writeFileSync(join(dir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dir, '..', 'secret.txt'), 'do not serve');
    const handler = createHandler({ engine: t.engine, rendererDir: dir });
    const page = await handler(new Request('http://127.0.0.1:1/', { headers: { Host: '127.0.0.1:1' } }));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    const script = await handler(new Request('http://127.0.0.1:1/assets/app.js', { headers: { Host: '127.0.0.1:1' } }));
    expect(script.headers.get('content-type')).toContain('javascript');
    const escape = await handler(new Request('http://127.0.0.1:1/%2e%2e/secret.txt', { headers: { Host: '127.0.0.1:1' } }));
    expect(escape.status).toBe(404);
    expect(await escape.text()).not.toContain('do not serve');
  });
});

describe('closing the loopback server (app quit, serve stopped)', () => {
  it('closes at once beside an idle keep-alive connection, though keep-alive lasts a minute', async () => {
    const t = createTestBook();
    const server = await startServer({ engine: t.engine, port: 0 });
    const answer = await fetch(`${server.url}/v2/company`, { headers: { Authorization: `Bearer ${OWNER_TOKEN}` } });
    expect(answer.status).toBe(200);
    await answer.text();
    // A grace longer than the test's own timeout: only closing the idle connection lets this end.
    await server.close(10 * 60_000);
  });

  it('ends a connection still waiting for its answer after the grace, instead of waiting for it', async () => {
    let requestArrived: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (requestArrived = resolve));
    const t = createTestBook();
    const engine = {
      fetch: (request: Request, options?: { origin?: string }) => {
        if (new URL(request.url).pathname !== '/v2/held') return t.engine.fetch(request, options);
        requestArrived();
        return new Promise<Response>(() => undefined);
      },
    };
    const server = await startServer({ engine, port: 0 });
    const client = getWithHost(`${server.url}/v2/held`, new URL(server.url).host).then(
      () => 'answered',
      () => 'cut off',
    );
    await arrived;
    // The engine never answers; close() resolving at all is the point, and the client is told.
    await server.close(50);
    expect(await client).toBe('cut off');
  });
});
