import Decimal from 'decimal.js';
import { MAX_BILL_ITEMS, type BillCreate, type BillUpdate } from '../../../shared/api/bills';
import { canonicalDecimal } from '../../../shared/money';
import { bills } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { itemsForCreate, itemsForUpdate, type BillItemRow, type BillTerms, type ItemDraft } from './bill-items';
import type { BillRow } from './bill-payments';
import { checkEcStatus } from './ec-status';
import { linkedContact, linkedProjectId } from './links';
import { convertMinor } from './money';
import { vatRegisteredOn } from '../ledger/vat-registration';

export type BillValues = Omit<typeof bills.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export interface ResolvedBill {
  values: BillValues;
  items: ItemDraft[];
  /** Existing item ids the update removes. */
  removed: number[];
}

/** An item's amounts in the company's currency at the bill's rate; the net is what is left, so each item balances. */
export function nativeItem(item: Pick<ItemDraft, 'totalMinor'> & { taxMinor: number }, currency: string, native: string, rate: string): { total: number; tax: number; net: number } {
  const total = convertMinor(item.totalMinor, currency, native, rate);
  const tax = convertMinor(item.taxMinor, currency, native, rate);
  return { total, tax, net: total - tax };
}

/**
 * Native units per one unit of the bill's currency. A bill in the company's currency is at 1; a
 * foreign one needs the rate (no rate feed offline), kept while the currency stays the same.
 */
function exchangeRateOf(input: BillUpdate, current: BillRow | null, currency: string, native: string): string {
  if (currency === native) {
    if (input.exchange_rate !== undefined && !new Decimal(input.exchange_rate).equals(1)) throw unprocessable(`exchange_rate must be 1 on a bill in ${native}`);
    return '1.0';
  }
  if (input.exchange_rate !== undefined) {
    if (!new Decimal(input.exchange_rate).greaterThan(0)) throw unprocessable('exchange_rate must be more than zero');
    return canonicalDecimal(input.exchange_rate);
  }
  if (current && current.currency === currency) return current.exchangeRate;
  throw unprocessable(`exchange_rate is required on a bill in ${currency}: the ${native} value of one ${currency} (Ledgerdesk has no exchange rate feed offline)`);
}

/**
 * Every stored value of a bill and its items from the payload and (on update) the current rows: the
 * supplier, the dates (due on or after dated), the currency and rate, the items with sales tax rules
 * 1-6, and the totals, which are always the sum of the items.
 */
export function resolveBill(ctx: EngineContext, input: BillCreate | BillUpdate, current: BillRow | null, currentItems: readonly BillItemRow[]): ResolvedBill {
  const native = loadCompany(ctx).currency;
  const contactId = input.contact !== undefined ? linkedContact(ctx, input.contact).id : current!.contactId;
  const datedOn = input.dated_on ?? current!.datedOn;
  const dueOn = input.due_on ?? current!.dueOn;
  if (dueOn < datedOn) throw unprocessable('due_on cannot be before dated_on');
  const currency = input.currency ?? current?.currency ?? native;
  const exchangeRate = exchangeRateOf(input, current, currency, native);
  const ecStatus = input.ec_status !== undefined ? input.ec_status : (current?.ecStatus ?? null);
  checkEcStatus(ecStatus, datedOn);
  const terms: BillTerms = { currency, storedCurrency: current?.currency ?? currency, datedOn, vatRegistered: vatRegisteredOn(loadCompany(ctx), datedOn), ecStatus };
  const { items, removed } = current ? itemsForUpdate(ctx, input.bill_items as BillUpdate['bill_items'], currentItems, terms) : { items: itemsForCreate(ctx, (input as BillCreate).bill_items, terms), removed: [] };
  if (items.length === 0) throw unprocessable('bill_items must keep at least one item');
  if (items.length > MAX_BILL_ITEMS) throw unprocessable(`bill_items can hold at most ${MAX_BILL_ITEMS} items`);
  const totalMinor = items.reduce((sum, item) => sum + item.totalMinor, 0);
  const salesTaxMinor = items.reduce((sum, item) => sum + item.tax.salesTaxMinor, 0);
  // The total converted whole, as postBill posts it to Trade Creditors.
  const nativeTotalMinor = convertMinor(totalMinor, currency, native, exchangeRate);
  const projectId = input.project !== undefined ? (input.project === null ? null : linkedProjectId(ctx, input.project)) : (current?.projectId ?? null);
  const comments = input.comments !== undefined ? input.comments : (current?.comments ?? null);
  return {
    values: {
      contactId,
      projectId,
      reference: input.reference ?? current!.reference,
      datedOn,
      dueOn,
      currency,
      exchangeRate,
      comments: comments ?? null,
      ecStatus,
      netMinor: totalMinor - salesTaxMinor,
      salesTaxMinor,
      totalMinor,
      nativeTotalMinor,
    },
    items,
    removed,
  };
}
