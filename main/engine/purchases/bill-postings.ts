import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { replacePostings, type PostingLine } from '../ledger/postings';
import type { BillItemRow } from './bill-items';
import { BILLS, type BillRow } from './bill-payments';
import { nativeItem } from './bill-values';
import { categoryByCode } from './categories';

const TRADE_CREDITORS = '796';
const VAT_RECLAIMED = '818';

/**
 * The bill's double entry, in the company's currency at the bill's rate: each item's category takes
 * its net, VAT Reclaimed (818) the tax, against the total owed on Trade Creditors (796). Each item is
 * converted whole and its net is what is left, so the lines balance to the penny.
 */
export function postBill(ctx: EngineContext, bill: BillRow, items: readonly BillItemRow[]): void {
  const native = loadCompany(ctx).currency;
  const base = { datedOn: bill.datedOn, description: bill.reference };
  const lines: PostingLine[] = [];
  let tax = 0;
  let total = 0;
  for (const item of items) {
    const amounts = nativeItem({ totalMinor: item.totalMinor, taxMinor: item.salesTaxMinor }, bill.currency, native, bill.exchangeRate);
    lines.push({ ...base, categoryId: item.categoryId, debitMinor: amounts.net, salesTaxStatus: item.salesTaxStatus, ecStatus: bill.ecStatus });
    tax += amounts.tax;
    total += amounts.total;
  }
  if (tax !== 0) lines.push({ ...base, categoryId: categoryByCode(ctx, VAT_RECLAIMED).id, debitMinor: tax });
  const foreign = bill.currency !== native ? { foreignCurrency: bill.currency, foreignDebitMinor: -bill.totalMinor } : {};
  lines.push({ ...base, ...foreign, categoryId: categoryByCode(ctx, TRADE_CREDITORS).id, debitMinor: -total });
  replacePostings(ctx, BILLS, bill.id, lines);
}
