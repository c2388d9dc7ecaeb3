import { z } from 'zod';
import { boolean, date, decimal, integer, optionalText, requiredText } from './fields';
import { currencyCode, ecStatus, link, mustHave, purchaseTaxFields } from './expenses';

/** The live service's limit on items per bill. */
export const MAX_BILL_ITEMS = 40;

/** GET /v2/bills?view=: the live service's names; all is the default. */
export const BILL_VIEWS = [
  'all',
  'open',
  'overdue',
  'open_or_overdue',
  'open_or_overdue_payments',
  'open_or_overdue_refunds',
  'paid',
  'recurring',
  'hire_purchase',
  'cis',
] as const;
export type BillView = (typeof BILL_VIEWS)[number];

/** Derived from the payments and the engine clock; never set. */
export const BILL_STATUSES = ['Zero Value', 'Open', 'Part paid', 'Overdue', 'Paid', 'Refunded'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/** `_destroy` arrives as 1 or true (the live service's docs send 1, XML clients "true"). */
const destroyFlag = z.union([boolean, integer.refine((value) => value === 0 || value === 1, { error: 'must be 1 or true' })]).transform((value) => value === true || value === 1);

const itemFields = {
  category: link,
  description: optionalText(1000),
  /** The item's value including tax, in the bill's currency; positive is money owed to the supplier. */
  total_value: decimal,
  ...purchaseTaxFields,
};

export const billItemCreateSchema = z.object(itemFields).partial().extend({ category: mustHave(itemFields.category), total_value: mustHave(itemFields.total_value) });

/** On update an item with a url changes or (with _destroy) removes that item; without one it is added. */
export const billItemUpdateSchema = z
  .object({ ...itemFields, url: z.union([z.string(), z.number()]).nullable(), _destroy: destroyFlag })
  .partial();

const billFields = {
  contact: link,
  reference: requiredText(),
  dated_on: date,
  due_on: date,
  currency: currencyCode,
  /** Native units per one unit of the bill's currency; needed for a foreign-currency bill. */
  exchange_rate: decimal,
  comments: optionalText(5000),
  ec_status: ecStatus,
  project: link.nullable(),
};

export const billCreateSchema = z
  .object(billFields)
  .partial()
  .extend({
    contact: mustHave(billFields.contact),
    reference: mustHave(billFields.reference),
    dated_on: mustHave(billFields.dated_on),
    due_on: mustHave(billFields.due_on),
    bill_items: mustHave(
      z
        .array(billItemCreateSchema, { error: 'must be an array of bill items' })
        .min(1, { error: 'must hold at least one item' })
        .max(MAX_BILL_ITEMS, { error: `can hold at most ${MAX_BILL_ITEMS} items` }),
    ),
  });

export const billUpdateSchema = z
  .object({ ...billFields, bill_items: z.array(billItemUpdateSchema, { error: 'must be an array of bill items' }) })
  .partial();

export type BillCreate = z.infer<typeof billCreateSchema>;
export type BillUpdate = z.infer<typeof billUpdateSchema>;
export type BillItemCreate = z.infer<typeof billItemCreateSchema>;
export type BillItemUpdate = z.infer<typeof billItemUpdateSchema>;
