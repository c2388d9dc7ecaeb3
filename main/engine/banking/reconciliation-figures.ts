import type { ReconciliationInput } from '../../../shared/api/bank_reconciliations';
import { MoneyError, sumMinor, toMinor } from '../../../shared/money';
import type { bankAccounts, bankReconciliations } from '../../db/schema';
import type { EngineContext } from '../context';
import { notFound, unprocessable } from '../errors';
import { findBankAccount } from '../resources/bank_accounts';
import { idFromUrl } from '../urls';

export type AccountRow = typeof bankAccounts.$inferSelect;
export type ReconciliationRow = typeof bankReconciliations.$inferSelect;

/** A bank line as Reconcile shows it. */
export interface LineRow {
  id: number;
  datedOn: string;
  description: string;
  amountMinor: number;
}

/** What a reconciliation (or its preview) is asked to do, checked. */
export interface StatementAsked {
  account: AccountRow;
  statementDate: string;
  closingMinor: number;
  /** Ids of the lines ticked as on the statement; null: every unreconciled line up to the date. */
  ticked: ReadonlySet<number> | null;
  uploadId: number | null;
}

/** Every figure of a reconciliation, in minor units of the account's currency. */
export interface StatementFigures {
  asked: StatementAsked;
  last: ReconciliationRow | undefined;
  startingMinor: number;
  bookMinor: number;
  tickedMinor: number;
  differenceMinor: number;
  moneyInMinor: number;
  moneyOutMinor: number;
  lines: (LineRow & { ticked: boolean })[];
}

export const RECONCILIATION_COLUMNS = `id, bank_account_id AS bankAccountId, statement_date AS statementDate, closing_balance_minor AS closingBalanceMinor,
  starting_balance_minor AS startingBalanceMinor, money_in_minor AS moneyInMinor, money_out_minor AS moneyOutMinor,
  line_count AS lineCount, statement_upload_id AS statementUploadId, created_at AS createdAt, updated_at AS updatedAt`;
const LINE_COLUMNS = 't.id, t.dated_on AS datedOn, t.description, t.amount_minor AS amountMinor';
const NOT_RECONCILED = 'NOT EXISTS (SELECT 1 FROM bank_reconciliation_lines l WHERE l.bank_transaction_id = t.id)';

export function lastReconciliation(ctx: EngineContext, accountId: number): ReconciliationRow | undefined {
  const row = ctx.book.sqlite
    .prepare(
      `SELECT ${RECONCILIATION_COLUMNS} FROM bank_reconciliations WHERE bank_account_id = ? ORDER BY statement_date DESC, id DESC LIMIT 1`,
    )
    .get(accountId) as ReconciliationRow | undefined;
  return row;
}

/** The opening balance and every line already reconciled: where the next statement starts from. */
export function reconciledBalance(ctx: EngineContext, account: AccountRow): number {
  const reconciled = ctx.book.sqlite
    .prepare('SELECT coalesce(sum(t.amount_minor), 0) FROM bank_transactions t JOIN bank_reconciliation_lines l ON l.bank_transaction_id = t.id WHERE t.bank_account_id = ?')
    .pluck()
    .get(account.id) as number;
  return account.openingBalanceMinor + reconciled;
}

/** The book's balance of the account at the end of a day: the opening balance and every line dated up to it. */
export function bookBalanceOn(ctx: EngineContext, account: AccountRow, day: string): number {
  const held = ctx.book.sqlite.prepare('SELECT coalesce(sum(amount_minor), 0) FROM bank_transactions WHERE bank_account_id = ? AND dated_on <= ?').pluck().get(account.id, day) as number;
  return account.openingBalanceMinor + held;
}

/** Lines of the account dated up to the day that no reconciliation has marked, oldest first. */
export function unreconciledLines(ctx: EngineContext, accountId: number, day: string): LineRow[] {
  return ctx.book.sqlite
    .prepare(`SELECT ${LINE_COLUMNS} FROM bank_transactions t WHERE t.bank_account_id = ? AND t.dated_on <= ? AND ${NOT_RECONCILED} ORDER BY t.dated_on, t.id`)
    .all(accountId, day) as LineRow[];
}

/** The lines a reconciliation marked, oldest first. */
export function reconciledLines(ctx: EngineContext, reconciliationId: number): LineRow[] {
  return ctx.book.sqlite
    .prepare(`SELECT ${LINE_COLUMNS} FROM bank_transactions t JOIN bank_reconciliation_lines l ON l.bank_transaction_id = t.id WHERE l.reconciliation_id = ? ORDER BY t.dated_on, t.id`)
    .all(reconciliationId) as LineRow[];
}

function accountOf(ctx: EngineContext, value: string): AccountRow {
  try {
    return findBankAccount(ctx, idFromUrl(value, 'bank_accounts', 'bank_account'));
  } catch {
    throw unprocessable('bank_account is not a bank account of this company');
  }
}

function closingMinorOf(value: string, currency: string): number {
  try {
    return toMinor(value, currency);
  } catch (error) {
    if (error instanceof MoneyError) throw unprocessable(`closing_balance ${error.message} (a ${currency} amount)`);
    throw error;
  }
}

function uploadOf(ctx: EngineContext, value: string | undefined, accountId: number): number | null {
  if (value === undefined) return null;
  const id = idFromUrl(value, 'statement_uploads', 'statement_upload');
  const owner = ctx.book.sqlite.prepare('SELECT bank_account_id FROM statement_uploads WHERE id = ?').pluck().get(id) as number | undefined;
  if (owner !== accountId) throw unprocessable('statement_upload is not an import of this bank account');
  return id;
}

/**
 * Reads and checks a reconciliation's payload: a real account, a closing balance in its currency,
 * a statement date neither in the future nor before the account's last reconciliation (statements
 * are reconciled in order), and ticked lines that are this account's unreconciled lines up to it.
 */
export function readAsked(ctx: EngineContext, input: ReconciliationInput): StatementAsked {
  const account = accountOf(ctx, input.bank_account);
  const closingMinor = closingMinorOf(input.closing_balance, account.currency);
  if (input.statement_date > ctx.today) throw unprocessable(`statement_date ${input.statement_date} is after today: a statement can only close on a day that has passed`);
  const last = lastReconciliation(ctx, account.id);
  if (last && input.statement_date < last.statementDate) {
    throw unprocessable(`statement_date must be on or after ${last.statementDate}, the date of this account's last reconciled statement`);
  }
  if (input.bank_transactions !== undefined && input.excluded_bank_transactions !== undefined) {
    throw unprocessable('Send bank_transactions (the lines on the statement) or excluded_bank_transactions (the lines not on it), not both');
  }
  let ticked: Set<number> | null = null;
  const named = input.bank_transactions ?? input.excluded_bank_transactions;
  if (named !== undefined) {
    const field = input.bank_transactions !== undefined ? 'bank_transactions' : 'excluded_bank_transactions';
    const open = new Set(unreconciledLines(ctx, account.id, input.statement_date).map((line) => line.id));
    const ids = new Set<number>();
    for (const [index, value] of named.entries()) {
      const id = idFromUrl(value, 'bank_transactions', `${field}.${index}`);
      if (!open.has(id)) throw unprocessable(`${field}.${index} is not an unreconciled line of this account dated on or before ${input.statement_date}`);
      ids.add(id);
    }
    ticked = field === 'bank_transactions' ? ids : new Set([...open].filter((id) => !ids.has(id)));
  }
  return { account, statementDate: input.statement_date, closingMinor, ticked, uploadId: uploadOf(ctx, input.statement_upload, account.id) };
}

/** The statement against the book: where it starts, what the ticked lines add, and what is left over. */
export function statementFigures(ctx: EngineContext, asked: StatementAsked): StatementFigures {
  const lines = unreconciledLines(ctx, asked.account.id, asked.statementDate).map((line) => ({ ...line, ticked: asked.ticked === null || asked.ticked.has(line.id) }));
  const ticked = lines.filter((line) => line.ticked).map((line) => line.amountMinor);
  const startingMinor = reconciledBalance(ctx, asked.account);
  const tickedMinor = startingMinor + sumMinor(ticked);
  return {
    asked,
    last: lastReconciliation(ctx, asked.account.id),
    startingMinor,
    bookMinor: bookBalanceOn(ctx, asked.account, asked.statementDate),
    tickedMinor,
    differenceMinor: asked.closingMinor - tickedMinor,
    moneyInMinor: sumMinor(ticked.filter((amount) => amount > 0)),
    moneyOutMinor: sumMinor(ticked.filter((amount) => amount < 0)),
    lines,
  };
}

export function findReconciliation(ctx: EngineContext, id: string): ReconciliationRow {
  const row = /^\d{1,15}$/.test(id)
    ? (ctx.book.sqlite
        .prepare(
          `SELECT ${RECONCILIATION_COLUMNS} FROM bank_reconciliations WHERE id = ?`,
        )
        .get(Number(id)) as ReconciliationRow | undefined)
    : undefined;
  if (!row) throw notFound('Bank reconciliation not found');
  return row;
}
