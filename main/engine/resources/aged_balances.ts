import { Level } from '../../../shared/api/permissions';
import { fromMinor } from '../../../shared/money';
import type { EngineContext } from '../context';
import { dateParam } from '../query-params';
import { agedCreditors, agedDebtors, type AgedLine } from '../reports/aged-balances';
import { ok, type Route, type RouteRequest } from '../route';
import { recordUrl } from '../urls';
import { date, decimal, type ApiRecord } from '../values';

/**
 * Ledgerdesk extensions (issue 10 item 2, docs/api-notes.md): GET /v2/accounting/aged_debtors and
 * /v2/accounting/aged_creditors?as_at_date= (default today): what each contact owes or is owed,
 * by the age of the documents, in their own currency, with totals per currency.
 */

type Figures = Pick<AgedLine, 'buckets' | 'overdue' | 'total'>;

function figures(line: Figures, currency: string): ApiRecord {
  const money = (minor: number) => decimal(fromMinor(minor, currency));
  return {
    days_0_to_30: money(line.buckets.days0To30),
    days_31_to_60: money(line.buckets.days31To60),
    days_61_to_90: money(line.buckets.days61To90),
    days_over_90: money(line.buckets.daysOver90),
    overdue: money(line.overdue),
    total: money(line.total),
  };
}

function totalsByCurrency(lines: readonly AgedLine[]): ApiRecord[] {
  const totals = new Map<string, Figures>();
  for (const line of lines) {
    const total = totals.get(line.currency) ?? { buckets: { days0To30: 0, days31To60: 0, days61To90: 0, daysOver90: 0 }, overdue: 0, total: 0 };
    for (const bucket of Object.keys(total.buckets) as (keyof Figures['buckets'])[]) total.buckets[bucket] += line.buckets[bucket];
    total.overdue += line.overdue;
    total.total += line.total;
    totals.set(line.currency, total);
  }
  return [...totals.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([currency, total]) => ({ currency, ...figures(total, currency) }));
}

function report(key: 'aged_debtors' | 'aged_creditors', build: (ctx: EngineContext, asAt: string) => AgedLine[]) {
  return ({ ctx, query }: RouteRequest) => {
    const asAt = dateParam(query, 'as_at_date') ?? ctx.today;
    const lines = build(ctx, asAt);
    return ok({
      [key]: {
        as_at_date: date(asAt),
        contacts: lines.map((line) => ({ contact: recordUrl(ctx, 'contacts', line.contactId), contact_name: line.contactName, currency: line.currency, ...figures(line, line.currency) })),
        totals: totalsByCurrency(lines),
      },
    });
  };
}

export const agedBalanceRoutes: Route[] = [
  { method: 'GET', path: '/v2/accounting/aged_debtors', level: Level.TaxAccountingAndUsers, handle: report('aged_debtors', agedDebtors) },
  { method: 'GET', path: '/v2/accounting/aged_creditors', level: Level.TaxAccountingAndUsers, handle: report('aged_creditors', agedCreditors) },
];
