/**
 * What a bank line is, in words (issue 19 item 6): what it was explained as (a category, a transfer,
 * the invoice or bill it paid) for the register's column and the explain panel, and whether a lock
 * covers it and why, with dates as the person reads them.
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
  /** "Locked up to 29 Feb 2024: the VAT return for that quarter is filed." */
  words: string;
}

/**
 * The lock that covers a line dated `datedOn`, if any: the one reaching furthest (a filed VAT return
 * before the lock set on the books when both reach as far, as the engine names them).
 */
export function lockOf(locks: AccountLocks | null | undefined, datedOn: string): LineLock | null {
  const covering = (locks?.account_locks ?? []).filter((lock) => lock.locked_to_date >= datedOn);
  if (covering.length === 0) return null;
  const furthest = covering.reduce((best, lock) =>
    lock.locked_to_date > best.locked_to_date || (lock.locked_to_date === best.locked_to_date && best.user_lock && !lock.user_lock) ? lock : best,
  );
  const until = furthest.locked_to_date;
  const why = furthest.user_lock ? 'the books are locked up to that date (Settings › Account locks)' : 'the VAT return for that quarter is filed';
  return { until, words: `Locked up to ${formatDate(until)}: ${why}.` };
}
