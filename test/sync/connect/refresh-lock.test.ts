import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openBook } from '../../../main/db/client';
import { KeyFileCipher } from '../../../main/sync/connect/cipher';
import { CredentialFile } from '../../../main/sync/connect/credential-file';
import { BookRefreshLock } from '../../../main/sync/connect/refresh-lock';
import { SyncConnection } from '../../../main/sync/connect/sync-connection';
import { fixedClock } from '../../engine/harness';
import { startFakeAuthorizationServer, type FakeAuthorizationServer } from './fake-authorization-server';

async function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Two processes on one book: each its own connection to the book file (its own SQLite connection, its
 * own credential file reader on the same path, its own token source), as the desktop app and the CLI are.
 */
describe('token refresh across processes on one book', () => {
  let service: FakeAuthorizationServer;
  let folder: string;
  let bookFile: string;
  let clock: ReturnType<typeof fixedClock>;
  const open: Database.Database[] = [];
  const connections: SyncConnection[] = [];

  beforeEach(async () => {
    // The service takes a while to answer a refresh, so the two processes surely meet the expiry together.
    service = await startFakeAuthorizationServer({ refreshDelayMs: 150 });
    folder = mkdtempSync(join(tmpdir(), 'ledgerdesk-refresh-lock-'));
    bookFile = join(folder, 'book.ledgerdesk');
    openBook(bookFile).close();
    clock = fixedClock('2026-11-22T10:00:00.000Z');
  });

  afterEach(async () => {
    for (const connection of connections.splice(0)) await connection.cancel();
    for (const sqlite of open.splice(0)) sqlite.close();
    await service.close();
    rmSync(folder, { recursive: true, force: true });
  });

  async function process(ports: number[], locked = true): Promise<SyncConnection> {
    const sqlite = new Database(bookFile, { timeout: 5000 });
    open.push(sqlite);
    const connection = new SyncConnection({
      store: new CredentialFile(join(folder, 'sync', 'book.link'), new KeyFileCipher(join(folder, 'sync', 'token.key'))),
      clock,
      bookCompany: () => ({ type: 'UkLimitedCompany', name: 'Example Ltd' }),
      client: () => ({ clientId: service.clientId, clientSecret: service.clientSecret }),
      openBrowser: async () => undefined,
      ports,
      serviceUrls: { production: service.url, sandbox: service.url },
      refreshLock: locked ? new BookRefreshLock(sqlite, { pollMs: 10 }) : undefined,
    });
    connections.push(connection);
    return connection;
  }

  async function connected(first: SyncConnection): Promise<void> {
    const started = await first.connectInBrowser('sandbox');
    const approval = await fetch(started.approveUrl, { redirect: 'manual' });
    await first.pasteCode(new URL(approval.headers.get('location')!).searchParams.get('code')!);
    expect(first.status().state).toBe('connected');
  }

  it('many requests in two processes meeting one expired token make exactly one refresh; the second process uses the token the first stored', async () => {
    const ports = [await freePort()];
    const desktop = await process(ports);
    await connected(desktop);
    const cli = await process(ports);
    const before = await desktop.tokens()!.authorization();
    expect(await cli.tokens()!.authorization()).toBe(before);

    clock.set('2026-11-22T11:30:00.000Z');
    const fromDesktop = Array.from({ length: 10 }, () => desktop.tokens()!.authorization());
    const fromCli = Array.from({ length: 10 }, () => cli.tokens()!.authorization());
    const headers = await Promise.all([...fromDesktop, ...fromCli]);
    expect(service.refreshCalls).toBe(1);
    expect(new Set(headers).size).toBe(1);
    expect(headers[0]).not.toBe(before);
    // The token both use works, and the link is still connected in both.
    expect((await fetch(`${service.url}/v2/users/me`, { headers: { Authorization: headers[0]! } })).status).toBe(200);
    expect(desktop.status().state).toBe('connected');
    expect(cli.status().state).toBe('connected');
    // Nothing is left claimed.
    const claim = open[0]!.prepare("SELECT count(*) FROM book_settings WHERE key = 'sync.token_refresh_lock'").pluck().get();
    expect(claim).toBe(0);
  });

  it('a claim left by a process killed while refreshing stops no one once it runs out', async () => {
    const sqlite = new Database(bookFile);
    open.push(sqlite);
    let now = Date.parse('2026-11-22T10:00:00.000Z');
    const killed = new BookRefreshLock(sqlite, { ttlMs: 1000, now: () => now });
    const other = new BookRefreshLock(sqlite, { ttlMs: 1000, pollMs: 5, now: () => now });
    // Killed mid-refresh: its work never ends, its claim stays in the book.
    void killed.hold(() => new Promise<never>(() => undefined));
    let ran = false;
    const waiting = other.hold(async () => {
      ran = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toBe(false);
    now += 1001;
    await waiting;
    expect(ran).toBe(true);
  });
});
