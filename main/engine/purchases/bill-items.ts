import type { BillItemCreate, BillItemUpdate } from '../../../shared/api/bills';
import { billItems } from '../../db/schema';
import type { EngineContext } from '../context';
import { ApiError, unprocessable } from '../errors';
import { ValidationError } from '../payload';
import type { SalesTaxResult } from '../ledger/sales-tax';
import { idFromUrl } from '../urls';
import { categoryById, purchaseCategory, type CategoryRow } from './categories';
import { minorOf, reinterpretMinor } from './money';
import { suppliersTax } from '../ledger/reverse-charge';
import { purchaseTax, taxAsked, type TaxMode } from './tax';

export type BillItemRow = typeof billItems.$inferSelect;

/** One item as it will be stored: an existing row (id) or a new one (id null). */
export interface ItemDraft {
  id: number | null;
  category: CategoryRow;
  description: string;
  /** Gross in the bill's currency; positive is money owed. */
  totalMinor: number;
  tax: SalesTaxResult & { salesTaxMode: TaxMode };
}

/** What every item of a bill is worked out against. */
export interface BillTerms {
  currency: string;
  /** The currency the current rows' amounts are stored in (differs when the bill's currency changes). */
  storedCurrency: string;
  datedOn: string;
  vatRegistered: boolean;
  ecStatus: string | null;
}

/** A bill posts against Trade Creditors and reclaims its VAT, so neither may be an item's category. */
const BILL_CATEGORIES = {
  refused: {
    '750': 'money paid from a bank account is a bank transaction explanation',
    '796': 'a bill is already owed to its supplier on Trade Creditors',
    '818': 'the VAT on an item is worked out from sales_tax_rate or manual_sales_tax_amount',
  },
};

type ItemInput = Partial<BillItemCreate>;

/** Where an item is in the payload, for messages: "bill_items.1." or, for an item not sent, "bill item 7: ". */
const atIndex = (index: number) => `bill_items.${index}.`;
const unsent = (id: number) => `bill item ${id}: `;

/** A rule broken inside an item names the item: "bill_items.1.total_value has more than 2 decimal places". */
function withinItem<T>(prefix: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) throw new ApiError(422, `${prefix}${error.message}`);
    throw error;
  }
}

/**
 * One item from the payload and (for an existing item) its row: the category, the gross and sales tax
 * rules 1-6, re-applied as asked before unless the payload says something new about the tax.
 */
function resolveItem(ctx: EngineContext, input: ItemInput, current: BillItemRow | null, terms: BillTerms, prefix: string): ItemDraft {
  return withinItem(prefix, () => {
    const category = input.category !== undefined ? purchaseCategory(ctx, input.category, 'category', BILL_CATEGORIES) : categoryById(ctx, current!.categoryId);
    const totalMinor = input.total_value !== undefined ? minorOf(input.total_value, terms.currency, 'total_value') : reinterpretMinor(current!.totalMinor, terms.storedCurrency, terms.currency, 'total_value');
    const asked = purchaseTax(taxAsked(input, current, terms.storedCurrency), {
      grossMinor: totalMinor,
      currency: terms.currency,
      autoRate: category.autoSalesTaxRate,
      datedOn: terms.datedOn,
      vatRegistered: terms.vatRegistered,
    });
    const tax = suppliersTax(asked, terms.ecStatus, true);
    const description = input.description !== undefined ? (input.description ?? '') : (current?.description ?? '');
    return { id: current?.id ?? null, category, description, totalMinor, tax };
  });
}

export function itemsForCreate(ctx: EngineContext, inputs: readonly BillItemCreate[], terms: BillTerms): ItemDraft[] {
  return inputs.map((input, index) => resolveItem(ctx, input, null, terms, atIndex(index)));
}

const hasUrl = (value: BillItemUpdate['url']) => value !== undefined && value !== null && value !== '';

/**
 * The items after an update, as the live service's PUT has it: an entry with a url changes that item
 * (or removes it with _destroy), an entry without one adds an item, and items not mentioned are kept.
 * Every kept item is worked out again, since the bill's date or currency may have moved.
 */
export function itemsForUpdate(ctx: EngineContext, entries: readonly BillItemUpdate[] | undefined, existing: readonly BillItemRow[], terms: BillTerms): { items: ItemDraft[]; removed: number[] } {
  const changes = new Map<number, [number, BillItemUpdate]>();
  const removed: number[] = [];
  const added: [number, BillItemUpdate][] = [];
  (entries ?? []).forEach((entry, index) => {
    if (!hasUrl(entry.url)) {
      if (entry._destroy) throw unprocessable(`bill_items.${index}._destroy needs the url of the item to remove`);
      const missing = (['category', 'total_value'] as const).filter((field) => entry[field] === undefined || entry[field] === null);
      if (missing.length > 0) throw new ValidationError(missing.map((field) => `bill_items.${index}.${field} is required`));
      added.push([index, entry]);
      return;
    }
    const id = withinItem(atIndex(index), () => idFromUrl(entry.url, 'bill_items', 'url'));
    if (!existing.some((row) => row.id === id)) throw unprocessable(`bill_items.${index}.url is not an item of this bill`);
    if (changes.has(id) || removed.includes(id)) throw unprocessable(`bill_items.${index}.url names an item already changed in this request`);
    if (entry._destroy) removed.push(id);
    else changes.set(id, [index, entry]);
  });
  const kept = existing.filter((row) => !removed.includes(row.id));
  const items = [
    ...kept.map((row) => {
      const change = changes.get(row.id);
      return resolveItem(ctx, toItemInput(change?.[1]), row, terms, change ? atIndex(change[0]) : unsent(row.id));
    }),
    ...added.map(([index, entry]) => resolveItem(ctx, toItemInput(entry), null, terms, atIndex(index))),
  ];
  return { items, removed };
}

function toItemInput(entry: BillItemUpdate | undefined): ItemInput {
  if (!entry) return {};
  const { url: _url, _destroy: _flag, ...fields } = entry;
  return fields as ItemInput;
}
