import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine, type OpenEngine } from '../../main/engine/open';

export const BENCH_TOKEN = 'bench-owner-token';
export const BENCH_ORIGIN = 'http://127.0.0.1';

export interface BenchBook extends OpenEngine {
  /** Ids of the bank accounts, in creation order. */
  bankAccountIds: number[];
  /** Headers every benchmark request sends (the owner's bearer token). */
  headers: Record<string, string>;
  dispose(): void;
}

/**
 * A book file in a temp folder (WAL, as the app runs it, not :memory:) with `accounts` bank
 * accounts, created through the engine so that they are exactly what the app would store.
 */
export async function createBenchBook(accounts = 1000, options: { setupCompleted?: boolean } = {}): Promise<BenchBook> {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-bench-'));
  const opened = openEngine({
    file: join(dir, 'bench.sqlite'),
    create: {
      type: 'UkLimitedCompany',
      name: 'Bench Ltd',
      startDate: '2025-05-01',
      owner: { email: 'owner@example.com', firstName: 'Bench', lastName: 'Owner' },
      ownerToken: BENCH_TOKEN,
      ...options,
    },
  });
  const headers = { Authorization: `Bearer ${BENCH_TOKEN}`, 'Content-Type': 'application/json' };
  const bankAccountIds: number[] = [];
  // One transaction around all the creates: 1000 separate WAL commits would only slow the setup.
  opened.deps.book.sqlite.exec('BEGIN');
  try {
    for (let n = 1; n <= accounts; n += 1) {
      const body = {
        bank_account: {
          type: 'StandardBankAccount',
          name: `Account ${n}`,
          bank_name: 'Example Bank',
          opening_balance: `${n}.50`,
          account_number: String(10000000 + n),
          sort_code: '00-00-00',
        },
      };
      const response = await opened.engine.fetch(new Request(`${BENCH_ORIGIN}/v2/bank_accounts`, { method: 'POST', headers, body: JSON.stringify(body) }));
      if (response.status !== 201) throw new Error(`could not create bank account ${n}: ${response.status} ${await response.text()}`);
      const created = (await response.json()) as { bank_account: { url: string } };
      bankAccountIds.push(Number(created.bank_account.url.split('/').pop()));
    }
    opened.deps.book.sqlite.exec('COMMIT');
  } catch (error) {
    opened.deps.book.sqlite.exec('ROLLBACK');
    throw error;
  }
  return {
    ...opened,
    bankAccountIds,
    headers: { Authorization: headers.Authorization },
    dispose() {
      opened.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Ids in a scattered but repeatable order, so that no benchmark reads the same row twice running. */
export const scattered = (ids: readonly number[]) => (i: number) => ids[(i * 389) % ids.length]!;
