import { z } from 'zod';
import { EC_STATUSES } from './bank_transaction_explanations';
import { boolean, date, decimal, integer, optionalText, text } from './fields';

/** A link to another record: its url, or (as the live service also takes) its bare id or code. */
export const link = z.union([z.string(), z.number()], { error: 'must be a url' });

/** Item types of the live service; "-no unit-" is its name for a line without a unit. */
export const ITEM_TYPES = [
  'Hours', 'Days', 'Weeks', 'Months', 'Years', 'Products', 'Services', 'Training', 'Expenses', 'Comment', 'Bills',
  'Discount', 'Credit', 'VAT', 'Stock', '-no unit-',
] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** Labour: the items a CIS deduction applies to unless suffers_cis_deduction says otherwise. */
export const LABOUR_ITEM_TYPES: readonly ItemType[] = ['Hours', 'Days', 'Weeks', 'Months', 'Years', 'Services', 'Training'];

export const INVOICE_TRANSITIONS = ['mark_as_sent', 'mark_as_draft', 'mark_as_cancelled'] as const;
export type Transition = (typeof INVOICE_TRANSITIONS)[number];

/** List views of invoices and credit notes; last_N_months is also accepted (N from 1 to 120). */
export const INVOICE_VIEWS = ['all', 'draft', 'open', 'overdue', 'open_or_overdue', 'paid', 'cancelled'] as const;
export const CREDIT_NOTE_VIEWS = ['all', 'draft', 'open', 'overdue', 'open_or_overdue', 'refunded', 'cancelled'] as const;
export const DOCUMENT_SORTS = ['dated_on', 'due_on', 'reference', 'created_at', 'updated_at'] as const;

/** _destroy as the live service's clients send it: true, 1 or "1". */
const destroyFlag = z.preprocess((value) => (value === 1 || value === '1' ? true : value === 0 || value === '0' ? false : value), boolean);

export const itemSchema = z.object({
  url: z.string({ error: 'must be a url' }).optional(),
  _destroy: destroyFlag.optional(),
  position: integer.pipe(z.number().min(1, { error: 'must be 1 or more' })).optional(),
  description: z.preprocess((value) => (value === null ? '' : value), text(10000)).optional(),
  item_type: z.enum(ITEM_TYPES, { error: `must be one of ${ITEM_TYPES.join(', ')}` }).optional(),
  price: decimal.optional(),
  quantity: decimal.optional(),
  sales_tax_rate: z.union([decimal, z.string().regex(/^auto$/i, { error: 'must be a percentage or Auto' })]).nullable().optional(),
  sales_tax_status: z.string({ error: 'must be TAXABLE, EXEMPT or OUT_OF_SCOPE' }).nullable().optional(),
  category: link.nullable().optional(),
  suffers_cis_deduction: boolean.optional(),
});
export type ItemInput = z.infer<typeof itemSchema>;

const items = z.array(itemSchema, { error: 'must be an array of items' });

/** Fields of an invoice, a credit note and a recurring invoice's template alike. */
const documentFields = {
  contact: link,
  project: link.nullable(),
  reference: text().trim().min(1, { error: "can't be blank" }),
  dated_on: date,
  due_on: date,
  payment_terms_in_days: integer.pipe(z.number().min(0, { error: 'must not be negative' }).max(3650, { error: 'must be at most 3650' })),
  currency: z.string({ error: 'must be an ISO currency code' }).regex(/^[A-Z]{3}$/, { error: 'must be an ISO currency code such as GBP' }),
  exchange_rate: decimal,
  status: z.string({ error: 'must be text' }).max(255, { error: 'must be at most 255 characters' }),
  comments: optionalText(10000),
  omit_header: boolean,
  always_show_bic_and_iban: boolean,
  /** A percentage taken off every item before VAT (0 to 100); null or 0 for none. */
  discount_percent: decimal.nullable(),
  show_project_name: boolean,
  is_interim_uk_vat: boolean,
  ec_status: z.enum(EC_STATUSES, { error: `must be one of ${EC_STATUSES.join(', ')}` }).nullable(),
  place_of_supply: z.string({ error: 'must be a country name' }).max(255, { error: 'must be a country name' }).nullable(),
  cis_rate: z.string({ error: 'must be a CIS band name' }).max(255, { error: 'must be a CIS band name' }).nullable(),
};

export const invoiceSchema = z.object({ ...documentFields, invoice_items: items }).partial();
export const creditNoteSchema = z.object({ ...documentFields, credit_note_items: items }).partial();
export type DocumentFields = z.infer<typeof invoiceSchema>;
