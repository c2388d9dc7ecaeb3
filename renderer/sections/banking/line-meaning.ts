/**
 * What a bank line is, in words (issue 19 item 6): what it was explained as (a category, a transfer,
 * the invoice or bill it paid) for the register's column and the explain panel, and whether a lock
 * covers it and why, or a filed VAT return's figures, with dates as the person reads them.
 */
import type { BankTransaction } from '../../lib/api/bank_transactions';
import type { AccountLocks } from '../../lib/api/account_locks';
import { formatDate } from '../../lib/format';

/** The names the register knows records by: categories, accounts and paid documents, by url. */
export interface LineNames {
  categories: ReadonlyMap<string, string>;
  accounts: ReadonlyMap<string, string>;
  /** "Invoice 001 · Client Co", "Bill B-17 · ACME Supplies". */
  documents: ReadonlyMap<string, string>;
}

/** The explanation of a line in a few words; '' while it is unexplained. */
export function explainedAs(row: BankTransaction, names: LineNames): string {
  const explanations = row.bank_transaction_explanations;
  if (explanations.length === 0) return '';
  if (explanations.length > 1) return `Split in ${explanations.length} parts`;
  const only = explanations[0]!;
  if (only.paid_invoice) return names.documents.get(only.paid_invoice) ?? 'Pays an invoice';
  if (only.paid_bill) return names.documents.get(only.paid_bill) ?? 'Pays a bill';
  if (only.transfer_bank_account) {
    const into = row.amount.trim().startsWith('-') ? 'to' : 'from';
    return `Transfer ${into} ${names.accounts.get(only.transfer_bank_account) ?? 'another account'}`;
  }
  if (only.category) return names.categories.get(only.category) ?? '';
  return '';
}

export interface LineLock {
  /** The date the books are locked up to, ISO. */
  until: string;
  /** "Locked up to 31 Dec 2023: the books are locked up to that date (Settings › Account locks)." */
  words: string;
}

/**
 * The lock that covers a line dated `datedOn`, if any: only the lock set on the books closes a line.
 * A filed VAT return does not (the engine refuses only a change that would move its figures): see
 * filedReturnNote.
 */
export function lockOf(locks: AccountLocks | null | undefined, datedOn: string): LineLock | null {
  const userLock = (locks?.account_locks ?? []).find((lock) => lock.user_lock === true && lock.locked_to_date >= datedOn);
  if (!userLock) return null;
  const until = userLock.locked_to_date;
  return { until, words: `Locked up to ${formatDate(until)}: the books are locked up to that date (Settings › Account locks).` };
}

/**
 * A line dated on or before the end of a filed VAT return may be explained, but not so as to move a
 * filed return's figures: the panel says so before the engine would refuse it. The list of locks gives
 * each return's last day only, so the words name how far filed returns reach, not which one holds the line.
 */
export function filedReturnNote(locks: AccountLocks | null | undefined, datedOn: string): string | null {
  const reach = (locks?.account_locks ?? []).filter((lock) => lock.user_lock !== true && lock.locked_to_date >= datedOn).map((lock) => lock.locked_to_date).sort().at(-1);
  if (reach === undefined) return null;
  return `VAT returns are filed up to ${formatDate(reach)}: a change that would move a filed return's figures is refused; anything else saves as usual.`;
}
