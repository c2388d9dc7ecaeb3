import type { CompanyRow } from '../company-record';

/** Whether the company charges and reclaims VAT on a date: registered, and on or after its registration date. */
export function vatRegisteredOn(company: Pick<CompanyRow, 'vatRegistered' | 'salesTaxEffectiveDate'>, datedOn: string): boolean {
  return company.vatRegistered && (company.salesTaxEffectiveDate === null || company.salesTaxEffectiveDate <= datedOn);
}
