import { z } from 'zod';

/**
 * The shapes the renderer reads from the engine's responses. Parsing them at the edge means a view
 * can trust a record's fields; keys the views do not use are dropped.
 */

const period = z.object({ starts_on: z.string(), ends_on: z.string() });

export const companySchema = z.object({
  name: z.string(),
  type: z.string(),
  currency: z.string(),
  company_start_date: z.string(),
  first_accounting_year_end: z.string().optional(),
  annual_accounting_periods: z.array(period).default([]),
  sales_tax_name: z.string().optional(),
  sales_tax_registration_status: z.string().optional(),
  sales_tax_registration_number: z.string().optional(),
  sales_tax_effective_date: z.string().optional(),
  cis_contractor: z.boolean().default(false),
});
export type Company = z.infer<typeof companySchema>;

export const bankAccountSchema = z.object({
  url: z.string(),
  type: z.string(),
  name: z.string(),
  currency: z.string(),
  is_personal: z.boolean(),
  is_primary: z.boolean(),
  status: z.string(),
  bank_name: z.string().optional(),
  opening_balance: z.string(),
  current_balance: z.string(),
  /** Lines not yet explained in full (the engine's count, as the `unexplained` view lists them). */
  unexplained_transaction_count: z.number().int(),
  latest_activity_date: z.string().optional(),
  account_number: z.string().optional(),
  sort_code: z.string().optional(),
  secondary_sort_code: z.string().optional(),
  iban: z.string().optional(),
  bic: z.string().optional(),
  email: z.string().optional(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const categorySchema = z.object({
  url: z.string(),
  description: z.string(),
  nominal_code: z.string(),
  group_description: z.string().optional(),
  auto_sales_tax_rate: z.string().optional(),
  allowable_for_tax: z.boolean().optional(),
  tax_reporting_name: z.string().optional(),
  /** Ledgerdesk extensions, present only when true: added by the user, hidden from pickers. */
  custom: z.boolean().default(false),
  hidden: z.boolean().default(false),
});
export type Category = z.infer<typeof categorySchema>;

/** GET /v2/categories answers with the chart split under four keys (spec 4.11). */
export const CATEGORY_GROUP_KEYS = ['income_categories', 'cost_of_sales_categories', 'admin_expenses_categories', 'general_categories'] as const;
export type CategoryGroupKey = (typeof CATEGORY_GROUP_KEYS)[number];

export const categoryGroupsSchema = z.object({
  income_categories: z.array(categorySchema).default([]),
  cost_of_sales_categories: z.array(categorySchema).default([]),
  admin_expenses_categories: z.array(categorySchema).default([]),
  general_categories: z.array(categorySchema).default([]),
});
export type CategoryGroups = z.infer<typeof categoryGroupsSchema>;
