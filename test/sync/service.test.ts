import { describe, expect, it } from 'vitest';
import { issueToken } from '../../main/engine/open';
import type { SyncEvent } from '../../main/sync';
import { world } from './replicas';

describe('SyncService', { timeout: 60_000 }, () => {
  it('says what it is doing: status before, during and after a round, progress per family, the result', async () => {
    const w = world(41);
    const a = w.replica('a');
    expect(a.service.status()).toMatchObject({ linked: false, state: 'idle', waiting: 0, review: 0, running: false, lastSyncedAt: null });
    // Both empty: linked at once.
    expect(await a.sync()).toMatchObject({ pulled: 0, pushed: 0 });
    expect(a.service.status()).toMatchObject({ linked: true, waiting: 0 });
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } });
    await w.remote.book.call('POST', '/v2/bank_accounts', { bank_account: { name: 'Current', type: 'StandardBankAccount', opening_balance: '0', account_number: '99990000' } });
    expect(a.service.status().waiting).toBe(1);
    const events: SyncEvent[] = [];
    const stop = a.service.onEvent((event) => events.push(event));
    const running = a.sync();
    expect(a.service.status()).toMatchObject({ state: 'running', running: true });
    await expect(a.sync()).rejects.toThrow('already running');
    const result = await running;
    stop();
    expect(result).toMatchObject({ pulled: 1, pushed: 1, conflicts: 0, refused: 0 });
    expect(events.filter((event) => event.type === 'progress').map((event) => event.type === 'progress' && `${event.phase} ${event.family}`)).toEqual(
      expect.arrayContaining(['pull bank_accounts', 'push contacts']),
    );
    expect(events.at(-1)).toMatchObject({ type: 'status', status: { state: 'idle', running: false } });
    expect(events.find((event) => event.type === 'finished')).toMatchObject({ result });
    expect(a.service.status()).toMatchObject({ linked: true, account: { companyName: 'Example Ltd', companyType: 'UkLimitedCompany', userEmail: 'owner@example.com', permissionLevel: 8 }, lastSyncedAt: expect.any(String) });
  });

  it('goes offline when the remote keeps failing, keeps what waits, and carries on when it is back', async () => {
    const w = world(42, { rate: 1, faults: ['error-before'] });
    const a = w.replica('a');
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } });
    await expect(a.sync()).rejects.toThrow('503');
    expect(a.service.status()).toMatchObject({ state: 'offline', lastError: null, linked: false });
    w.remote.faultsOn = false;
    expect(await a.sync()).toMatchObject({ pushed: 1 });
    expect(a.service.status()).toMatchObject({ state: 'idle', waiting: 0 });
  });

  it('holds back what the linked user may not do: a Contacts-level user syncs contacts, the bank account waits', async () => {
    const w = world(43);
    const made = await w.remote.book.call('POST', '/v2/users', { user: { email: 'clerk@example.com', first_name: 'Carl', last_name: 'Clerk', role: 'Employee', permission_level: 3 } });
    expect(made.status).toBe(201);
    const token = issueToken(w.remote.book.deps, 'clerk@example.com', 'clerk-token');
    const limited = world(43, { remoteToken: token });
    Object.assign(limited.remote, { book: w.remote.book });
    const a = limited.replica('a');
    await a.book.call('POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } });
    await a.book.call('POST', '/v2/bank_accounts', { bank_account: { name: 'Current', type: 'StandardBankAccount', opening_balance: '0' } });
    const plan = await a.service.planLink();
    expect(plan.user.permissionLevel).toBe(3);
    // Expenses need only My Money (a user's own claims); categories, bank accounts and the rest wait.
    expect(plan.families.map((family) => family.family)).toEqual(['contacts', 'projects', 'expenses']);
    await a.service.applyLink(plan);
    expect(await a.sync()).toMatchObject({ pushed: 1 });
    expect(((await w.remote.book.call('GET', '/v2/contacts?view=all')).body.contacts as unknown[]).length).toBe(1);
    expect(((await w.remote.book.call('GET', '/v2/bank_accounts')).body.bank_accounts as unknown[]).length).toBe(0);
    // Held back, not dropped: it waits for a user who may send it.
    expect(a.service.status().waiting).toBe(1);
  });
});
