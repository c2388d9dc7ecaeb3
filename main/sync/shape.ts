import type { Family, SyncRecord } from './family';

/**
 * Where a family's records sit in an answer and in the book. Most families answer one record under
 * `one` and a list under `many`, and name a record by its integer id; categories answer under their
 * group's key and are named by nominal code, so a family may say otherwise (see families.ts).
 */
export function recordIn(family: Family, body: Record<string, unknown> | null | undefined): SyncRecord | undefined {
  if (!body) return undefined;
  const record = family.recordIn ? family.recordIn(body) : body[family.one];
  return record && typeof record === 'object' && !Array.isArray(record) ? (record as SyncRecord) : undefined;
}

export function listIn(family: Family, body: Record<string, unknown> | null | undefined): unknown {
  if (!body) return undefined;
  return family.listIn ? family.listIn(body) : body[family.many];
}

/** The records of a list the sync deals with (categories: only the ones a user added). */
export function kept(family: Family, records: SyncRecord[]): SyncRecord[] {
  return family.keep ? records.filter((record) => family.keep!(record)) : records;
}

/** The book's path of one record. */
export function localPath(family: Family, localId: number): string {
  return family.localPath ? family.localPath(localId) : `${family.path}/${localId}`;
}
