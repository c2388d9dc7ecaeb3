import { eq } from 'drizzle-orm';
import { attachmentsPayloadSchema, type AttachmentItem } from '../../../shared/api/bank_transaction_explanations';
import { Level } from '../../../shared/api/permissions';
import { attachments, expenses } from '../../db/schema';
import {
  addAttachment,
  attachmentRecord,
  attachmentsOf,
  countAttachments,
  deleteAttachment,
  MAX_ATTACHMENTS_PER_CALL,
  MAX_ATTACHMENTS_PER_ITEM,
  multipleAttachments,
  updateAttachment,
} from '../banking/attachments';
import type { EngineContext } from '../context';
import { ApiError, notFound, unprocessable } from '../errors';
import { assertUnlocked } from '../ledger/locks';
import { issueMessages, rootOf, ValidationError } from '../payload';
import { created, ok, type Route, type RouteRequest } from '../route';
import { idFromUrl } from '../urls';
import { assertOwnExpense } from './expense-access';
import { EXPENSES } from './expense-postings';

/**
 * An expense's receipts (api-notes: expense receipts): the spec gives files to explanations only
 * (4.7); an expense takes them by the same endpoints and rules under /v2/expenses/:id/attachments, so
 * a receipt photographed for a claim is kept with it. Same version, types, sizes and limits; a file
 * changes the expense, so its date must be open; below level 7 only one's own expense.
 */

function owner(request: RouteRequest, writing: boolean) {
  const { ctx } = request;
  if (!multipleAttachments(ctx)) {
    throw new ApiError(404, 'The attachments endpoints need X-Api-Version 2026-09-01 or later (the default from 1 December 2026)');
  }
  const id = request.params.id!;
  const row = /^\d+$/.test(id) ? ctx.db.select().from(expenses).where(eq(expenses.id, Number(id))).get() : undefined;
  if (!row) throw notFound('Expense not found');
  assertOwnExpense(ctx, row.userId);
  if (writing) assertUnlocked(ctx, row.datedOn);
  return row;
}

function items(request: RouteRequest): AttachmentItem[] {
  const value = request.body.value;
  const list = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>).attachments : undefined;
  if (list === undefined) rootOf(request, 'attachments');
  const parsed = attachmentsPayloadSchema.safeParse(list);
  if (!parsed.success) throw new ValidationError(issueMessages(parsed.error));
  return parsed.data;
}

const listOf = (ctx: EngineContext, expenseId: number) => ({ attachments: attachmentsOf(ctx, EXPENSES, expenseId).map((row) => attachmentRecord(ctx, row)) });

function checkLimits(ctx: EngineContext, expenseId: number, adding: number, removing: number): void {
  if (adding > MAX_ATTACHMENTS_PER_CALL) throw unprocessable(`At most ${MAX_ATTACHMENTS_PER_CALL} attachments can be added in one call`);
  if (countAttachments(ctx, EXPENSES, expenseId) - removing + adding > MAX_ATTACHMENTS_PER_ITEM) {
    throw unprocessable(`An expense holds at most ${MAX_ATTACHMENTS_PER_ITEM} attachments`);
  }
}

function ownAttachment(ctx: EngineContext, expenseId: number, url: string) {
  const id = idFromUrl(url, 'attachments', 'attachment url');
  const row = ctx.db.select().from(attachments).where(eq(attachments.id, id)).get();
  if (!row || row.ownerResource !== EXPENSES || row.ownerId !== expenseId) throw unprocessable(`attachment ${url} does not belong to this expense`);
  return row;
}

function touch(ctx: EngineContext, expenseId: number): void {
  ctx.db.update(expenses).set({ updatedAt: ctx.now }).where(eq(expenses.id, expenseId)).run();
  ctx.recordChange(EXPENSES, expenseId, 'update');
}

function post(request: RouteRequest) {
  const { ctx } = request;
  const expense = owner(request, true);
  const given = items(request);
  if (given.length === 0) throw unprocessable('attachments must hold at least one file');
  if (given.some((item) => item.url !== undefined)) throw unprocessable('POST only adds attachments; change or remove them with PUT');
  checkLimits(ctx, expense.id, given.length, 0);
  for (const item of given) addAttachment(ctx, EXPENSES, expense.id, item);
  touch(ctx, expense.id);
  return created(listOf(ctx, expense.id));
}

function put(request: RouteRequest) {
  const { ctx } = request;
  const expense = owner(request, true);
  const given = items(request);
  checkLimits(ctx, expense.id, given.filter((item) => item.url === undefined).length, given.filter((item) => item.url !== undefined && item._destroy === true).length);
  for (const item of given) {
    if (item.url === undefined) addAttachment(ctx, EXPENSES, expense.id, item);
    else if (item._destroy === true) deleteAttachment(ctx, ownAttachment(ctx, expense.id, item.url));
    else updateAttachment(ctx, ownAttachment(ctx, expense.id, item.url), item);
  }
  touch(ctx, expense.id);
  return ok(listOf(ctx, expense.id));
}

const PATH = '/v2/expenses/:id{[0-9]+}/attachments';

export const expenseAttachmentRoutes: Route[] = [
  { method: 'GET', path: PATH, level: Level.MyMoney, handle: (request) => ok(listOf(request.ctx, owner(request, false).id)) },
  { method: 'POST', path: PATH, level: Level.MyMoney, handle: post },
  { method: 'PUT', path: PATH, level: Level.MyMoney, handle: put },
];
