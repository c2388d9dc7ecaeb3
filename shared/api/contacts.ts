import { z } from 'zod';
import { boolean, integer, optionalText, text } from './fields';
import { vatNumberProblem } from '../vat-number';

/** How sales tax is charged to a contact when an invoice item gives no rate (section 1, invoice rule 2). */
export const CHARGE_SALES_TAX = ['Auto', 'Always', 'Never'] as const;
export type ChargeSalesTax = (typeof CHARGE_SALES_TAX)[number];

export const CONTACT_STATUSES = ['Active', 'Hidden'] as const;

/** The live service's list views (its client libraries name these nine). */
export const CONTACT_VIEWS = ['all', 'active', 'clients', 'suppliers', 'active_projects', 'completed_projects', 'open_clients', 'open_suppliers', 'hidden'] as const;
export type ContactView = (typeof CONTACT_VIEWS)[number];

/** Sort keys for the list; a leading "-" sorts descending. */
export const CONTACT_SORTS = ['name', 'organisation_name', 'first_name', 'last_name', 'created_at', 'updated_at'] as const;

export const DEFAULT_CONTACT_COUNTRY = 'United Kingdom';

const email = z.preprocess(
  (value) => (value === '' ? null : value),
  text().trim().regex(/^[^\s@]+@[^\s@]+$/, { error: 'must be an email address' }).nullable(),
).optional();

const contactFields = {
  organisation_name: optionalText(),
  first_name: optionalText(),
  last_name: optionalText(),
  email,
  billing_email: email,
  phone_number: optionalText(50),
  mobile: optionalText(50),
  address1: optionalText(),
  address2: optionalText(),
  address3: optionalText(),
  town: optionalText(),
  region: optionalText(),
  postcode: optionalText(32),
  country: optionalText(100),
  contact_name_on_invoices: boolean.optional(),
  charge_sales_tax: z.enum(CHARGE_SALES_TAX, { error: `must be one of ${CHARGE_SALES_TAX.join(', ')}` }).optional(),
  // A UK number must pass HMRC's check digits, an EU one its country's format (shared/vat-number.ts).
  sales_tax_registration_number: optionalText(50).superRefine((value, context) => {
    const problem = typeof value === 'string' ? vatNumberProblem(value) : null;
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  status: z.enum(CONTACT_STATUSES, { error: `must be one of ${CONTACT_STATUSES.join(', ')}` }).optional(),
  default_payment_terms_in_days: integer.pipe(z.number().min(0, { error: 'must not be negative' }).max(3650, { error: 'must be at most 3650' })).nullable().optional(),
  locale: text(10).regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, { error: 'must be a language code such as en or pt-BR' }).optional(),
};

export const contactSchema = z.object(contactFields);
export type ContactInput = z.infer<typeof contactSchema>;
