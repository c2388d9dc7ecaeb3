/**
 * The figures of the overview, each read from the engine report that owns it: bank balances, what is
 * owed to and by the business (aged debtors and creditors), lines to explain, the next VAT return,
 * the year's profit so far and the last twelve months of money in and out. Each loads on its own, so
 * one slow or refused figure never holds up the others.
 */
import type { ApiResult } from '../../lib/api';
import { getAged, getCashflow, getProfitAndLoss, type AgedReport, type Cashflow, type ProfitAndLoss } from '../../lib/api/reports';
import { listVatReturns, type VatReturn } from '../../lib/api/vat_returns';
import type { BankAccount } from '../../lib/records';

/**
 * The lines to explain in every account, from the accounts as listed: one read of the book, where a
 * count asked of each account in turn was a request each, and met a 404 for an account deleted (a sync,
 * another window) between the list and its count.
 */
export function unexplainedCount(accounts: readonly BankAccount[]): number {
  return accounts.reduce((total, account) => total + account.unexplained_transaction_count, 0);
}

/**
 * The earliest VAT return not yet filed whose period has started (an overdue one comes first, as it
 * is the one to file), and how many ended periods wait to be filed; null when none.
 */
export async function nextVatReturn(today: string): Promise<ApiResult<{ next: VatReturn; toFile: number } | null>> {
  const listed = await listVatReturns();
  if (!listed.ok) return listed;
  const open = listed.value.filter((period) => period.filing_status === 'unfiled' && period.period_starts_on <= today).sort((a, b) => a.period_ends_on.localeCompare(b.period_ends_on));
  const next = open[0];
  return { ok: true, value: next ? { next, toFile: open.filter((period) => period.period_ends_on < today).length } : null };
}

export type { Cashflow };

/** The first day of the month eleven months before today's: twelve months of cashflow with this one. */
export function twelveMonthsFrom(today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 12, 1));
  return start.toISOString().slice(0, 10);
}

export function lastTwelveMonths(today: string): Promise<ApiResult<Cashflow>> {
  return getCashflow({ from: twelveMonthsFrom(today), to: today });
}

export interface OwedFigures {
  debtors: AgedReport;
  creditors: AgedReport;
}

export async function owedFigures(today: string): Promise<ApiResult<OwedFigures>> {
  const [debtors, creditors] = await Promise.all([getAged('aged_debtors', today), getAged('aged_creditors', today)]);
  if (!debtors.ok) return debtors;
  if (!creditors.ok) return creditors;
  return { ok: true, value: { debtors: debtors.value, creditors: creditors.value } };
}

/** The accounting year to today by the engine's clock, whose `to` is the engine's today. */
export const yearToDate = (): Promise<ApiResult<ProfitAndLoss>> => getProfitAndLoss();
