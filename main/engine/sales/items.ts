import { eq } from 'drizzle-orm';
import Decimal from 'decimal.js';
import { LABOUR_ITEM_TYPES, type ItemInput } from '../../../shared/api/invoices';
import { canonicalDecimal, lineNetMinor, MoneyError } from '../../../shared/money';
import { categories } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { idFromUrl, keyFromUrl } from '../urls';
import { categoryByCode, CODES, type CategoryRow } from './chart-codes';
import type { ItemRow, KindInfo } from './documents';
import { itemTax, taxOnNet, type SaleContext } from './item-tax';

/** An item as it will be stored; id is null for a new one. */
export interface ItemValues {
  id: number | null;
  position: number;
  description: string;
  itemType: string;
  price: string;
  quantity: string;
  netMinor: number;
  salesTaxRate: string | null;
  salesTaxStatus: string | null;
  salesTaxMinor: number;
  categoryId: number;
  suffersCisDeduction: boolean;
}

interface ItemDraft {
  id: number | null;
  field: string;
  position: number | null;
  description: string;
  itemType: string;
  price: string;
  quantity: string;
  rate: string | undefined;
  status: string | undefined;
  category: CategoryRow;
  suffersCisDeduction: boolean | undefined;
}

/** An item's category: a profit and loss category (income, or a cost being rebilled), never a balance sheet one. */
function itemCategory(ctx: EngineContext, value: string | number, field: string): CategoryRow {
  const code = typeof value === 'number' ? String(value).padStart(3, '0') : /^\d+(-\d+)?$/.test(value.trim()) ? value.trim().padStart(3, '0') : keyFromUrl(value, 'categories', field);
  const row = categoryByCode(ctx, code);
  if (!row) throw unprocessable(`${field} ${code} does not exist`);
  const profitAndLoss = row.listGroup !== 'general' || Number(row.baseCode) < 100;
  if (!profitAndLoss || row.nominalCode !== row.baseCode) throw unprocessable(`${field} must be an income or expense category, not ${row.nominalCode} ${row.description}`);
  return row;
}

function defaultCategory(ctx: EngineContext): CategoryRow {
  const row = categoryByCode(ctx, CODES.defaultIncome);
  if (!row) throw new Error('The chart has no sales category');
  return row;
}

function checkedDecimal(value: string, field: string): string {
  if (new Decimal(value).abs().greaterThan('1e12')) throw unprocessable(`${field} is too large`);
  return canonicalDecimal(value);
}

function draftOf(ctx: EngineContext, row: ItemRow, field: string): ItemDraft {
  const category = ctx.db.select().from(categories).where(eq(categories.id, row.categoryId!)).get()!;
  return {
    id: row.id,
    field,
    position: row.position,
    description: row.description,
    itemType: row.itemType,
    price: row.price,
    quantity: row.quantity,
    // An item keeps the tax worked out when it was written; sending a rate (or Auto) changes it.
    rate: row.salesTaxRate ?? undefined,
    status: row.salesTaxStatus ?? undefined,
    category,
    suffersCisDeduction: row.suffersCisDeduction,
  };
}

/**
 * A credit note gives money back: its prices are stored negative whichever sign they were typed with
 * (people type a credit note's lines as positive amounts; the live service answers them negative), so a
 * credit note can always be sent.
 */
function priceFor(kind: KindInfo, value: string, field: string): string {
  const price = checkedDecimal(value, field);
  const amount = new Decimal(price);
  return kind.kind === 'credit_note' && amount.greaterThan(0) ? canonicalDecimal(amount.negated().toString()) : price;
}

function applyInput(ctx: EngineContext, kind: KindInfo, draft: ItemDraft, input: ItemInput): ItemDraft {
  const next = { ...draft };
  if (input.position !== undefined) next.position = input.position;
  if (input.description !== undefined) next.description = input.description;
  if (input.item_type !== undefined) next.itemType = input.item_type;
  if (input.price !== undefined) next.price = priceFor(kind, input.price, `${draft.field}.price`);
  if (input.quantity !== undefined) next.quantity = checkedDecimal(input.quantity, `${draft.field}.quantity`);
  if (input.sales_tax_rate !== undefined || input.sales_tax_status !== undefined) {
    next.rate = input.sales_tax_rate ?? undefined;
    next.status = input.sales_tax_status ?? undefined;
  }
  if (input.category !== undefined) next.category = input.category === null ? defaultCategory(ctx) : itemCategory(ctx, input.category, `${draft.field}.category`);
  if (input.suffers_cis_deduction !== undefined) next.suffersCisDeduction = input.suffers_cis_deduction;
  return next;
}

function newDraft(ctx: EngineContext, kind: KindInfo, input: ItemInput, field: string): ItemDraft {
  const itemType = input.item_type ?? '-no unit-';
  if (input.price === undefined && itemType !== 'Comment') throw unprocessable(`${field}.price is required`);
  const blank: ItemDraft = {
    id: null,
    field,
    position: null,
    description: '',
    itemType,
    price: '0.0',
    quantity: '1.0',
    rate: undefined,
    status: undefined,
    category: defaultCategory(ctx),
    suffersCisDeduction: undefined,
  };
  return applyInput(ctx, kind, blank, input);
}

/**
 * Merges a payload's items into a document's current ones, as the live service does: an item with
 * a url changes that item, with a url and _destroy removes it, without a url adds one; items not
 * mentioned stay as they are.
 */
export function mergeItems(ctx: EngineContext, kind: KindInfo, current: readonly ItemRow[], inputs: readonly ItemInput[] | undefined): { drafts: ItemDraft[]; removed: number[] } {
  const byId = new Map(current.map((row, index) => [row.id, draftOf(ctx, row, `${kind.itemsKey}[${index}]`)]));
  const removed: number[] = [];
  const added: ItemDraft[] = [];
  (inputs ?? []).forEach((input, index) => {
    const field = `${kind.itemsKey}[${index}]`;
    if (input.url === undefined) {
      if (input._destroy === true) throw unprocessable(`${field}._destroy needs the url of the item to remove`);
      added.push(newDraft(ctx, kind, input, field));
      return;
    }
    const id = idFromUrl(input.url, kind.itemResource, `${field}.url`);
    const draft = byId.get(id);
    if (!draft) throw unprocessable(`${field}.url is not an item of this ${kind.label.toLowerCase()}`);
    if (input._destroy === true) {
      byId.delete(id);
      removed.push(id);
    } else {
      byId.set(id, applyInput(ctx, kind, { ...draft, field }, input));
    }
  });
  const kept = [...byId.values()];
  let last = Math.max(0, ...kept.map((draft) => draft.position ?? 0), ...added.map((draft) => draft.position ?? 0));
  for (const draft of added) if (draft.position === null) draft.position = ++last;
  const drafts = [...kept, ...added].sort((a, b) => a.position! - b.position! || (a.id ?? Infinity) - (b.id ?? Infinity));
  return { drafts, removed };
}

/**
 * An item's net in minor units: price x quantity less the document's discount, rounded half away from
 * zero once; a comment has none. VAT is then charged on this discounted net (HMRC VAT Notice 700
 * section 7.4: VAT is due on the discounted price).
 */
function netOf(draft: ItemDraft, currency: string, discountPercent: string | null): number {
  if (draft.itemType === 'Comment') return 0;
  try {
    return lineNetMinor(draft.price, draft.quantity, discountPercent, currency);
  } catch (error) {
    if (error instanceof MoneyError) throw unprocessable(`${draft.field} is too large`);
    throw error;
  }
}

/** Works out every stored value of the items: net (after the document's discount), tax by the rules of section 1, CIS flag. */
export function itemValues(drafts: readonly ItemDraft[], currency: string, sale: SaleContext, discountPercent: string | null): ItemValues[] {
  return drafts.map((draft) => {
    const netMinor = netOf(draft, currency, discountPercent);
    const tax = itemTax({ rate: draft.rate, status: draft.status, category: draft.category }, sale);
    return {
      id: draft.id,
      position: draft.position!,
      description: draft.description,
      itemType: draft.itemType,
      price: draft.price,
      quantity: draft.quantity,
      netMinor,
      salesTaxRate: tax.rate,
      salesTaxStatus: tax.status,
      salesTaxMinor: taxOnNet(netMinor, tax.rate),
      categoryId: draft.category.id,
      suffersCisDeduction: draft.suffersCisDeduction ?? (LABOUR_ITEM_TYPES as readonly string[]).includes(draft.itemType),
    };
  });
}

/** Items in the form mergeItems reads back, for copying a template or an invoice. */
export function itemInputsOf(ctx: EngineContext, rows: readonly ItemRow[]): ItemInput[] {
  return rows.map((row) => ({
    position: row.position,
    description: row.description,
    item_type: row.itemType as ItemInput['item_type'],
    price: row.price,
    quantity: row.quantity,
    sales_tax_rate: row.salesTaxRate,
    sales_tax_status: row.salesTaxStatus,
    category: ctx.db.select({ code: categories.nominalCode }).from(categories).where(eq(categories.id, row.categoryId!)).get()!.code,
    suffers_cis_deduction: row.suffersCisDeduction,
  }));
}
