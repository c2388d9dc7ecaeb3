import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Each case starts two engines and a sync round; seconds apart on a busy machine, not a fault.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
import { Level } from '../../../shared/api/permissions';
import { startServer, type RunningServer } from '../../../main/server';
import { MemoryLinkStore } from '../../../main/sync/connect/credential-file';
import { bookSyncController } from '../../../main/sync/control/book-sync';
import { withSyncDoor } from '../../../main/sync/control/door';
import { MemoryPreferences } from '../../../main/sync/control/preferences';
import type { SyncController } from '../../../main/sync/control/sync-controller';
import type { Engine } from '../../../main/engine/app';
import { createTestBook, OWNER_TOKEN, type TestBook } from '../../engine/harness';

/** The window's sync commands over the door, against a second Ledgerdesk engine served as the remote. */
describe('the /v2/sync door', () => {
  let local: TestBook;
  let remote: TestBook;
  let server: RunningServer;
  let sync: SyncController;
  let door: Engine;

  const call = async (method: string, path: string, body?: unknown, token: string | null = OWNER_TOKEN) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await door.fetch(new Request(`http://127.0.0.1:9999${path}`, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) }));
    return { status: response.status, body: (await response.json()) as any };
  };

  beforeEach(async () => {
    local = createTestBook({ name: 'Example Ltd' });
    remote = createTestBook({ name: 'Remote Books Ltd' });
    server = await startServer({ engine: remote.engine, port: 0 });
    sync = bookSyncController({ engine: local.engine, deps: local.deps, store: new MemoryLinkStore(), preferences: new MemoryPreferences({ autoSync: false, environment: 'production', client: null }), cipherKind: 'key file', env: {} });
    door = withSyncDoor(local.engine, () => sync);
  });

  afterEach(async () => {
    await sync.close();
    await server.close();
    local.book.sqlite.close();
    remote.book.sqlite.close();
  });

  it('says the book is not connected, and that browser connecting needs a client id', async () => {
    const { status, body } = await call('GET', '/v2/sync');
    expect(status).toBe(200);
    expect(body.sync_status).toMatchObject({ state: 'not-connected', connection: { state: 'disconnected' }, settings: { auto_sync: false, client_configured: false, cipher: 'key file' } });
    const browser = await call('POST', '/v2/sync/connect/browser');
    expect(browser.status).toBe(422);
    expect(browser.body.errors[0].message).toMatch(/LEDGERDESK_OAUTH_CLIENT_ID/);
    const run = await call('POST', '/v2/sync/run');
    expect(run.status).toBe(422);
    expect(run.body.errors[0].message).toMatch(/not connected/);
  });

  it('connects with a url and token, syncs in the background and reports the counts', async () => {
    await remote.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Remote Customer Ltd' } } });
    const connected = await call('POST', '/v2/sync/connect/token', { url: server.url, token: OWNER_TOKEN });
    expect(connected.status).toBe(200);
    expect(connected.body.sync_status.connection).toMatchObject({ state: 'connected', kind: 'bearer', company_name: 'Remote Books Ltd', permission_level: 8 });
    expect(JSON.stringify(connected.body)).not.toContain(OWNER_TOKEN);
    const started = await call('POST', '/v2/sync/run');
    expect(started.status).toBe(202);
    expect(started.body.sync_status.running).toBe(true);
    await sync.settled();
    const after = (await call('GET', '/v2/sync')).body.sync_status;
    expect(after.running).toBe(false);
    expect(after.last_synced_at).not.toBeNull();
    expect(after.counts.pulled).toBeGreaterThan(0);
    const contacts = await local.json('GET', '/v2/contacts?view=all');
    expect(contacts.body.contacts.map((contact: { organisation_name: string }) => contact.organisation_name)).toContain('Remote Customer Ltd');
  });

  it('disconnecting forgets the connection and keeps the books', async () => {
    await call('POST', '/v2/sync/connect/token', { url: server.url, token: OWNER_TOKEN });
    await remote.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Kept Ltd' } } });
    await call('POST', '/v2/sync/run');
    await sync.settled();
    const { body } = await call('POST', '/v2/sync/disconnect');
    expect(body.sync_status).toMatchObject({ state: 'not-connected', connection: { state: 'disconnected' } });
    const contacts = await local.json('GET', '/v2/contacts?view=all');
    expect(contacts.body.contacts.map((contact: { organisation_name: string }) => contact.organisation_name)).toContain('Kept Ltd');
  });

  it('needs a token to read and Full access to change anything; bad bodies are refused plainly', async () => {
    expect((await call('GET', '/v2/sync', undefined, null)).status).toBe(401);
    const banking = await local.userWithLevel(Level.Banking);
    expect((await call('GET', '/v2/sync', undefined, banking)).status).toBe(200);
    const refused = await call('POST', '/v2/sync/connect/token', { url: server.url, token: OWNER_TOKEN }, banking);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].message).toBe('Connecting and syncing the book need Full access.');
    expect((await call('POST', '/v2/sync/connect/token', '{not json')).status).toBe(400);
    const missing = await call('POST', '/v2/sync/connect/token', { url: server.url, token: ' ' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].message).toBe('token Enter the token.');
    expect((await call('PUT', '/v2/sync/settings', { auto_sync: 'yes' })).status).toBe(422);
    expect((await call('GET', '/v2/sync/nowhere')).status).toBe(404);
    expect((await call('POST', '/v2/sync/review/99', { choice: 'mine' })).status).toBe(404);
    expect((await call('GET', '/v2/sync')).body.sync_status.connection.state).toBe('disconnected');
  });

  it('keeps the sandbox choice and automatic sync in the preferences', async () => {
    const { body } = await call('PUT', '/v2/sync/settings', { environment: 'sandbox', auto_sync: true });
    expect(body.sync_status.settings).toMatchObject({ environment: 'sandbox', auto_sync: true });
  });
});
