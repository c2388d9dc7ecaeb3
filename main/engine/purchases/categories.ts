import { and, eq, ne } from 'drizzle-orm';
import { categories } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { categoryWithCode, categoryWithId } from '../ledger/category-rows';
import { keyFromUrl } from '../urls';

export type CategoryRow = typeof categories.$inferSelect;

/** Codes a kind of purchase never takes, each with the reason (it would post against its own account). */
export interface CategoryRules {
  /** Base codes refused, each with the reason. */
  refused: Readonly<Record<string, string>>;
  /** Why the 900-910 user sub accounts are refused, when they are. */
  userAccounts?: string;
}

function codeOf(value: string | number, field: string): string {
  if (typeof value === 'number') return String(value).padStart(3, '0');
  const trimmed = value.trim();
  // The live service's clients also send a bare nominal code.
  if (/^\d+(-\d+)?$/.test(trimmed)) return trimmed;
  return keyFromUrl(value, 'categories', field);
}

/**
 * The category a purchase line posts its net value to: one that exists, is not a bank account or
 * the document's own control account, and is a sub account wherever the chart has them (601-N, 907-N).
 */
export function purchaseCategory(ctx: EngineContext, value: string | number, field: string, rules: CategoryRules): CategoryRow {
  const code = codeOf(value, field);
  const row = ctx.db.select().from(categories).where(eq(categories.nominalCode, code)).get();
  if (!row) throw unprocessable(`${field} ${code} does not exist`);
  const reason = rules.refused[row.baseCode];
  if (reason) throw unprocessable(`${field} cannot be ${row.nominalCode} (${row.description}): ${reason}`);
  if (rules.userAccounts && row.userId !== null) throw unprocessable(`${field} cannot be ${row.nominalCode} (${row.description}): ${rules.userAccounts}`);
  if (row.nominalCode === row.baseCode) {
    const sub = ctx.db
      .select({ code: categories.nominalCode })
      .from(categories)
      .where(and(eq(categories.baseCode, row.baseCode), ne(categories.nominalCode, row.baseCode)))
      .limit(1)
      .get();
    if (sub) throw unprocessable(`${field} ${row.nominalCode} has sub accounts; choose one of them, such as ${sub.code}`);
  }
  return row;
}

export function categoryById(ctx: EngineContext, id: number): CategoryRow {
  const row = categoryWithId(ctx, id);
  if (!row) throw new Error(`Category ${id} is missing`);
  return row;
}

export function categoryByCode(ctx: EngineContext, code: string): CategoryRow {
  const row = categoryWithCode(ctx, code);
  if (!row) throw new Error(`The chart has no ${code} category`);
  return row;
}

export const categoryUrl = (ctx: EngineContext, row: Pick<CategoryRow, 'nominalCode'>) => `${ctx.origin}/v2/categories/${row.nominalCode}`;
