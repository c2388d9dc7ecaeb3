import { z } from 'zod';
import { date, decimal, optionalText, requiredText } from './fields';

/** A link to another record: its url, or (as the live service's client libraries send) a bare id or code. */
export const link = z.union([z.string(), z.number()], { error: 'must be a url' });

/** ec_status values the live service takes on purchases (expenses and bills); EC VAT MOSS is for sales only. */
export const PURCHASE_EC_STATUSES = ['UK/Non-EC', 'EC Goods', 'EC Services', 'Reverse Charge'] as const;
export type PurchaseEcStatus = (typeof PURCHASE_EC_STATUSES)[number];

/** The day from which Reverse Charge is valid and EC Goods / EC Services are not (the UK left the EU VAT area). */
export const EC_PURCHASES_END = '2021-01-01';

/** Sales tax as a purchase asks for it (section 1, rules 1-6): a rate or Auto, a manual amount, or a status. */
export const purchaseTaxFields = {
  sales_tax_rate: z.union([decimal, z.string().regex(/^auto$/i, { error: 'must be a percentage or Auto' })]).nullable(),
  manual_sales_tax_amount: decimal.nullable(),
  sales_tax_status: z.string().nullable(),
};

export const ecStatus = z.enum(PURCHASE_EC_STATUSES, { error: `must be one of ${PURCHASE_EC_STATUSES.join(', ')}` }).nullable();

/** A field a create must have: missing is "is required"; a wrong value keeps its own message. */
export const mustHave = <T extends z.ZodType>(schema: T) => schema.optional().nonoptional({ error: 'is required' });

export const currencyCode = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.string().regex(/^[A-Z]{3}$/, { error: 'must be a three-letter ISO currency code' }),
);

/**
 * Fields the live service has and Ledgerdesk does not implement. Sending one is refused rather than
 * ignored, so nobody believes an expense will recur or be rebilled when it will not.
 */
export const UNSUPPORTED_PURCHASE_FIELDS = ['recurring', 'recurring_end_date', 'rebill_type', 'rebill_factor', 'rebill_to_project', 'mileage', 'vehicle_type', 'stock_item'] as const;

/** GET /v2/expenses?view=: all (default), recent, and the live service's recurring. */
export const EXPENSE_VIEWS = ['all', 'recent', 'recurring'] as const;
export type ExpenseView = (typeof EXPENSE_VIEWS)[number];

const expenseFields = {
  user: link,
  category: link,
  dated_on: date,
  /** Money the claimant spent is negative; positive is a refund the claimant owes the company. */
  gross_value: decimal,
  /** The gross in the company's currency; needed for a foreign-currency expense (no rate feed offline). */
  native_gross_value: decimal,
  currency: currencyCode,
  ...purchaseTaxFields,
  ec_status: ecStatus,
  description: requiredText(1000),
  receipt_reference: optionalText(),
  project: link.nullable(),
};

export const expenseUpdateSchema = z.object(expenseFields).partial();
export const expenseCreateSchema = expenseUpdateSchema.extend({
  category: mustHave(expenseFields.category),
  dated_on: mustHave(expenseFields.dated_on),
  gross_value: mustHave(expenseFields.gross_value),
  description: mustHave(expenseFields.description),
});
export type ExpenseInput = z.infer<typeof expenseUpdateSchema>;
