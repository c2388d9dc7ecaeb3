/**
 * Typed calls for the company: its full record for the settings form, the Ledgerdesk extension that
 * says whether the first run is done and how VAT periods are staggered, and the update both forms send.
 */
import { z } from 'zod';
import type { CompanyUpdate } from '../../../shared/api/company';
import { vatSchemeChangeSchema } from '../../../shared/vat-schemes';
import { getOne, type ApiResult } from '../api';
import { companySchema } from '../records';

export const companyDetailsSchema = companySchema.extend({
  address1: z.string().optional(),
  address2: z.string().optional(),
  town: z.string().optional(),
  postcode: z.string().optional(),
  company_registration_number: z.string().optional(),
  cis_subcontractor: z.boolean().default(false),
  cis_contractor: z.boolean().default(false),
  locked_attributes: z.array(z.string()).default([]),
  initial_vat_basis: z.string().default('Invoice'),
  initially_on_frs: z.boolean().default(false),
  initial_vat_frs_type: z.string().optional(),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

export const companySetupSchema = z.object({
  setup_completed: z.boolean(),
  /** The first day of the accounting year the books start in, when that is before them (a move part-way through it). */
  first_accounting_year_start: z.string().optional(),
  vat_period_months: z.number(),
  first_vat_period_ends_on: z.string().optional(),
  vat_registration_fixed_by: z.string().optional(),
  /** Changes of VAT scheme on a date (Ledgerdesk extension), left out when there are none. */
  vat_scheme_changes: z.array(vatSchemeChangeSchema).optional(),
});
export type CompanySetup = z.infer<typeof companySetupSchema>;

export function getCompanyDetails(): Promise<ApiResult<CompanyDetails>> {
  return getOne('GET', '/v2/company', 'company', companyDetailsSchema);
}

export function getCompanySetup(): Promise<ApiResult<CompanySetup>> {
  return getOne('GET', '/v2/company/setup', 'company_setup', companySetupSchema);
}

export function updateCompany(fields: CompanyUpdate): Promise<ApiResult<CompanyDetails>> {
  return getOne('PUT', '/v2/company', 'company', companyDetailsSchema, { body: { company: fields } });
}
