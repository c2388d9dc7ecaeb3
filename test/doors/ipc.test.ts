import { describe, expect, it, vi } from 'vitest';

const handlers = new Map<string, (event: unknown, payload: unknown) => unknown>();
vi.mock('electron', () => ({
  ipcMain: { handle: (channel: string, handler: (event: unknown, payload: unknown) => unknown) => handlers.set(channel, handler) },
}));

const { answerApiRequest, registerApiChannel } = await import('../../main/ipc');
const { API_CHANNEL } = await import('../../shared/bridge');
const { createTestBook, OWNER_TOKEN } = await import('../engine/harness');

describe('IPC door', () => {
  it('answers an envelope as the desktop user with ledgerdesk://local urls', async () => {
    const t = createTestBook();
    const response = await answerApiRequest(t.engine, OWNER_TOKEN, { method: 'GET', path: '/v2/users/me' });
    expect(response.status).toBe(200);
    expect((response.body as { user: { url: string } }).user.url).toBe(`ledgerdesk://local/v2/users/${t.ownerId}`);
  });

  it('sends a JSON body and query, and a 422 comes back as an envelope', async () => {
    const t = createTestBook();
    const created = await answerApiRequest(t.engine, OWNER_TOKEN, {
      method: 'POST',
      path: '/v2/bank_accounts',
      body: { bank_account: { name: 'Current', opening_balance: '12.50' } },
    });
    expect(created.status).toBe(201);
    const invalid = await answerApiRequest(t.engine, OWNER_TOKEN, { method: 'POST', path: '/v2/bank_accounts', body: { bank_account: { opening_balance: '1' } } });
    expect(invalid.status).toBe(422);
    expect(JSON.stringify(invalid.body)).toContain('name');
    const listed = await answerApiRequest(t.engine, OWNER_TOKEN, { method: 'GET', path: '/v2/bank_accounts', query: { per_page: '1' } });
    expect(listed.headers['x-total-count']).toBe('1');
  });

  it('refuses malformed envelopes and paths outside /v2 without touching the engine', async () => {
    const t = createTestBook();
    const engineCalls = vi.spyOn(t.engine, 'fetch');
    const bad = [null, 'GET /v2/company', { method: 'PATCH', path: '/v2/company' }, { method: 'GET', path: '/etc/passwd' }, { method: 'GET', path: '/v2/../secret' }, { method: 'GET', path: '/v2/company', headers: { a: 1 } }];
    const statuses = await Promise.all(bad.map(async (envelope) => (await answerApiRequest(t.engine, OWNER_TOKEN, envelope)).status));
    expect(statuses).toEqual(bad.map(() => 400));
    expect(engineCalls).not.toHaveBeenCalled();
    // The spy does see a request that gets through, so its silence above means something.
    expect((await answerApiRequest(t.engine, OWNER_TOKEN, { method: 'GET', path: '/v2/company' })).status).toBe(200);
    expect(engineCalls).toHaveBeenCalledTimes(1);
  });

  it('does not let the page choose who it is', async () => {
    const t = createTestBook();
    const level2 = await t.userWithLevel(2);
    // The page tries to act with another token; the main process's identity wins.
    const response = await answerApiRequest(t.engine, level2, { method: 'GET', path: '/v2/users/me', headers: { Authorization: `Bearer ${OWNER_TOKEN}` } });
    expect((response.body as { user: { permission_level: number } }).user.permission_level).toBe(2);
  });

  it('answers 403 to a sender that is not the app window', async () => {
    const t = createTestBook();
    registerApiChannel(t.engine, OWNER_TOKEN, (event) => (event as unknown as { trusted: boolean }).trusted);
    const handler = handlers.get(API_CHANNEL)!;
    const engineCalls = vi.spyOn(t.engine, 'fetch');
    const refused = (await handler({ trusted: false }, { method: 'GET', path: '/v2/company' })) as { status: number };
    expect(refused.status).toBe(403);
    expect(engineCalls).not.toHaveBeenCalled();
    const allowed = (await handler({ trusted: true }, { method: 'GET', path: '/v2/company' })) as { status: number };
    expect(allowed.status).toBe(200);
  });
});
