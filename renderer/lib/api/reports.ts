/**
 * Typed calls for the reports: the profit and loss summary, the balance sheet, the trial balance,
 * cashflow, and the accounting transactions (postings) behind a figure.
 */
import { z } from 'zod';
import { decode, getOne, headerValue, send, type ApiResult } from '../api';

export interface Period {
  from: string;
  to: string;
}

const dated = (period: Period) => ({ from_date: period.from, to_date: period.to });

export const profitAndLossSchema = z.object({
  from: z.string(),
  to: z.string(),
  income: z.string(),
  expenses: z.string(),
  operating_profit: z.string(),
  less: z.array(z.object({ title: z.string(), total: z.string() })),
  retained_profit: z.string(),
  retained_profit_brought_forward: z.string(),
  retained_profit_carried_forward: z.string(),
});
export type ProfitAndLoss = z.infer<typeof profitAndLossSchema>;

/** Without a period, the engine's default: the accounting year to today by its own clock. */
export function getProfitAndLoss(period?: Period): Promise<ApiResult<ProfitAndLoss>> {
  return getOne('GET', '/v2/accounting/profit_and_loss/summary', 'profit_and_loss_summary', profitAndLossSchema, period ? { query: dated(period) } : {});
}

const detailLineSchema = z.object({
  kind: z.enum(['heading', 'category', 'total', 'grand']),
  label: z.string(),
  nominal_code: z.string().optional(),
  amounts: z.array(z.string()),
  change: z.string().optional(),
});
export type ProfitAndLossDetailLine = z.infer<typeof detailLineSchema>;

export const profitAndLossDetailSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  columns: z.array(z.object({ key: z.string(), label: z.string(), from: z.string(), to: z.string() })),
  lines: z.array(detailLineSchema),
  corporation_tax_estimate: z
    .object({
      taxable_profit: z.string(),
      tax: z.string(),
      parts: z.array(z.object({ financial_year: z.number(), from: z.string(), to: z.string(), profit: z.string(), rate: z.string(), marginal_relief: z.string(), tax: z.string() })),
      adjusted_profit: z.string(),
      capital_allowances: z.string(),
      balancing_charges: z.string(),
      losses_brought_forward: z.string(),
      losses_used: z.string(),
      losses_carried_forward: z.string(),
      pools: z.array(
        z.object({
          pool: z.enum(['main', 'special_rate']),
          brought_forward: z.string(),
          additions: z.string(),
          annual_investment_allowance: z.string(),
          disposal_values: z.string(),
          writing_down_allowance: z.string(),
          small_pool_allowance: z.string(),
          balancing_charge: z.string(),
          carried_forward: z.string(),
        }),
      ),
      chargeable_periods: z.array(z.object({ from: z.string(), to: z.string(), taxable_profit: z.string(), losses_used: z.string(), tax: z.string(), payment_due_on: z.string() })),
      payment_due_on: z.string(),
    })
    .nullable(),
});
export type ProfitAndLossDetail = z.infer<typeof profitAndLossDetailSchema>;
export type CorporationTaxEstimate = NonNullable<ProfitAndLossDetail['corporation_tax_estimate']>;

/** How the detailed profit and loss is laid out beside the period: a comparison, or columns by month or project. */
export type ProfitAndLossView = 'plain' | 'previous_period' | 'previous_year' | 'month' | 'project';

/** The query of the detailed profit and loss (its PDF takes the same). */
export function profitAndLossDetailQuery(period: Period, view: ProfitAndLossView): Record<string, string> {
  const query: Record<string, string> = dated(period);
  if (view === 'previous_period' || view === 'previous_year') query.compare = view;
  if (view === 'month' || view === 'project') query.by = view;
  return query;
}

/** Each category of the profit and loss over a period, with its comparison or breakdown columns. */
export function getProfitAndLossDetail(period: Period, view: ProfitAndLossView): Promise<ApiResult<ProfitAndLossDetail>> {
  return getOne('GET', '/v2/accounting/profit_and_loss/detail', 'profit_and_loss_detail', profitAndLossDetailSchema, { query: profitAndLossDetailQuery(period, view) });
}

const sheetAccount = z.object({ name: z.string(), nominal_code: z.string(), total_debit_value: z.string() });
export type SheetAccount = z.infer<typeof sheetAccount>;

/** A line of the balance sheet as printed (a Ledgerdesk extension): figures signed as they are read. */
const sheetLayoutLine = z.object({
  kind: z.enum(['heading', 'subheading', 'account', 'total', 'grand']),
  label: z.string(),
  nominal_code: z.string().optional(),
  amount: z.string().optional(),
});
export type SheetLayoutLine = z.infer<typeof sheetLayoutLine>;

export const balanceSheetSchema = z.object({
  accounting_period_start_date: z.string(),
  as_at_date: z.string(),
  currency: z.string(),
  capital_assets: z.object({ accounts: z.array(sheetAccount).default([]), net_book_value: z.string() }),
  current_assets: z.object({ accounts: z.array(sheetAccount).default([]) }),
  current_liabilities: z.object({ accounts: z.array(sheetAccount).default([]) }),
  net_current_assets: z.string(),
  total_assets: z.string(),
  owners_equity: z.object({ accounts: z.array(sheetAccount).default([]), retained_profit: z.string() }),
  total_owners_equity: z.string(),
  layout: z.array(sheetLayoutLine),
});
export type BalanceSheet = z.infer<typeof balanceSheetSchema>;

/** Without a date, as at today by the engine's clock. */
export function getBalanceSheet(asAt?: string): Promise<ApiResult<BalanceSheet>> {
  return getOne('GET', '/v2/accounting/balance_sheet', 'balance_sheet', balanceSheetSchema, asAt ? { query: { as_at_date: asAt } } : {});
}

export const trialBalanceLineSchema = z.object({
  category: z.string(),
  display_nominal_code: z.string(),
  nominal_code: z.string(),
  name: z.string(),
  total: z.string(),
});
export type TrialBalanceLine = z.infer<typeof trialBalanceLineSchema>;

export function getTrialBalance(period: Period): Promise<ApiResult<TrialBalanceLine[]>> {
  return getOne('GET', '/v2/accounting/trial_balance/summary', 'trial_balance_summary', trialBalanceLineSchema.array(), { query: dated(period) });
}

export const postingSchema = z.object({
  url: z.string(),
  nominal_code: z.string(),
  category_name: z.string(),
  description: z.string(),
  debit_value: z.string(),
  dated_on: z.string(),
  source_item_url: z.string(),
});
export type Posting = z.infer<typeof postingSchema>;

/** The postings on one nominal code in a period (at most 1,000: a report's drill-down, not an export). */
export async function listPostings(nominalCode: string, period: Period): Promise<ApiResult<{ rows: Posting[]; total: number }>> {
  const rows: Posting[] = [];
  for (let page = 1; page <= 10; page++) {
    const sent = await send('GET', '/v2/accounting/transactions', { query: { ...dated(period), nominal_code: nominalCode, page: String(page), per_page: '100' } });
    if (!sent.ok) return sent;
    const decoded = decode(sent.value, 'transactions', postingSchema.array());
    if (!decoded.ok) return decoded;
    rows.push(...decoded.value);
    const total = Number(headerValue(sent.value.headers, 'x-total-count') ?? rows.length);
    if (rows.length >= total || decoded.value.length === 0) return { ok: true, value: { rows, total } };
  }
  return { ok: true, value: { rows, total: rows.length } };
}

const agedFigures = {
  days_0_to_30: z.string(),
  days_31_to_60: z.string(),
  days_61_to_90: z.string(),
  days_over_90: z.string(),
  overdue: z.string(),
  total: z.string(),
};
export const agedLineSchema = z.object({ contact: z.string(), contact_name: z.string(), currency: z.string(), ...agedFigures });
export type AgedLine = z.infer<typeof agedLineSchema>;
export const agedReportSchema = z.object({
  as_at_date: z.string(),
  contacts: z.array(agedLineSchema),
  totals: z.array(z.object({ currency: z.string(), ...agedFigures })),
});
export type AgedReport = z.infer<typeof agedReportSchema>;
export type AgedKind = 'aged_debtors' | 'aged_creditors';

/** What customers owe (debtors) or suppliers are owed (creditors) as at a date, by age. */
export function getAged(kind: AgedKind, asAt: string): Promise<ApiResult<AgedReport>> {
  return getOne('GET', `/v2/accounting/${kind}`, kind, agedReportSchema, { query: { as_at_date: asAt } });
}

const cashflowMonthSchema = z.object({ month: z.number(), year: z.number(), total: z.string() });
export const cashflowSchema = z.object({
  from: z.string(),
  to: z.string(),
  incoming: z.object({ total: z.string(), months: z.array(cashflowMonthSchema) }),
  outgoing: z.object({ total: z.string(), months: z.array(cashflowMonthSchema) }),
  balance: z.string(),
});
export type Cashflow = z.infer<typeof cashflowSchema>;

/** Money in and out of the bank accounts per month of the period (GET /v2/cashflow). */
export function getCashflow(period: Period): Promise<ApiResult<Cashflow>> {
  return getOne('GET', '/v2/cashflow', 'cashflow', cashflowSchema, { query: dated(period) });
}

export type PrintableReport = 'profit_and_loss' | 'balance_sheet' | 'trial_balance' | 'cashflow' | AgedKind | 'fixed_assets';

/**
 * A report as a PDF (GET /v2/reports/:report/pdf, a Ledgerdesk extension), drawn by the engine from
 * the report's own figures; the query is the report's (with previous_* for a compared profit and loss).
 */
export async function reportPdf(report: PrintableReport, query: Record<string, string>): Promise<ApiResult<Uint8Array>> {
  const read = await getOne('GET', `/v2/reports/${report}/pdf`, 'pdf', z.object({ content: z.string() }), { query });
  if (!read.ok) return read;
  const binary = atob(read.value.content);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return { ok: true, value: bytes };
}
