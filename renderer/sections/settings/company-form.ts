/**
 * The company form's values and what the engine is sent for them. VAT periods are picked the way
 * HMRC's letter states them, by frequency and by the months the returns end in (the stagger); the
 * engine stores the stagger as the first period's end, worked out here from the effective date.
 */
import type { CompanyType, CompanyUpdate } from '../../../shared/api/company';
import { FRS_SECTORS, sectorRateOn } from '../../../shared/vat-flat-rates';
import { firstEndForStagger, staggerOf } from '../../../shared/vat-stagger';
import type { CompanyDetails, CompanySetup } from '../../lib/api/company';
import { schemeChangeFields, schemeChangeValues, type SchemeChangeValues } from './scheme-changes';

export interface CompanyFormValues {
  name: string;
  type: string;
  /** The day the books start (company_start_date). */
  startDate: string;
  firstYearEnd: string;
  /** The books start part-way through an accounting year, which began on yearStart. */
  startsMidYear: boolean;
  yearStart: string;
  registrationNumber: string;
  address1: string;
  address2: string;
  town: string;
  postcode: string;
  vatRegistered: boolean;
  vatNumber: string;
  vatEffectiveDate: string;
  /** "1", "3" or "12". */
  vatPeriodMonths: string;
  /** The month (1-12, as text) the first of the stagger's period ends falls in within a year. */
  vatStagger: string;
  /** Invoice (VAT by invoice date) or Cash (VAT by payment date, VAT Notice 731). */
  vatBasis: string;
  /** On the flat rate scheme (VAT Notice 733), in the sector named. */
  onFlatRate: boolean;
  flatRateSector: string;
  cisSubcontractor: boolean;
  cisContractor: boolean;
  /** Later changes of scheme, each from its date. */
  schemeChanges: SchemeChangeValues[];
}

/** The types a UK bookkeeper chooses from; Universal and US books keep theirs but are not offered. */
export const COMPANY_TYPE_OPTIONS: readonly { value: CompanyType; label: string }[] = [
  { value: 'UkLimitedCompany', label: 'Limited company' },
  { value: 'UkSoleTrader', label: 'Sole trader' },
  { value: 'UkPartnership', label: 'Partnership' },
  { value: 'UkUnincorporatedLandlord', label: 'Landlord (unincorporated)' },
];

export const VAT_FREQUENCY_OPTIONS = [
  { value: '3', label: 'Quarterly' },
  { value: '1', label: 'Monthly' },
  { value: '12', label: 'Annually (annual accounting scheme)' },
];

export const VAT_BASIS_OPTIONS = [
  { value: 'Invoice', label: 'Invoice basis (VAT by invoice date)' },
  { value: 'Cash', label: 'Cash accounting (VAT by payment date)' },
];

/** HMRC's sectors, chosen by name; the first is a prompt, not a sector. */
export const FLAT_RATE_SECTOR_OPTIONS = [{ value: '', label: 'Choose the sector HMRC agreed' }, ...FRS_SECTORS.map((sector) => ({ value: sector, label: sector }))];

/** What the sector's rate is on a day, in words for the hint under the choice. */
export function flatRateHint(sector: string, onDay: string): string {
  if (!FRS_SECTORS.includes(sector)) return 'Your flat rate sector is on the letter HMRC sent when you joined the scheme.';
  return `${sectorRateOn(sector, onDay)}% of your VAT-inclusive turnover (1% less in your first year of VAT registration; 16.5% in a quarter as a limited cost business).`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT = MONTHS.map((month) => month.slice(0, 3));

/** The staggers a frequency can have, named by the months their periods end in. */
export function staggerOptions(periodMonths: string): { value: string; label: string }[] {
  if (periodMonths === '3') {
    return [1, 2, 3].map((first) => ({ value: String(first), label: `Quarters end ${[0, 3, 6, 9].map((step) => SHORT[first - 1 + step]).join(', ')}` }));
  }
  if (periodMonths === '12') return MONTHS.map((month, index) => ({ value: String(index + 1), label: `Year ends in ${month}` }));
  return [{ value: '1', label: 'Every month' }];
}

/**
 * The first day of the twelve months that end on a year end (2026-03-31 -> 2025-04-01; a 29 February
 * end counts from 1 March): what a company moving here part-way through its year most likely began on.
 */
export function twelveMonthsBefore(yearEnd: string): string {
  const [year, month, day] = yearEnd.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return new Date(Date.UTC(year - 1, month - 1, Math.min(day, lastDay) + 1)).toISOString().slice(0, 10);
}

export function formValues(company: CompanyDetails, setup: CompanySetup | null): CompanyFormValues {
  const registered = company.sales_tax_registration_status === 'Registered';
  const months = String(setup?.vat_period_months ?? 3);
  const firstEnd = setup?.first_vat_period_ends_on;
  return {
    name: company.name,
    type: company.type,
    startDate: company.company_start_date,
    firstYearEnd: company.first_accounting_year_end ?? '',
    startsMidYear: setup?.first_accounting_year_start !== undefined,
    yearStart: setup?.first_accounting_year_start ?? '',
    registrationNumber: company.company_registration_number ?? '',
    address1: company.address1 ?? '',
    address2: company.address2 ?? '',
    town: company.town ?? '',
    postcode: company.postcode ?? '',
    vatRegistered: registered,
    vatNumber: company.sales_tax_registration_number ?? '',
    vatEffectiveDate: registered ? (company.sales_tax_effective_date ?? '') : '',
    vatPeriodMonths: months,
    vatStagger: firstEnd ? String(staggerOf(firstEnd, Number(months))) : '3',
    vatBasis: company.initial_vat_basis === 'Cash' ? 'Cash' : 'Invoice',
    onFlatRate: company.initially_on_frs,
    flatRateSector: company.initial_vat_frs_type ?? '',
    cisSubcontractor: company.cis_subcontractor,
    cisContractor: company.cis_contractor,
    schemeChanges: schemeChangeValues(setup?.vat_scheme_changes),
  };
}

const text = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * Everything the form shows, so a save makes the company what the form says. Fields left empty are
 * sent so, and the engine's sentence names the one that cannot be empty.
 */
export function companyFields(values: CompanyFormValues): CompanyUpdate {
  // VAT and CIS are UK schemes: the form hides them for other types, and sends them off.
  const uk = values.type.startsWith('Uk');
  const registered = uk && values.vatRegistered;
  const fields: CompanyUpdate = {
    name: values.name,
    type: values.type as CompanyType,
    company_start_date: values.startDate,
    first_accounting_year_end: values.firstYearEnd,
    // Unticked, the year starts with the books; ticked and empty is the engine's "must be a date".
    first_accounting_year_start: values.startsMidYear ? values.yearStart : null,
    company_registration_number: text(values.registrationNumber),
    address1: text(values.address1),
    address2: text(values.address2),
    town: text(values.town),
    postcode: text(values.postcode),
    sales_tax_registration_status: registered ? 'Registered' : 'Not Registered',
    cis_subcontractor: uk && values.cisSubcontractor,
    cis_contractor: uk && values.cisContractor,
  };
  if (!registered) return fields;
  const months = Number(values.vatPeriodMonths);
  const effective = values.vatEffectiveDate;
  return {
    ...fields,
    sales_tax_registration_number: text(values.vatNumber),
    ...(effective ? { sales_tax_effective_date: effective } : {}),
    vat_period_months: months,
    initial_vat_basis: values.vatBasis === 'Cash' ? 'Cash' : 'Invoice',
    initially_on_frs: values.onFlatRate,
    initial_vat_frs_type: values.onFlatRate ? values.flatRateSector || null : null,
    vat_scheme_changes: schemeChangeFields(values.schemeChanges),
    ...(effective ? { first_vat_period_ends_on: firstEndForStagger(effective, months, Number(values.vatStagger)) } : {}),
  };
}

/** The fields' labels as the form shows them, for the changed-underneath banner. */
export const COMPANY_FIELD_LABELS: Readonly<Record<keyof CompanyFormValues, string>> = {
  name: 'Company name',
  type: 'Type',
  startDate: 'Books start',
  firstYearEnd: 'First year end',
  startsMidYear: 'The books start part-way through an accounting year',
  yearStart: 'That year began',
  registrationNumber: 'Company number',
  address1: 'Address',
  address2: 'Address line 2',
  town: 'Town',
  postcode: 'Postcode',
  vatRegistered: 'VAT registration',
  vatNumber: 'VAT number',
  vatEffectiveDate: 'Registered from',
  vatPeriodMonths: 'Returns',
  vatStagger: 'Periods end',
  vatBasis: 'VAT accounting',
  onFlatRate: 'Flat rate scheme',
  flatRateSector: 'Flat rate sector',
  cisSubcontractor: 'CIS subcontractor',
  cisContractor: 'CIS contractor',
  schemeChanges: 'Changes of scheme',
};

/** The values as strings, field by field, as lib/underneath compares them (a flag or a list as JSON). */
export function companyStrings(values: CompanyFormValues): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([field, value]) => [field, typeof value === 'string' ? value : JSON.stringify(value)]));
}

/** Puts strings from `companyStrings` back into the form's values, each as its own kind. */
export function applyCompanyStrings(values: CompanyFormValues, taken: Readonly<Record<string, string>>): void {
  const target = values as unknown as Record<string, unknown>;
  for (const [field, text] of Object.entries(taken)) {
    if (!(field in values)) continue;
    target[field] = typeof target[field] === 'string' ? text : JSON.parse(text);
  }
}
