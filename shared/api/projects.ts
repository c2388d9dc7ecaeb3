import { z } from 'zod';
import { date, decimal, requiredText } from './fields';
import { link } from './invoices';

export const PROJECT_STATUSES = ['Active', 'Completed', 'Cancelled', 'Hidden'] as const;
export const BUDGET_UNITS = ['Hours', 'Days', 'Monetary'] as const;
export const BILLING_PERIODS = ['hour', 'day'] as const;

/** List views; "all" (the default) lists every project. */
export const PROJECT_VIEWS = ['all', 'active', 'completed', 'cancelled', 'hidden'] as const;
export type ProjectView = (typeof PROJECT_VIEWS)[number];
export const PROJECT_SORTS = ['name', 'contact_name', 'created_at', 'updated_at'] as const;

const nonNegative = decimal.refine((value) => !value.startsWith('-'), { error: 'must not be negative' });

const projectFields = {
  contact: link,
  name: requiredText(),
  status: z.enum(PROJECT_STATUSES, { error: `must be one of ${PROJECT_STATUSES.join(', ')}` }),
  currency: z.string({ error: 'must be an ISO currency code' }).regex(/^[A-Z]{3}$/, { error: 'must be an ISO currency code such as GBP' }),
  budget: nonNegative,
  budget_units: z.enum(BUDGET_UNITS, { error: `must be one of ${BUDGET_UNITS.join(', ')}` }),
  normal_billing_rate: nonNegative,
  billing_period: z.enum(BILLING_PERIODS, { error: `must be one of ${BILLING_PERIODS.join(', ')}` }),
  hours_per_day: nonNegative,
  starts_on: date.nullable(),
  ends_on: date.nullable(),
};

export const projectCreateSchema = z.object(projectFields).partial().required({ contact: true, name: true });
export const projectUpdateSchema = z.object(projectFields).partial();
export type ProjectInput = z.infer<typeof projectUpdateSchema>;
