import { z } from 'zod';
import { EC_STATUSES } from './bank_transaction_explanations';
import { boolean, date, decimal, optionalText, text } from './fields';
import { itemSchema, link } from './invoices';

/** What the customer reads at the top of the document (the live service's estimate_type). */
export const ESTIMATE_TYPES = ['Estimate', 'Quote', 'Proposal'] as const;
export type EstimateType = (typeof ESTIMATE_TYPES)[number];

/** The statuses an estimate is stored in; only the transitions move it between them. */
export const ESTIMATE_STATUSES = ['Draft', 'Sent', 'Approved', 'Rejected', 'Invoiced'] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

/** PUT /v2/estimates/:id/transitions/<name>, as the live service names them. */
export const ESTIMATE_TRANSITIONS = ['mark_as_sent', 'mark_as_draft', 'mark_as_approved', 'mark_as_rejected', 'convert_to_invoice'] as const;
export type EstimateTransition = (typeof ESTIMATE_TRANSITIONS)[number];

/** List views of the live service; last_N_months is also accepted (N from 1 to 120). */
export const ESTIMATE_VIEWS = ['all', 'recent', 'draft', 'non_draft', 'sent', 'approved', 'rejected', 'invoiced'] as const;
export type EstimateView = (typeof ESTIMATE_VIEWS)[number];

const items = z.array(itemSchema, { error: 'must be an array of items' });

/**
 * An estimate's payload: the fields the live service's estimates take. There are no due date, terms,
 * CIS or payment fields: nothing is owed on an estimate. `notes` is what the customer reads under
 * the items (an invoice's `comments`).
 */
export const estimateSchema = z
  .object({
    contact: link,
    project: link.nullable(),
    reference: text().trim().min(1, { error: "can't be blank" }),
    dated_on: date,
    currency: z.string({ error: 'must be an ISO currency code' }).regex(/^[A-Z]{3}$/, { error: 'must be an ISO currency code such as GBP' }),
    exchange_rate: decimal,
    status: z.string({ error: 'must be text' }).max(255, { error: 'must be at most 255 characters' }),
    estimate_type: z.enum(ESTIMATE_TYPES, { error: `must be one of ${ESTIMATE_TYPES.join(', ')}` }),
    notes: optionalText(10000),
    discount_percent: decimal.nullable(),
    is_interim_uk_vat: boolean,
    include_sales_tax_on_total_value: boolean,
    ec_status: z.enum(EC_STATUSES, { error: `must be one of ${EC_STATUSES.join(', ')}` }).nullable(),
    place_of_supply: z.string({ error: 'must be a country name' }).max(255, { error: 'must be a country name' }).nullable(),
    estimate_items: items,
  })
  .partial();
export type EstimateFields = z.infer<typeof estimateSchema>;
