import type { ExpenseInput } from '../../../shared/api/expenses';
import { expenses } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { categoryById, purchaseCategory, type CategoryRow } from './categories';
import { checkEcStatus } from './ec-status';
import { assertOwnExpense } from './expense-access';
import { linkedProjectId, linkedUser } from './links';
import { minorOf, reinterpretMinor, scaleMinor } from './money';
import { suppliersTax } from '../ledger/reverse-charge';
import { purchaseTax, taxAsked } from './tax';
import { vatRegisteredOn } from '../ledger/vat-registration';

export type ExpenseRow = typeof expenses.$inferSelect;
export type ExpenseValues = Omit<typeof expenses.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** An expense posts against its claimant's account and the VAT it reclaims, so neither may be its category. */
const EXPENSE_CATEGORIES = {
  refused: {
    '750': 'money spent from a bank account is a bank transaction explanation',
    '818': 'the VAT on an expense is worked out from sales_tax_rate or manual_sales_tax_amount',
  },
  userAccounts: 'an expense is already money owed to (or by) its user',
};

function claimantId(ctx: EngineContext, input: ExpenseInput, current: ExpenseRow | null): number {
  // The live service requires user; the acting user is the one sensible default for their own claim.
  const id = input.user !== undefined ? linkedUser(ctx, input.user).id : (current?.userId ?? ctx.user.id);
  assertOwnExpense(ctx, id);
  return id;
}

function expenseCategory(ctx: EngineContext, input: ExpenseInput, current: ExpenseRow | null): CategoryRow {
  if (input.category !== undefined) return purchaseCategory(ctx, input.category, 'category', EXPENSE_CATEGORIES);
  return categoryById(ctx, current!.categoryId);
}

function grossOf(input: ExpenseInput, current: ExpenseRow | null, currency: string): number {
  const gross = input.gross_value !== undefined ? minorOf(input.gross_value, currency, 'gross_value') : reinterpretMinor(current!.grossMinor, current!.currency, currency, 'gross_value');
  if (gross === 0) throw unprocessable('gross_value must not be zero: negative for money the user spent, positive for a refund the user owes');
  return gross;
}

/**
 * The gross in the company's currency. Offline there is no rate feed, so a foreign-currency expense
 * needs native_gross_value; on a later change of the amount alone, the rate it was entered at holds.
 */
function nativeGrossOf(input: ExpenseInput, current: ExpenseRow | null, currency: string, native: string, gross: number): number {
  if (currency === native) {
    if (input.native_gross_value !== undefined && minorOf(input.native_gross_value, native, 'native_gross_value') !== gross) {
      throw unprocessable(`native_gross_value must equal gross_value on an expense in ${native}`);
    }
    return gross;
  }
  let nativeGross: number;
  if (input.native_gross_value !== undefined) nativeGross = minorOf(input.native_gross_value, native, 'native_gross_value');
  else if (current && current.currency === currency) nativeGross = scaleMinor(gross, current.nativeGrossMinor, current.grossMinor);
  else throw unprocessable(`native_gross_value is required on an expense in ${currency}: the amount in ${native} it cost (Ledgerdesk has no exchange rate feed offline)`);
  if (nativeGross === 0 || Math.sign(nativeGross) !== Math.sign(gross)) throw unprocessable('native_gross_value must have the sign of gross_value and not be zero');
  return nativeGross;
}

/**
 * Every stored value of an expense from the payload and (on update) the current row: the claimant
 * (only oneself below level 7), a category it may post to, the amounts, and sales tax rules 1-6.
 * Tax is worked out on the native gross: a manual amount is in the company's currency (live docs).
 */
export function resolveExpense(ctx: EngineContext, input: ExpenseInput, current: ExpenseRow | null): ExpenseValues {
  const native = loadCompany(ctx).currency;
  const userId = claimantId(ctx, input, current);
  const category = expenseCategory(ctx, input, current);
  const datedOn = input.dated_on ?? current!.datedOn;
  const currency = input.currency ?? current?.currency ?? native;
  const grossMinor = grossOf(input, current, currency);
  const nativeGrossMinor = nativeGrossOf(input, current, currency, native, grossMinor);
  const ecStatus = input.ec_status !== undefined ? input.ec_status : (current?.ecStatus ?? null);
  checkEcStatus(ecStatus, datedOn);
  const asked = purchaseTax(taxAsked(input, current, native), {
    grossMinor: nativeGrossMinor,
    currency: native,
    autoRate: category.autoSalesTaxRate,
    datedOn,
    vatRegistered: vatRegisteredOn(loadCompany(ctx), datedOn),
    zeroRates: currency !== native,
  });
  const tax = suppliersTax(asked, ecStatus, true);
  const projectId = input.project !== undefined ? (input.project === null ? null : linkedProjectId(ctx, input.project)) : (current?.projectId ?? null);
  const receipt = input.receipt_reference !== undefined ? input.receipt_reference : (current?.receiptReference ?? null);
  return {
    userId,
    categoryId: category.id,
    projectId,
    datedOn,
    description: input.description ?? current!.description,
    receiptReference: receipt ?? null,
    currency,
    grossMinor,
    nativeGrossMinor,
    salesTaxRate: tax.salesTaxRate,
    // In the company's currency: what posts and what the VAT return reads.
    salesTaxMinor: tax.salesTaxMinor,
    manualSalesTaxMinor: tax.manualSalesTaxMinor,
    salesTaxStatus: tax.salesTaxStatus,
    salesTaxMode: tax.salesTaxMode,
    ecStatus,
  };
}
