import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';

/** Whether the company charges and reclaims VAT on a date: registered, and the registration has begun. */
export function vatRegisteredOn(ctx: Pick<EngineContext, 'db'>, datedOn: string): boolean {
  const company = loadCompany(ctx);
  return company.vatRegistered && (company.salesTaxEffectiveDate === null || company.salesTaxEffectiveDate <= datedOn);
}
