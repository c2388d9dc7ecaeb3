import { Level } from '../../../shared/api/permissions';
import { companyUpdateSchema, isUkCompany } from '../../../shared/api/company';
import { defaultFirstPeriodEnd } from '../../../shared/vat-stagger';
import { bankTransactions, postings } from '../../db/schema';
import { loadCompany } from '../company-record';
import { setupCompletedFlag } from '../company-settings';
import { updateCompany } from '../company-update';
import { payload } from '../payload';
import type { EngineContext } from '../context';
import { filedVatReturnEnds } from '../ledger/locks';
import { accountingPeriods } from '../ledger/periods';
import { ok, type Route, type RouteRequest } from '../route';
import { vatSchemeHistory } from '../vat-scheme';
import { date, timestamp, type ApiRecord } from '../values';

const UK_VAT_RATES = ['20.0', '5.0', '0.0'];

/** The currency is locked once anything has been entered in it. */
function lockedAttributes(ctx: EngineContext): string[] {
  const used = ctx.db.select({ id: bankTransactions.id }).from(bankTransactions).limit(1).get() ?? ctx.db.select({ id: postings.id }).from(postings).limit(1).get();
  return used ? ['currency'] : [];
}

/** GET /v2/company in the live service's shape (golden-responses/company.json). */
export function companyRecord(ctx: EngineContext): ApiRecord {
  const row = loadCompany(ctx);
  const uk = isUkCompany(row.type);
  // Every year from the one the books start in to the one holding today, as the service lists the
  // years since its start date (the first may have begun before the books: a move part-way through it).
  const periods = accountingPeriods(row.firstAccountingYearStart, row.firstAccountingYearEnd, ctx.today);
  const scheme = vatSchemeHistory(ctx, row);
  return {
    url: `${ctx.origin}/v2/company`,
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    type: row.type,
    currency: row.currency,
    mileage_units: row.mileageUnits,
    company_start_date: date(row.companyStartDate),
    freeagent_start_date: date(row.companyStartDate),
    first_accounting_year_end: date(row.firstAccountingYearEnd),
    annual_accounting_periods: periods.map((period) => ({ starts_on: date(period.startsOn), ends_on: date(period.endsOn) })),
    company_registration_number: row.companyRegistrationNumber ?? undefined,
    address1: row.address1 ?? undefined,
    address2: row.address2 ?? undefined,
    address3: row.address3 ?? undefined,
    town: row.town ?? undefined,
    region: row.region ?? undefined,
    postcode: row.postcode ?? undefined,
    country: row.country,
    business_category: row.businessCategory ?? undefined,
    short_date_format: 'dd mmm yy',
    locale: 'en',
    sales_tax_name: uk ? 'VAT' : 'Sales Tax',
    sales_tax_registration_status: row.vatRegistered ? 'Registered' : 'Not Registered',
    sales_tax_registration_number: row.vatRegistrationNumber ?? undefined,
    // The live service sends it unregistered too, as the company start date (golden and recorded responses).
    sales_tax_effective_date: date(row.salesTaxEffectiveDate ?? row.companyStartDate),
    sales_tax_is_value_added: uk,
    sales_tax_rates: uk ? UK_VAT_RATES : [],
    supports_auto_sales_tax_on_purchases: uk,
    initial_vat_basis: row.initialVatBasis,
    initially_on_frs: scheme.initial.frsSector !== null,
    initial_vat_frs_type: scheme.initial.frsSector ?? undefined,
    ec_vat_reporting_enabled: row.ecVatReportingEnabled,
    cis_enabled: row.cisSubcontractor || row.cisContractor,
    cis_subcontractor: row.cisSubcontractor,
    cis_contractor: row.cisContractor,
    locked_attributes: lockedAttributes(ctx),
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
  };
}

/**
 * GET /v2/company/setup (Ledgerdesk extension): what the live company record has no field for. The
 * first run is offered while setup_completed is false and the book holds no transaction, so a book
 * in use before this flag existed never opens on it.
 */
function companySetup(ctx: EngineContext): ApiRecord {
  const row = loadCompany(ctx);
  const inUse = lockedAttributes(ctx).length > 0;
  const changes = vatSchemeHistory(ctx, row).changes;
  return {
    setup_completed: setupCompletedFlag(ctx.db) || inUse,
    // The first day of the accounting year the books start in, when the company moved here part-way
    // through that year (its opening balances then hold the year to date); left out when the books
    // start on it (company_start_date).
    first_accounting_year_start: row.firstAccountingYearStart === row.companyStartDate ? undefined : date(row.firstAccountingYearStart),
    vat_period_months: row.vatPeriodMonths,
    first_vat_period_ends_on:
      row.vatRegistered && row.salesTaxEffectiveDate ? date(row.firstVatPeriodEndsOn ?? defaultFirstPeriodEnd(row.salesTaxEffectiveDate, row.vatPeriodMonths)) : undefined,
    // The latest filed VAT return, once there is one: the registration, its date, frequency and stagger are fixed by it.
    vat_registration_fixed_by: filedVatReturnEnds(ctx)[0],
    // Later changes of VAT scheme, each from its date (the live record has only the initial scheme); left out when there are none.
    vat_scheme_changes: changes.length > 0 ? changes.map((change) => ({ ...change, frs_type: change.frs_type ?? undefined })) : undefined,
  };
}

function putCompany(request: RouteRequest) {
  const { ctx } = request;
  updateCompany(ctx, payload(request, 'company', companyUpdateSchema));
  return ok({ company: companyRecord(ctx) });
}

export const companyRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v2/company',
    // Every signed-in user sees which company they work in; the minimum level is not in the spec.
    level: Level.Time,
    handle: ({ ctx }) => ok({ company: companyRecord(ctx) }),
  },
  // Changing the company is not in the reference (docs/api-notes.md): Full access, as account locks.
  { method: 'PUT', path: '/v2/company', level: Level.Full, handle: putCompany },
  { method: 'GET', path: '/v2/company/setup', level: Level.Time, handle: ({ ctx }) => ok({ company_setup: companySetup(ctx) }) },
];
