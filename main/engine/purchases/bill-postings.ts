import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { replacePostings, type PostingLine } from '../ledger/postings';
import { isSelfAccounted, reverseChargeLines } from '../ledger/reverse-charge';
import { absorbDifference } from '../ledger/rounding-difference';
import { convertMinor } from './money';
import type { BillItemRow } from './bill-items';
import { BILLS, type BillRow } from './bill-payments';
import { nativeItem } from './bill-values';
import { categoryByCode } from './categories';

const TRADE_CREDITORS = '796';
const VAT_RECLAIMED = '818';

/**
 * The bill's double entry, in the company's currency at the bill's rate: each item's category takes
 * its net, VAT Reclaimed (818) the tax, against the total owed on Trade Creditors (796). The total and
 * the VAT are each converted whole (what the supplier is owed is the total times the rate); the items'
 * nets are converted one by one and the pennies their rounding moves go to the largest, so the lines
 * balance to the penny. Under the reverse charge the supplier charged no VAT: the item's whole amount
 * is cost, and the VAT on it is accounted for by the company both ways (818 and 819).
 */
export function postBill(ctx: EngineContext, bill: BillRow, items: readonly BillItemRow[]): void {
  const native = loadCompany(ctx).currency;
  const convert = (minor: number) => convertMinor(minor, bill.currency, native, bill.exchangeRate);
  const base = { datedOn: bill.datedOn, description: bill.reference };
  const total = convert(items.reduce((sum, item) => sum + item.totalMinor, 0));
  const tax = convert(items.reduce((sum, item) => sum + item.salesTaxMinor, 0));
  const nets = items.map((item) => nativeItem({ totalMinor: item.totalMinor, taxMinor: item.salesTaxMinor }, bill.currency, native, bill.exchangeRate).net);
  absorbDifference(nets, total - tax);
  const lines: PostingLine[] = [];
  const selfAccounted: PostingLine[] = [];
  items.forEach((item, index) => {
    const net = nets[index]!;
    lines.push({ ...base, categoryId: item.categoryId, debitMinor: net, salesTaxStatus: item.salesTaxStatus, ecStatus: bill.ecStatus, itemDescription: item.description });
    if (isSelfAccounted(bill.ecStatus, item.salesTaxStatus)) {
      const manual = item.manualSalesTaxMinor === null ? null : Math.abs(convert(item.manualSalesTaxMinor));
      selfAccounted.push(...reverseChargeLines(ctx, base, { netDebitMinor: net, salesTaxRate: item.salesTaxRate, manualSalesTaxMinor: manual }));
    }
  });
  if (tax !== 0) lines.push({ ...base, categoryId: categoryByCode(ctx, VAT_RECLAIMED).id, debitMinor: tax });
  const foreign = bill.currency !== native ? { foreignCurrency: bill.currency, foreignDebitMinor: -bill.totalMinor } : {};
  lines.push({ ...base, ...foreign, categoryId: categoryByCode(ctx, TRADE_CREDITORS).id, debitMinor: -total });
  lines.push(...selfAccounted);
  replacePostings(ctx, BILLS, bill.id, lines);
}
