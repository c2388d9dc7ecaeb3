import type { SyncRecord } from './family';
import { sameValue } from './normalize';

export interface FieldConflict {
  field: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface MergeResult {
  /** The record both sides should hold, in the local spelling. */
  merged: SyncRecord;
  /** Fields to write to the book (changed on the remote only). */
  toLocal: string[];
  /** Fields to send to the remote (changed here only). */
  toRemote: string[];
  conflicts: FieldConflict[];
}

/**
 * Three-way merge field by field. Each side is compared with its own base (the book's spelling and
 * the remote's may differ without either having changed), so a field counts as changed only on the
 * side that changed it. A field changed on both sides to different values is a conflict.
 */
export function mergeFields(fields: readonly string[], bases: { local: SyncRecord; remote: SyncRecord }, mine: SyncRecord, theirs: SyncRecord): MergeResult {
  const merged: SyncRecord = { ...mine };
  const toLocal: string[] = [];
  const toRemote: string[] = [];
  const conflicts: FieldConflict[] = [];
  for (const field of fields) {
    const changedHere = !sameValue(mine[field], bases.local[field]);
    const changedThere = !sameValue(theirs[field], bases.remote[field]);
    if (changedHere && changedThere) {
      if (!sameValue(mine[field], theirs[field])) conflicts.push({ field, base: bases.remote[field] ?? null, mine: mine[field] ?? null, theirs: theirs[field] ?? null });
    } else if (changedThere) {
      merged[field] = theirs[field];
      if (!sameValue(mine[field], theirs[field])) toLocal.push(field);
    } else if (changedHere) {
      if (!sameValue(mine[field], theirs[field])) toRemote.push(field);
    }
  }
  return { merged, toLocal, toRemote, conflicts };
}
