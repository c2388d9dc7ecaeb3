// Not part of `npm run bench`: a quick loop for profiling the statement upload. It uploads a statement
// of `lines` OFX lines through the engine's own request path (fresh, then the same file again, then a
// fresh file into an account preloaded with `existing` lines) and times the bench's raw floor on the
// same rows. `node --cpu-prof --import tsx test/bench/upload-profile.ts [lines] [existing]`.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createBenchBook } from './fixture';
import { ofx, preload, rows, upload } from './suites/statement-upload';

const lines = Number(process.argv[2] ?? 30_000);
const existing = Number(process.argv[3] ?? 0);

type Row = ReturnType<typeof rows>[number];

function rawFloor(batches: readonly (readonly Row[])[]): number[] {
  const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-upload-profile-'));
  const raw = new Database(join(dir, 'raw.sqlite'));
  try {
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    raw.exec(`CREATE TABLE lines (account INTEGER, dated_on TEXT, amount_minor INTEGER, description TEXT, fitid TEXT);
      CREATE UNIQUE INDEX lines_key ON lines (account, description, dated_on, amount_minor, fitid);`);
    const insert = raw.prepare('INSERT OR IGNORE INTO lines VALUES (1, ?, ?, ?, ?)');
    const insertAll = raw.transaction((batch: readonly Row[]) => {
      for (const row of batch) insert.run(row.date, row.amountMinor, row.description, row.fitid);
    });
    return batches.map((batch) => {
      const start = performance.now();
      insertAll(batch);
      return performance.now() - start;
    });
  } finally {
    raw.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const book = await createBenchBook(2);
  try {
    const [fresh, big] = book.bankAccountIds as [number, number];
    if (existing > 0) {
      const start = performance.now();
      preload(book, big, rows(existing, 'old'));
      process.stderr.write(`preload of ${existing} lines: ${Math.round(performance.now() - start)} ms\n`);
    }
    const first = rows(lines, 'first');
    const file = ofx(first);
    const times: Record<string, number> = {};
    times.fresh = await upload(book, fresh, file);
    if (!process.env.ONLY_FRESH) times.again = await upload(book, fresh, file);
    if (existing > 0) times.intoBig = await upload(book, big, ofx(rows(lines, 'new')));
    const [rawFresh, rawAgain] = rawFloor([first, first]) as [number, number];
    const ratios = { fresh: rawFresh / times.fresh, again: times.again ? rawAgain / times.again : null };
    process.stderr.write(`${JSON.stringify({ lines, ...times, rawFresh, rawAgain, ratios }, (_, value: unknown) => (typeof value === 'number' ? Number(value.toFixed(3)) : value))}\n`);
  } finally {
    book.dispose();
  }
}

void main();
