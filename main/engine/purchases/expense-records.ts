import { fromMinor } from '../../../shared/money';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { recordUrl } from '../urls';
import { date, decimal, timestamp, type ApiRecord } from '../values';
import { categoryById, categoryUrl } from './categories';
import type { ExpenseRow } from './expense-values';
import { scaleMinor } from './money';

/**
 * An expense as the live service returns it (golden expenses.json): gross and tax signed alike
 * (money spent negative), the native values beside them, and the tax fields by rules 2-5: the rate
 * when one applies, the manual amount (in the company's currency) when one was given.
 */
export function expenseRecord(ctx: EngineContext, row: ExpenseRow): ApiRecord {
  const native = loadCompany(ctx).currency;
  const taxable = row.salesTaxStatus === 'TAXABLE';
  // The tax is kept in the company's currency; in the expense's own it is carried at the expense's rate.
  const ownTax = scaleMinor(row.salesTaxMinor, row.grossMinor, row.nativeGrossMinor);
  return {
    url: recordUrl(ctx, 'expenses', row.id),
    user: recordUrl(ctx, 'users', row.userId),
    category: categoryUrl(ctx, categoryById(ctx, row.categoryId)),
    dated_on: date(row.datedOn),
    currency: row.currency,
    gross_value: decimal(fromMinor(row.grossMinor, row.currency)),
    native_gross_value: decimal(fromMinor(row.nativeGrossMinor, native)),
    sales_tax_rate: row.salesTaxRate !== null ? decimal(row.salesTaxRate) : undefined,
    sales_tax_value: taxable ? decimal(fromMinor(ownTax, row.currency)) : undefined,
    native_sales_tax_value: taxable ? decimal(fromMinor(row.salesTaxMinor, native)) : undefined,
    manual_sales_tax_amount: row.manualSalesTaxMinor !== null ? decimal(fromMinor(row.manualSalesTaxMinor, native)) : undefined,
    sales_tax_status: row.salesTaxStatus ?? undefined,
    ec_status: row.ecStatus ?? undefined,
    description: row.description,
    receipt_reference: row.receiptReference ?? undefined,
    project: row.projectId !== null ? recordUrl(ctx, 'projects', row.projectId) : undefined,
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
  };
}
