import { eq, sql } from 'drizzle-orm';
import { EXPENSE_VIEWS, expenseCreateSchema, expenseUpdateSchema, UNSUPPORTED_PURCHASE_FIELDS } from '../../../shared/api/expenses';
import { Level } from '../../../shared/api/permissions';
import type { Db } from '../../db/client';
import { expenses } from '../../db/schema';
import type { EngineContext } from '../context';
import { badRequest, notFound, unprocessable } from '../errors';
import { assertUnlocked } from '../ledger/locks';
import { removePostings } from '../ledger/postings';
import { pageHeaders, pageOf } from '../pagination';
import { preparedPerConnection } from '../prepared';
import { payload, rootOf } from '../payload';
import { deleteAttachmentsOf } from '../banking/attachments';
import { assertOwnExpense, seesEveryonesExpenses } from '../purchases/expense-access';
import { expenseAttachmentRoutes } from '../purchases/expense-attachments';
import { attachSentReceipts, sentReceipts } from '../purchases/expense-sent-receipts';
import { EXPENSES, postExpense } from '../purchases/expense-postings';
import { expenseRecord } from '../purchases/expense-records';
import { resolveExpense, type ExpenseRow } from '../purchases/expense-values';
import { choiceParam, periodConditions } from '../query-params';
import { countWhileUnchanged } from '../read-cache';
import { created, deleted, ok, type Route, type RouteRequest, type RouteResult } from '../route';
import { idFromUrl } from '../urls';
import { applyPurchaseProfile } from '../assets/purchase-profile';

// Read once per expense a list page shows: prepared once per connection.
const expenseQuery = preparedPerConnection((db: Db) => db.select().from(expenses).where(eq(expenses.id, sql.placeholder('id'))).prepare());

/** An expense that exists and that the acting user may see (their own below level 7). */
function findExpense(ctx: EngineContext, id: string): ExpenseRow {
  const row = /^\d+$/.test(id) ? expenseQuery(ctx.db).get({ id: Number(id) }) : undefined;
  if (!row) throw notFound('Expense not found');
  assertOwnExpense(ctx, row.userId);
  return row;
}

/** Live fields Ledgerdesk does not implement are refused, not ignored: nobody should wait for a recurrence. */
function refuseUnsupported(request: RouteRequest): void {
  const sent = Object.keys(rootOf(request, 'expense'));
  const unsupported = UNSUPPORTED_PURCHASE_FIELDS.filter((field) => sent.includes(field));
  if (unsupported.length > 0) throw unprocessable(`${unsupported.join(', ')} ${unsupported.length === 1 ? 'is' : 'are'} not supported on expenses in Ledgerdesk`);
}

/** Three calendar months before a date: the start of the "recent" view. */
function threeMonthsBefore(day: string): string {
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(year, month - 3, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 4, Math.min(dayOfMonth, lastOfMonth))).toISOString().slice(0, 10);
}

function projectFilter(value: string): number {
  try {
    return idFromUrl(value, 'projects', 'project');
  } catch {
    throw badRequest('project must be the url of a project');
  }
}

function listExpenses(request: RouteRequest): RouteResult {
  const { ctx, query } = request;
  const view = choiceParam(query, 'view', EXPENSE_VIEWS, 'all');
  const period = periodConditions(query);
  const conditions = [...period.conditions];
  const params: Record<string, string | number> = { ...period.params };
  if (!seesEveryonesExpenses(ctx)) {
    conditions.push('user_id = @user');
    params.user = ctx.user.id;
  }
  const project = query.get('project');
  if (project) {
    conditions.push('project_id = @project');
    params.project = projectFilter(project);
  }
  if (view === 'recent') {
    conditions.push('dated_on >= @recent');
    params.recent = threeMonthsBefore(ctx.today);
  }
  // Ledgerdesk does not make recurring expenses, so none is in the recurring view.
  if (view === 'recurring') conditions.push('0');
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const sqlite = ctx.book.sqlite;
  const total = countWhileUnchanged(ctx, `SELECT count(*) FROM expenses ${where}`, params);
  const page = pageOf(query);
  const ids = sqlite
    .prepare(`SELECT id FROM expenses ${where} ORDER BY dated_on DESC, id DESC LIMIT @limit OFFSET @offset`)
    .pluck()
    .all({ ...params, limit: page.limit, offset: page.offset }) as number[];
  const rows = ids.map((id) => expenseQuery(ctx.db).get({ id })!);
  return { status: 200, body: { expenses: rows.map((row) => expenseRecord(ctx, row)) }, headers: pageHeaders(request.url, page, total) };
}

function createExpense(request: RouteRequest): RouteResult {
  const { ctx } = request;
  refuseUnsupported(request);
  const input = payload(request, 'expense', expenseCreateSchema);
  const files = sentReceipts(rootOf(request, 'expense'));
  const values = resolveExpense(ctx, input, null);
  assertUnlocked(ctx, values.datedOn);
  const row = ctx.db.insert(expenses).values({ ...values, createdAt: ctx.now, updatedAt: ctx.now }).returning().get();
  ctx.recordChange(EXPENSES, row.id, 'create');
  postExpense(ctx, row);
  applyPurchaseProfile(request, 'expense', EXPENSES, row.id);
  attachSentReceipts(request, row.id, files);
  const record = expenseRecord(ctx, ctx.db.select().from(expenses).where(eq(expenses.id, row.id)).get()!);
  return created({ expense: record }, record.url as string);
}

function updateExpense(request: RouteRequest): RouteResult {
  const { ctx } = request;
  const current = findExpense(ctx, request.params.id!);
  refuseUnsupported(request);
  const input = payload(request, 'expense', expenseUpdateSchema);
  const files = sentReceipts(rootOf(request, 'expense'));
  const values = resolveExpense(ctx, input, current);
  assertUnlocked(ctx, current.datedOn, values.datedOn);
  const row = ctx.db.update(expenses).set({ ...values, updatedAt: ctx.now }).where(eq(expenses.id, current.id)).returning().get();
  ctx.recordChange(EXPENSES, row.id, 'update');
  postExpense(ctx, row);
  applyPurchaseProfile(request, 'expense', EXPENSES, row.id);
  attachSentReceipts(request, row.id, files);
  return ok({ expense: expenseRecord(ctx, ctx.db.select().from(expenses).where(eq(expenses.id, row.id)).get()!) });
}

function deleteExpense(request: RouteRequest): RouteResult {
  const { ctx } = request;
  const row = findExpense(ctx, request.params.id!);
  assertUnlocked(ctx, row.datedOn);
  removePostings(ctx, EXPENSES, row.id);
  deleteAttachmentsOf(ctx, EXPENSES, row.id);
  ctx.db.delete(expenses).where(eq(expenses.id, row.id)).run();
  ctx.recordChange(EXPENSES, row.id, 'delete');
  return deleted();
}

const MY_MONEY = Level.MyMoney;
const BY_ID = '/v2/expenses/:id{[0-9]+}';

export const expenseRoutes: Route[] = [
  { method: 'GET', path: '/v2/expenses', level: MY_MONEY, handle: listExpenses },
  { method: 'GET', path: BY_ID, level: MY_MONEY, handle: ({ ctx, params }) => ok({ expense: expenseRecord(ctx, findExpense(ctx, params.id!)) }) },
  { method: 'POST', path: '/v2/expenses', level: MY_MONEY, handle: createExpense },
  { method: 'PUT', path: BY_ID, level: MY_MONEY, handle: updateExpense },
  { method: 'DELETE', path: BY_ID, level: MY_MONEY, handle: deleteExpense },
  ...expenseAttachmentRoutes,
];
