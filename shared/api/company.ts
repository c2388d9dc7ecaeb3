import { z } from 'zod';
import { boolean, date, integer, optionalText, requiredText } from './fields';
import { ukVatNumberProblem } from '../vat-number';
import { frsSector, vatBasis, vatSchemeChangeSchema } from '../vat-schemes';

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
/** Monthly, quarterly (the usual) and annual accounting: the return periods HMRC offers. */
export const VAT_PERIOD_MONTHS = [1, 3, 12] as const;

/** A Companies House number: 8 digits, or 2 letters (SC, NI, OC...) and 6 digits. */
const COMPANY_NUMBER = /^(\d{8}|[A-Z]{2}\d{6})$/;

/** Spaces people type inside numbers are not part of them; letters are upper case. */
export const compactCode = (value: string) => value.replace(/\s+/g, '').toUpperCase();

export const isUkVatNumber = (value: string) => ukVatNumberProblem(value) === null;

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
  /**
   * The first day of the accounting year the books start in, when the company moves here part-way
   * through it (a Ledgerdesk extension); null or company_start_date: the books start on it.
   */
  first_accounting_year_start: date.nullable(),
  address1: optionalText(),
  address2: optionalText(),
  address3: optionalText(),
  town: optionalText(),
  region: optionalText(),
  postcode: optionalText(20),
  company_registration_number: code(COMPANY_NUMBER, 'must be 8 digits, or 2 letters and 6 digits (as Companies House writes it)').optional(),
  business_category: optionalText(),
  sales_tax_registration_status: z.enum(VAT_REGISTRATION_STATUSES, { error: 'must be Registered or Not Registered' }),
  // Kept as typed but compact ("GB 980 7806 84" -> "GB980780684"), once HMRC's check digits agree.
  sales_tax_registration_number: z
    .preprocess((value) => (value === '' ? null : typeof value === 'string' ? compactCode(value) : value), z.string({ error: 'must be text' }).nullable())
    .superRefine((value, context) => {
      const problem = value === null ? null : ukVatNumberProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  sales_tax_effective_date: date,
  vat_period_months: integer.refine((value) => (VAT_PERIOD_MONTHS as readonly number[]).includes(value), { error: 'must be 1, 3 or 12' }),
  /** Picks the stagger: the first return runs from the effective date to this month end (null: the default). */
  first_vat_period_ends_on: date.nullable(),
  /** The book's own currency; fixed once anything has been entered (locked_attributes). */
  currency: z.preprocess((value) => (typeof value === 'string' ? value.trim().toUpperCase() : value), z.string().regex(/^[A-Z]{3}$/, { error: 'must be a three-letter ISO currency code' })),
  ec_vat_reporting_enabled: boolean,
  /** Invoice (the normal method) or Cash (VAT Notice 731) from the registration date. */
  initial_vat_basis: vatBasis,
  /** On the flat rate scheme from the registration date (VAT Notice 733), in the sector named next. */
  initially_on_frs: boolean,
  initial_vat_frs_type: frsSector.nullable(),
  /** Later changes of scheme, each from its date (a Ledgerdesk extension); the whole list is replaced. */
  vat_scheme_changes: z.array(vatSchemeChangeSchema, { error: 'must be a list of scheme changes' }).max(50),
  cis_subcontractor: boolean,
  cis_contractor: boolean,
  setup_completed: boolean,
}).partial();
export type CompanyUpdate = z.infer<typeof companyUpdateSchema>;
