import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBook, type TestBook } from './harness';

/** The Link header as rel -> { page, per_page, the other query parameters }. */
function links(headers: Headers): Record<string, URL> {
  const header = headers.get('link') ?? '';
  const result: Record<string, URL> = {};
  for (const part of header.split(',')) {
    const match = /<([^>]+)>;\s*rel="(\w+)"/.exec(part.trim());
    if (match) result[match[2]!] = new URL(match[1]!);
  }
  return result;
}

const pageOf = (url: URL | undefined) => (url ? Number(url.searchParams.get('page')) : undefined);

describe('pagination of list endpoints', () => {
  let t: TestBook;
  const TOTAL = 30;

  beforeAll(async () => {
    t = createTestBook();
    // The owner plus 29 more users.
    for (let index = 1; index < TOTAL; index += 1) {
      const response = await t.json('POST', '/v2/users', {
        body: { user: { email: `u${index}@example.com`, first_name: 'User', last_name: String(index).padStart(2, '0'), role: 'Employee' } },
      });
      expect(response.status).toBe(201);
    }
  });

  it('gives 25 per page by default, with X-Total-Count and first/next/last links', async () => {
    const response = await t.json('GET', '/v2/users');
    expect(response.status).toBe(200);
    expect(response.body.users).toHaveLength(25);
    expect(response.headers.get('x-total-count')).toBe(String(TOTAL));
    const rel = links(response.headers);
    expect(Object.keys(rel).sort()).toEqual(['first', 'last', 'next']);
    expect(pageOf(rel.first)).toBe(1);
    expect(pageOf(rel.next)).toBe(2);
    expect(pageOf(rel.last)).toBe(2);
    expect(rel.next!.searchParams.get('per_page')).toBe('25');
    expect(rel.next!.pathname).toBe('/v2/users');
  });

  it('gives the rest on the last page, with prev and no next, and no record twice', async () => {
    const first = await t.json('GET', '/v2/users');
    const second = await t.json('GET', '/v2/users?page=2');
    expect(second.body.users).toHaveLength(5);
    const rel = links(second.headers);
    expect(pageOf(rel.prev)).toBe(1);
    expect(rel.next).toBeUndefined();
    expect(pageOf(rel.last)).toBe(2);
    const urls = [...first.body.users, ...second.body.users].map((user: { url: string }) => user.url);
    expect(new Set(urls).size).toBe(TOTAL);
  });

  it('follows the next link to the following page', async () => {
    const first = await t.json('GET', '/v2/users?per_page=7');
    const next = links(first.headers).next!;
    const followed = await t.json('GET', `${next.pathname}${next.search}`);
    expect(followed.body.users[0].last_name).toBe('07');
    expect(pageOf(links(followed.headers).prev)).toBe(1);
    expect(pageOf(links(followed.headers).last)).toBe(5);
  });

  it('caps per_page at 100 (101 gives 100 per page)', async () => {
    const response = await t.json('GET', '/v2/users?per_page=101');
    expect(response.body.users).toHaveLength(TOTAL);
    const rel = links(response.headers);
    expect(rel.last!.searchParams.get('per_page')).toBe('100');
    expect(pageOf(rel.last)).toBe(1);

    const small = await t.json('GET', '/v2/users?per_page=10&page=3');
    expect(small.body.users).toHaveLength(10);
    expect(small.body.users[0].last_name).toBe('20');
  });

  it('gives an empty array beyond the last page, with prev pointing at the last page', async () => {
    const response = await t.json('GET', '/v2/users?page=9');
    expect(response.status).toBe(200);
    expect(response.body.users).toEqual([]);
    expect(response.headers.get('x-total-count')).toBe(String(TOTAL));
    const rel = links(response.headers);
    expect(pageOf(rel.prev)).toBe(2);
    expect(rel.next).toBeUndefined();
  });

  it('keeps the other query parameters in its links', async () => {
    const response = await t.json('GET', '/v2/users?view=staff&per_page=10');
    const rel = links(response.headers);
    expect(rel.next!.searchParams.get('view')).toBe('staff');
    expect(response.headers.get('x-total-count')).toBe(String(TOTAL));
  });

  it('refuses page or per_page that is not a positive whole number with 400', async () => {
    for (const query of ['page=0', 'page=abc', 'page=-1', 'page=1.5', 'per_page=0', 'per_page=x', 'per_page=-5']) {
      const response = await t.json('GET', `/v2/users?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.body.errors[0].message, query).toMatch(/page must be a positive whole number/);
    }
  });

  it('answers an absurdly large page with an empty list rather than an error', async () => {
    const response = await t.json('GET', `/v2/users?page=${'9'.repeat(40)}`);
    expect(response.status).toBe(200);
    expect(response.body.users).toEqual([]);
  });

  it('paginates bank accounts the same way', async () => {
    const book = createTestBook();
    for (let index = 0; index < 3; index += 1) {
      await book.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: `Account ${index}`, opening_balance: '0' } } });
    }
    const response = await book.json('GET', '/v2/bank_accounts?per_page=2&page=2');
    expect(response.body.bank_accounts.map((account: { name: string }) => account.name)).toEqual(['Account 2']);
    expect(response.headers.get('x-total-count')).toBe('3');
    expect(pageOf(links(response.headers).prev)).toBe(1);
  });

  it('gives first and last on an empty list', async () => {
    const book = createTestBook();
    const response = await book.json('GET', '/v2/bank_accounts');
    expect(response.body.bank_accounts).toEqual([]);
    expect(response.headers.get('x-total-count')).toBe('0');
    const rel = links(response.headers);
    expect(Object.keys(rel).sort()).toEqual(['first', 'last']);
    expect(pageOf(rel.last)).toBe(1);
  });
});
