import { z } from 'zod';
import { boolean, date, integer, optionalText, requiredText } from './fields';

export const COMPANY_TYPES = [
  'UkLimitedCompany',
  'UkSoleTrader',
  'UkPartnership',
  'UkUnincorporatedLandlord',
  'Universal',
  'Us',
] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];

export const isCompanyType = (value: unknown): value is CompanyType =>
  typeof value === 'string' && (COMPANY_TYPES as readonly string[]).includes(value);

export const isUkCompany = (type: CompanyType) => type.startsWith('Uk');

export const VAT_REGISTRATION_STATUSES = ['Registered', 'Not Registered'] as const;
/** How VAT is accounted for: on invoices (the default) or on cash received and paid. */
export const VAT_BASES = ['Invoice', 'Cash'] as const;
/** Monthly, quarterly (the usual) and annual accounting: the return periods HMRC offers. */
export const VAT_PERIOD_MONTHS = [1, 3, 12] as const;

/** A UK VAT number as HMRC prints it: GB and 9 digits (12 for a branch of a VAT group), or the digits alone. */
const VAT_NUMBER = /^(GB)?(\d{9}|\d{12})$/;
/** A Companies House number: 8 digits, or 2 letters (SC, NI, OC...) and 6 digits. */
const COMPANY_NUMBER = /^(\d{8}|[A-Z]{2}\d{6})$/;

/** Spaces people type inside numbers are not part of them; letters are upper case. */
export const compactCode = (value: string) => value.replace(/\s+/g, '').toUpperCase();

export const isUkVatNumber = (value: string) => VAT_NUMBER.test(compactCode(value));

const code = (pattern: RegExp, message: string) =>
  z.preprocess(
    (value) => (value === '' ? null : typeof value === 'string' ? compactCode(value) : value),
    z.string({ error: 'must be text' }).regex(pattern, { error: message }).nullable(),
  );

/**
 * PUT /v2/company (a Ledgerdesk extension): the fields a bookkeeper sets, with the live service's
 * names; every one may be left out to keep what is stored. The rules that compare fields with each
 * other or with the books are the engine's (main/engine/company-update.ts).
 */
export const companyUpdateSchema = z.object({
  name: requiredText(),
  type: z.enum(COMPANY_TYPES, { error: `must be one of ${COMPANY_TYPES.join(', ')}` }),
  company_start_date: date,
  first_accounting_year_end: date,
  address1: optionalText(),
  address2: optionalText(),
  address3: optionalText(),
  town: optionalText(),
  region: optionalText(),
  postcode: optionalText(20),
  company_registration_number: code(COMPANY_NUMBER, 'must be 8 digits, or 2 letters and 6 digits (as Companies House writes it)').optional(),
  business_category: optionalText(),
  sales_tax_registration_status: z.enum(VAT_REGISTRATION_STATUSES, { error: 'must be Registered or Not Registered' }),
  sales_tax_registration_number: code(VAT_NUMBER, 'must be a UK VAT number: GB and 9 or 12 digits').optional(),
  sales_tax_effective_date: date,
  vat_period_months: integer.refine((value) => (VAT_PERIOD_MONTHS as readonly number[]).includes(value), { error: 'must be 1, 3 or 12' }),
  /** Picks the stagger: the first return runs from the effective date to this month end (null: the default). */
  first_vat_period_ends_on: date.nullable(),
  initial_vat_basis: z.enum(VAT_BASES, { error: 'must be Invoice or Cash' }),
  /** The book's own currency; fixed once anything has been entered (locked_attributes). */
  currency: z.preprocess((value) => (typeof value === 'string' ? value.trim().toUpperCase() : value), z.string().regex(/^[A-Z]{3}$/, { error: 'must be a three-letter ISO currency code' })),
  ec_vat_reporting_enabled: boolean,
  cis_subcontractor: boolean,
  cis_contractor: boolean,
  setup_completed: boolean,
}).partial();
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;
