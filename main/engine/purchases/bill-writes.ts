import { eq, inArray } from 'drizzle-orm';
import { fromMinor } from '../../../shared/money';
import { billItems, bills } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { assertUnlocked } from '../ledger/locks';
import { removePostings } from '../ledger/postings';
import type { ItemDraft } from './bill-items';
import { BILLS, paymentsOf, paidMinor, repostBillPayments, type BillRow } from './bill-payments';
import { postBill } from './bill-postings';
import { itemsOf } from './bill-records';
import type { ResolvedBill } from './bill-values';

function itemColumns(item: ItemDraft) {
  return {
    categoryId: item.category.id,
    description: item.description,
    totalMinor: item.totalMinor,
    salesTaxRate: item.tax.salesTaxRate,
    salesTaxMinor: item.tax.salesTaxMinor,
    manualSalesTaxMinor: item.tax.manualSalesTaxMinor,
    salesTaxStatus: item.tax.salesTaxStatus,
    salesTaxMode: item.tax.salesTaxMode,
  };
}

function writeItems(ctx: EngineContext, billId: number, resolved: ResolvedBill): void {
  if (resolved.removed.length > 0) ctx.db.delete(billItems).where(inArray(billItems.id, resolved.removed)).run();
  for (const item of resolved.items) {
    if (item.id === null) ctx.db.insert(billItems).values({ billId, ...itemColumns(item), createdAt: ctx.now, updatedAt: ctx.now }).run();
    else ctx.db.update(billItems).set({ ...itemColumns(item), updatedAt: ctx.now }).where(eq(billItems.id, item.id)).run();
  }
}

export function createBill(ctx: EngineContext, resolved: ResolvedBill): BillRow {
  assertUnlocked(ctx, resolved.values.datedOn);
  const bill = ctx.db.insert(bills).values({ ...resolved.values, createdAt: ctx.now, updatedAt: ctx.now }).returning().get();
  ctx.recordChange(BILLS, bill.id, 'create');
  writeItems(ctx, bill.id, resolved);
  postBill(ctx, bill, itemsOf(ctx, bill.id));
  return bill;
}

/**
 * What is already paid must still fit the bill: the currency cannot change under its payments, and
 * the total cannot fall below (or turn against) what has been paid.
 */
function checkAgainstPayments(ctx: EngineContext, current: BillRow, resolved: ResolvedBill): void {
  const payments = paymentsOf(ctx, current.id);
  if (payments.length === 0) return;
  if (resolved.values.currency !== current.currency) throw unprocessable('currency cannot change on a bill that has payments');
  const paid = paidMinor(ctx, current);
  const total = resolved.values.totalMinor;
  if (Math.sign(total) !== Math.sign(paid) || Math.abs(total) < Math.abs(paid)) {
    throw unprocessable(`The bill's total cannot be less than the ${fromMinor(Math.abs(paid), current.currency)} ${current.currency} already paid`);
  }
  // A foreign bill's payments clear Trade Creditors at the bill's rate, so they are posted again.
  if (current.exchangeRate !== resolved.values.exchangeRate || current.nativeTotalMinor !== resolved.values.nativeTotalMinor) {
    assertUnlocked(ctx, ...payments.map((payment) => payment.datedOn));
  }
}

export function updateBill(ctx: EngineContext, current: BillRow, resolved: ResolvedBill): BillRow {
  assertUnlocked(ctx, current.datedOn, resolved.values.datedOn);
  checkAgainstPayments(ctx, current, resolved);
  const bill = ctx.db.update(bills).set({ ...resolved.values, updatedAt: ctx.now }).where(eq(bills.id, current.id)).returning().get();
  ctx.recordChange(BILLS, bill.id, 'update');
  writeItems(ctx, bill.id, resolved);
  postBill(ctx, bill, itemsOf(ctx, bill.id));
  repostBillPayments(ctx, bill.id);
  return bill;
}

/** A bill with payments stays: its payments would be left explaining money paid to nothing. */
export function deleteBill(ctx: EngineContext, bill: BillRow): void {
  if (paymentsOf(ctx, bill.id).length > 0) throw unprocessable('This bill has payments; delete the bank transaction explanations that pay it first');
  assertUnlocked(ctx, bill.datedOn);
  removePostings(ctx, BILLS, bill.id);
  ctx.db.delete(billItems).where(eq(billItems.billId, bill.id)).run();
  ctx.db.delete(bills).where(eq(bills.id, bill.id)).run();
  ctx.recordChange(BILLS, bill.id, 'delete');
}
