import type { Family, SyncRecord } from './families';

/**
 * One spelling per value, so the two sides compare equal when they mean the same: missing and empty
 * are null, decimals lose trailing zeros ("10.50" and "10.5"), and nothing else changes.
 */
export function canonicalValue(value: unknown): unknown {
  if (value === undefined || value === '') return null;
  if (typeof value === 'string' && /^-?\d+\.\d+$/.test(value)) {
    const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
    return trimmed === '-0' ? '0' : trimmed;
  }
  return value;
}

export const sameValue = (a: unknown, b: unknown) => JSON.stringify(canonicalValue(a)) === JSON.stringify(canonicalValue(b));

/** The fields a client writes, in canonical spelling: what is compared, merged and kept as the base. */
export function project(family: Family, record: SyncRecord, withCreateOnly = true): SyncRecord {
  const fields = withCreateOnly ? [...family.writable, ...family.createOnly] : family.writable;
  const out: SyncRecord = {};
  const source = family.normalize ? family.normalize(record) : record;
  for (const field of new Set(fields)) {
    const rowFields = family.nested?.[field];
    out[field] = rowFields ? canonicalRows(source[field], rowFields) : family.byPath?.includes(field) ? pathOf(source[field]) : canonicalValue(source[field]);
  }
  return out;
}

/** A link both sides share by path (a category by its nominal code): its path, whatever the origin. */
function pathOf(value: unknown): unknown {
  return typeof value === 'string' && /^[a-z]+:\/\/[^/]+\/v2\//.test(value) ? value.replace(/^[a-z]+:\/\/[^/]+/, '') : canonicalValue(value);
}

/**
 * Child rows as a comparable value: only the fields a client writes, in order of position, without
 * their own urls (each side numbers its rows); none is an empty list. A link inside a row (an item's category) names a
 * record both sides share by its path, so it keeps only the path.
 */
function canonicalRows(value: unknown, rowFields: readonly string[]): unknown {
  if (!Array.isArray(value)) return [];
  return value.map((row: Record<string, unknown>) => {
    const out: SyncRecord = {};
    for (const field of rowFields) {
      const cell = row[field];
      out[field] = typeof cell === 'string' && /^[a-z]+:\/\/[^/]+\/v2\//.test(cell) ? cell.replace(/^[a-z]+:\/\/[^/]+/, '') : canonicalValue(cell);
    }
    return out;
  });
}

export function sameRecord(a: SyncRecord, b: SyncRecord): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (!sameValue(a[key], b[key])) return false;
  return true;
}

/** A create's payload: a field with no value is left out (absent means the default; some schemas refuse null). */
export function withoutEmpty(record: SyncRecord): SyncRecord {
  const out: SyncRecord = {};
  for (const [field, value] of Object.entries(record)) if (value !== null) out[field] = value;
  return out;
}
