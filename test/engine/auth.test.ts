import { describe, expect, it } from 'vitest';
import { apiTokens } from '../../main/db/schema';
import { bookSnapshot } from './book-snapshot';
import { createTestBook, OWNER_TOKEN, type TestBook } from './harness';

interface Endpoint {
  method: string;
  path: string;
  body?: unknown;
  level: number;
  success: number;
}

/** Every endpoint of users, bank accounts and company with its minimum level (spec 2.3, 2.4, 5). */
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: '/v2/users', level: 7, success: 200 },
  { method: 'GET', path: '/v2/users/2', level: 7, success: 200 },
  { method: 'POST', path: '/v2/users', level: 7, success: 201, body: { user: { email: 'new@example.com', first_name: 'N', last_name: 'U', role: 'Employee' } } },
  { method: 'PUT', path: '/v2/users/2', level: 7, success: 200, body: { user: { first_name: 'Renamed' } } },
  { method: 'DELETE', path: '/v2/users/2', level: 7, success: 200 },
  { method: 'GET', path: '/v2/users/me', level: 1, success: 200 },
  { method: 'PUT', path: '/v2/users/me', level: 1, success: 200, body: { user: { first_name: 'Myself' } } },
  { method: 'GET', path: '/v2/bank_accounts', level: 6, success: 200 },
  { method: 'GET', path: '/v2/bank_accounts/1', level: 6, success: 200 },
  { method: 'POST', path: '/v2/bank_accounts', level: 6, success: 201, body: { bank_account: { name: 'New', opening_balance: '0' } } },
  { method: 'PUT', path: '/v2/bank_accounts/1', level: 6, success: 200, body: { bank_account: { name: 'Renamed' } } },
  { method: 'DELETE', path: '/v2/bank_accounts/1', level: 6, success: 200 },
  { method: 'GET', path: '/v2/company', level: 1, success: 200 },
];

/** A book with a level-0 user (id 2) and a bank account (id 1) for the endpoints to act on. */
async function bookWithTargets(): Promise<TestBook> {
  const t = createTestBook();
  const user = await t.json('POST', '/v2/users', { body: { user: { email: 'target@example.com', first_name: 'Tara', last_name: 'Get', role: 'Employee' } } });
  expect(user.body.user.url).toMatch(/\/v2\/users\/2$/);
  const account = await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Target', opening_balance: '0' } } });
  expect(account.body.bank_account.url).toMatch(/\/v2\/bank_accounts\/1$/);
  return t;
}

describe('authentication', () => {
  it('answers 401 with WWW-Authenticate without a valid Bearer token, and changes nothing', async () => {
    const t = createTestBook();
    const before = bookSnapshot(t);
    const cases: [string, Record<string, string>, string | null][] = [
      ['no header', {}, null],
      ['basic scheme', { Authorization: `Basic ${Buffer.from('owner:pw').toString('base64')}` }, null],
      ['token scheme', { Authorization: `Token ${OWNER_TOKEN}` }, null],
      ['bare token', { Authorization: OWNER_TOKEN }, null],
      ['bearer without token', { Authorization: 'Bearer ' }, null],
      ['unknown token', {}, 'not-a-real-token'],
      ['two tokens', { Authorization: `Bearer ${OWNER_TOKEN} ${OWNER_TOKEN}` }, null],
    ];
    for (const [label, headers, token] of cases) {
      for (const [method, path, body] of [
        ['GET', '/v2/company', undefined],
        ['POST', '/v2/bank_accounts', { bank_account: { name: 'A', opening_balance: '0' } }],
        ['GET', '/v2/no_such_thing', undefined],
      ] as const) {
        const response = await t.json(method, path, { token, headers, body });
        expect(response.status, `${label} ${method} ${path}`).toBe(401);
        expect(response.headers.get('www-authenticate'), label).toMatch(/^Bearer /);
        expect(response.body.errors[0].message).toMatch(/token/i);
      }
    }
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('accepts the scheme in any case and answers 404 for an unknown endpoint once signed in', async () => {
    const t = createTestBook();
    expect((await t.json('GET', '/v2/company', { token: null, headers: { Authorization: `bearer ${OWNER_TOKEN}` } })).status).toBe(200);
    const unknown = await t.json('GET', '/v2/no_such_thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].message).toContain('/v2/no_such_thing');
  });

  it('stores only a hash of each token', async () => {
    const t = createTestBook();
    const token = await t.userWithLevel(3);
    const stored = t.book.db.select().from(apiTokens).all().map((row) => row.tokenHash);
    expect(stored).toHaveLength(2);
    for (const hash of stored) {
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash).not.toContain(token);
      expect(hash).not.toContain(OWNER_TOKEN);
    }
  });

  it('stops accepting a deleted user’s token', async () => {
    const t = createTestBook();
    const token = await t.userWithLevel(7);
    expect((await t.json('GET', '/v2/users/me', { token })).status).toBe(200);
    expect((await t.json('DELETE', '/v2/users/2')).status).toBe(200);
    expect((await t.json('GET', '/v2/users/me', { token })).status).toBe(401);
  });
});

describe('minimum permission levels', () => {
  for (const endpoint of ENDPOINTS) {
    const label = `${endpoint.method} ${endpoint.path}`;
    it(`${label} is 403 at level ${endpoint.level - 1} and allowed at level ${endpoint.level}`, async () => {
      const t = await bookWithTargets();
      const below = await t.userWithLevel(endpoint.level - 1);
      const at = await t.userWithLevel(endpoint.level);
      const before = bookSnapshot(t);
      const refused = await t.json(endpoint.method, endpoint.path, { token: below, body: endpoint.body });
      expect(refused.status).toBe(403);
      expect(refused.body.errors[0].message).toMatch(/access level/);
      expect(bookSnapshot(t)).toEqual(before);

      const allowed = await t.json(endpoint.method, endpoint.path, { token: at, body: endpoint.body });
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(endpoint.success);
    });
  }

  it('gives a level-0 user 403 on every endpoint, /v2/users/me included', async () => {
    const t = await bookWithTargets();
    const none = await t.userWithLevel(0);
    const before = bookSnapshot(t);
    for (const endpoint of ENDPOINTS) {
      const response = await t.json(endpoint.method, endpoint.path, { token: none, body: endpoint.body });
      expect(response.status, `${endpoint.method} ${endpoint.path}`).toBe(403);
    }
    expect(bookSnapshot(t)).toEqual(before);
  });

  it('lets a Full access owner do everything', async () => {
    const t = await bookWithTargets();
    for (const endpoint of ENDPOINTS.filter((entry) => entry.method === 'GET')) {
      expect((await t.json(endpoint.method, endpoint.path)).status, endpoint.path).toBe(200);
    }
  });
});
