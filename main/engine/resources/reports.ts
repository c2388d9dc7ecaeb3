import { loadCompany } from '../company-record';
import { reportPdf } from '../reports/pdf/report-pdf';
import { agedTable, balanceSheetTable, cashflowTable, fixedAssetsTable, profitAndLossTable, trialBalanceTable, type ReportTable } from '../reports/pdf/report-tables';
import { ok, type Route, type RouteRequest } from '../route';
import { agedBalanceRoutes } from './aged_balances';
import { balanceSheetRoutes } from './balance_sheet';
import { capitalAssetRoutes, registerRecords } from './capital_assets';
import { cashflowRoutes } from './cashflow';
import { profitAndLossRoutes } from './profit_and_loss';

/**
 * GET /v2/reports/:report/pdf (Ledgerdesk extension): a report as a PDF, for printing and filing
 * away. Each takes the same query as the report's own endpoint and reads that endpoint's answer, so
 * the PDF has exactly the figures of the JSON, checked and defaulted the same way, at the same
 * permission level. The profit and loss is the detailed one, with its compare= or by= columns as the
 * screen shows them. Answered as invoices' PDFs are: base64 under pdf.content.
 */
type Json = Record<string, unknown>;

function sourceRoute(routes: readonly Route[], path: string): Route {
  const found = routes.find((route) => route.method === 'GET' && route.path === path);
  if (!found) throw new Error(`No report at ${path}`);
  return found;
}

/** The report endpoint's answer as its JSON reads, for the table to lay out. */
function answerOf(route: Route, request: RouteRequest, query: URLSearchParams = request.query): Json {
  const result = route.handle({ ...request, query });
  return JSON.parse(JSON.stringify(result.body ?? {})) as Json;
}

interface PdfReport {
  name: string;
  source: Route;
  table: (request: RouteRequest, answer: Json) => ReportTable;
}

const PROFIT_AND_LOSS = sourceRoute(profitAndLossRoutes, '/v2/accounting/profit_and_loss/detail');
const TRIAL_BALANCE = sourceRoute(balanceSheetRoutes, '/v2/accounting/trial_balance/summary');

const REPORTS: readonly PdfReport[] = [
  // The detailed profit and loss, with its compare= or by= columns as the screen shows them.
  { name: 'profit_and_loss', source: PROFIT_AND_LOSS, table: (_request, answer) => profitAndLossTable(answer.profit_and_loss_detail as Json) },
  { name: 'balance_sheet', source: sourceRoute(balanceSheetRoutes, '/v2/accounting/balance_sheet'), table: (_request, answer) => balanceSheetTable(answer.balance_sheet as Json) },
  {
    name: 'trial_balance',
    source: TRIAL_BALANCE,
    // The trial balance's answer is its lines alone; the period is the one asked for.
    table: (request, answer) => trialBalanceTable(answer.trial_balance_summary as Json[], request.query.get('from_date') ?? '', request.query.get('to_date') ?? ''),
  },
  { name: 'cashflow', source: sourceRoute(cashflowRoutes, '/v2/cashflow'), table: (_request, answer) => cashflowTable(answer.cashflow as Json) },
  { name: 'aged_debtors', source: sourceRoute(agedBalanceRoutes, '/v2/accounting/aged_debtors'), table: (_request, answer) => agedTable('Aged debtors', answer.aged_debtors as Json) },
  { name: 'aged_creditors', source: sourceRoute(agedBalanceRoutes, '/v2/accounting/aged_creditors'), table: (_request, answer) => agedTable('Aged creditors', answer.aged_creditors as Json) },
];

function pdfAnswer(request: RouteRequest, table: ReportTable) {
  const company = loadCompany(request.ctx);
  const bytes = reportPdf(table, { company: company.name, currency: company.currency, createdAt: new Date(request.ctx.now) });
  return ok({ pdf: { content: Buffer.from(bytes).toString('base64') } });
}

/** The register takes the list's query (as_at_date, view) and prints every asset, not one page. */
const FIXED_ASSETS_PDF: Route = {
  method: 'GET',
  path: '/v2/reports/fixed_assets/pdf',
  level: sourceRoute(capitalAssetRoutes, '/v2/capital_assets').level,
  handle: (request) => {
    const { records, asAt } = registerRecords(request);
    return pdfAnswer(request, fixedAssetsTable(records, asAt, loadCompany(request.ctx).currency));
  },
};

export const reportPdfRoutes: Route[] = [
  ...REPORTS.map(
    (report): Route => ({
      method: 'GET',
      path: `/v2/reports/${report.name}/pdf`,
      level: report.source.level,
      handle: (request: RouteRequest) => pdfAnswer(request, report.table(request, answerOf(report.source, request))),
    }),
  ),
  FIXED_ASSETS_PDF,
];
