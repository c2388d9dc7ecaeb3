import { eq } from 'drizzle-orm';
import { fromMinor } from '../../../shared/money';
import { Level } from '../../../shared/api/permissions';
import { bankTransactionExplanations, bankTransactions } from '../../db/schema';
import { transactionRecords, type TransactionRow } from '../banking/records';
import { runningBalances } from '../banking/running-balances';
import { suggestOnRecords } from '../banking/suggest/with-suggestions';
import { importLines } from '../banking/statement-import';
import { rememberClosingBalance } from '../banking/statement-closing';
import { assertReconciledChangeConfirmed, confirmedByQuery } from '../banking/reconciled-guard';
import { linesFromArray, linesFromFile, emptyStatement } from '../banking/statement-lines';
import { previewStatement, reviewedUpload } from '../banking/statement-review';
import { hasReviewFields } from '../banking/statement-review-fields';
import type { EngineContext } from '../context';
import { ApiError, badRequest, notFound, unprocessable } from '../errors';
import { assertUnlocked } from '../ledger/locks';
import { pageHeaders, pageOf } from '../pagination';
import { choiceParam, periodConditions } from '../query-params';
import { countWhileUnchanged } from '../read-cache';
import { deleted, ok, type Route, type RouteRequest } from '../route';
import { idFromUrl } from '../urls';
import { decimal } from '../values';
import { findBankAccount } from './bank_accounts';

export const TRANSACTION_VIEWS = ['all', 'unexplained', 'explained', 'manual', 'imported', 'marked_for_review'] as const;

const UNEXPLAINED_SQL = `(t.amount_minor - COALESCE((SELECT SUM(COALESCE(e.foreign_gross_minor, e.gross_minor))
  FROM bank_transaction_explanations e WHERE e.bank_transaction_id = t.id), 0))`;

const VIEW_SQL: Readonly<Record<(typeof TRANSACTION_VIEWS)[number], string>> = {
  all: '1',
  unexplained: `${UNEXPLAINED_SQL} <> 0`,
  explained: `${UNEXPLAINED_SQL} = 0`,
  manual: 't.is_manual = 1',
  imported: 't.is_manual = 0',
  marked_for_review: `(t.marked_for_review = 1 OR EXISTS (SELECT 1 FROM bank_transaction_explanations e
    WHERE e.bank_transaction_id = t.id AND e.marked_for_review = 1))`,
};

/** The bank_account query parameter (a url or an id); `missing` is the status when it is absent. */
function accountFromQuery(ctx: EngineContext, query: URLSearchParams, missing: 400 | 404) {
  const value = query.get('bank_account');
  if (!value) throw new ApiError(missing, 'bank_account is required: the url of the bank account');
  let id: number;
  try {
    id = idFromUrl(value, 'bank_accounts', 'bank_account');
  } catch {
    throw notFound('bank_account is not a bank account of this company');
  }
  return findBankAccount(ctx, id);
}

function listTransactions(request: RouteRequest) {
  const { ctx, query } = request;
  const account = accountFromQuery(ctx, query, 400);
  const view = choiceParam(query, 'view', TRANSACTION_VIEWS, 'all');
  const period = periodConditions(query, 't');
  const conditions = ['t.bank_account_id = @account', VIEW_SQL[view], ...period.conditions];
  const params: Record<string, string | number> = { account: account.id, ...period.params };
  const lastUploaded = query.get('last_uploaded');
  if (lastUploaded !== null && lastUploaded !== 'true' && lastUploaded !== 'false') throw badRequest('last_uploaded must be true or false');
  if (lastUploaded === 'true') {
    conditions.push('t.upload_id = (SELECT max(id) FROM statement_uploads WHERE bank_account_id = @account)');
  }
  const runningBalance = query.get('running_balance');
  if (runningBalance !== null && runningBalance !== 'true' && runningBalance !== 'false') throw badRequest('running_balance must be true or false');
  const withRunningBalance = runningBalance === 'true';
  const upload = query.get('statement_upload');
  if (upload !== null) {
    params.upload = uploadOfAccount(ctx, upload, account.id);
    conditions.push('t.upload_id = @upload');
  }
  const where = conditions.join(' AND ');
  const sqlite = ctx.book.sqlite;
  const total = countWhileUnchanged(ctx, `SELECT count(*) FROM bank_transactions t WHERE ${where}`, params);
  const page = pageOf(query);
  const rows = sqlite
    .prepare(
      `SELECT id, bank_account_id AS bankAccountId, dated_on AS datedOn, description, amount_minor AS amountMinor,
         transaction_id AS transactionId, is_manual AS isManual, uploaded_at AS uploadedAt, marked_for_review AS markedForReview,
         upload_id AS uploadId, transaction_type AS transactionType, created_at AS createdAt, updated_at AS updatedAt
       FROM bank_transactions t WHERE ${where} ORDER BY t.dated_on DESC, t.id DESC LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit: page.limit, offset: page.offset }) as (Omit<TransactionRow, 'isManual' | 'markedForReview'> & { isManual: number; markedForReview: number })[];
  const typed: TransactionRow[] = rows.map((row) => ({ ...row, isManual: row.isManual === 1, markedForReview: row.markedForReview === 1 }));
  const records = transactionRecords(ctx, typed);
  suggestOnRecords(ctx, query, typed, records);
  if (withRunningBalance) {
    const balances = runningBalances(ctx, account.id, typed);
    typed.forEach((row, index) => (records[index]!.running_balance = decimal(fromMinor(balances.get(row.id)!, account.currency))));
  }
  return { status: 200, body: { bank_transactions: records }, headers: pageHeaders(request.url, page, total) };
}

/**
 * The statement_upload query parameter (a url or an id, Ledgerdesk's extension): the lines that
 * upload added, which the desk reads before undoing it so that the undo can be redone.
 */
function uploadOfAccount(ctx: EngineContext, value: string, accountId: number): number {
  let id: number;
  try {
    id = idFromUrl(value, 'statement_uploads', 'statement_upload');
  } catch {
    throw notFound('statement_upload is not a statement upload of this company');
  }
  const owner = ctx.book.sqlite.prepare('SELECT bank_account_id FROM statement_uploads WHERE id = ?').pluck().get(id) as number | undefined;
  if (owner === undefined) throw notFound('statement_upload is not a statement upload of this company');
  if (owner !== accountId) throw badRequest('statement_upload belongs to another bank account than bank_account');
  return id;
}

export function findTransaction(ctx: EngineContext, id: string | number): TransactionRow {
  const key = String(id);
  const row = /^\d+$/.test(key) ? ctx.db.select().from(bankTransactions).where(eq(bankTransactions.id, Number(key))).get() : undefined;
  if (!row) throw notFound('Bank transaction not found');
  return row;
}

/** Only a transaction that nothing explains may be deleted (spec 3); otherwise 422 and nothing changes. */
function deleteTransaction(request: RouteRequest) {
  const { ctx } = request;
  const row = findTransaction(ctx, request.params.id!);
  const explained = ctx.db.select({ id: bankTransactionExplanations.id }).from(bankTransactionExplanations).where(eq(bankTransactionExplanations.bankTransactionId, row.id)).limit(1).get();
  if (explained) throw unprocessable('This transaction has explanations; delete them first. Only an unexplained transaction can be deleted');
  assertUnlocked(ctx, row.datedOn);
  assertReconciledChangeConfirmed(ctx, request.query, [row.id], 'deleting it');
  ctx.db.delete(bankTransactions).where(eq(bankTransactions.id, row.id)).run();
  ctx.recordChange('bank_transactions', row.id, 'delete');
  return deleted();
}

/**
 * POST /v2/bank_transactions/statement: a JSON or XML `statement` array, or a multipart file in the
 * field `statement`. 200 means stored; lines already in the account are skipped (see newLines). New
 * lines inside a reconciled statement need confirm_reconciled=true on the query (else 409).
 */
function uploadStatement(request: RouteRequest) {
  const { ctx, query, body } = request;
  const account = accountFromQuery(ctx, query, 404);
  const reconciledConfirmed = confirmedByQuery(query);
  const identity = { accountNumber: account.accountNumber, sortCode: account.sortCode, iban: account.iban, currency: account.currency };
  const file = body.files.statement;
  if (file) {
    // The import review's fields make it Ledgerdesk's reviewed upload, which answers with the batch.
    if (hasReviewFields(body.fields)) return reviewedUpload(ctx, account, file, body.fields, reconciledConfirmed);
    const { lines, format, closingBalance } = linesFromFile(file, identity);
    const outcome = importLines(ctx, account.id, lines, { source: format, fileName: file.name || null, reconciledConfirmed });
    rememberClosingBalance(ctx, outcome.uploadId, account, closingBalance, lines);
    return { status: 200 };
  }
  if (body.fields.statement !== undefined) throw badRequest('statement must be a file or a JSON/XML array');
  const value = body.value;
  if (value === undefined) throw emptyStatement();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badRequest('The request body must be an object with a statement array');
  const lines = linesFromArray((value as Record<string, unknown>).statement, account.currency);
  importLines(ctx, account.id, lines, { source: 'api', fileName: null, reconciledConfirmed });
  return { status: 200 };
}

function getTransaction(request: RouteRequest) {
  const { ctx } = request;
  const row = findTransaction(ctx, request.params.id!);
  const records = transactionRecords(ctx, [row]);
  suggestOnRecords(ctx, request.query, [row], records);
  return ok({ bank_transaction: records[0]! });
}

const BANKING = Level.Banking;

export const bankTransactionRoutes: Route[] = [
  { method: 'GET', path: '/v2/bank_transactions', level: BANKING, handle: listTransactions },
  { method: 'GET', path: '/v2/bank_transactions/:id{[0-9]+}', level: BANKING, handle: getTransaction },
  { method: 'POST', path: '/v2/bank_transactions/statement', level: BANKING, acceptsFiles: true, handle: uploadStatement },
  // Ledgerdesk's import review: what an upload of the file would do, writing nothing.
  { method: 'POST', path: '/v2/bank_transactions/statement/preview', level: BANKING, acceptsFiles: true, handle: previewStatement },
  { method: 'DELETE', path: '/v2/bank_transactions/:id{[0-9]+}', level: BANKING, handle: deleteTransaction },
  // The path the reference documents for this delete (singular segment).
  { method: 'DELETE', path: '/v2/bank_transaction/:id{[0-9]+}', level: BANKING, handle: deleteTransaction },
];
