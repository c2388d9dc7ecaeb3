import { eq } from 'drizzle-orm';
import { categories } from '../../db/schema';
import type { EngineContext } from '../context';

/** The chart codes sales documents post to. */
export const CODES = {
  tradeDebtors: '681',
  /** Where a CIS deduction waits until HMRC sets it against the company's tax: money owed to it. */
  otherDebtors: '682',
  creditNoteReconciliations: '790',
  vatCharged: '819',
  vatMoss: '824',
  realisedExchange: '390',
  defaultIncome: '001',
} as const;

export type CategoryRow = typeof categories.$inferSelect;

export function categoryByCode(ctx: EngineContext, code: string): CategoryRow | undefined {
  return ctx.db.select().from(categories).where(eq(categories.nominalCode, code)).get();
}

/** A category every chart the engine ships has; its absence is a bug, not bad input. */
export function chartCategory(ctx: EngineContext, code: string): CategoryRow {
  const row = categoryByCode(ctx, code);
  if (!row) throw new Error(`The chart has no ${code} category`);
  return row;
}

/** The 750-N sub account of a bank account. */
export function bankCategory(ctx: EngineContext, bankAccountId: number): CategoryRow {
  const row = ctx.db.select().from(categories).where(eq(categories.bankAccountId, bankAccountId)).get();
  if (!row) throw new Error(`Bank account ${bankAccountId} has no 750 sub account`);
  return row;
}
