import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { fromMinor } from '../../../shared/money';
import type { Db } from '../../db/client';
import { bankAccounts, bankTransactionExplanations, bills, categories } from '../../db/schema';
import { EXPLANATIONS, type ExplanationRow } from '../banking/records';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { replacePostings, type PostingLine } from '../ledger/postings';
import { preparedPerConnection } from '../prepared';
import { idFromUrl } from '../urls';
import { categoryByCode } from './categories';
import { convertMinor } from './money';

export type BillRow = typeof bills.$inferSelect;

export const BILLS = 'bills';
const TRADE_CREDITORS = '796';
const REALISED_EXCHANGE = '390';

type PaymentAmounts = Pick<ExplanationRow, 'grossMinor' | 'foreignGrossMinor'>;

/**
 * What a payment takes off a bill, in the bill's currency: the native gross for a bill in the company's
 * currency, else the bank account's own amount (a foreign bill is paid from an account in its currency).
 * Money out pays a bill, so a payment of -60 takes 60 off.
 */
export function paidBy(bill: Pick<BillRow, 'currency'>, native: string, payment: PaymentAmounts): number {
  return bill.currency === native ? -payment.grossMinor : -(payment.foreignGrossMinor ?? payment.grossMinor);
}

// Asked for every bill a list page shows: built and prepared once per connection.
const paymentsQuery = preparedPerConnection((db: Db) =>
  db.select().from(bankTransactionExplanations).where(eq(bankTransactionExplanations.paidBillId, sql.placeholder('billId'))).orderBy(asc(bankTransactionExplanations.id)).prepare(),
);

export function paymentsOf(ctx: EngineContext, billId: number): ExplanationRow[] {
  return paymentsQuery(ctx.db).all({ billId });
}

/**
 * Every bill's payments dated on or before `asAt`, by bill id, each in paymentsOf's order: one read
 * for the whole book where a report over every bill would otherwise ask once per bill.
 */
export function paymentsByBill(ctx: EngineContext, asAt: string): Map<number, ExplanationRow[]> {
  const byBill = new Map<number, ExplanationRow[]>();
  const rows = ctx.db
    .select()
    .from(bankTransactionExplanations)
    .where(and(isNotNull(bankTransactionExplanations.paidBillId), lte(bankTransactionExplanations.datedOn, asAt)))
    .orderBy(asc(bankTransactionExplanations.id))
    .all();
  for (const row of rows) {
    const list = byBill.get(row.paidBillId!);
    if (list) list.push(row);
    else byBill.set(row.paidBillId!, [row]);
  }
  return byBill;
}

/** Everything paid on a bill so far, in the bill's currency. */
export function paidMinor(ctx: EngineContext, bill: BillRow): number {
  const native = loadCompany(ctx).currency;
  return paymentsOf(ctx, bill.id).reduce((sum, payment) => sum + paidBy(bill, native, payment), 0);
}

/**
 * The bill an explanation pays, as the payload and the current explanation say: paid_bill, category and
 * transfer_bank_account are alternatives, so giving a category or a transfer stops it paying a bill.
 */
export function paidBillTarget(
  input: { paid_bill?: string | number | null; category?: string | number | null; transfer_bank_account?: string | number | null },
  current: Pick<ExplanationRow, 'paidBillId'> | null,
): number | null {
  if (input.paid_bill != null) {
    if (input.category != null || input.transfer_bank_account != null) {
      throw unprocessable('An explanation pays a bill (paid_bill), has a category or is a transfer (transfer_bank_account): only one of them');
    }
    return idFromUrl(input.paid_bill, 'bills', 'paid_bill');
  }
  if (input.paid_bill === null || input.category != null || input.transfer_bank_account != null) return null;
  return current?.paidBillId ?? null;
}

/** The live service's type for an explanation that pays a bill (or takes a supplier's refund). */
export const billPaymentEntryType = (grossMinor: number) => (grossMinor < 0 ? 'Bill Payment' : 'Bill Refund');

/**
 * Refuses a payment that the bill cannot take: an unknown bill, a foreign bill paid from an account in
 * another currency, or more than is left to pay (other payments of the bill counted, this one not).
 */
export function checkBillPayment(ctx: EngineContext, billId: number, payment: PaymentAmounts & { bankAccountId: number; exceptId: number | null }): BillRow {
  const bill = ctx.db.select().from(bills).where(eq(bills.id, billId)).get();
  if (!bill) throw unprocessable('paid_bill is not a bill of this company');
  const native = loadCompany(ctx).currency;
  const account = ctx.db.select().from(bankAccounts).where(eq(bankAccounts.id, payment.bankAccountId)).get()!;
  if (bill.currency !== native && account.currency !== bill.currency) {
    throw unprocessable(`A bill in ${bill.currency} is paid from a bank account in ${bill.currency}; this account is in ${account.currency}`);
  }
  const others = paymentsOf(ctx, bill.id).filter((row) => row.id !== payment.exceptId);
  const due = bill.totalMinor - others.reduce((sum, row) => sum + paidBy(bill, native, row), 0);
  const paying = paidBy(bill, native, payment);
  if (due === 0) throw unprocessable('paid_bill has nothing left to pay');
  if (Math.sign(paying) !== Math.sign(due)) {
    throw unprocessable(due > 0 ? 'A bill is paid with money out: gross_value must be negative' : 'A bill refund is received as money in: gross_value must be positive');
  }
  if (Math.abs(paying) > Math.abs(due)) {
    throw unprocessable(`gross_value is more than the ${fromMinor(Math.abs(due), bill.currency)} ${bill.currency} left to pay on the bill`);
  }
  return bill;
}

function bankSubAccount(ctx: EngineContext, accountId: number): number {
  const row = ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.bankAccountId, accountId)).get();
  if (!row) throw new Error(`Bank account ${accountId} has no 750 sub account`);
  return row.id;
}

/**
 * Posts every payment of a bill: the bank's 750-N takes the gross against Trade Creditors (796). A
 * foreign bill leaves 796 at the bill's rate: each payment clears its share at that rate (the one
 * that settles the bill clears exactly what is left), and the difference from what the bank paid is a
 * realised exchange gain or loss (390). Payments are posted in order, so this runs whenever any
 * payment of the bill, or the bill itself, changes.
 */
export function repostBillPayments(ctx: EngineContext, billId: number): void {
  const bill = ctx.db.select().from(bills).where(eq(bills.id, billId)).get();
  if (!bill) return;
  const native = loadCompany(ctx).currency;
  const cleared = (paid: number) => (paid === bill.totalMinor ? bill.nativeTotalMinor : convertMinor(paid, bill.currency, native, bill.exchangeRate));
  const creditors = categoryByCode(ctx, TRADE_CREDITORS).id;
  let paidSoFar = 0;
  for (const payment of paymentsOf(ctx, bill.id)) {
    const paying = paidBy(bill, native, payment);
    const clears = cleared(paidSoFar + paying) - cleared(paidSoFar);
    paidSoFar += paying;
    const account = ctx.db.select({ currency: bankAccounts.currency }).from(bankAccounts).where(eq(bankAccounts.id, payment.bankAccountId)).get()!;
    const base = { datedOn: payment.datedOn, description: payment.description || bill.reference };
    const lines: PostingLine[] = [
      { ...base, categoryId: bankSubAccount(ctx, payment.bankAccountId), debitMinor: payment.grossMinor, ...(payment.foreignGrossMinor !== null ? { foreignCurrency: account.currency, foreignDebitMinor: payment.foreignGrossMinor } : {}) },
      { ...base, categoryId: creditors, debitMinor: clears, ...(bill.currency !== native ? { foreignCurrency: bill.currency, foreignDebitMinor: paying } : {}) },
      { ...base, categoryId: categoryByCode(ctx, REALISED_EXCHANGE).id, debitMinor: -(payment.grossMinor + clears) },
    ];
    replacePostings(ctx, EXPLANATIONS, payment.id, lines);
  }
}

/** After payments change: re-post the bills they pay and mark them updated (their paid value moved). */
export function settleBills(ctx: EngineContext, ...billIds: (number | null)[]): void {
  for (const billId of new Set(billIds.filter((id): id is number => id !== null))) {
    repostBillPayments(ctx, billId);
    const touched = ctx.db.update(bills).set({ updatedAt: ctx.now }).where(eq(bills.id, billId)).returning({ id: bills.id }).get();
    if (touched) ctx.recordChange(BILLS, billId, 'update');
  }
}
