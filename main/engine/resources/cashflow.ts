import { Level } from '../../../shared/api/permissions';
import { fromMinor, sumMinor } from '../../../shared/money';
import { loadCompany } from '../company-record';
import { cashflowByMonth } from '../reports/cashflow';
import { datedPeriod } from '../reports/report-period';
import { ok, type Route, type RouteRequest } from '../route';
import { date, decimal } from '../values';

/**
 * GET /v2/cashflow (2.17). The period defaults as the profit and loss summary's does (the golden
 * response runs from the accounting year's start to today). Amounts are decimal strings, as the
 * reference says of every decimal, although the live service sends bare numbers here.
 */
function cashflow({ ctx, query }: RouteRequest) {
  const company = loadCompany(ctx);
  const period = datedPeriod(query, company, ctx.today);
  const money = (minor: number) => decimal(fromMinor(minor, company.currency));
  const months = cashflowByMonth(ctx, period);
  const incoming = sumMinor(months.map((month) => month.incoming));
  const outgoing = sumMinor(months.map((month) => month.outgoing));
  return ok({
    cashflow: {
      from: date(period.from),
      to: date(period.to),
      incoming: { total: money(incoming), months: months.map(({ month, year, incoming }) => ({ month, year, total: money(incoming) })) },
      outgoing: { total: money(outgoing), months: months.map(({ month, year, outgoing }) => ({ month, year, total: money(outgoing) })) },
      balance: money(incoming - outgoing),
    },
  });
}

export const cashflowRoutes: Route[] = [{ method: 'GET', path: '/v2/cashflow', level: Level.Banking, handle: cashflow }];
