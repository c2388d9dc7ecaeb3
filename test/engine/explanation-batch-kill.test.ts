import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBook } from '../../main/db/client';
import { createEngine } from '../../main/engine/app';
import { createBook } from '../../main/engine/setup';
import { countingIds, fixedClock, ORIGIN, OWNER_TOKEN } from './harness';
import { killAt, randomKillPoint, type KillPoint } from './kill/kill-point';
import { inLanes, LANES } from './kill/lanes';

/**
 * kill -9 at random moments while a child process saves splits as one batch request each: the book
 * opened afterwards always holds the line as one part or as the whole split with its receipt, never
 * part of one and part of the other.
 */

const RUNS = 50;
const migrations = resolve('main/db/migrations');
// Inside the worktree, so the bundle finds node_modules (better-sqlite3 is native and stays outside it).
const dir = mkdtempSync(join(resolve('test/engine/kill'), '.run-'));
const writer = join(dir, 'writer.mjs');
const bookFile = (lane: number) => join(dir, `book-${lane}.ledgerdesk`);

async function setUpBook(file: string): Promise<string> {
  const book = openBook(file, { migrationsFolder: migrations, backups: false });
  const deps = { book, clock: fixedClock(), ids: countingIds() };
  createBook(deps, { type: 'UkLimitedCompany', name: 'Example Ltd', startDate: '2025-05-01', firstAccountingYearEnd: '2026-04-30', vatRegistered: false, cisSubcontractor: false, owner: { email: 'o@example.com', firstName: 'O', lastName: 'O' }, ownerToken: OWNER_TOKEN, setupCompleted: true });
  const engine = createEngine(deps);
  const send = async (method: string, path: string, body: unknown) => {
    const reply = await engine.fetch(new Request(`${ORIGIN}${path}`, { method, headers: { Authorization: `Bearer ${OWNER_TOKEN}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
    return (await reply.json()) as any;
  };
  const account = (await send('POST', '/v2/bank_accounts', { bank_account: { name: 'Current', opening_balance: '0' } })).bank_account.url;
  const made = await send('POST', '/v2/bank_transaction_explanations', { bank_transaction_explanation: { bank_account: account, dated_on: '2026-10-01', category: '285', gross_value: '-100', description: 'Stationery' } });
  book.close();
  return made.bank_transaction_explanation.bank_transaction as string;
}

/** Starts the writer and kills it with SIGKILL at `point`, while it is writing. */
function runAndKill(file: string, line: string, point: KillPoint): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [writer, file, migrations, line, OWNER_TOKEN], { stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += String(chunk)));
    killAt(child, point);
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? done() : fail(new Error(`writer ended by itself: ${errors}`))));
  });
}

/** What the book holds for the line: its parts (pence, sorted), and how many files each carries. */
function lineState(file: string, lineId: number) {
  const book = openBook(file, { migrationsFolder: migrations, backups: false });
  try {
    const sqlite = book.sqlite;
    expect(sqlite.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');
    const parts = sqlite.prepare('SELECT id, gross_minor AS gross FROM bank_transaction_explanations WHERE bank_transaction_id = ? ORDER BY gross_minor, id').all(lineId) as { id: number; gross: number }[];
    const files = parts.map((part) => sqlite.prepare("SELECT count(*) FROM attachments WHERE owner_resource = 'bank_transaction_explanations' AND owner_id = ?").pluck().get(part.id) as number);
    const unbalanced = sqlite.prepare('SELECT source_id FROM postings GROUP BY source_resource, source_id HAVING sum(debit_minor) <> 0').all();
    const orphans = sqlite.prepare("SELECT id FROM postings WHERE source_resource = 'bank_transaction_explanations' AND source_id NOT IN (SELECT id FROM bank_transaction_explanations)").all();
    const strayFiles = sqlite.prepare("SELECT id FROM attachments WHERE owner_resource = 'bank_transaction_explanations' AND owner_id NOT IN (SELECT id FROM bank_transaction_explanations)").all();
    return { grosses: parts.map((part) => part.gross), files: files.reduce((sum, count) => sum + count, 0), unbalanced, orphans, strayFiles };
  } finally {
    book.close();
  }
}

describe('kill -9 while a split is being saved', () => {
  const lines: string[] = [];
  beforeAll(async () => {
    await build({ entryPoints: [resolve('test/engine/kill/batch-writer.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile: writer, logLevel: 'error' });
    for (let lane = 0; lane < LANES; lane += 1) lines.push(await setUpBook(bookFile(lane)));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`leaves the old state or the new one in ${RUNS} runs, never a mix`, async () => {
    const seen = { whole: 0, split: 0 };
    await inLanes(RUNS, async (lane) => {
      const line = lines[lane]!;
      await runAndKill(bookFile(lane), line, randomKillPoint());
      const state = lineState(bookFile(lane), Number(line.split('/').pop()));
      expect(state.unbalanced).toEqual([]);
      expect(state.orphans).toEqual([]);
      expect(state.strayFiles).toEqual([]);
      if (state.grosses.length === 1) {
        expect(state).toMatchObject({ grosses: [-10000], files: 0 });
        seen.whole += 1;
      } else {
        expect(state).toMatchObject({ grosses: [-4000, -3000, -3000], files: 1 });
        seen.split += 1;
      }
    });
    expect(seen.whole + seen.split).toBe(RUNS);
    // The kills fell on both sides of the batches, so both states were met.
    expect(seen.whole).toBeGreaterThan(0);
    expect(seen.split).toBeGreaterThan(0);
  }, 600_000);
});
