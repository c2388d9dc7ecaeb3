import { Level } from '../../../shared/api/permissions';
import { PROFIT_AND_LOSS_LESS_TITLES, type ProfitAndLossLessTitle } from '../../../shared/api/profit_and_loss';
import { fromMinor } from '../../../shared/money';
import { loadCompany } from '../company-record';
import { badRequest, unprocessable } from '../errors';
import { profitAndLoss, type ProfitAndLoss } from '../reports/profit-and-loss';
import { corporationTaxComputation } from '../reports/corporation-tax-computation';
import { profitAndLossDetail, type DetailColumn } from '../reports/profit-and-loss-detail';
import { monthEnd, monthsOf } from '../reports/dates';
import { previousPeriod, yearEarlier } from '../reports/comparison-period';
import { accountingPeriods } from '../ledger/periods';
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

const COMPARISONS = ['previous_period', 'previous_year'] as const;
const BREAKDOWNS = ['month', 'project'] as const;

function columnsAsked(request: RouteRequest, period: ReportPeriod): DetailColumn[] {
  const { ctx, query } = request;
  const company = loadCompany(ctx);
  const compare = query.get('compare');
  const by = query.get('by');
  if (compare && !(COMPARISONS as readonly string[]).includes(compare)) throw badRequest(`compare must be one of ${COMPARISONS.join(', ')}`);
  if (by && !(BREAKDOWNS as readonly string[]).includes(by)) throw badRequest(`by must be one of ${BREAKDOWNS.join(', ')}`);
  if (compare && by) throw badRequest('Give either compare or by, not both');
  const whole: DetailColumn = { key: 'period', label: `${period.from} to ${period.to}`, ...period };
  if (compare) {
    const years = accountingPeriods(company.firstAccountingYearStart, company.firstAccountingYearEnd, period.to);
    const other = compare === 'previous_year' ? yearEarlier(period) : previousPeriod(period, years);
    return [whole, { key: compare, label: `${other.from} to ${other.to}`, ...other }];
  }
  if (by === 'month') {
    const months = monthsOf(period.from, period.to).map(({ year, month }): DetailColumn => {
      const start = `${year}-${String(month).padStart(2, '0')}-01`;
      const from = start < period.from ? period.from : start;
      const end = monthEnd(start);
      return { key: start.slice(0, 7), label: start.slice(0, 7), from, to: end > period.to ? period.to : end };
    });
    return [...months, { ...whole, key: 'total', label: 'Total' }];
  }
  if (by === 'project') {
    const projects = ctx.book.sqlite.prepare<[], { id: number; name: string }>('SELECT id, name FROM projects ORDER BY name, id').all();
    return [
      ...projects.map((project): DetailColumn => ({ key: `project-${project.id}`, label: project.name, ...period, projectId: project.id })),
      { key: 'no-project', label: 'No project', ...period, projectId: null },
      { ...whole, key: 'total', label: 'Total' },
    ];
  }
  return [whole];
}

/**
 * GET /v2/accounting/profit_and_loss/detail (a Ledgerdesk extension, api-notes): the summary's period
 * rules, each category on its own line, with compare=previous_period|previous_year or by=month|project.
 */
function detail(request: RouteRequest) {
  const { ctx } = request;
  const period = periodAsked(request);
  const company = loadCompany(ctx);
  const money = (minor: number) => decimal(fromMinor(minor, company.currency));
  const columns = columnsAsked(request, period);
  const report = profitAndLossDetail(ctx, columns);
  const comparing = columns.length === 2 && columns[1]!.key !== 'total';
  // The estimate (limited companies only) is for the whole period asked, never one month, project or comparison.
  const estimate = company.type === 'UkLimitedCompany' ? corporationTaxComputation(ctx.book.sqlite, period) : null;
  return ok({
    profit_and_loss_detail: {
      from: date(period.from),
      to: date(period.to),
      currency: company.currency,
      columns: columns.map((column) => ({ key: column.key, label: column.label, from: date(column.from), to: date(column.to) })),
      lines: report.lines.map((line) => ({
        kind: line.kind,
        label: line.label,
        ...(line.nominalCode === undefined ? {} : { nominal_code: line.nominalCode }),
        amounts: line.amounts.map(money),
        ...(comparing && line.amounts.length === 2 ? { change: money(line.amounts[0]! - line.amounts[1]!) } : {}),
      })),
      corporation_tax_estimate: estimate && {
        taxable_profit: money(estimate.taxableProfitMinor),
        tax: money(estimate.taxMinor),
        parts: estimate.parts.map((part) => ({
          financial_year: part.financialYear,
          from: date(part.from),
          to: date(part.to),
          profit: money(part.profitMinor),
          rate: part.rate,
          marginal_relief: money(part.marginalReliefMinor),
          tax: money(part.taxMinor),
        })),
        adjusted_profit: money(estimate.adjustedProfitMinor),
        capital_allowances: money(estimate.capitalAllowancesMinor),
        balancing_charges: money(estimate.balancingChargesMinor),
        losses_brought_forward: money(estimate.lossesBroughtForwardMinor),
        losses_used: money(estimate.lossesUsedMinor),
        losses_carried_forward: money(estimate.lossesCarriedForwardMinor),
        pools: estimate.pools.map((pool) => ({
          pool: pool.pool,
          brought_forward: money(pool.broughtForwardMinor),
          additions: money(pool.additionsMinor),
          annual_investment_allowance: money(pool.annualInvestmentAllowanceMinor),
          disposal_values: money(pool.disposalValuesMinor),
          writing_down_allowance: money(pool.writingDownAllowanceMinor),
          small_pool_allowance: money(pool.smallPoolAllowanceMinor),
          balancing_charge: money(pool.balancingChargeMinor),
          carried_forward: money(pool.carriedForwardMinor),
        })),
        chargeable_periods: estimate.periods.map((period) => ({
          from: date(period.from),
          to: date(period.to),
          taxable_profit: money(period.taxableProfitMinor),
          losses_used: money(period.lossesUsedMinor),
          tax: money(period.taxMinor),
          payment_due_on: date(period.paymentDueOn),
        })),
        payment_due_on: date(estimate.paymentDueOn),
      },
    },
  });
}

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
  { method: 'GET', path: '/v2/accounting/profit_and_loss/detail', level: Level.TaxAccountingAndUsers, handle: detail },
];
