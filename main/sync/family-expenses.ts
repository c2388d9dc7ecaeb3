import { expenseUpdateSchema } from '../../shared/api/expenses';
import { Level } from '../../shared/api/permissions';
import type { Family, SyncRecord } from './family';
import { comparable, sameValue } from './normalize';

const text = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/**
 * The correlation key: the receipt's reference with its date, amount and claimant. An expense without a
 * reference adds its description, so two untagged taxis of the same price that day by the same person
 * are only taken for each other when they say the same.
 */
function matchKey(record: SyncRecord): string | null {
  if (typeof record.dated_on !== 'string' || record.gross_value === null || record.gross_value === undefined) return null;
  const key = `${text(record.receipt_reference)}|${record.dated_on}|${String(comparable(record.gross_value))}|${text(record.user)}`;
  return text(record.receipt_reference) ? `receipt:${key}` : `unreferenced:${key}|${text(record.description)}`;
}

/**
 * In the company's currency the native gross is the gross, which the server sets itself: it is left
 * out, so a changed amount is one field (one conflict, not two). In another currency it is the user's.
 */
function normalize(record: SyncRecord): SyncRecord {
  return sameValue(record.native_gross_value, record.gross_value) ? { ...record, native_gross_value: null } : record;
}

/** Expenses: the claimant is linked by email (users.ts), the category by its code, the project through the id map. */
export const expensesFamily: Family = {
  name: 'expenses',
  path: '/v2/expenses',
  one: 'expense',
  many: 'expenses',
  writable: Object.keys(expenseUpdateSchema.shape),
  createOnly: [],
  links: { user: 'users', category: 'categories', project: 'projects' },
  listQuery: { view: 'all' },
  matchKey,
  label: (record) => `Expense ${String(record.dated_on ?? '')} ${String(record.description ?? '')}`.trim(),
  level: Level.MyMoney,
  normalize,
};
