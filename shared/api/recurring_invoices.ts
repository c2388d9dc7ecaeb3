import { z } from 'zod';
import { date } from './fields';
import { invoiceSchema, link } from './invoices';

/** The live service's frequencies. */
export const FREQUENCIES = ['Weekly', 'Two Weekly', 'Four Weekly', 'Monthly', 'Two Monthly', 'Quarterly', 'Biannually', 'Annually', 'Two Yearly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Draft: set up, not issuing; Active: issuing on next_recurs_on; Inactive: stopped or past its end date. */
export const RECURRING_STATUSES = ['Draft', 'Active', 'Inactive'] as const;
export type RecurringStatus = (typeof RECURRING_STATUSES)[number];
export const RECURRING_VIEWS = ['all', 'draft', 'active', 'inactive'] as const;

const recurringFields = {
  frequency: z.enum(FREQUENCIES, { error: `must be one of ${FREQUENCIES.join(', ')}` }),
  recurring_end_date: date.nullable(),
  recurring_status: z.enum(RECURRING_STATUSES, { error: `must be one of ${RECURRING_STATUSES.join(', ')}` }),
  next_recurs_on: date,
};

/** Set up from an existing invoice, which is copied into the profile's template. */
export const recurringCreateSchema = z.object({ invoice: link, ...recurringFields }).partial().required({ invoice: true, frequency: true });

/** The recurring fields and any invoice field of the template. */
export const recurringUpdateSchema = invoiceSchema.extend(recurringFields).partial();
export type RecurringUpdate = z.infer<typeof recurringUpdateSchema>;
