import { describe, expect, it } from 'vitest';
import { BULK_CACHE_KIB, withBulkPageCache } from '../../main/engine/banking/bulk-page-cache';
import { bankAccount, transactions, upload } from './banking-helpers';
import { createTestBook } from './harness';

const cacheSize = (t: ReturnType<typeof createTestBook>) => t.book.sqlite.pragma('cache_size', { simple: true }) as number;

describe('the bulk import page cache', () => {
  it('is large while a bulk import runs and put back after, when the import fails too', () => {
    const t = createTestBook();
    const before = cacheSize(t);
    expect(withBulkPageCache(t.book.sqlite, () => cacheSize(t))).toBe(-BULK_CACHE_KIB);
    expect(cacheSize(t)).toBe(before);
    expect(() =>
      withBulkPageCache(t.book.sqlite, () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(cacheSize(t)).toBe(before);
  });

  it('leaves the connection as it was after an upload of 2,500 lines, every line stored', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const before = cacheSize(t);
    const lines = Array.from({ length: 2500 }, (_, n) => ({ dated_on: '2026-03-01', amount: `-${n + 1}.00`, description: `Line ${n}`, fitid: `F${n}` }));
    expect((await upload(t, account, lines)).status).toBe(200);
    expect(cacheSize(t)).toBe(before);
    const listed = await t.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&per_page=1`);
    expect(listed.headers.get('x-total-count')).toBe('2500');
    expect(await transactions(t, account)).toHaveLength(100);
  });
});
