import { Level } from '../../../shared/api/permissions';
import type { EngineContext } from '../context';
import { forbidden } from '../errors';

/**
 * Expenses need My Money (2), which is a user's own money: below Tax, Accounting & Users (7) a user
 * sees and records only their own expense claims; from 7 up, anyone's.
 */
export const seesEveryonesExpenses = (ctx: EngineContext) => ctx.user.permissionLevel >= Level.TaxAccountingAndUsers;

export function assertOwnExpense(ctx: EngineContext, claimantId: number): void {
  if (claimantId !== ctx.user.id && !seesEveryonesExpenses(ctx)) {
    throw forbidden("Your access level lets you see and record only your own expenses; another user's need Tax, Accounting & Users");
  }
}
