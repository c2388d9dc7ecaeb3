import type { CsvPreview, DateOrder, PreviewRow, RowStatus, StatementPreview } from '../../../shared/api/statement_import';
import type { BankAccountCreate } from '../../../shared/api/bank_accounts';
import { fromMinor, toMinor } from '../../../shared/money';

/**
 * The import review's rules, apart from how they are drawn: which rows start checked, which may be
 * checked at all, and the balance check as the user's choice stands. Amounts are summed in minor
 * units through shared/money, never as floats.
 */

/** Duplicates are what the upload skips whatever is chosen, so they cannot be checked; nor can rows not yet compared with an account. */
export const isSelectable = (row: PreviewRow) => row.status === 'new' || row.status === 'possible_duplicate' || row.status === 'transfer';

/**
 * New rows start checked, and so does a transfer's other side (imported, it takes the place of the line
 * the transfer made); possible duplicates wait for the user to decide.
 */
export function initialSelection(rows: readonly PreviewRow[]): number[] {
  return rows.filter((row) => row.status === 'new' || row.status === 'transfer').map((row) => row.index);
}

export interface BalanceNow {
  asOf: string;
  before: string;
  after: string;
  closing?: string;
  difference?: string;
}

/**
 * What each row adds to the balance on the check's day, in minor units: read once per preview, so
 * ticking a box in a 100,000-row file recounts integers instead of decimals.
 */
export function balanceContributions(preview: StatementPreview): Map<number, number> {
  const contributions = new Map<number, number>();
  const asOf = preview.balance?.as_of;
  if (!asOf) return contributions;
  for (const row of preview.rows) {
    let contribution = row.dated_on <= asOf ? toMinor(row.amount, preview.currency) : 0;
    // A transfer's other side replaces the line the transfer made: that line leaves the balance.
    if (row.status === 'transfer' && row.matches && row.matches.dated_on <= asOf) contribution -= toMinor(row.matches.amount, preview.currency);
    if (contribution !== 0) contributions.set(row.index, contribution);
  }
  return contributions;
}

/** The engine's balance check, recounted for the rows now checked. */
export function balanceFor(preview: StatementPreview, contributions: ReadonlyMap<number, number>, selected: ReadonlySet<number>): BalanceNow | null {
  const check = preview.balance;
  if (!check) return null;
  const currency = preview.currency;
  let after = toMinor(check.before, currency);
  for (const index of selected) after += contributions.get(index) ?? 0;
  const balance: BalanceNow = { asOf: check.as_of, before: check.before, after: fromMinor(after, currency) };
  if (check.closing_balance !== undefined) {
    balance.closing = check.closing_balance;
    balance.difference = fromMinor(toMinor(check.closing_balance, currency) - after, currency);
  }
  return balance;
}

export const isZeroAmount = (amount: string) => /^[+-]?0*(\.0*)?$/.test(amount.trim());

export type RowFilter = 'all' | RowStatus;

export function filterRows(rows: readonly PreviewRow[], filter: RowFilter): readonly PreviewRow[] {
  return filter === 'all' ? rows : rows.filter((row) => row.status === filter);
}

export const STATUS_LABELS: Readonly<Record<RowStatus, string>> = {
  new: 'New',
  duplicate: 'Duplicate',
  possible_duplicate: 'Possible duplicate',
  transfer: 'Transfer',
};

export const DATE_ORDER_LABELS: Readonly<Record<DateOrder, string>> = {
  dmy: 'Day first (31/12/2026)',
  mdy: 'Month first (12/31/2026)',
  ymd: 'Year first (2026-12-31)',
};

export const FORMAT_LABELS: Readonly<Record<string, string>> = {
  ofx: 'OFX',
  qfx: 'QFX (Quicken)',
  qif: 'QIF',
  csv: 'CSV',
  'freeagent-csv': 'CSV (FreeAgent layout)',
  camt053: 'CAMT.053 (ISO 20022)',
  mt940: 'MT940 (SWIFT)',
};

/** A column as the mapping form lists it: its header, or its number, with what its first row holds. */
export function columnLabel(csv: CsvPreview, column: number): string {
  const name = csv.header?.[column]?.trim() || `Column ${column + 1}`;
  const example = csv.sample.find((row) => (row[column] ?? '').trim() !== '')?.[column]?.trim();
  return example ? `${name} (e.g. ${example.length > 16 ? `${example.slice(0, 15)}…` : example})` : name;
}

/** The currency the file itself states, else the one the engine read it in (the account's, or the company's). */
export function statementCurrency(preview: StatementPreview): string {
  const stated = preview.statement_account === null ? undefined : preview.accounts[preview.statement_account]?.currency;
  return stated ? stated.toUpperCase() : preview.currency;
}

/**
 * A new bank account shaped after the statement: its currency, its account details, a card when the
 * file says it is one. The name says the currency and the number's end, so it can be told apart and
 * renamed later in Banking.
 */
export function accountForStatement(preview: StatementPreview): BankAccountCreate {
  const currency = statementCurrency(preview);
  const statement = preview.statement_account === null ? undefined : preview.accounts[preview.statement_account];
  const isCard = /credit/i.test(statement?.account_type ?? '');
  const number = statement?.account_number ?? '';
  const name = `${currency} ${isCard ? 'card' : 'account'}${number ? ` ${number.slice(-4)}` : ''}`;
  return {
    name,
    type: isCard ? 'CreditCardAccount' : 'StandardBankAccount',
    currency,
    opening_balance: '0',
    ...(number ? { account_number: number } : {}),
    ...(statement?.sort_code ? { sort_code: statement.sort_code } : {}),
    ...(statement?.iban ? { iban: statement.iban } : {}),
  };
}
