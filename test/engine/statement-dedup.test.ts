import { describe, expect, it } from 'vitest';
import { bankAccount, transactions, upload, type Line } from './banking-helpers';
import { createTestBook } from './harness';

// Deduplication looks a line up only where the account's own lines could match it: between the first
// and last fitid (and date) the account holds inside the upload's range. These are the edges of that.

const descriptions = async (t: ReturnType<typeof createTestBook>, account: string) => (await transactions(t, account)).map((row) => row.description as string).sort();

describe('statement deduplication', () => {
  it('skips a known fitid inside the upload range, whatever its date, and adds the lines around it', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    expect((await upload(t, account, [{ dated_on: '2026-01-05', amount: '-10', description: 'Old', fitid: 'F-500' }])).status).toBe(200);
    const later: Line[] = [
      { dated_on: '2026-03-01', amount: '-1', description: 'First', fitid: 'F-100' },
      { dated_on: '2026-03-02', amount: '-99', description: 'Renamed', fitid: 'F-500' },
      { dated_on: '2026-03-03', amount: '-2', description: 'Last', fitid: 'F-900' },
    ];
    expect((await upload(t, account, later)).status).toBe(200);
    expect(await descriptions(t, account)).toEqual(['First//OTHER/', 'Last//OTHER/', 'Old//OTHER/']);
  });

  it('counts same-key lines on the days a new statement shares with the account, and adds the days after', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    const coffee = { dated_on: '2026-01-31', amount: '-3.20', description: 'Coffee' };
    expect((await upload(t, account, [coffee, coffee, { dated_on: '2026-01-10', amount: '-5', description: 'Lunch' }])).status).toBe(200);
    const next: Line[] = [coffee, coffee, coffee, { dated_on: '2026-02-01', amount: '-3.20', description: 'Coffee' }, { dated_on: '2026-02-02', amount: '-5', description: 'Lunch' }];
    expect((await upload(t, account, next)).status).toBe(200);
    const rows = await transactions(t, account);
    expect(rows.filter((row) => row.dated_on === '2026-01-31')).toHaveLength(3);
    expect(rows).toHaveLength(6);
  });

  it('finds a known fitid that JavaScript and SQLite would order differently (emoji beside private-use characters)', async () => {
    const t = createTestBook();
    const account = await bankAccount(t);
    // In UTF-16 "a😀" sorts before "a\uE000"; in SQLite's UTF-8 order it sorts after.
    expect((await upload(t, account, [{ dated_on: '2026-01-05', amount: '-10', description: 'Known', fitid: 'a😀' }])).status).toBe(200);
    const again: Line[] = [
      { dated_on: '2026-03-01', amount: '-1', description: 'New', fitid: 'a\uE000' },
      { dated_on: '2026-03-02', amount: '-99', description: 'Known again', fitid: 'a😀' },
    ];
    expect((await upload(t, account, again)).status).toBe(200);
    expect(await descriptions(t, account)).toEqual(['Known//OTHER/', 'New//OTHER/']);
  });
});
