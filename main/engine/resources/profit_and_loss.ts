import { Level } from '../../../shared/api/permissions';
import { PROFIT_AND_LOSS_LESS_TITLES, type ProfitAndLossLessTitle } from '../../../shared/api/profit_and_loss';
import { fromMinor } from '../../../shared/money';
import { loadCompany } from '../company-record';
import { badRequest, unprocessable } from '../errors';
import { profitAndLoss, type ProfitAndLoss } from '../reports/profit-and-loss';
import { atMostTwelveMonths, datedPeriod, namedAccountingYear, withinOneAccountingYear, type ReportPeriod } from '../reports/report-period';
import { ok, type Route, type RouteRequest } from '../route';
import { date, decimal } from '../values';

/** accounting_period, or from_date/to_date with their defaults; never both. */
function periodAsked(request: RouteRequest): ReportPeriod {
  const { ctx, query } = request;
  const company = loadCompany(ctx);
  const named = query.get('accounting_period');
  if (named !== null && named !== '') {
    if (query.get('from_date') || query.get('to_date')) throw badRequest('Give either accounting_period or from_date and to_date, not both');
    return namedAccountingYear(named, company);
  }
  const period = datedPeriod(query, company, ctx.today);
  // 4.17 and 8: twelve months at most, or any period inside one accounting year (a long first year).
  if (!atMostTwelveMonths(period) && !withinOneAccountingYear(period, company)) {
    throw unprocessable(`The period ${period.from} to ${period.to} is longer than 12 months and not within one accounting year`);
  }
  return period;
}

const LESS_FIGURES: Readonly<Record<ProfitAndLossLessTitle, keyof ProfitAndLoss>> = {
  'Corp. Tax': 'corporationTax',
  Dividends: 'dividends',
  Adjustments: 'adjustments',
};

function summary(request: RouteRequest) {
  const { ctx } = request;
  const period = periodAsked(request);
  const currency = loadCompany(ctx).currency;
  const money = (minor: number) => decimal(fromMinor(minor, currency));
  const figures = profitAndLoss(ctx, period);
  return ok({
    profit_and_loss_summary: {
      from: date(period.from),
      to: date(period.to),
      income: money(figures.income),
      expenses: money(figures.expenses),
      operating_profit: money(figures.operatingProfit),
      less: PROFIT_AND_LOSS_LESS_TITLES.map((title) => ({ title, total: money(figures[LESS_FIGURES[title]]) })),
      retained_profit: money(figures.retainedProfit),
      retained_profit_brought_forward: money(figures.broughtForward),
      retained_profit_carried_forward: money(figures.carriedForward),
    },
  });
}

export const profitAndLossRoutes: Route[] = [
  { method: 'GET', path: '/v2/accounting/profit_and_loss/summary', level: Level.TaxAccountingAndUsers, handle: summary },
];
