import { and, eq } from 'drizzle-orm';
import { categories } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { replacePostings, type PostingLine } from '../ledger/postings';
import { categoryByCode } from './categories';
import type { ExpenseRow } from './expense-values';
import { isSelfAccounted, reverseChargeLines } from '../ledger/reverse-charge';

export const EXPENSES = 'expenses';

/** The choice: an expense claim is owed to the user on their 900-N (Smart User Payment) account. */
export const EXPENSE_CLAIM_BASE = '900';
const VAT_RECLAIMED = '818';

function claimAccount(ctx: EngineContext, userId: number): number {
  const row = ctx.db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.baseCode, EXPENSE_CLAIM_BASE), eq(categories.userId, userId)))
    .get();
  if (!row) throw new Error(`User ${userId} has no ${EXPENSE_CLAIM_BASE} sub account`);
  return row.id;
}

/**
 * The expense's double entry, in the company's currency: the category takes the net and VAT Reclaimed
 * (818) the tax, against the gross owed to the user on their 900-N account. Money spent is a negative
 * gross, so the user's account is credited; a refund the user owes turns every line around.
 */
export function postExpense(ctx: EngineContext, row: ExpenseRow): void {
  const base = { datedOn: row.datedOn, description: row.description };
  const foreign = row.currency !== loadCompany(ctx).currency ? { foreignCurrency: row.currency, foreignDebitMinor: row.grossMinor } : {};
  const lines: PostingLine[] = [
    { ...base, categoryId: row.categoryId, debitMinor: -(row.nativeGrossMinor - row.salesTaxMinor), salesTaxStatus: row.salesTaxStatus, ecStatus: row.ecStatus },
    { ...base, ...foreign, categoryId: claimAccount(ctx, row.userId), debitMinor: row.nativeGrossMinor },
  ];
  if (row.salesTaxMinor !== 0) lines.push({ ...base, categoryId: categoryByCode(ctx, VAT_RECLAIMED).id, debitMinor: -row.salesTaxMinor });
  if (isSelfAccounted(row.ecStatus, row.salesTaxStatus)) {
    lines.push(...reverseChargeLines(ctx, base, { netDebitMinor: lines[0]!.debitMinor, salesTaxRate: row.salesTaxRate, manualSalesTaxMinor: row.manualSalesTaxMinor }));
  }
  replacePostings(ctx, EXPENSES, row.id, lines);
}
