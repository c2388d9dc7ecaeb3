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
