import type { EngineContext } from '../context';
import { BULK_ROWS } from '../undo/capture';
import { unprocessable } from '../errors';
import { lockedToDate } from '../ledger/locks';
import { countRows } from '../work/board';
import { autoExplainUpload } from './rules/auto-explain';
import type { IncomingLine } from './incoming-line';

export type { IncomingLine } from './incoming-line';

export interface ImportOutcome {
  uploadId: number;
  added: number;
  duplicates: number;
  /** Index in the upload of each line that was kept. */
  addedLines: number[];
  /** Of the rows the import review chose, those the exact rule skipped as already in the account. */
  skippedRows: number[];
  /** How many of the added lines an auto-explain bank rule explained. */
  autoExplained: number;
}

const keyOf = (line: Pick<IncomingLine, 'datedOn' | 'amountMinor' | 'description'>) => `${line.datedOn}\u0000${line.amountMinor}\u0000${line.description}`;

/**
 * Which lines of an upload are new. A line whose fitid an existing transaction already carries is the
 * same line. Otherwise lines are matched on date, amount and description by count: if the account
 * already holds m such lines and the upload n, only the last n - m are new. So identical lines in one
 * upload are all kept, and uploading the same statement twice adds nothing.
 */
export function newLines(ctx: EngineContext, bankAccountId: number, lines: readonly IncomingLine[]): number[] {
  const sqlite = ctx.book.sqlite;
  const byFitid = sqlite.prepare('SELECT 1 FROM bank_transactions WHERE bank_account_id = ? AND transaction_id = ? LIMIT 1').pluck();
  const byKey = sqlite
    .prepare('SELECT count(*) FROM bank_transactions WHERE bank_account_id = ? AND description = ? AND dated_on = ? AND amount_minor = ?')
    .pluck();
  const existing = new Map<string, number>();
  const seen = new Map<string, number>();
  const fresh: number[] = [];
  lines.forEach((line, index) => {
    countRows(ctx.work, 'statement', 'check', index + 1, lines.length);
    if (line.fitid !== null && byFitid.get(bankAccountId, line.fitid) !== undefined) return;
    const key = keyOf(line);
    let already = existing.get(key);
    if (already === undefined) {
      already = byKey.get(bankAccountId, line.description, line.datedOn, line.amountMinor) as number;
      existing.set(key, already);
    }
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count > already) fresh.push(index);
  });
  return fresh;
}

/**
 * New lines may not land in a locked period. Lines already in the account are not new, so a statement
 * that overlaps the lock date still uploads what is after it.
 */
function refuseLockedLines(ctx: EngineContext, lines: readonly IncomingLine[], fresh: readonly number[]): void {
  const locked = lockedToDate(ctx);
  if (locked === null) return;
  const hit = fresh.find((index) => lines[index]!.datedOn <= locked);
  if (hit === undefined) return;
  throw unprocessable(`Statement line ${hit + 1} is dated ${lines[hit]!.datedOn}, and the books are locked up to ${locked}; nothing from this upload was imported`);
}

/**
 * Stores an upload's new lines with prepared statements (the bulk path: per-row query-builder calls
 * are an order of magnitude slower). The caller's request transaction makes it all or nothing. The
 * change log gets one entry for the upload, which names every line it added. `rows`, from the import
 * review, limits the upload to those lines; the exact rule still runs over the whole file, so a
 * chosen row it finds already in the account is skipped, as the review showed it.
 */
export function importLines(
  ctx: EngineContext,
  bankAccountId: number,
  lines: readonly IncomingLine[],
  source: string,
  fileName: string | null,
  rows?: readonly number[],
): ImportOutcome {
  const sqlite = ctx.book.sqlite;
  const allFresh = newLines(ctx, bankAccountId, lines);
  const chosen = rows ? new Set(rows) : null;
  const fresh = chosen ? allFresh.filter((index) => chosen.has(index)) : allFresh;
  const freshSet = new Set(fresh);
  const skippedRows = rows ? rows.filter((index) => !freshSet.has(index)) : [];
  refuseLockedLines(ctx, lines, fresh);
  if (fresh.length > BULK_ROWS) ctx.skipUndoCapture();
  const upload = sqlite
    .prepare('INSERT INTO statement_uploads (bank_account_id, source, file_name, line_count, added_count, uploaded_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(bankAccountId, source, fileName, lines.length, fresh.length, ctx.now);
  const uploadId = Number(upload.lastInsertRowid);
  const insert = sqlite.prepare(
    `INSERT INTO bank_transactions (bank_account_id, dated_on, description, amount_minor, transaction_id, is_manual, uploaded_at,
       marked_for_review, upload_id, transaction_type, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 0, ?, 0, ?, ?, ?, ?)`,
  );
  for (let n = 0; n < fresh.length; n += 1) {
    const line = lines[fresh[n]!]!;
    countRows(ctx.work, 'statement', 'write', n + 1, fresh.length);
    insert.run(bankAccountId, line.datedOn, line.description, line.amountMinor, line.fitid, ctx.now, uploadId, line.transactionType, ctx.now, ctx.now);
  }
  ctx.recordChange('statement_uploads', uploadId, 'create');
  const autoExplained = fresh.length > 0 ? autoExplainUpload(ctx, bankAccountId, uploadId) : 0;
  return { uploadId, added: fresh.length, duplicates: lines.length - fresh.length, addedLines: fresh, skippedRows, autoExplained };
}
