import type { Family, SyncRecord } from './family';

/**
 * A payload that sets child rows to exactly `fields`' list: the /v2 write merges rows (a row with a url
 * changes it, one without adds one, url plus _destroy removes it), so every row the record holds now
 * is removed and the wanted rows are added. Rows are compared as one value, so this is the only way
 * two sides' different row urls end as the same rows.
 */
export function replacingRows(family: Family, fields: SyncRecord, current: SyncRecord | null): SyncRecord {
  if (!family.nested) return fields;
  const out = { ...fields };
  for (const field of Object.keys(family.nested)) {
    if (!(field in fields)) continue;
    const held = Array.isArray(current?.[field]) ? (current[field] as SyncRecord[]) : [];
    const removals = held.filter((row) => typeof row.url === 'string').map((row) => ({ url: row.url, _destroy: true }));
    const wanted = Array.isArray(fields[field]) ? (fields[field] as SyncRecord[]) : [];
    out[field] = [...removals, ...wanted];
  }
  return out;
}

/**
 * Whether a payload made by replacingRows adds child rows. Such a PUT is not idempotent: sent twice,
 * the second adds the rows again (or is refused over the first's removed urls). So it is never resent
 * blind after a lost answer; the next round reads the remote and merges from what landed.
 */
export function addsRows(family: Family, payload: SyncRecord): boolean {
  if (!family.nested) return false;
  return Object.keys(family.nested).some((field) => Array.isArray(payload[field]) && (payload[field] as SyncRecord[]).some((row) => typeof row.url !== 'string'));
}
