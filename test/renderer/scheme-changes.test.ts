import { describe, expect, it } from 'vitest';
import { companyFields, formValues } from '../../renderer/sections/settings/company-form';
import { schemeChangeFields, sortSchemeChangeErrors } from '../../renderer/sections/settings/scheme-changes';

const COMPANY = {
  name: 'Example Ltd',
  type: 'UkLimitedCompany',
  currency: 'GBP',
  company_start_date: '2025-05-01',
  first_accounting_year_end: '2026-04-30',
  annual_accounting_periods: [],
  sales_tax_registration_status: 'Registered',
  sales_tax_registration_number: 'GB123456782',
  sales_tax_effective_date: '2025-05-01',
  cis_subcontractor: false,
  cis_contractor: false,
  locked_attributes: [],
  initial_vat_basis: 'Invoice',
  initially_on_frs: false,
};

describe('the changes of VAT scheme in the company form', () => {
  it('shows the stored changes and sends the whole list back, a sector only while on the flat rate scheme', () => {
    const setup = { setup_completed: true, vat_period_months: 3, vat_scheme_changes: [{ starts_on: '2026-12-01', vat_basis: 'Cash' as const, on_frs: true, frs_type: 'Pubs' }] };
    const values = formValues(COMPANY, setup);
    expect(values.schemeChanges).toEqual([{ startsOn: '2026-12-01', basis: 'Cash', onFlatRate: true, sector: 'Pubs' }]);
    expect(companyFields(values).vat_scheme_changes).toEqual([{ starts_on: '2026-12-01', vat_basis: 'Cash', on_frs: true, frs_type: 'Pubs' }]);
    expect(schemeChangeFields([{ startsOn: '2027-02-01', basis: 'Invoice', onFlatRate: false, sector: 'Pubs' }])).toEqual([{ starts_on: '2027-02-01', vat_basis: 'Invoice', on_frs: false, frs_type: null }]);
    // Removing the last change sends an empty list, which clears the book's.
    expect(companyFields({ ...values, schemeChanges: [] }).vat_scheme_changes).toEqual([]);
  });

  it("puts the engine's refusals at the row and field they name, in its words with the field's label", () => {
    const sorted = sortSchemeChangeErrors([
      'vat_scheme_changes[1].starts_on must be after 2026-12-01 (the registration date and earlier changes come first, in date order)',
      'vat_scheme_changes.0.frs_type must be one of HMRC’s flat rate sectors (VAT Notice 733)',
      'The VAT scheme from 2026-10-01 cannot change: the VAT return for the period ending 2026-10-31 has been filed (mark the returns as unfiled first)',
      'name can’t be blank',
    ]);
    expect(sorted.rows).toEqual({
      1: { starts_on: ['From must be after 2026-12-01 (the registration date and earlier changes come first, in date order).'] },
      0: { frs_type: ['Flat rate sector from then must be one of HMRC’s flat rate sectors (VAT Notice 733).'] },
    });
    expect(sorted.list).toEqual(['The VAT scheme from 2026-10-01 cannot change: the VAT return for the period ending 2026-10-31 has been filed (mark the returns as unfiled first).']);
    expect(sorted.rest).toEqual(['name can’t be blank']);
  });
});
