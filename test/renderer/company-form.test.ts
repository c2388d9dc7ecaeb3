import { describe, expect, it } from 'vitest';
import { companyFields, formValues, staggerOptions, twelveMonthsBefore } from '../../renderer/sections/settings/company-form';

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

  it('sends the first accounting year start only while the books start part-way through it', () => {
    const setup = { setup_completed: true, vat_period_months: 3, first_accounting_year_start: '2024-11-01' };
    const values = formValues(COMPANY, setup);
    expect(values).toMatchObject({ startDate: '2025-05-01', startsMidYear: true, yearStart: '2024-11-01' });
    expect(companyFields(values)).toMatchObject({ company_start_date: '2025-05-01', first_accounting_year_start: '2024-11-01' });
    // Unticked, the year starts with the books again: null, whatever date was left in the field.
    expect(companyFields({ ...values, startsMidYear: false }).first_accounting_year_start).toBeNull();
    expect(formValues(COMPANY, null)).toMatchObject({ startsMidYear: false, yearStart: '' });
  });

  it('offers the twelve months that end on the first year end as the year the books start in', () => {
    expect(twelveMonthsBefore('2026-03-31')).toBe('2025-04-01');
    expect(twelveMonthsBefore('2026-04-30')).toBe('2025-05-01');
    expect(twelveMonthsBefore('2026-06-15')).toBe('2025-06-16');
    // A 29 February end counts from 1 March, as does the 28th of a year with no 29th before it.
    expect(twelveMonthsBefore('2028-02-29')).toBe('2027-03-01');
    expect(twelveMonthsBefore('2027-02-28')).toBe('2026-03-01');
  });
});
