import { describe, expect, it } from 'vitest';
import { bankAccount, explain, oneTransaction, upload } from './banking-helpers';
import { createTestBook, type TestBook } from './harness';

/**
 * A statement import reads the account's explanations by index, never by scanning them all. Its reads
 * run once per line or per nearby line (is this line one a transfer made? migration 0027); a scan there
 * costs the whole table each time: 2,000 lines imported into an account of 20,000 explained ones took
 * 56 s, against 150 ms by index. Speed is the bench's to measure; this test reads SQLite's plan of every
 * statement the import prepared, so it fails the day a read of the explanations loses its index.
 */

const TABLE = 'bank_transaction_explanations';

/** Every SQL text the book prepares from now on. */
function recordPrepared(t: TestBook): Set<string> {
  const seen = new Set<string>();
  const sqlite = t.book.sqlite;
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    seen.add(source);
    return prepare(source);
  }) as typeof sqlite.prepare;
  return seen;
}

/** SQLite's plan of `sql`, every parameter bound to null. */
function planOf(t: TestBook, sql: string): string {
  const named = Object.fromEntries([...sql.matchAll(/[@:$]([A-Za-z_]\w*)/g)].map((match) => [match[1]!, null]));
  const positional = [...sql.matchAll(/\?/g)].map(() => null);
  const statement = t.book.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const rows = (Object.keys(named).length > 0 ? statement.all(...positional, named) : statement.all(...positional)) as { detail: string }[];
  return rows.map((row) => row.detail).join(' / ');
}

/** The names the table goes by in `sql`: its own and each alias. */
function namesOf(sql: string): string[] {
  const aliases = [...sql.matchAll(new RegExp(`\\b${TABLE}\\b\\s+(?:AS\\s+)?(\\w+)`, 'gi'))].map((match) => match[1]!).filter((word) => !/^(WHERE|ON|JOIN|SET|LEFT|INNER|ORDER|GROUP|LIMIT|VALUES|USING)$/i.test(word));
  return [TABLE, ...aliases];
}

describe('a statement import reads explanations by index', () => {
  it('with transfers made in the account and lines explained, no statement it runs scans every explanation', async () => {
    const t = createTestBook();
    const current = await bankAccount(t, { name: 'Current' });
    const savings = await bankAccount(t, { name: 'Savings' });
    // An explained line, and a transfer from Current that made its other side in Savings.
    const coffee = await oneTransaction(t, savings, { dated_on: '2026-10-02', amount: '-3.20', description: 'COFFEE' });
    expect((await explain(t, { bank_transaction: coffee.url, category: '285', gross_value: '-3.20' })).status).toBe(201);
    const out = await oneTransaction(t, current, { dated_on: '2026-10-05', amount: '-500.00', description: 'TO SAVINGS' });
    expect((await explain(t, { bank_transaction: out.url, transfer_bank_account: savings, gross_value: '-500.00' })).status).toBe(201);

    const prepared = recordPrepared(t);
    const imported = await upload(t, savings, [
      { dated_on: '2026-10-06', amount: '500.00', description: 'FROM CURRENT' },
      { dated_on: '2026-10-07', amount: '-9.99', description: 'BOOKS' },
    ]);
    expect(imported.status).toBe(200);

    const reads = [...prepared].filter((sql) => new RegExp(`\\b${TABLE}\\b`, 'i').test(sql) && /^\s*(SELECT|WITH)/i.test(sql));
    expect(reads.length).toBeGreaterThan(0);
    const scans = reads
      .map((sql) => ({ sql, plan: planOf(t, sql), names: namesOf(sql) }))
      .filter(({ plan, names }) => names.some((name) => new RegExp(`\\bSCAN ${name}\\b(?! USING)`).test(plan)));
    expect(scans.map(({ sql, plan }) => `${sql.replace(/\s+/g, ' ').slice(0, 200)} => ${plan}`)).toEqual([]);
  });
});
