import { isCalendarDate } from '../../../shared/api/fields';
import { Level } from '../../../shared/api/permissions';
import { badRequest, unprocessable } from '../errors';
import { MOSS_START, mossCountry, mossRatesOn } from '../ledger/moss-rates';
import { ok, type Route, type RouteRequest } from '../route';
import { decimal } from '../values';

function salesTaxRates({ query }: RouteRequest) {
  const country = query.get('country');
  const date = query.get('date');
  if (!country || !date) throw badRequest('country and date are both required, for example ?country=Austria&date=2017-01-01');
  if (!isCalendarDate(date)) throw badRequest('date must be a date (YYYY-MM-DD)');
  const known = mossCountry(country);
  if (!known) throw unprocessable(`${country} is not an EC VAT MOSS place of supply; use the name of an EU member state such as Austria`);
  if (date < MOSS_START) throw unprocessable(`There are no MOSS rates before ${MOSS_START}, when the scheme began`);
  return ok({
    ec_tax_name: 'VAT',
    sales_tax_rates: mossRatesOn(known, date).map((rate) => ({ percentage: decimal(rate.percentage), band: rate.band })),
  });
}

/** A lookup of public rates: anyone signed in may read it (the live service names no level). */
export const ecMossRoutes: Route[] = [{ method: 'GET', path: '/v2/ec_moss/sales_tax_rates', level: Level.Time, handle: salesTaxRates }];
