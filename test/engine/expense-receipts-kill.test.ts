import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBook } from '../../main/db/client';
import { createBook } from '../../main/engine/setup';
import { countingIds, fixedClock, OWNER_TOKEN } from './harness';
import { killAt, randomKillPoint, type KillPoint } from './kill/kill-point';
import { inLanes, LANES } from './kill/lanes';

/**
 * kill -9 at random moments while a child process saves an expense with two receipts as one request
 * (issue 19 item 4) and deletes it again: the book opened afterwards holds each expense with both its
 * receipts and balanced postings, or nothing of it; never an expense without its files, nor files or
 * postings of an expense that is not there.
 */

const RUNS = 50;
const migrations = resolve('main/db/migrations');
// Inside the worktree, so the bundle finds node_modules (better-sqlite3 is native and stays outside it).
const dir = mkdtempSync(join(resolve('test/engine/kill'), '.run-'));
const writer = join(dir, 'expense-writer.mjs');
const bookFile = (lane: number) => join(dir, `book-${lane}.ledgerdesk`);

function setUpBook(file: string): string {
  const book = openBook(file, { migrationsFolder: migrations, backups: false });
  const deps = { book, clock: fixedClock(), ids: countingIds() };
  createBook(deps, { type: 'UkLimitedCompany', name: 'Example Ltd', startDate: '2025-05-01', firstAccountingYearEnd: '2026-04-30', vatRegistered: false, cisSubcontractor: false, owner: { email: 'o@example.com', firstName: 'O', lastName: 'O' }, ownerToken: OWNER_TOKEN, setupCompleted: true });
  const owner = book.sqlite.prepare('SELECT id FROM users ORDER BY id LIMIT 1').pluck().get() as number;
  book.close();
  return `http://127.0.0.1:9999/v2/users/${owner}`;
}

/** Starts the writer and kills it with SIGKILL at `point`, while it is writing. */
function runAndKill(file: string, user: string, point: KillPoint): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [writer, file, migrations, user, OWNER_TOKEN], { stdio: ['ignore', 'pipe', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => (errors += String(chunk)));
    killAt(child, point);
    child.on('exit', (_code, signal) => (signal === 'SIGKILL' ? done() : fail(new Error(`writer ended by itself: ${errors}`))));
  });
}

/** Each expense in the book with how many files it has, and anything left of an expense that is gone. */
function bookState(file: string) {
  const book = openBook(file, { migrationsFolder: migrations, backups: false });
  try {
    const sqlite = book.sqlite;
    expect(sqlite.prepare('PRAGMA integrity_check').pluck().get()).toBe('ok');
    const files = sqlite.prepare("SELECT e.id, (SELECT count(*) FROM attachments a WHERE a.owner_resource = 'expenses' AND a.owner_id = e.id) AS files FROM expenses e").all() as { id: number; files: number }[];
    const strayFiles = sqlite.prepare("SELECT id FROM attachments WHERE owner_resource = 'expenses' AND owner_id NOT IN (SELECT id FROM expenses)").all();
    const strayPostings = sqlite.prepare("SELECT id FROM postings WHERE source_resource = 'expenses' AND source_id NOT IN (SELECT id FROM expenses)").all();
    const unbalanced = sqlite.prepare('SELECT source_id FROM postings GROUP BY source_resource, source_id HAVING sum(debit_minor) <> 0').all();
    const unposted = sqlite.prepare("SELECT id FROM expenses WHERE id NOT IN (SELECT source_id FROM postings WHERE source_resource = 'expenses')").all();
    return { files, strayFiles, strayPostings, unbalanced, unposted };
  } finally {
    book.close();
  }
}

describe('kill -9 while an expense and its receipts are being saved', () => {
  const users: string[] = [];
  beforeAll(async () => {
    await build({ entryPoints: [resolve('test/engine/kill/expense-writer.ts')], bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', outfile: writer, logLevel: 'error' });
    for (let lane = 0; lane < LANES; lane += 1) users.push(setUpBook(bookFile(lane)));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(`leaves each expense whole with both its receipts, or gone, in ${RUNS} runs`, async () => {
    const seen = { kept: 0, none: 0 };
    await inLanes(RUNS, async (lane) => {
      await runAndKill(bookFile(lane), users[lane]!, randomKillPoint());
      const state = bookState(bookFile(lane));
      expect(state.strayFiles).toEqual([]);
      expect(state.strayPostings).toEqual([]);
      expect(state.unbalanced).toEqual([]);
      expect(state.unposted).toEqual([]);
      for (const expense of state.files) expect(expense.files, `expense ${expense.id}`).toBe(2);
      if (state.files.length > 0) seen.kept += 1;
      else seen.none += 1;
    });
    expect(seen.kept + seen.none).toBe(RUNS);
    // The kills fell after a create and after a delete, so both states were met.
    expect(seen.kept).toBeGreaterThan(0);
    expect(seen.none).toBeGreaterThan(0);
  }, 600_000);
});
