import { eq } from 'drizzle-orm';
import { Level } from '../../../shared/api/permissions';
import { expenses } from '../../db/schema';
import { attachmentRoutes } from '../banking/attachment-routes';
import type { EngineContext } from '../context';
import { notFound } from '../errors';
import { assertUnlocked } from '../ledger/locks';
import type { Route, RouteRequest } from '../route';
import { assertOwnExpense } from './expense-access';
import { EXPENSES } from './expense-postings';

/**
 * An expense's receipts (api-notes: expense receipts): the spec gives files to explanations only
 * (4.7); an expense takes them by the same endpoints and rules under /v2/expenses/:id/attachments, so
 * a receipt photographed for a claim is kept with it. Same version, types, sizes and limits; a file
 * changes the expense, so its date must be open; below level 7 only one's own expense.
 */

function expenseId(request: RouteRequest, writing: boolean): number {
  const { ctx } = request;
  const id = request.params.id!;
  const row = /^\d+$/.test(id) ? ctx.db.select().from(expenses).where(eq(expenses.id, Number(id))).get() : undefined;
  if (!row) throw notFound('Expense not found');
  assertOwnExpense(ctx, row.userId);
  if (writing) assertUnlocked(ctx, row.datedOn);
  return row.id;
}

function touch(ctx: EngineContext, id: number): void {
  ctx.db.update(expenses).set({ updatedAt: ctx.now }).where(eq(expenses.id, id)).run();
  ctx.recordChange(EXPENSES, id, 'update');
}

export const expenseAttachmentRoutes: Route[] = attachmentRoutes({
  resource: EXPENSES,
  noun: 'expense',
  ownerPath: '/v2/expenses/:id{[0-9]+}',
  level: Level.MyMoney,
  ownerId: expenseId,
  touch,
});
