import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { flag, postalAddress, timestamps } from './columns';

/** One book holds one company; its row always has id 1. */
export const company = sqliteTable('company', {
  id: integer('id').primaryKey(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  subdomain: text('subdomain').notNull(),
  companyStartDate: text('company_start_date').notNull(),
  /** Last day of the first accounting year; later year ends fall on the same month and day. */
  firstAccountingYearEnd: text('first_accounting_year_end').notNull(),
  currency: text('currency').notNull(),
  mileageUnits: text('mileage_units').notNull(),
  ...postalAddress(),
  companyRegistrationNumber: text('company_registration_number'),
  businessCategory: text('business_category'),
  vatRegistered: flag('vat_registered').notNull(),
  vatRegistrationNumber: text('vat_registration_number'),
  /** First day VAT applies; VAT return periods are counted from here. */
  salesTaxEffectiveDate: text('sales_tax_effective_date'),
  /** Months per VAT return period (3 by default). */
  vatPeriodMonths: integer('vat_period_months').notNull(),
  initialVatBasis: text('initial_vat_basis').notNull(),
  ecVatReportingEnabled: flag('ec_vat_reporting_enabled').notNull(),
  cisSubcontractor: flag('cis_subcontractor').notNull(),
  cisContractor: flag('cis_contractor').notNull(),
  ...timestamps,
});
