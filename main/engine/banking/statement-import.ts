import type { EngineContext } from '../context';
import { BULK_ROWS } from '../undo/capture';
import { unprocessable } from '../errors';
import { userLockDate } from '../ledger/locks';
import { autoExplainUpload } from './rules/auto-explain';
import type { IncomingLine } from './incoming-line';
import { withBulkPageCache } from './bulk-page-cache';
import { newLines } from './statement-dedup';
import { refuseReconciledLines } from './statement-reconciled';
import { insertLines } from './statement-insert';
import { madeLinesReplaced, replaceMadeLines } from './transfer-side-arrived';

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

/**
 * New lines may not land on or before the user lock date. Lines already in the account are not new, so
 * a statement that overlaps the lock date still uploads what is after it. A filed VAT return does not
 * refuse them: an unexplained line is in no VAT box, so it cannot move the return's figures (an
 * auto-explain rule's explanation is checked against them line by line, auto-explain.ts).
 */
function refuseLockedLines(ctx: EngineContext, lines: readonly IncomingLine[], fresh: readonly number[]): void {
  const locked = userLockDate(ctx);
  if (locked === null) return;
  const hit = fresh.find((index) => lines[index]!.datedOn <= locked);
  if (hit === undefined) return;
  throw unprocessable(`Statement line ${hit + 1} is dated ${lines[hit]!.datedOn}, and the books are locked up to ${locked}; nothing from this upload was imported`);
}

function notIn(rows: readonly number[], fresh: readonly number[]): number[] {
  const kept = new Set(fresh);
  return rows.filter((index) => !kept.has(index));
}

/** What an upload is, besides its lines. */
export interface UploadAsked {
  source: string;
  fileName: string | null;
  /** From the import review: only these lines (indexes into the upload) are imported. */
  rows?: readonly number[];
  /** confirm_reconciled=true was sent: the person means to add lines to a reconciled statement. */
  reconciledConfirmed: boolean;
}

/**
 * Stores an upload's new lines with prepared statements (the bulk path: per-row query-builder calls
 * are an order of magnitude slower). The caller's request transaction makes it all or nothing. The
 * change log gets one entry for the upload, which names every line it added. `rows`, from the import
 * review, limits the upload to those lines; the exact rule still runs over the whole file, so a
 * chosen row it finds already in the account is skipped, as the review showed it.
 */
export function importLines(ctx: EngineContext, bankAccountId: number, lines: readonly IncomingLine[], asked: UploadAsked): ImportOutcome {
  const run = () => importChecked(ctx, bankAccountId, lines, asked);
  return lines.length <= BULK_ROWS ? run() : withBulkPageCache(ctx.book.sqlite, run);
}

/** importLines' work, under whatever page cache it chose (same parameters). */
function importChecked(...[ctx, bankAccountId, lines, { source, fileName, rows, reconciledConfirmed }]: Parameters<typeof importLines>): ImportOutcome {
  const allFresh = newLines(ctx, bankAccountId, lines);
  const chosen = rows ? new Set(rows) : null;
  const fresh = chosen ? allFresh.filter((index) => chosen.has(index)) : allFresh;
  const skippedRows = rows ? notIn(rows, fresh) : [];
  // Worked out over every new line, as the review did, before the chosen ones are inserted.
  const made = madeLinesReplaced(ctx, bankAccountId, lines, allFresh);
  const chosenMade = new Map([...made].filter(([index]) => fresh.includes(index)));
  // The lock first: a locked period is refused outright, whatever the person confirmed.
  refuseLockedLines(ctx, lines, fresh);
  refuseReconciledLines(ctx, bankAccountId, lines, fresh, reconciledConfirmed);
  if (fresh.length > BULK_ROWS) ctx.skipUndoCapture();
  const upload = ctx.book.sqlite
    .prepare('INSERT INTO statement_uploads (bank_account_id, source, file_name, line_count, added_count, uploaded_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(bankAccountId, source, fileName, lines.length, fresh.length, ctx.now);
  const uploadId = Number(upload.lastInsertRowid);
  insertLines(ctx, bankAccountId, uploadId, lines, fresh);
  replaceMadeLines(ctx, uploadId, lines, chosenMade);
  ctx.recordChange('statement_uploads', uploadId, 'create');
  const autoExplained = fresh.length > 0 ? autoExplainUpload(ctx, bankAccountId, uploadId) : 0;
  return { uploadId, added: fresh.length, duplicates: lines.length - fresh.length, addedLines: fresh, skippedRows, autoExplained };
}
