import type { Family, SyncRecord } from './families';
import { familyNamed } from './families';
import { localIdOf } from './local';
import { localPath } from './shape';
import type { SyncState } from './state';

/** A link to a record the other side does not know yet (its parent is not synced, or is held for review). */
export class MissingLink extends Error {
  constructor(
    readonly field: string,
    readonly target: string,
  ) {
    super(`${field} points to ${target}, which is not synced`);
    this.name = 'MissingLink';
  }
}

/** The record with every link turned from the remote's urls into the book's, through the id map. */
export function toLocalForm(state: SyncState, local: { urlOf(path: string): string }, family: Family, record: SyncRecord): SyncRecord {
  const out = { ...record };
  for (const [field, target] of Object.entries(family.links)) {
    const value = record[field];
    if (typeof value !== 'string' || value === '') continue;
    const mapped = state.byRemote(value);
    if (!mapped || mapped.family !== target) throw new MissingLink(field, value);
    out[field] = local.urlOf(localPath(familyNamed(target), mapped.localId));
  }
  return out;
}

/** The record with every link turned from the book's urls into the remote's. */
export function toRemoteForm(state: SyncState, family: Family, record: SyncRecord): SyncRecord {
  const out = { ...record };
  for (const [field, target] of Object.entries(family.links)) {
    const value = record[field];
    if (typeof value !== 'string' || value === '') continue;
    const mapped = state.byLocal(target, localIdOf(value));
    if (!mapped) throw new MissingLink(field, value);
    out[field] = mapped.remoteUrl;
  }
  return out;
}

/** Only the named fields of a record (what a PUT sends). */
export function pick(record: SyncRecord, fields: readonly string[]): SyncRecord {
  const out: SyncRecord = {};
  for (const field of fields) out[field] = record[field] ?? null;
  return out;
}
