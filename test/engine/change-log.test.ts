import { gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../main/engine/app';
import { unprocessable } from '../../main/engine/errors';
import { allRoutes } from '../../main/engine/resources';
import type { Route } from '../../main/engine/route';
import { apiTokens, changes } from '../../main/db/schema';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, FIXED_NOW, ORIGIN, OWNER_TOKEN, type TestBook } from './harness';

type Change = { resource: string; recordId: string; operation: string; at: string; userId: number | null };

/** Runs a request and returns the change rows it appended. */
async function changesOf(t: TestBook, run: () => Promise<{ status: number }>, expectStatus?: number): Promise<Change[]> {
  const last = t.book.sqlite.prepare('SELECT coalesce(max(id), 0) FROM changes').pluck().get() as number;
  const response = await run();
  if (expectStatus !== undefined) expect(response.status).toBe(expectStatus);
  return t.book.db
    .select({ resource: changes.resource, recordId: changes.recordId, operation: changes.operation, at: changes.at, userId: changes.userId })
    .from(changes)
    .where(gt(changes.id, last))
    .all();
}

const summary = (rows: Change[]) => rows.map((row) => `${row.resource}/${row.recordId} ${row.operation}`);

describe('change log of successful writes', () => {
  it('records a user create, with its sub accounts, at the clock time by the acting user', async () => {
    const t = createTestBook();
    const rows = await changesOf(t, () => t.json('POST', '/v2/users', { body: { user: { email: 'a@example.com', first_name: 'A', last_name: 'B', role: 'Employee' } } }), 201);
    expect(rows[0]).toEqual({ resource: 'users', recordId: '2', operation: 'create', at: FIXED_NOW, userId: t.ownerId });
    expect(summary(rows.slice(1)).every((entry) => /^categories\/\d+ create$/.test(entry))).toBe(true);
    expect(rows).toHaveLength(1 + 8);
    expect(rows.every((row) => row.at === FIXED_NOW && row.userId === t.ownerId)).toBe(true);
  });

  it('records updates and deletes of users, /me included, by whoever made them', async () => {
    const t = createTestBook();
    const manager = await t.userWithLevel(7);
    t.clock.set('2026-12-02T08:00:00.000Z');
    const created = await t.json('POST', '/v2/users', { token: manager, body: { user: { email: 'c@example.com', first_name: 'C', last_name: 'D', role: 'Employee' } } });
    const id = created.body.user.url.split('/').pop();

    const renamed = await changesOf(t, () => t.json('PUT', `/v2/users/${id}`, { token: manager, body: { user: { last_name: 'E' } } }), 200);
    expect(renamed[0]).toEqual({ resource: 'users', recordId: id, operation: 'update', at: '2026-12-02T08:00:00.000Z', userId: 2 });
    expect(summary(renamed.slice(1)).every((entry) => / update$/.test(entry) && entry.startsWith('categories/'))).toBe(true);

    const me = await changesOf(t, () => t.json('PUT', '/v2/users/me', { token: manager, body: { user: { first_name: 'Mo' } } }), 200);
    expect(me[0]).toMatchObject({ resource: 'users', recordId: '2', operation: 'update', userId: 2 });

    const removed = await changesOf(t, () => t.json('DELETE', `/v2/users/${id}`, { token: manager }), 200);
    expect(summary(removed)).toContain(`users/${id} delete`);
    expect(summary(removed).filter((entry) => entry.startsWith('categories/') && entry.endsWith(' delete'))).toHaveLength(8);
  });

  it('records bank account creates, updates (including a demoted primary) and deletes', async () => {
    const t = createTestBook();
    const first = await changesOf(t, () => t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'One', opening_balance: '0' } } }), 201);
    expect(summary(first)).toEqual(['bank_accounts/1 create', expect.stringMatching(/^categories\/\d+ create$/)]);

    t.clock.set('2026-12-03T00:00:00.000Z');
    const second = await changesOf(t, () => t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Two', opening_balance: '0', is_primary: true } } }), 201);
    expect(summary(second)).toContain('bank_accounts/2 create');
    expect(summary(second)).toContain('bank_accounts/1 update');
    expect(second.every((row) => row.at === '2026-12-03T00:00:00.000Z')).toBe(true);

    expect(summary(await changesOf(t, () => t.json('PUT', '/v2/bank_accounts/1', { body: { bank_account: { bank_name: 'X' } } }), 200))).toEqual(['bank_accounts/1 update']);

    const removed = await changesOf(t, () => t.json('DELETE', '/v2/bank_accounts/2'), 200);
    expect(summary(removed)).toContain('bank_accounts/2 delete');
    expect(summary(removed)).toContain('bank_accounts/1 update');
  });
});

describe('change log of refused writes', () => {
  it('gains nothing from any refused write', async () => {
    const t = createTestBook();
    await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'One', opening_balance: '0' } } });
    const low = await t.userWithLevel(1);
    const refused: [string, string, Parameters<TestBook['json']>[2], number][] = [
      ['POST', '/v2/users', { body: { user: { email: 'owner@example.com', first_name: 'A', last_name: 'B', role: 'Employee' } } }, 422],
      ['POST', '/v2/users', { body: { user: { email: 'x@example.com', first_name: 'A', last_name: 'B', role: 'Employee' } }, token: low }, 403],
      ['PUT', '/v2/users/999', { body: { user: { first_name: 'A' } } }, 404],
      ['DELETE', `/v2/users/${t.ownerId}`, {}, 422],
      ['POST', '/v2/bank_accounts', { raw: '{"bank_account":', headers: { 'content-type': 'application/json' } }, 400],
      ['POST', '/v2/bank_accounts', { raw: 'name=x', headers: { 'content-type': 'text/plain' } }, 415],
      ['PUT', '/v2/bank_accounts/1', { body: { bank_account: { name: 'Renamed', opening_balance: '1.001' } } }, 422],
      ['PUT', '/v2/bank_accounts/1', { body: { bank_account: { is_primary: false } } }, 422],
    ];
    const before = t.changeCount();
    for (const [method, path, options, status] of refused) {
      const response = await t.json(method, path, options);
      expect(response.status, `${method} ${path}`).toBe(status);
    }
    expect(t.changeCount()).toBe(before);
  });
});

describe('the write path', () => {
  const probeRoutes = (): Route[] => [
    {
      method: 'POST',
      path: '/v2/probe/unlogged',
      level: 8,
      // A handler that forgets ctx.recordChange: a bug the engine must not let through.
      handle: ({ ctx }) => {
        ctx.db.insert(apiTokens).values({ userId: ctx.user.id, tokenHash: 'forgotten', label: 'probe', createdAt: ctx.now }).run();
        return { status: 201, body: { ok: true } };
      },
    },
    {
      method: 'POST',
      path: '/v2/probe/late-rule',
      level: 8,
      // A rule broken after writing: everything written before must go.
      handle: ({ ctx }) => {
        const row = ctx.db.insert(apiTokens).values({ userId: ctx.user.id, tokenHash: 'half-done', label: 'probe', createdAt: ctx.now }).returning().get();
        ctx.recordChange('api_tokens', row.id, 'create');
        throw unprocessable('a rule checked late');
      },
    },
  ];

  const post = (t: TestBook, path: string) => {
    const engine = createEngine(t.deps, [...allRoutes(), ...probeRoutes()]);
    return engine.fetch(new Request(`${ORIGIN}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${OWNER_TOKEN}` } }));
  };

  it('rolls back a write that recorded no change, and says it failed', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const response = await post(t, '/v2/probe/unlogged');
      expect(response.status).toBe(500);
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('rolls back the rows and the change written before a rule broke', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    const response = await post(t, '/v2/probe/late-rule');
    expect(response.status).toBe(422);
    expect(bookSnapshot(t)).toEqual(before);
  });
});
