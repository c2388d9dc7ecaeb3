import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { BenchResult, CustomSuite } from '../bench';
import { benchLog } from '../browser';
import { BENCH_ORIGIN, createBenchBook, type BenchBook } from '../fixture';
import { BULK_CACHE_KIB } from '../../../main/engine/banking/bulk-page-cache';

// Uploading a 100,000-line OFX statement end to end (multipart in, parse, sign rules, dedup, insert),
// against a raw better-sqlite3 INSERT OR IGNORE of the same rows into a table with a unique index,
// measured in the same run: a fresh file, the same file again (every line a duplicate), and a fresh
// file into an account that already holds 1,000,000 transactions (dedup must stay indexed).
//
// A fourth figure is not the engine's: the same rows inserted raw into the book's own table
// (bank_transactions with its columns, indexes and foreign keys, one prepared INSERT a row, no parse,
// no lookups), against the same raw floor. It is the best ratio any upload into this schema could reach,
// printed so that the engine's figure can be read against it.

const LINES = 100_000;
const EXISTING = 1_000_000;

interface Row {
  date: string;
  amountMinor: number;
  description: string;
  fitid: string;
}

export function rows(count: number, seed: string): Row[] {
  return Array.from({ length: count }, (_, n) => {
    const day = new Date(Date.UTC(2025, 0, 1) + (n % 600) * 86_400_000).toISOString().slice(0, 10);
    return { date: day, amountMinor: ((n * 7919) % 200_000) - 100_000, description: `${seed} payee ${n % 5000} ref ${n}`, fitid: `${seed}-${n}` };
  });
}

const pounds = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;

export function ofx(lines: readonly Row[]): Uint8Array {
  const body = lines
    .map((row) => `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${row.date.replace(/-/g, '')}<TRNAMT>${pounds(row.amountMinor)}<FITID>${row.fitid}<NAME>${row.description}</STMTTRN>`)
    .join('\n');
  const text = `OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>GBP<BANKACCTFROM><BANKID>1<ACCTID>1<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>\n${body}\n</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`;
  return new TextEncoder().encode(text);
}

export async function upload(book: BenchBook, accountId: number, file: Uint8Array): Promise<number> {
  const form = new FormData();
  form.set('statement', new Blob([file as BlobPart]), 'statement.ofx');
  const start = performance.now();
  const response = await book.engine.fetch(
    new Request(`${BENCH_ORIGIN}/v2/bank_transactions/statement?bank_account=${accountId}`, { method: 'POST', headers: { Authorization: book.headers.Authorization! }, body: form }),
  );
  if (response.status !== 200) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return performance.now() - start;
}

const createLines = `CREATE TABLE lines (account INTEGER, dated_on TEXT, amount_minor INTEGER, description TEXT, fitid TEXT);
  CREATE UNIQUE INDEX lines_key ON lines (account, description, dated_on, amount_minor, fitid);`;

function openRaw(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  return db;
}

/** Rows per INSERT when a fixture is filled: one statement per row made the 1,000,000-row fills too slow to finish under load. */
const FILL_CHUNK = 500;

/** Runs `insert` (a statement of FILL_CHUNK rows, and one of the remainder) over `lines` in one transaction. */
function fill<T>(db: Database.Database, lines: readonly T[], statementOf: (rows: number) => Database.Statement, valuesOf: (row: T) => unknown[]): void {
  const full = statementOf(FILL_CHUNK);
  db.transaction(() => {
    let at = 0;
    for (; at + FILL_CHUNK <= lines.length; at += FILL_CHUNK) full.run(lines.slice(at, at + FILL_CHUNK).flatMap(valuesOf));
    if (at < lines.length) statementOf(lines.length - at).run(lines.slice(at).flatMap(valuesOf));
  })();
}

/** Page cache for a fill alone (256 MB); the connection's own size is put back before anything is timed. */
const FILL_CACHE_KIB = 256 * 1024;

/**
 * Fills `table` with its indexes dropped, then builds each again with its own CREATE INDEX, under a
 * large page cache. The rows and indexes end up the same as inserting with the indexes in place, but
 * CREATE INDEX sorts its keys once, where a million inserts in scattered key order walked every index
 * through a 2 MB cache (the preload took ~22 of the suite's 28 minutes at load ~27).
 */
function withIndexesBuiltAfter(db: Database.Database, table: string, fillTable: () => void): void {
  const indexes = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL").all(table) as { name: string; sql: string }[];
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma(`cache_size = -${FILL_CACHE_KIB}`);
  try {
    for (const index of indexes) db.exec(`DROP INDEX "${index.name}"`);
    fillTable();
    for (const index of indexes) db.exec(index.sql);
  } finally {
    db.pragma(`cache_size = ${cacheSize}`);
  }
}

/** A raw table holding `existing` rows, written once and copied for each round that inserts into it. */
function rawTemplate(dir: string, existing: readonly Row[]): string {
  const file = join(dir, 'existing.sqlite');
  const db = openRaw(file);
  db.exec(createLines);
  withIndexesBuiltAfter(db, 'lines', () =>
    fill(db, existing, (count) => db.prepare(`INSERT OR IGNORE INTO lines VALUES ${Array(count).fill('(1, ?, ?, ?, ?)').join(', ')}`), (row) => [row.date, row.amountMinor, row.description, row.fitid]),
  );
  // Closing checkpoints the WAL into the file, so a copy of the file alone holds every row.
  db.close();
  return file;
}

/**
 * The raw baseline: a table with a unique index and INSERT OR IGNORE, one prepared statement per row
 * (what is timed is unchanged), starting empty or from a copy of `template`.
 */
function rawInsert(dir: string, name: string, template: string | null, batches: readonly (readonly Row[])[]): number[] {
  const file = join(dir, `${name}.sqlite`);
  if (template) copyFileSync(template, file);
  const db = openRaw(file);
  if (!template) db.exec(createLines);
  const insert = db.prepare('INSERT OR IGNORE INTO lines VALUES (1, ?, ?, ?, ?)');
  const insertAll = db.transaction((batch: readonly Row[]) => {
    for (const row of batch) insert.run(row.date, row.amountMinor, row.description, row.fitid);
  });
  const times = batches.map((batch) => {
    const start = performance.now();
    insertAll(batch);
    return performance.now() - start;
  });
  db.close();
  return times;
}

/**
 * The rows inserted raw into the book's own bank_transactions, as lines of one upload of a fresh
 * account: the columns the engine's insert writes (statement-insert.ts), in one transaction.
 */
function rawBookInsert(book: BenchBook, accountId: number, lines: readonly Row[]): number {
  // A connection of its own, as the engine's carries undo's TEMP triggers (the engine's upload drops them).
  const sqlite = new Database(book.deps.book.file);
  try {
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    // The page cache the engine gives a bulk import (bulk-page-cache.ts).
    sqlite.pragma(`cache_size = -${BULK_CACHE_KIB}`);
    return timedBookInsert(sqlite, accountId, lines);
  } finally {
    sqlite.close();
  }
}

function timedBookInsert(sqlite: Database.Database, accountId: number, lines: readonly Row[]): number {
  const now = '2026-01-01T00:00:00.000Z';
  const uploadId = Number(
    sqlite.prepare("INSERT INTO statement_uploads (bank_account_id, source, file_name, line_count, added_count, uploaded_at) VALUES (?, 'ofx', 'raw.ofx', ?, ?, ?)").run(accountId, lines.length, lines.length, now).lastInsertRowid,
  );
  const insert = sqlite.prepare(
    `INSERT INTO bank_transactions (bank_account_id, dated_on, description, amount_minor, transaction_id, is_manual, uploaded_at,
       marked_for_review, upload_id, transaction_type, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 0, ?, 0, ?, 'OTHER', ?, ?)`,
  );
  const insertAll = sqlite.transaction(() => {
    for (const row of lines) insert.run(accountId, row.date, `${row.description}//OTHER/`, row.amountMinor, row.fitid, now, uploadId, now, now);
  });
  const start = performance.now();
  insertAll();
  return performance.now() - start;
}

/** Fills an account with lines the fast way (they only have to be there for dedup to look through). */
export function preload(book: BenchBook, accountId: number, lines: readonly Row[]): void {
  const sqlite = book.deps.book.sqlite;
  const statementOf = (count: number) =>
    sqlite.prepare(
      `INSERT INTO bank_transactions (bank_account_id, dated_on, description, amount_minor, transaction_id, is_manual, marked_for_review, created_at, updated_at)
       VALUES ${Array(count).fill("(?, ?, ?, ?, ?, 0, 0, '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')").join(', ')}`,
    );
  withIndexesBuiltAfter(sqlite, 'bank_transactions', () => fill(sqlite, lines, statementOf, (row) => [accountId, row.date, `${row.description}//OTHER/`, row.amountMinor, row.fitid]));
}

const rate = (count: number, ms: number) => Math.round(count / (ms / 1000));

function result(name: string, ms: number, baselineMs: number): BenchResult {
  const value = rate(LINES, ms);
  const baseline = rate(LINES, baselineMs);
  return { name, value, unit: 'transactions/s', baseline, ratio: Number((value / baseline).toFixed(4)) };
}

const ROUNDS = 3;

const medianOf = (values: readonly number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export const statementUploadSuite: CustomSuite = {
  name: 'statement upload',
  async run() {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-bench-upload-'));
    // A fresh account per round for the first two figures, and one account holding 1,000,000 lines for the third.
    // and one more per round for the raw insert into the book's own table.
    const book = await createBenchBook(2 * ROUNDS + 1);
    try {
      const big = book.bankAccountIds[ROUNDS]!;
      benchLog('preloading 1,000,000 lines');
      preload(book, big, rows(EXISTING, 'old'));
      const times = { fresh: [] as number[], again: [] as number[], intoBig: [] as number[], rawFresh: [] as number[], rawAgain: [] as number[], rawIntoBig: [] as number[], rawBook: [] as number[] };
      benchLog('writing the raw table of 1,000,000 lines');
      const template = rawTemplate(dir, rows(EXISTING, 'old'));
      for (let round = 0; round < ROUNDS; round += 1) {
        const first = rows(LINES, `first${round}`);
        const file = ofx(first);
        times.fresh.push(await upload(book, book.bankAccountIds[round]!, file));
        times.again.push(await upload(book, book.bankAccountIds[round]!, file));
        const newer = rows(LINES, `new${round}`);
        times.intoBig.push(await upload(book, big, ofx(newer)));
        const [rawFresh, rawAgain] = rawInsert(dir, `fresh${round}`, null, [first, first]) as [number, number];
        times.rawFresh.push(rawFresh);
        times.rawAgain.push(rawAgain);
        times.rawIntoBig.push(rawInsert(dir, `big${round}`, template, [newer])[0]!);
        times.rawBook.push(rawBookInsert(book, book.bankAccountIds[ROUNDS + 1 + round]!, rows(LINES, `raw${round}`)));
      }
      return [
        result('engine.upload_ofx_100k', medianOf(times.fresh), medianOf(times.rawFresh)),
        result('engine.upload_ofx_100k_again', medianOf(times.again), medianOf(times.rawAgain)),
        result('engine.upload_ofx_100k_into_1m', medianOf(times.intoBig), medianOf(times.rawIntoBig)),
        result('raw.insert_100k_into_book_table', medianOf(times.rawBook), medianOf(times.rawFresh)),
      ];
    } finally {
      book.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
