import Decimal from 'decimal.js';
import type { Family, SyncRecord } from './family';

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

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A value as it is compared: a decimal whatever its spelling ("251", 251, "251.0" and "251.00" are one
 * value; the live service sends money as a number in some answers and as text in others), a
 * timestamp as its instant ("...T12:00:00Z" and "...T13:00:00.000+01:00"), rows cell by cell. Text
 * that only looks like a whole number ("001", an invoice's reference) stays text: only a JSON number
 * or a spelling with a decimal point is read as a decimal.
 */
export function comparable(value: unknown): unknown {
  const canonical = canonicalValue(value);
  if (typeof canonical === 'number' && Number.isFinite(canonical)) {
    const text = new Decimal(canonical).toFixed();
    return text === '-0' ? '0' : text;
  }
  if (typeof canonical === 'string' && TIMESTAMP.test(canonical)) {
    const at = Date.parse(canonical);
    return Number.isNaN(at) ? canonical : new Date(at).toISOString();
  }
  if (Array.isArray(canonical)) return canonical.map(comparable);
  if (canonical && typeof canonical === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(canonical).sort()) out[key] = comparable((canonical as Record<string, unknown>)[key]);
    return out;
  }
  return canonical;
}

/** Whether two values mean the same, whatever their spelling (see comparable). */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));

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
