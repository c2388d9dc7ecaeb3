import { FAMILIES } from './families';
import type { SyncState } from './state';

/**
 * Local records with changes not on the remote. A family whose change-log rows need translating
 * (categories are logged by row id but synced by code, and most of their changes, a bank account's
 * new sub account or a hidden standard category, are never sent) is counted through its own
 * translation, so the window does not promise changes that will never go.
 */
export function waitingCount(state: SyncState, syncUserId: number): number {
  let count = state.waiting(
    syncUserId,
    // A statement upload is one change-log entry until a round folds it into its lines.
    [...FAMILIES.filter((family) => !family.changedId).map((family) => family.name), 'statement_uploads'],
  );
  const cursor = state.account()?.changeCursor ?? 0;
  for (const family of FAMILIES) {
    if (!family.changedId) continue;
    const recordIds = state.sqlite
      .prepare('SELECT DISTINCT record_id FROM changes WHERE id > ? AND (user_id IS NULL OR user_id <> ?) AND resource = ?')
      .pluck()
      .all(cursor, syncUserId, family.name) as string[];
    const synced = new Set<number>();
    for (const recordId of recordIds) {
      const localId = /^\d+$/.test(recordId) ? family.changedId(state.sqlite, recordId) : null;
      if (localId !== null) synced.add(localId);
    }
    for (const localId of synced) if (!state.outboxFor(family.name, localId)) count += 1;
  }
  return count;
}
