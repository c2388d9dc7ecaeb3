import { ATTACHMENTS, isExplanationFile } from './attachments';
import type { RoundContext } from './context';
import { FAMILIES } from './families';
import type { Operation } from './state';

interface ChangeRow {
  id: number;
  resource: string;
  recordId: string;
  operation: Operation;
}

/**
 * Folds the change log into the outbox: one row per record, whatever number of edits it had. Changes
 * the sync itself wrote (remote records landing here) are skipped so they are never pushed back.
 */
export function feedOutbox(ctx: RoundContext): number {
  const account = ctx.state.account();
  if (!account) return 0;
  const rows = ctx.state.sqlite
    .prepare('SELECT id, resource, record_id AS recordId, operation FROM changes WHERE id > ? AND (user_id IS NULL OR user_id <> ?) ORDER BY id')
    .all(account.changeCursor, ctx.local.userId) as ChangeRow[];
  const last = ctx.state.sqlite.prepare('SELECT coalesce(max(id), 0) FROM changes').pluck().get() as number;
  ctx.state.transaction(() => {
    for (const change of rows) {
      if (!/^\d+$/.test(change.recordId)) continue;
      // An import is one change-log entry: it stands for each line it added (or took away, undone).
      if (change.resource === 'statement_uploads') {
        for (const line of uploadChanges(ctx, Number(change.recordId), change.operation)) fold(ctx, 'bank_transactions', line.id, line.operation);
        continue;
      }
      // An explanation's file: its own outbox rows, sent after the explanation (attachments.ts).
      if (change.resource === ATTACHMENTS) {
        // Files are sent whole and never changed in place: only adding and removing one travels.
        if (change.operation === 'delete' || (change.operation === 'create' && isExplanationFile(ctx, Number(change.recordId)))) fold(ctx, ATTACHMENTS, Number(change.recordId), change.operation);
        continue;
      }
      const family = FAMILIES.find((candidate) => candidate.name === change.resource);
      if (!family) continue;
      const localId = family.changedId ? family.changedId(ctx.state.sqlite, change.recordId) : Number(change.recordId);
      if (localId !== null) fold(ctx, change.resource, localId, change.operation);
    }
    ctx.state.setChangeCursor(last);
  });
  return rows.length;
}

function fold(ctx: RoundContext, family: string, localId: number, operation: Operation): void {
  const { state } = ctx;
  const existing = state.outboxFor(family, localId);
  const mapped = state.byLocal(family, localId);
  const now = ctx.now();
  const row = (op: Operation, remoteUrl: string | null = null) => state.saveOutbox({ family, localId, operation: op, state: 'pending', remoteUrl, attempts: 0, lastError: null, updatedAt: now });
  if (operation === 'delete') {
    if (mapped) row('delete', mapped.remoteUrl);
    // Never sent: nothing to undo on the remote. One in flight is found again by the next pull, if it was made.
    else if (existing) state.clearOutbox(family, localId);
    return;
  }
  // Deleted and put back (the desk's undo) before the delete went: the remote still holds the record,
  // so the delete is withdrawn and the record's values go as an edit. Left pending, the delete went
  // out, the link was dropped and the record stayed here alone with nothing queued to send it again.
  if (existing?.operation === 'delete' && existing.state === 'pending' && mapped) {
    row('update');
    return;
  }
  // A record held for review keeps its row as it is; the user's decision sends the latest values.
  if (existing && (existing.state === 'conflict' || existing.state === 'rejected' || existing.operation === 'create')) return;
  if (existing && existing.state !== 'done') return;
  row(mapped ? 'update' : 'create');
}

/**
 * A statement upload is one change-log entry for all its lines: its lines are creates; undoing it
 * deletes them, which shows as linked lines no longer in the book.
 */
function uploadChanges(ctx: RoundContext, uploadId: number, operation: Operation): { id: number; operation: Operation }[] {
  const sqlite = ctx.state.sqlite;
  if (operation === 'create') {
    const ids = sqlite.prepare('SELECT id FROM bank_transactions WHERE upload_id = ? ORDER BY id').pluck().all(uploadId) as number[];
    return ids.map((id) => ({ id, operation: 'create' }));
  }
  if (operation !== 'delete') return [];
  const gone = sqlite
    .prepare("SELECT local_id FROM sync_records r WHERE r.family = 'bank_transactions' AND NOT EXISTS (SELECT 1 FROM bank_transactions t WHERE t.id = r.local_id)")
    .pluck()
    .all() as number[];
  return gone.map((id) => ({ id, operation: 'delete' }));
}
