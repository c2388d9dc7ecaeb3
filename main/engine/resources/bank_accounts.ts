import type Database from 'better-sqlite3';
import { asc, eq, sql } from 'drizzle-orm';
import {
  BANK_ACCOUNT_VIEWS,
  RETURNED_ONLY_BANK_ACCOUNT_TYPES,
  SETTABLE_BANK_ACCOUNT_TYPES,
  WALLET_BANK_ACCOUNT_TYPES,
  bankAccountCreateSchema,
  bankAccountUpdateSchema,
  type BankAccountUpdate,
} from '../../../shared/api/bank_accounts';
import { Level } from '../../../shared/api/permissions';
import { fromMinor, toMinor } from '../../../shared/money';
import { rowById } from '../../db/row-by-id';
import { bankAccounts, bankTransactions } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { badRequest, notFound, unprocessable } from '../errors';
import { createSubAccounts, deleteSubAccounts, renameSubAccounts } from '../ledger/chart';
import { bankCodeFor } from '../ledger/bank-codes';
import { syncBankOpeningBalances } from '../ledger/opening-balances';
import { listPage } from '../pagination';
import { payload } from '../payload';
import { preparedPerConnection } from '../prepared';
import { readWhileUnchanged } from '../read-cache';
import { created, deleted, ok, type Route, type RouteRequest } from '../route';
import { recordUrl } from '../urls';
import { date, decimal, timestamp, type ApiRecord } from '../values';

type BankAccountRow = typeof bankAccounts.$inferSelect;

interface Activity {
  totalMinor: number;
  count: number;
  unexplained: number;
  manual: number;
  markedForReview: number;
  latest: string | null;
  companyStart: string;
  feedEnabled: number;
}

// Every record rendered (one GET, or each account of a list) runs the queries below, so each is
// prepared once per connection rather than built and prepared again every time.
const activityQuery = preparedPerConnection((sqlite: Database.Database) =>
  sqlite.prepare<{ account: number }, Activity>(
    `SELECT coalesce(sum(t.amount_minor), 0) AS totalMinor, count(*) AS count,
       coalesce(sum(t.is_manual), 0) AS manual, max(t.dated_on) AS latest,
       coalesce(sum(t.amount_minor <> coalesce(e.explained, 0)), 0) AS unexplained,
       coalesce(sum(t.marked_for_review = 1 OR coalesce(e.reviewing, 0) > 0), 0) AS markedForReview,
       (SELECT company_start_date FROM company) AS companyStart,
       EXISTS (SELECT 1 FROM bank_feeds f WHERE f.bank_account_id = @account AND f.state = 'enabled') AS feedEnabled
     FROM bank_transactions t
     LEFT JOIN (SELECT bank_transaction_id, sum(coalesce(foreign_gross_minor, gross_minor)) AS explained, sum(marked_for_review) AS reviewing
                FROM bank_transaction_explanations WHERE bank_account_id = @account GROUP BY bank_transaction_id) e
       ON e.bank_transaction_id = t.id
     WHERE t.bank_account_id = @account`,
  ),
);
const bankAccountById = rowById(bankAccounts);

/**
 * Balance and counts from the account's transactions, the feed flag and the company start, in one
 * query; kept until the book changes, as it reads every line (~50 ms for 100,000) and Banking lists
 * the accounts each time it is opened.
 */
function activityOf(ctx: EngineContext, accountId: number): Activity {
  return readWhileUnchanged(ctx, `bank-account-activity\u0000${accountId}`, () => activityQuery(ctx.book.sqlite).get({ account: accountId })!);
}

export function bankAccountRecord(ctx: EngineContext, row: BankAccountRow): ApiRecord {
  const activity = activityOf(ctx, row.id);
  const standard = row.type === 'StandardBankAccount';
  return {
    url: recordUrl(ctx, 'bank_accounts', row.id),
    type: row.type,
    name: row.name,
    currency: row.currency,
    is_personal: row.isPersonal,
    is_primary: row.isPrimary,
    status: row.status,
    bank_name: row.bankName ?? undefined,
    bank_code: row.bankCode,
    opening_balance: decimal(fromMinor(row.openingBalanceMinor, row.currency)),
    current_balance: decimal(fromMinor(row.openingBalanceMinor + activity.totalMinor, row.currency)),
    // Until the account has a transaction, its activity dates from the company's start.
    latest_activity_date: date(activity.latest ?? activity.companyStart),
    account_number: row.accountNumber ?? undefined,
    sort_code: standard ? (row.sortCode ?? undefined) : undefined,
    secondary_sort_code: standard ? (row.secondarySortCode ?? undefined) : undefined,
    iban: standard ? (row.iban ?? undefined) : undefined,
    bic: standard ? (row.bic ?? undefined) : undefined,
    email: row.email ?? undefined,
    bank_guess_enabled: row.bankGuessEnabled,
    bank_feed_enabled: activity.feedEnabled === 1,
    total_count: activity.count,
    unexplained_transaction_count: activity.unexplained,
    marked_for_review_count: activity.markedForReview,
    manually_added_transaction_count: activity.manual,
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
  };
}

export function findBankAccount(ctx: EngineContext, id: string | number): BankAccountRow {
  const key = String(id);
  const row = /^\d+$/.test(key) ? bankAccountById(ctx.book.sqlite, Number(key)) : undefined;
  if (!row) throw notFound('Bank account not found');
  return row;
}

function checkType(type: string | undefined): void {
  if (type === undefined || (SETTABLE_BANK_ACCOUNT_TYPES as readonly string[]).includes(type)) return;
  if ((RETURNED_ONLY_BANK_ACCOUNT_TYPES as readonly string[]).includes(type)) throw unprocessable(`type ${type} cannot be set through the API`);
  throw unprocessable(`type must be one of ${SETTABLE_BANK_ACCOUNT_TYPES.join(', ')}`);
}

const STANDARD_ONLY = ['sort_code', 'secondary_sort_code', 'iban', 'bic'] as const;

/** Fields that only some account types have; the rest are refused rather than silently dropped. */
function checkFieldsForType(type: string, input: BankAccountUpdate, merged: { accountNumber: string | null; sortCode: string | null; email: string | null }): void {
  if (type !== 'StandardBankAccount') {
    for (const field of STANDARD_ONLY) {
      if (input[field]) throw unprocessable(`${field} is only for standard bank accounts`);
    }
  }
  if (type === 'CreditCardAccount' && !/\d{4}/.test(merged.accountNumber ?? '')) {
    throw unprocessable('account_number is required for credit card accounts (the last four digits are enough)');
  }
  if ((WALLET_BANK_ACCOUNT_TYPES as readonly string[]).includes(type) && !merged.email) {
    throw unprocessable('email is required for wallet accounts');
  }
  if (merged.sortCode === null && input.secondary_sort_code) throw unprocessable('secondary_sort_code needs a sort_code');
}

function hasTransactions(ctx: EngineContext, accountId: number): boolean {
  return ctx.db.select({ id: bankTransactions.id }).from(bankTransactions).where(eq(bankTransactions.bankAccountId, accountId)).limit(1).get() !== undefined;
}

function amountMinor(value: string, currency: string, field: string): number {
  try {
    return toMinor(value, currency);
  } catch (error) {
    throw unprocessable(`${field} ${(error as Error).message}`);
  }
}

/** One primary account at a time: making one primary demotes the others. */
function makeSolePrimary(ctx: EngineContext, accountId: number): void {
  const demoted = ctx.db
    .update(bankAccounts)
    .set({ isPrimary: false, updatedAt: ctx.now })
    .where(sql`${bankAccounts.isPrimary} = 1 AND ${bankAccounts.id} <> ${accountId}`)
    .returning({ id: bankAccounts.id })
    .all();
  for (const row of demoted) ctx.recordChange('bank_accounts', row.id, 'update');
}

function createBankAccount(request: RouteRequest) {
  const { ctx } = request;
  const input = payload(request, 'bank_account', bankAccountCreateSchema);
  checkType(input.type);
  const type = input.type ?? 'StandardBankAccount';
  checkFieldsForType(type, input, { accountNumber: input.account_number ?? null, sortCode: input.sort_code ?? null, email: input.email ?? null });
  const currency = input.currency ?? loadCompany(ctx).currency;
  const first = ctx.db.select({ id: bankAccounts.id }).from(bankAccounts).limit(1).get() === undefined;
  const isPrimary = first || (input.is_primary ?? false);
  const row = ctx.db
    .insert(bankAccounts)
    .values({
      type,
      name: input.name,
      currency,
      isPersonal: input.is_personal ?? false,
      isPrimary,
      status: input.status ?? 'active',
      bankName: input.bank_name ?? null,
      openingBalanceMinor: amountMinor(input.opening_balance, currency, 'opening_balance'),
      bankCode: bankCodeFor(input.sort_code ?? null),
      accountNumber: input.account_number ?? null,
      sortCode: input.sort_code ?? null,
      secondarySortCode: input.secondary_sort_code ?? null,
      iban: input.iban ?? null,
      bic: input.bic ?? null,
      email: input.email ?? null,
      bankGuessEnabled: input.bank_guess_enabled ?? false,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning()
    .get();
  ctx.recordChange('bank_accounts', row.id, 'create');
  if (isPrimary) makeSolePrimary(ctx, row.id);
  createSubAccounts(ctx, { kind: 'bankAccount', id: row.id, name: row.name });
  // The opening balance is a leg of the opening balances journal set, posted to this account's 750-N.
  syncBankOpeningBalances(ctx);
  const record = bankAccountRecord(ctx, row);
  return created({ bank_account: record }, record.url as string);
}

function updateBankAccount(request: RouteRequest) {
  const { ctx } = request;
  const current = findBankAccount(ctx, request.params.id!);
  const input = payload(request, 'bank_account', bankAccountUpdateSchema);
  if (input.type !== undefined && input.type !== current.type) throw unprocessable('type cannot be changed once the account exists');
  const currency = input.currency ?? current.currency;
  if (currency !== current.currency && hasTransactions(ctx, current.id)) {
    throw unprocessable('currency cannot be changed once the account has transactions');
  }
  if (input.is_primary === false && current.isPrimary) throw unprocessable('Make another account primary instead of unsetting the primary account');
  const sortCode = input.sort_code !== undefined ? input.sort_code : current.sortCode;
  checkFieldsForType(current.type, input, {
    accountNumber: input.account_number !== undefined ? input.account_number : current.accountNumber,
    sortCode,
    email: input.email !== undefined ? input.email : current.email,
  });
  const set: Partial<typeof bankAccounts.$inferInsert> = {
    name: input.name,
    currency,
    isPersonal: input.is_personal,
    isPrimary: input.is_primary,
    status: input.status,
    bankName: input.bank_name,
    openingBalanceMinor: input.opening_balance !== undefined ? amountMinor(input.opening_balance, currency, 'opening_balance') : undefined,
    bankCode: bankCodeFor(sortCode),
    accountNumber: input.account_number,
    sortCode: input.sort_code,
    secondarySortCode: input.secondary_sort_code,
    iban: input.iban,
    bic: input.bic,
    email: input.email,
    bankGuessEnabled: input.bank_guess_enabled,
    updatedAt: ctx.now,
  };
  // A currency change re-reads the stored opening balance in the new currency's minor units.
  if (currency !== current.currency && set.openingBalanceMinor === undefined) {
    set.openingBalanceMinor = amountMinor(fromMinor(current.openingBalanceMinor, current.currency), currency, 'opening_balance');
  }
  const row = ctx.db.update(bankAccounts).set(set).where(eq(bankAccounts.id, current.id)).returning().get();
  ctx.recordChange('bank_accounts', row.id, 'update');
  if (input.is_primary) makeSolePrimary(ctx, row.id);
  if (row.name !== current.name) renameSubAccounts(ctx, { kind: 'bankAccount', id: row.id, name: row.name });
  if (row.openingBalanceMinor !== current.openingBalanceMinor || row.currency !== current.currency) syncBankOpeningBalances(ctx);
  return ok({ bank_account: bankAccountRecord(ctx, row) });
}

function deleteBankAccount(request: RouteRequest) {
  const { ctx } = request;
  const row = findBankAccount(ctx, request.params.id!);
  if (hasTransactions(ctx, row.id)) throw unprocessable('A bank account with transactions cannot be deleted');
  syncBankOpeningBalances(ctx, row.id);
  deleteSubAccounts(ctx, { kind: 'bankAccount', id: row.id, name: row.name });
  ctx.db.delete(bankAccounts).where(eq(bankAccounts.id, row.id)).run();
  ctx.recordChange('bank_accounts', row.id, 'delete');
  if (row.isPrimary) {
    const next = ctx.db.select().from(bankAccounts).orderBy(asc(bankAccounts.id)).limit(1).get();
    if (next) {
      ctx.db.update(bankAccounts).set({ isPrimary: true, updatedAt: ctx.now }).where(eq(bankAccounts.id, next.id)).run();
      ctx.recordChange('bank_accounts', next.id, 'update');
    }
  }
  return deleted();
}

const VIEW_TYPES: Readonly<Record<(typeof BANK_ACCOUNT_VIEWS)[number], readonly string[]>> = {
  standard_bank_accounts: ['StandardBankAccount'],
  credit_card_accounts: ['CreditCardAccount'],
  wallet_accounts: ['EcommerceAccount', ...WALLET_BANK_ACCOUNT_TYPES],
};

function listBankAccounts(request: RouteRequest) {
  const { ctx, query } = request;
  const view = query.get('view');
  if (view !== null && !(view in VIEW_TYPES)) throw badRequest(`view must be one of ${BANK_ACCOUNT_VIEWS.join(', ')}`);
  const types = view ? VIEW_TYPES[view as keyof typeof VIEW_TYPES] : null;
  const rows = ctx.db.select().from(bankAccounts).orderBy(asc(bankAccounts.id)).all().filter((row) => !types || types.includes(row.type));
  return listPage(request, 'bank_accounts', rows, (row) => bankAccountRecord(ctx, row));
}

const BANKING = Level.Banking;
const BY_ID = '/v2/bank_accounts/:id{[0-9]+}';

export const bankAccountRoutes: Route[] = [
  { method: 'GET', path: '/v2/bank_accounts', level: BANKING, handle: listBankAccounts },
  { method: 'GET', path: BY_ID, level: BANKING, handle: ({ ctx, params }) => ok({ bank_account: bankAccountRecord(ctx, findBankAccount(ctx, params.id!)) }) },
  { method: 'POST', path: '/v2/bank_accounts', level: BANKING, handle: createBankAccount },
  { method: 'PUT', path: BY_ID, level: BANKING, handle: updateBankAccount },
  { method: 'DELETE', path: BY_ID, level: BANKING, handle: deleteBankAccount },
];
