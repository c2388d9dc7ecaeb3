import Decimal from 'decimal.js';
import { signRuleOf } from '../engine/banking/transaction-types';
import type { SyncRecord } from './family';

/** One item of a statement upload's `statement` array. */
export interface UploadLine {
  dated_on: string;
  /** A JSON number: the service imports nothing, with a 200, when the amount is a quoted string. */
  amount: number;
  description: string;
  reference: string;
  transaction_type: string;
  fitid?: string;
}

/**
 * A stored line as the upload that makes the same line: the stored "text/reference/TYPE/" taken apart
 * again, so the service stores the very same description. A type whose sign rule would flip the
 * line's amount (an incoming XFER from a bank file, where the bank signed it) goes as OTHER, which
 * keeps the sign as given; the key leaves the type out, so the two still pair (docs/api-notes.md).
 */
export function uploadLine(record: SyncRecord): UploadLine {
  const description = typeof record.description === 'string' ? record.description : '';
  const stored = /^([\s\S]*)\/([^/]*)\/([A-Z]*)\/$/.exec(description);
  const amount = new Decimal(typeof record.amount === 'string' || typeof record.amount === 'number' ? record.amount : 0);
  let type = stored?.[3] || 'OTHER';
  const rule = signRuleOf(type);
  if (!rule || (rule === 'positive' && amount.isNegative() && !amount.isZero()) || (rule === 'negative' && amount.isPositive() && !amount.isZero())) type = 'OTHER';
  const line: UploadLine = {
    dated_on: String(record.dated_on),
    // Exact: a bank amount has at most 15 significant digits, which a JSON number spells as written.
    amount: amount.toNumber(),
    description: stored ? stored[1]! : description,
    reference: stored ? stored[2]! : '',
    transaction_type: type,
  };
  if (typeof record.transaction_id === 'string' && record.transaction_id !== '') line.fitid = record.transaction_id;
  return line;
}

/**
 * Upload batches of whole days: the service deduplicates a day's lines against the account by count
 * only within one upload, so a day is never split between two (spec 4.6, "Deduplication").
 * The price is a few lines of room left in most uploads: the bench's 10,000 lines over 300 days (33 or
 * 34 a day) fill 986 to 990 of each 1,000, so they take 11 uploads, not 10. Splitting a day to save that
 * request would risk the wrong deduplication the spec warns of; it is kept.
 */
export function batchesByDay<T extends { line: UploadLine }>(items: readonly T[], size: number): T[][] {
  const byDay = new Map<string, T[]>();
  for (const item of items) {
    const day = byDay.get(item.line.dated_on);
    if (day) day.push(item);
    else byDay.set(item.line.dated_on, [item]);
  }
  const batches: T[][] = [];
  let current: T[] = [];
  for (const day of [...byDay.keys()].sort()) {
    const dayItems = byDay.get(day)!;
    if (current.length > 0 && current.length + dayItems.length > size) {
      batches.push(current);
      current = [];
    }
    current.push(...dayItems);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}
