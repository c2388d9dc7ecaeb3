import type { RoundContext } from './context';
import type { SyncRecord } from './family';

/** One company setting the book and the remote hold differently, as each side spells it. */
export interface CompanyDifference {
  field: string;
  mine: string | null;
  theirs: string | null;
}

/** The remote company is of another kind than the book's and the book cannot take its settings. */
export class CompanyMismatch extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CompanyMismatch';
  }
}

const text = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value).trim());
const compact = (value: unknown): string | null => text(value)?.replace(/\s+/g, '').toUpperCase() ?? null;
const registered = (company: SyncRecord) => company.sales_tax_registration_status === 'Registered';

/**
 * The settings every figure depends on: the type (chart and roles), the currency, the accounting dates,
 * and the VAT registration with its number, date and basis (an invoice's VAT is charged or not by it).
 * The number and date mean nothing while unregistered (the live service sends the start date then).
 */
function settingsOf(company: SyncRecord): Record<string, string | null> {
  const vat = registered(company);
  return {
    type: text(company.type),
    currency: compact(company.currency),
    company_start_date: text(company.company_start_date),
    first_accounting_year_end: text(company.first_accounting_year_end),
    sales_tax_registration_status: vat ? 'Registered' : 'Not Registered',
    sales_tax_registration_number: vat ? compact(company.sales_tax_registration_number)?.replace(/^GB/, '') ?? null : null,
    sales_tax_effective_date: vat ? text(company.sales_tax_effective_date) : null,
    initial_vat_basis: text(company.initial_vat_basis) ?? 'Invoice',
  };
}

/** The settings the book would have to take to match the remote company, in the order a person reads them. */
export function companyDifferences(ours: SyncRecord, theirs: SyncRecord): CompanyDifference[] {
  const mine = settingsOf(ours);
  const remote = settingsOf(theirs);
  return Object.keys(remote)
    .filter((field) => mine[field] !== remote[field])
    .map((field) => ({ field, mine: mine[field] ?? null, theirs: remote[field] ?? null }));
}

/**
 * Gives the book the remote company's settings, in one engine request (the engine checks them as it
 * would a person's change: a type or currency is refused once the book holds transactions, VAT once a
 * return is filed). The remote is the company of record: its settings are taken, never sent.
 */
export async function adoptCompany(ctx: RoundContext, theirs: SyncRecord): Promise<void> {
  const vat = registered(theirs);
  const values: SyncRecord = {
    name: theirs.name,
    type: theirs.type,
    currency: theirs.currency,
    company_start_date: theirs.company_start_date,
    first_accounting_year_end: theirs.first_accounting_year_end,
    sales_tax_registration_status: vat ? 'Registered' : 'Not Registered',
    initial_vat_basis: theirs.initial_vat_basis ?? 'Invoice',
    // The book was made for this company: its first run has nothing left to ask.
    setup_completed: true,
  };
  if (vat) {
    values.sales_tax_registration_number = theirs.sales_tax_registration_number;
    values.sales_tax_effective_date = theirs.sales_tax_effective_date;
  }
  for (const key of Object.keys(values)) if (values[key] === undefined || values[key] === null) delete values[key];
  const answer = await ctx.local.request('PUT', '/v2/company', { company: values });
  if (answer.status >= 400) throw new CompanyMismatch(`This book cannot take the online company's settings: ${answer.messages.join('; ')}`);
}
