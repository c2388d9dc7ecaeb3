import { describe, expect, it } from 'vitest';
import { Level } from '../../shared/api/permissions';
import { bankFeeds } from '../../main/db/schema';
import { decodeXml } from '../../main/engine/codec/xml';
import { FIXED_NOW, ORIGIN, createTestBook, type TestBook } from './harness';

async function bankAccount(t: TestBook, name: string): Promise<{ id: number; url: string }> {
  const response = await t.json('POST', '/v2/bank_accounts', { body: { bank_account: { name, opening_balance: '0' } } });
  expect(response.status).toBe(201);
  return { id: Number(String(response.body.bank_account.url).split('/').pop()), url: response.body.bank_account.url };
}

/** Feeds come from the bank connection, never the API, so tests put them straight into the book. */
function addFeed(t: TestBook, feed: Partial<typeof bankFeeds.$inferInsert> & { bankAccountId: number }): number {
  return t.book.db
    .insert(bankFeeds)
    .values({ state: 'enabled', feedType: 'open_banking', bankServiceName: 'HSBC', createdAt: FIXED_NOW, updatedAt: FIXED_NOW, ...feed })
    .returning()
    .get().id;
}

describe('bank feeds', () => {
  it('lists the feeds of the company, api feeds with their SCA expiry', async () => {
    const t = createTestBook();
    const current = await bankAccount(t, 'Current');
    const savings = await bankAccount(t, 'Savings');
    const api = addFeed(t, { bankAccountId: current.id, feedType: 'api', bankServiceName: 'Mettle', scaExpiresAt: '2026-01-01T01:01:01.000Z' });
    // Strong customer authentication belongs to api feeds; a stray expiry on another feed is not shown.
    const openBanking = addFeed(t, { bankAccountId: savings.id, scaExpiresAt: '2026-02-02T02:02:02.000Z' });
    const { status, body, headers } = await t.json('GET', '/v2/bank_feeds');
    expect(status).toBe(200);
    expect(body).toEqual({
      bank_feeds: [
        {
          url: `${ORIGIN}/v2/bank_feeds/${api}`,
          bank_account: current.url,
          state: 'enabled',
          created_at: FIXED_NOW,
          updated_at: FIXED_NOW,
          feed_type: 'api',
          bank_service_name: 'Mettle',
          sca_expires_at: '2026-01-01T01:01:01.000Z',
        },
        {
          url: `${ORIGIN}/v2/bank_feeds/${openBanking}`,
          bank_account: savings.url,
          state: 'enabled',
          created_at: FIXED_NOW,
          updated_at: FIXED_NOW,
          feed_type: 'open_banking',
          bank_service_name: 'HSBC',
        },
      ],
    });
    expect(headers.get('x-total-count')).toBe('2');
  });

  it('lists none when the company has no feeds', async () => {
    const t = createTestBook();
    expect((await t.json('GET', '/v2/bank_feeds')).body).toEqual({ bank_feeds: [] });
  });

  it('pages a long list', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, 'Current');
    for (let index = 0; index < 3; index += 1) addFeed(t, { bankAccountId: account.id, bankServiceName: `Bank ${index}` });
    const page = await t.json('GET', '/v2/bank_feeds?per_page=2&page=2');
    expect(page.body.bank_feeds.map((feed: { bank_service_name: string }) => feed.bank_service_name)).toEqual(['Bank 2']);
    expect(page.headers.get('x-total-count')).toBe('3');
  });

  it('reads one feed and answers 404 for a feed not in the company', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, 'Current');
    const id = addFeed(t, { bankAccountId: account.id, feedType: 'api', scaExpiresAt: '2025-06-30T12:00:00.000Z' });
    const { status, body } = await t.json('GET', `/v2/bank_feeds/${id}`);
    expect(status).toBe(200);
    expect(body.bank_feed).toMatchObject({ bank_account: account.url, feed_type: 'api', sca_expires_at: '2025-06-30T12:00:00.000Z' });
    const missing = await t.json('GET', `/v2/bank_feeds/${id + 1}`);
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].message).toBe('The bank feed cannot be found in this company');
  });

  it('offers no way to create, change or delete a feed', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, 'Current');
    const id = addFeed(t, { bankAccountId: account.id });
    expect((await t.json('POST', '/v2/bank_feeds', { body: { bank_feed: { bank_account: account.url } } })).status).toBe(404);
    expect((await t.json('PUT', `/v2/bank_feeds/${id}`, { body: { bank_feed: { state: 'disabled' } } })).status).toBe(404);
    expect((await t.json('DELETE', `/v2/bank_feeds/${id}`)).status).toBe(404);
    expect((await t.json('GET', `/v2/bank_feeds/${id}`)).body.bank_feed.state).toBe('enabled');
  });

  it('needs Banking access', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, 'Current');
    const id = addFeed(t, { bankAccountId: account.id });
    const bills = await t.userWithLevel(Level.Bills);
    const banking = await t.userWithLevel(Level.Banking);
    expect((await t.json('GET', '/v2/bank_feeds', { token: bills })).status).toBe(403);
    expect((await t.json('GET', `/v2/bank_feeds/${id}`, { token: bills })).status).toBe(403);
    expect((await t.json('GET', '/v2/bank_feeds', { token: banking })).status).toBe(200);
    expect((await t.json('GET', `/v2/bank_feeds/${id}`, { token: banking })).status).toBe(200);
  });

  it('reads the same in XML as in JSON', async () => {
    const t = createTestBook();
    const account = await bankAccount(t, 'Current');
    const id = addFeed(t, { bankAccountId: account.id, feedType: 'api', scaExpiresAt: '2026-01-01T01:01:01.000Z' });
    const response = await t.request('GET', `/v2/bank_feeds/${id}`, { headers: { Accept: 'application/xml' } });
    const text = await response.text();
    expect(text).toContain('<sca-expires-at type="datetime">2026-01-01T01:01:01.000Z</sca-expires-at>');
    expect(decodeXml(text)).toEqual((await t.json('GET', `/v2/bank_feeds/${id}`)).body);
    const list = decodeXml(await (await t.request('GET', '/v2/bank_feeds', { headers: { Accept: 'application/xml' } })).text());
    expect(list).toEqual((await t.json('GET', '/v2/bank_feeds')).body);
  });
});
