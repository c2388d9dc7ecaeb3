import { runExplanationBatch, type BatchEndpoints } from '../banking/explanation-batch';
import { eq } from 'drizzle-orm';
import { explanationCreateSchema, explanationUpdateSchema } from '../../../shared/api/bank_transaction_explanations';
import { Level } from '../../../shared/api/permissions';
import { bankTransactionExplanations, bankTransactions } from '../../db/schema';
import { attachmentRoutes } from '../banking/attachment-routes';
import { createExplanation, createManualTransaction, deleteExplanation, updateExplanation } from '../banking/explain';
import { EXPLANATIONS, explanationRecord, type ExplanationRow } from '../banking/records';
import { confirmedByQuery } from '../banking/reconciled-guard';
import type { WriteConsent } from '../banking/write-consent';
import { counterpartMark, keepCounterpartMark } from '../banking/counterpart-reconciliation';
import type { EngineContext } from '../context';
import { assertUnlocked } from '../ledger/locks';
import { badRequest, notFound, unprocessable } from '../errors';
import { pageHeaders, pageOf } from '../pagination';
import { payload } from '../payload';
import { periodConditions } from '../query-params';
import { countWhileUnchanged } from '../read-cache';
import { created, deleted, ok, type Route, type RouteRequest } from '../route';
import { idFromUrl } from '../urls';
import { findBankAccount } from './bank_accounts';
import { findTransaction } from './bank_transactions';
import { applyPurchaseProfile } from '../assets/purchase-profile';

export function findExplanation(ctx: EngineContext, id: string): ExplanationRow {
  const row = /^\d+$/.test(id) ? ctx.db.select().from(bankTransactionExplanations).where(eq(bankTransactionExplanations.id, Number(id))).get() : undefined;
  if (!row) throw notFound('Bank transaction explanation not found');
  return row;
}

function listExplanations(request: RouteRequest) {
  const { ctx, query } = request;
  const value = query.get('bank_account');
  if (!value) throw badRequest('bank_account is required: the url of the bank account');
  let accountId: number;
  try {
    accountId = idFromUrl(value, 'bank_accounts', 'bank_account');
  } catch {
    throw notFound('bank_account is not a bank account of this company');
  }
  const account = findBankAccount(ctx, accountId);
  const period = periodConditions(query);
  const conditions = ['bank_account_id = @account', ...period.conditions];
  const params: Record<string, string | number> = { account: account.id, ...period.params };
  const where = conditions.join(' AND ');
  const sqlite = ctx.book.sqlite;
  const total = countWhileUnchanged(ctx, `SELECT count(*) FROM bank_transaction_explanations WHERE ${where}`, params);
  const page = pageOf(query);
  const ids = sqlite
    .prepare(`SELECT id FROM bank_transaction_explanations WHERE ${where} ORDER BY dated_on DESC, id DESC LIMIT @limit OFFSET @offset`)
    .pluck()
    .all({ ...params, limit: page.limit, offset: page.offset }) as number[];
  const rows = ids.map((id) => findExplanation(ctx, String(id)));
  return { status: 200, body: { bank_transaction_explanations: rows.map((row) => explanationRecord(ctx, row)) }, headers: pageHeaders(request.url, page, total) };
}

/** A request to this endpoint is the person's own; confirm_reconciled=true says they meant to change a reconciled statement. */
function personsConsent(request: RouteRequest): WriteConsent {
  return { reconciledConfirmed: confirmedByQuery(request.query), byPerson: true };
}

function createExplanationRoute(request: RouteRequest) {
  const { ctx } = request;
  const input = payload(request, 'bank_transaction_explanation', explanationCreateSchema);
  const consent = personsConsent(request);
  let transaction;
  if (input.bank_transaction !== undefined) {
    transaction = findTransactionForLink(ctx, input.bank_transaction);
    if (input.bank_account !== undefined && idFromUrl(input.bank_account, 'bank_accounts', 'bank_account') !== transaction.bankAccountId) {
      throw unprocessable('bank_account is not the account of bank_transaction');
    }
  } else if (input.bank_account !== undefined) {
    const accountId = idFromUrl(input.bank_account, 'bank_accounts', 'bank_account');
    findBankAccountForLink(ctx, accountId);
    transaction = createManualTransaction(ctx, accountId, input, consent);
  } else {
    throw unprocessable('bank_transaction is required (or bank_account, to record a transaction that is not on a statement)');
  }
  const row = createExplanation(ctx, transaction, input, consent);
  applyPurchaseProfile(request, 'bank_transaction_explanation', 'bank_transaction_explanations', row.id);
  const record = explanationRecord(ctx, row);
  return created({ bank_transaction_explanation: record }, record.url as string);
}

function findTransactionForLink(ctx: EngineContext, value: string | number) {
  const id = idFromUrl(value, 'bank_transactions', 'bank_transaction');
  try {
    return findTransaction(ctx, id);
  } catch {
    throw unprocessable('bank_transaction is not a bank transaction of this company');
  }
}

function findBankAccountForLink(ctx: EngineContext, id: number) {
  try {
    return findBankAccount(ctx, id);
  } catch {
    throw unprocessable('bank_account is not a bank account of this company');
  }
}

function updateExplanationRoute(request: RouteRequest) {
  const { ctx } = request;
  const current = findExplanation(ctx, request.params.id!);
  const input = payload(request, 'bank_transaction_explanation', explanationUpdateSchema);
  const transaction = ctx.db.select().from(bankTransactions).where(eq(bankTransactions.id, current.bankTransactionId)).get()!;
  const consent = personsConsent(request);
  const mark = counterpartMark(ctx, current);
  const row = updateExplanation(ctx, current, transaction, input, consent);
  keepCounterpartMark(ctx, mark, row);
  applyPurchaseProfile(request, 'bank_transaction_explanation', 'bank_transaction_explanations', row.id);
  return ok({ bank_transaction_explanation: explanationRecord(ctx, row) });
}

function deleteExplanationRoute(request: RouteRequest) {
  const { ctx } = request;
  const row = findExplanation(ctx, request.params.id!);
  deleteExplanation(ctx, row, personsConsent(request));
  return deleted();
}

/** The explanation whose files a request is about; adding, changing or removing a file changes the explanation, so its date must be open (issue 13). */
function explanationId(request: RouteRequest, writing: boolean): number {
  const asked = findExplanation(request.ctx, request.params.id!);
  // A transfer's other side is made again from the transfer's own explanation on every change, so its
  // files live there: attached to this side, they were orphaned by the next edit of the transfer.
  const owner = asked.transferSourceId === null ? asked : findExplanation(request.ctx, String(asked.transferSourceId));
  if (writing) assertUnlocked(request.ctx, owner.datedOn);
  return owner.id;
}

function touchExplanation(ctx: EngineContext, explanationId: number): void {
  ctx.db.update(bankTransactionExplanations).set({ updatedAt: ctx.now }).where(eq(bankTransactionExplanations.id, explanationId)).run();
  ctx.recordChange(EXPLANATIONS, explanationId, 'update');
}

const BANKING = Level.Banking;
const BY_ID = '/v2/bank_transaction_explanations/:id{[0-9]+}';

const singleRoutes: Route[] = [
  { method: 'GET', path: '/v2/bank_transaction_explanations', level: BANKING, handle: listExplanations },
  { method: 'GET', path: BY_ID, level: BANKING, handle: ({ ctx, params }) => ok({ bank_transaction_explanation: explanationRecord(ctx, findExplanation(ctx, params.id!)) }) },
  { method: 'POST', path: '/v2/bank_transaction_explanations', level: BANKING, handle: createExplanationRoute },
  { method: 'PUT', path: BY_ID, level: BANKING, handle: updateExplanationRoute },
  { method: 'DELETE', path: BY_ID, level: BANKING, handle: deleteExplanationRoute },
  ...attachmentRoutes({ resource: EXPLANATIONS, noun: 'explanation', ownerPath: BY_ID, level: BANKING, ownerId: explanationId, touch: touchExplanation }),
];

const endpoint = (method: Route['method'], path: string): Route => {
  const route = singleRoutes.find((candidate) => candidate.method === method && candidate.path === path);
  if (!route) throw new Error(`No explanation endpoint ${method} ${path}`);
  return route;
};

const batchEndpoints: BatchEndpoints = {
  create: endpoint('POST', '/v2/bank_transaction_explanations'),
  update: endpoint('PUT', BY_ID),
  remove: endpoint('DELETE', BY_ID),
  attach: endpoint('POST', `${BY_ID}/attachments`),
  read: endpoint('GET', BY_ID),
};

export const explanationRoutes: Route[] = [
  ...singleRoutes,
  // A split line's parts and receipts in one request, all or nothing (docs/api-notes.md, "Undo and redo").
  { method: 'POST', path: '/v2/bank_transaction_explanations/batch', level: BANKING, handle: (request) => runExplanationBatch(request, batchEndpoints) },
];
