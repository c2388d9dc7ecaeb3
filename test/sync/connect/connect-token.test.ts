import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryLinkStore } from '../../../main/sync/connect/credential-file';
import { SyncConnection } from '../../../main/sync/connect/sync-connection';
import { ReconnectNeededError } from '../../../main/sync/connect/token-endpoint';
import { Level } from '../../../shared/api/permissions';
import { startServer, type RunningServer } from '../../../main/server';
import { createTestBook, fixedClock, OWNER_TOKEN, type TestBook } from '../../engine/harness';

describe('connecting with a plain bearer token to a Ledgerdesk server', () => {
  let remote: TestBook;
  let server: RunningServer;
  let store: MemoryLinkStore;
  let connection: SyncConnection;

  beforeEach(async () => {
    remote = createTestBook({ name: 'Remote Books Ltd' });
    server = await startServer({ engine: remote.engine, port: 0 });
    store = new MemoryLinkStore();
    connection = new SyncConnection({ store, clock: fixedClock(), bookCompany: () => ({ type: 'UkLimitedCompany', name: 'Example Ltd' }), client: () => null });
  });

  afterEach(async () => {
    await server.close();
    remote.book.sqlite.close();
  });

  it('reads who the token is and whose company it reaches, and keeps the link without OAuth', async () => {
    const link = await connection.connectWithToken(`${server.url}/v2/`, OWNER_TOKEN);
    expect(link.baseUrl).toBe(server.url);
    expect(link.environment).toBe('custom');
    expect(link.account).toMatchObject({ companyName: 'Remote Books Ltd', companyType: 'UkLimitedCompany', userEmail: 'owner@example.com', permissionLevel: 8 });
    expect(await connection.tokens()!.authorization()).toBe(`Bearer ${OWNER_TOKEN}`);
    // Nothing to refresh: a 401 means the user must connect again.
    await expect(connection.tokens()!.afterUnauthorized(`Bearer ${OWNER_TOKEN}`)).rejects.toBeInstanceOf(ReconnectNeededError);
  });

  it('records a lower permission level as the server states it', async () => {
    const bankingToken = await remote.userWithLevel(Level.Banking);
    const link = await connection.connectWithToken(server.url, bankingToken);
    expect(link.account.permissionLevel).toBe(Level.Banking);
  });

  it('refuses a token the server does not know, and an address that is not a server', async () => {
    await expect(connection.connectWithToken(server.url, 'wrong-token')).rejects.toThrow(`The service at ${server.url} did not accept the token.`);
    await expect(connection.connectWithToken('ftp://example.com', 'x')).rejects.toThrow(/http:\/\/ or https:\/\//);
    await expect(connection.connectWithToken('not a url', 'x')).rejects.toThrow(/full address/);
    expect(store.read()).toBeNull();
  });

  it('refuses a server whose company is of another type', async () => {
    const soleTrader = new SyncConnection({ store, clock: fixedClock(), bookCompany: () => ({ type: 'UkSoleTrader', name: 'Jo Bloggs' }), client: () => null });
    await expect(soleTrader.connectWithToken(server.url, OWNER_TOKEN)).rejects.toThrow('Remote Books Ltd is a UK limited company but this book (Jo Bloggs) is a UK sole trader.');
    expect(store.read()).toBeNull();
  });
});
