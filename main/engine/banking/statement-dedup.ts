import type Database from 'better-sqlite3';
import type { EngineContext } from '../context';
import { preparedPerConnection } from '../prepared';
import { countRows } from '../work/board';
import type { IncomingLine } from './incoming-line';

const keyOf = (line: Pick<IncomingLine, 'datedOn' | 'amountMinor' | 'description'>) => `${line.datedOn}\u0000${line.amountMinor}\u0000${line.description}`;

interface Span {
  from: string | null;
  to: string | null;
}

// Where the account's own lines could meet the upload's: the first and last fitid (and date) the
// account holds inside the upload's range. Each is one seek on its index (min and max of an indexed
// range), so an account of 1,000,000 lines answers as fast as an empty one.
const fitidSpan = preparedPerConnection((sqlite: Database.Database) =>
  sqlite.prepare<{ account: number; from: string; to: string }, Span>(
    `SELECT (SELECT min(transaction_id) FROM bank_transactions WHERE bank_account_id = @account AND transaction_id BETWEEN @from AND @to) AS "from",
            (SELECT max(transaction_id) FROM bank_transactions WHERE bank_account_id = @account AND transaction_id BETWEEN @from AND @to) AS "to"`,
  ),
);
const dateSpan = preparedPerConnection((sqlite: Database.Database) =>
  sqlite.prepare<{ account: number; from: string; to: string }, Span>(
    `SELECT (SELECT min(dated_on) FROM bank_transactions WHERE bank_account_id = @account AND dated_on BETWEEN @from AND @to) AS "from",
            (SELECT max(dated_on) FROM bank_transactions WHERE bank_account_id = @account AND dated_on BETWEEN @from AND @to) AS "to"`,
  ),
);
const byFitid = preparedPerConnection((sqlite: Database.Database) =>
  sqlite.prepare<[number, string], number>('SELECT 1 FROM bank_transactions WHERE bank_account_id = ? AND transaction_id = ? LIMIT 1').pluck(),
);
const byKey = preparedPerConnection((sqlite: Database.Database) =>
  sqlite.prepare<[number, string, string, number], number>('SELECT count(*) FROM bank_transactions WHERE bank_account_id = ? AND description = ? AND dated_on = ? AND amount_minor = ?').pluck(),
);

interface Range {
  from: string;
  to: string;
}

/** JavaScript orders strings by UTF-16 unit, SQLite by UTF-8 byte; the two agree below U+D800. */
const ORDERS_DIFFER = /[\uD800-\uFFFF]/;
/** Every value (compared by identity): where the two orders could differ, every line is looked up. */
const EVERYTHING: Range = { from: '', to: '' };

/**
 * The smallest and largest of the values `of` gives (null values left out); null when there are none,
 * and the whole range when a value is one JavaScript and SQLite would order differently.
 */
function rangeOf(lines: readonly IncomingLine[], of: (line: IncomingLine) => string | null): Range | null {
  let from: string | null = null;
  let to: string | null = null;
  for (const line of lines) {
    const value = of(line);
    if (value === null) continue;
    if (ORDERS_DIFFER.test(value)) return EVERYTHING;
    if (from === null || value < from) from = value;
    if (to === null || value > to) to = value;
  }
  return from === null || to === null ? null : { from, to };
}

/** The part of the upload's range of `of` that the account's own lines reach, or null when they reach none of it. */
function overlap(sqlite: Database.Database, span: typeof fitidSpan, account: number, range: Range | null): Range | null {
  if (range === null) return null;
  if (range === EVERYTHING) return EVERYTHING;
  const found = span(sqlite).get({ account, ...range })!;
  return found.from === null || found.to === null ? null : { from: found.from, to: found.to };
}

const within = (value: string | null, range: Range | null) =>
  value !== null && range !== null && (range === EVERYTHING || (value >= range.from && value <= range.to));

/**
 * Which lines of an upload are new. A line whose fitid an existing transaction already carries is the
 * same line. Otherwise lines are matched on date, amount and description by count: if the account
 * already holds m such lines and the upload n, only the last n - m are new. So identical lines in one
 * upload are all kept, and uploading the same statement twice adds nothing.
 *
 * A line is looked up only where the account could hold its match: its fitid between the first and
 * last fitid the account holds inside the upload's range of fitids, its date likewise. A statement of
 * new dates and new fitids (the usual next month) is checked with four seeks instead of two lookups a
 * line (profile of a 30,000-line upload into an empty account: 76 ms of 758 in the lookups).
 */
export function newLines(ctx: EngineContext, bankAccountId: number, lines: readonly IncomingLine[]): number[] {
  const sqlite = ctx.book.sqlite;
  const fitids = overlap(sqlite, fitidSpan, bankAccountId, rangeOf(lines, (line) => line.fitid));
  const dates = overlap(sqlite, dateSpan, bankAccountId, rangeOf(lines, (line) => line.datedOn));
  const fitidLookup = byFitid(sqlite);
  const keyLookup = byKey(sqlite);
  const existing = new Map<string, number>();
  const seen = new Map<string, number>();
  const fresh: number[] = [];
  lines.forEach((line, index) => {
    countRows(ctx.work, 'statement', 'check', index + 1, lines.length);
    if (within(line.fitid, fitids) && fitidLookup.get(bankAccountId, line.fitid!) !== undefined) return;
    if (!within(line.datedOn, dates)) {
      fresh.push(index);
      return;
    }
    const key = keyOf(line);
    let already = existing.get(key);
    if (already === undefined) {
      already = keyLookup.get(bankAccountId, line.description, line.datedOn, line.amountMinor)!;
      existing.set(key, already);
    }
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count > already) fresh.push(index);
  });
  return fresh;
}
