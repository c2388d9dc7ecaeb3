import { describe, expect, it } from 'vitest';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, type TestBook } from './harness';
import { readXml } from './xml-reader';

const lock = (t: TestBook, lockedToDate: unknown, token?: string) =>
  t.json('PUT', '/v2/account_locks', { body: { account_lock: { locked_to_date: lockedToDate } }, token });

/** A VAT return marked as filed, as the VAT returns resource stores it. */
function fileVatReturn(t: TestBook, periodEndsOn: string, status = 'marked_as_filed'): void {
  t.book.sqlite
    .prepare('INSERT INTO vat_return_states (period_ends_on, filing_status, created_at, updated_at) VALUES (?, ?, ?, ?)')
    .run(periodEndsOn, status, '2026-11-22T10:00:00.000Z', '2026-11-22T10:00:00.000Z');
}

describe('GET /v2/account_locks (2.15, 4.16)', () => {
  it('with no lock: an empty list, and the bounds a user lock may take (company start to yesterday)', async () => {
    const t = createTestBook({ startDate: '2025-05-01' });
    const response = await t.json('GET', '/v2/account_locks');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ account_locks: [], earliest_lock_date: '2025-05-01', latest_lock_date: '2026-11-21' });
  });

  it('leaves both bounds out when the company starts today: no user lock can be set yet', async () => {
    const t = createTestBook({ startDate: '2026-11-22', firstAccountingYearEnd: '2027-11-30' });
    const response = await t.json('GET', '/v2/account_locks');
    expect(response.body).toEqual({ account_locks: [] });
    const refused = await lock(t, '2026-11-22');
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].message).toMatch(/cannot be set yet/);
  });

  it('lists filed VAT returns as locks with their return, latest first, next to the user lock', async () => {
    const t = createTestBook({ vatRegistered: true });
    fileVatReturn(t, '2025-07-31');
    fileVatReturn(t, '2025-10-31', 'filed');
    fileVatReturn(t, '2026-01-31', 'unfiled');
    expect((await lock(t, '2025-09-30')).status).toBe(204);
    const response = await t.json('GET', '/v2/account_locks');
    expect(response.body.account_locks).toEqual([
      {
        locked_to_date: '2025-10-31',
        locked_by_description: 'Filed VAT return for the period ending 2025-10-31',
        locked_by_url: 'http://127.0.0.1:9999/v2/vat_returns/2025-10-31',
      },
      { locked_to_date: '2025-09-30', user_lock: true, locked_by_description: 'Olive Owner', locked_by_url: 'http://127.0.0.1:9999/v2/users/1' },
      {
        locked_to_date: '2025-07-31',
        locked_by_description: 'Filed VAT return for the period ending 2025-07-31',
        locked_by_url: 'http://127.0.0.1:9999/v2/vat_returns/2025-07-31',
      },
    ]);
  });
});

describe('PUT and DELETE /v2/account_locks (section 3, user account lock)', () => {
  it('PUT creates the user lock (204), a second PUT replaces its date, DELETE removes it (204)', async () => {
    const t = createTestBook();
    const first = await lock(t, '2026-03-31');
    expect(first.status).toBe(204);
    expect(first.body).toBeNull();
    expect((await t.json('GET', '/v2/account_locks')).body.account_locks).toEqual([
      expect.objectContaining({ locked_to_date: '2026-03-31', user_lock: true }),
    ]);
    expect((await lock(t, '2026-06-30')).status).toBe(204);
    const replaced = (await t.json('GET', '/v2/account_locks')).body.account_locks;
    expect(replaced).toHaveLength(1);
    expect(replaced[0].locked_to_date).toBe('2026-06-30');
    const removed = await t.json('DELETE', '/v2/account_locks');
    expect(removed.status).toBe(204);
    expect((await t.json('GET', '/v2/account_locks')).body.account_locks).toEqual([]);
  });

  it('records each transition in the change log', async () => {
    const t = createTestBook();
    const changes = () => t.book.sqlite.prepare("SELECT operation FROM changes WHERE resource = 'account_locks' ORDER BY id").pluck().all();
    await lock(t, '2026-03-31');
    await lock(t, '2026-04-30');
    await t.json('DELETE', '/v2/account_locks');
    expect(changes()).toEqual(['create', 'update', 'delete']);
  });

  it('names the user who set the lock', async () => {
    const t = createTestBook();
    const token = await t.userWithLevel(8, 'Accountant');
    await lock(t, '2026-03-31', token);
    const [userLock] = (await t.json('GET', '/v2/account_locks')).body.account_locks;
    expect(userLock.locked_by_description).toBe('Level 8');
    expect(userLock.locked_by_url).toMatch(/\/v2\/users\/2$/);
  });

  it('refuses a date outside the bounds, or not a date, with a 422 that changes nothing', async () => {
    const t = createTestBook({ startDate: '2025-05-01' });
    await lock(t, '2025-12-31');
    const before = bookSnapshot(t);
    for (const date of ['2025-04-30', '2026-11-22', '2027-01-01', 'yesterday', '2026-02-30', null]) {
      const response = await lock(t, date);
      expect(response.status, String(date)).toBe(422);
    }
    expect((await lock(t, '2025-04-30')).body.errors[0].message).toBe('locked_to_date must be from 2025-05-01 to 2026-11-21');
    expect((await t.json('PUT', '/v2/account_locks', { body: { locked_to_date: '2026-01-31' } })).status).toBe(422);
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('accepts both bounds themselves', async () => {
    const t = createTestBook({ startDate: '2025-05-01' });
    expect((await lock(t, '2025-05-01')).status).toBe(204);
    expect((await lock(t, '2026-11-21')).status).toBe(204);
  });

  it('the latest bound follows the engine clock', async () => {
    const t = createTestBook();
    t.clock.set('2027-01-15T09:00:00Z');
    expect((await t.json('GET', '/v2/account_locks')).body.latest_lock_date).toBe('2027-01-14');
    expect((await lock(t, '2027-01-14')).status).toBe(204);
  });

  it('DELETE without a user lock is a 404; a filed VAT return is not a user lock and stays', async () => {
    const t = createTestBook({ vatRegistered: true });
    fileVatReturn(t, '2025-07-31');
    const response = await t.json('DELETE', '/v2/account_locks');
    expect(response.status).toBe(404);
    expect((await t.json('GET', '/v2/account_locks')).body.account_locks).toHaveLength(1);
  });
});

describe('account locks need Full access (spec 5)', () => {
  it('level 7 is refused with 403 on every method; level 8 is allowed', async () => {
    const t = createTestBook();
    const seven = await t.userWithLevel(7);
    const eight = await t.userWithLevel(8, 'Accountant');
    expect((await t.json('GET', '/v2/account_locks', { token: seven })).status).toBe(403);
    expect((await lock(t, '2026-01-31', seven)).status).toBe(403);
    expect((await t.json('DELETE', '/v2/account_locks', { token: seven })).status).toBe(403);
    expect((await t.json('GET', '/v2/account_locks', { token: eight })).status).toBe(200);
    expect((await lock(t, '2026-01-31', eight)).status).toBe(204);
    expect((await t.json('DELETE', '/v2/account_locks', { token: eight })).status).toBe(204);
  });
});

describe('account locks in XML', () => {
  it('takes the lock as XML and reads it back with typed dates', async () => {
    const t = createTestBook();
    const put = await t.request('PUT', '/v2/account_locks', {
      xml: '<freeagent><account-lock><locked-to-date type="date">2026-02-28</locked-to-date></account-lock></freeagent>',
    });
    expect(put.status).toBe(204);
    const response = await t.request('GET', '/v2/account_locks', { headers: { Accept: 'application/xml' } });
    const xml = await response.clone().text();
    expect(xml).toContain('<account-locks type="array">');
    expect(xml).toContain('<locked-to-date type="date">2026-02-28</locked-to-date>');
    expect(xml).toContain('<user-lock type="boolean">true</user-lock>');
    const json = (await t.json('GET', '/v2/account_locks')).body;
    expect(await readXml(response)).toEqual(json);
  });
});

describe('undo by a user demoted since the write', () => {
  it('is refused: a lock set at Full access cannot be taken back through the undo stack at a lower level', async () => {
    // The route refuses the demoted user (403), and the undo of their own earlier set did it anyway.
    const t = createTestBook();
    const full = await t.userWithLevel(8);
    expect((await lock(t, '2026-03-31', full)).status).toBe(204);
    const users = (await t.json('GET', '/v2/users')).body.users as { url: string; email: string }[];
    const them = new URL(users.find((user) => user.email.startsWith('user'))!.url).pathname;
    expect((await t.json('PUT', them, { body: { user: { permission_level: 1 } } })).status).toBe(200);
    expect((await t.json('DELETE', '/v2/account_locks', { token: full })).status).toBe(403);
    const undone = await t.json('POST', '/v2/undo', { token: full });
    expect(undone.status).toBe(403);
    expect(undone.body.errors[0].message).toMatch(/access to be undone, which this user no longer has$/);
    expect(JSON.stringify((await t.json('GET', '/v2/account_locks')).body.account_locks)).toContain('2026-03-31');
    // Promoted again, the same undo goes through.
    expect((await t.json('PUT', them, { body: { user: { permission_level: 8 } } })).status).toBe(200);
    expect((await t.json('POST', '/v2/undo', { token: full })).status).toBe(200);
  });
});
