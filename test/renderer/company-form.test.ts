import { describe, expect, it } from 'vitest';
import { companyFields, formValues, staggerOptions } from '../../renderer/sections/settings/company-form';

const COMPANY = {
  name: 'Example Ltd',
  type: 'UkLimitedCompany',
  currency: 'GBP',
  company_start_date: '2025-05-01',
  first_accounting_year_end: '2026-04-30',
  annual_accounting_periods: [],
  sales_tax_registration_status: 'Registered',
  sales_tax_registration_number: 'GB123456782',
  sales_tax_effective_date: '2025-08-12',
  cis_subcontractor: false,
  cis_contractor: false,
  locked_attributes: [],
  initial_vat_basis: 'Invoice',
  initially_on_frs: false,
};

describe('the company form', () => {
  it('shows the stored stagger and sends it back as the same first period end', () => {
    const values = formValues(COMPANY, { setup_completed: true, vat_period_months: 3, first_vat_period_ends_on: '2025-09-30' });
    expect(values.vatStagger).toBe('3');
    expect(companyFields(values)).toMatchObject({ sales_tax_registration_status: 'Registered', vat_period_months: 3, first_vat_period_ends_on: '2025-09-30' });
  });

  it('turns a chosen stagger into the first month end on it after the registration date', () => {
    const values = { ...formValues(COMPANY, null), vatPeriodMonths: '12', vatStagger: '3' };
    expect(companyFields(values).first_vat_period_ends_on).toBe('2026-03-31');
  });

  it('names quarterly staggers by the months they end in', () => {
    expect(staggerOptions('3').map((option) => option.label)).toEqual(['Quarters end Jan, Apr, Jul, Oct', 'Quarters end Feb, May, Aug, Nov', 'Quarters end Mar, Jun, Sep, Dec']);
  });

  it('sends no VAT registration or CIS for a type outside the UK', () => {
    const values = { ...formValues(COMPANY, null), type: 'Universal', cisSubcontractor: true };
    expect(companyFields(values)).toMatchObject({ sales_tax_registration_status: 'Not Registered', cis_subcontractor: false });
    expect(companyFields(values)).not.toHaveProperty('sales_tax_registration_number');
  });

  it('sends the VAT scheme: the basis, and the flat rate sector only while on the scheme', () => {
    const cash = { ...formValues(COMPANY, null), vatBasis: 'Cash', onFlatRate: true, flatRateSector: 'Management consultancy' };
    expect(companyFields(cash)).toMatchObject({ initial_vat_basis: 'Cash', initially_on_frs: true, initial_vat_frs_type: 'Management consultancy' });
    expect(companyFields({ ...cash, onFlatRate: false })).toMatchObject({ initial_vat_basis: 'Cash', initially_on_frs: false, initial_vat_frs_type: null });
    const stored = formValues({ ...COMPANY, initial_vat_basis: 'Cash', initially_on_frs: true, initial_vat_frs_type: 'Pubs' }, null);
    expect(stored).toMatchObject({ vatBasis: 'Cash', onFlatRate: true, flatRateSector: 'Pubs' });
  });
});
