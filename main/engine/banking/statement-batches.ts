import { statementUploads } from '../../db/schema';
import { BULK_ROWS } from '../undo/capture';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { assertUnlocked, userLockDate } from '../ledger/locks';
import { readWhileUnchanged } from '../read-cache';
import { recordUrl } from '../urls';
import { reconciledInUpload } from './reconciled-guard';
import { timestamp, type ApiRecord } from '../values';

/**
 * A statement upload as a batch the user can see and undo. Undoing removes every line the upload
 * added, as a whole, and only while none of them is explained: an explanation is the user's work
 * (and posts to the ledger), which an undo must never throw away silently.
 */

export type UploadRow = typeof statementUploads.$inferSelect;

export interface BatchState {
  transactionCount: number;
  explainedCount: number;
  firstDate: string | null;
}

/** Kept while the book is unchanged: Banking › Imports and the register read it for a 100,000-line upload (~150 ms). */
export function batchState(ctx: EngineContext, uploadId: number): BatchState {
  const read = () =>
    ctx.book.sqlite
      .prepare(
        `SELECT count(*) AS transactionCount, min(t.dated_on) AS firstDate,
           coalesce(sum(EXISTS (SELECT 1 FROM bank_transaction_explanations e WHERE e.bank_transaction_id = t.id)), 0) AS explainedCount
         FROM bank_transactions t WHERE t.upload_id = ?`,
      )
      .get(uploadId) as BatchState;
  return readWhileUnchanged(ctx, `batch\u0000${uploadId}`, read);
}

/** Why the batch cannot be undone now, or null when it can. */
export function undoRefusal(ctx: EngineContext, uploadId: number, state: BatchState): string | null {
  if (state.explainedCount > 0) {
    const lines = state.explainedCount === 1 ? '1 of its transactions is' : `${state.explainedCount} of its transactions are`;
    return `This import cannot be undone: ${lines} explained. Delete those explanations first.`;
  }
  const reconciled = reconciledInUpload(ctx, uploadId);
  if (reconciled > 0) {
    const lines = reconciled === 1 ? '1 of its transactions is' : `${reconciled} of its transactions are`;
    return `This import cannot be undone: ${lines} reconciled with a statement. Remove that reconciliation first.`;
  }
  // Only the user lock: unexplained lines carry no VAT, so a filed return's figures never hold them.
  const locked = userLockDate(ctx);
  if (locked !== null && state.firstDate !== null && state.firstDate <= locked) {
    return `This import cannot be undone: the books are locked up to ${locked} and it holds transactions dated on or before then.`;
  }
  return null;
}

export function batchRecord(ctx: EngineContext, row: UploadRow, state = batchState(ctx, row.id)): ApiRecord {
  const refusal = undoRefusal(ctx, row.id, state);
  return {
    url: recordUrl(ctx, 'statement_uploads', row.id),
    bank_account: recordUrl(ctx, 'bank_accounts', row.bankAccountId),
    source: row.source,
    file_name: row.fileName ?? undefined,
    uploaded_at: timestamp(row.uploadedAt),
    line_count: row.lineCount,
    added_count: row.addedCount,
    transaction_count: state.transactionCount,
    explained_count: state.explainedCount,
    can_undo: refusal === null,
    undo_refusal: refusal ?? undefined,
  };
}

/** Removes the batch and its lines in the request's transaction; refused (422) with nothing changed. */
export function undoBatch(ctx: EngineContext, row: UploadRow): void {
  const state = batchState(ctx, row.id);
  const refusal = undoRefusal(ctx, row.id, state);
  if (refusal) throw unprocessable(refusal);
  // The lock check again, through the path every dated write uses, so its rule has one source.
  assertUnlocked(ctx, state.firstDate);
  const sqlite = ctx.book.sqlite;
  if (row.addedCount > BULK_ROWS) ctx.skipUndoCapture();
  sqlite.prepare('DELETE FROM bank_transactions WHERE upload_id = ?').run(row.id);
  sqlite.prepare('DELETE FROM statement_uploads WHERE id = ?').run(row.id);
  ctx.recordChange('statement_uploads', row.id, 'delete');
}
