/**
 * Typed call for /v2/ec_moss/sales_tax_rates: the VAT rates an EU country applied on a day, which an
 * EC VAT MOSS sale must be taxed at (spec 2.20; api-notes: CIS bands and MOSS rates).
 */
import { z } from 'zod';
import { getOne, type ApiResult } from '../api';

export const mossRateSchema = z.object({
  /** Decimal text as the engine writes it: "20.0", "13.5". */
  percentage: z.string(),
  band: z.string(),
});
export type MossRate = z.infer<typeof mossRateSchema>;

/** The rates of a place of supply on a date, Standard first, as the engine orders them. */
export function listMossRates(country: string, date: string): Promise<ApiResult<MossRate[]>> {
  return getOne('GET', '/v2/ec_moss/sales_tax_rates', 'sales_tax_rates', mossRateSchema.array(), { query: { country, date } });
}
