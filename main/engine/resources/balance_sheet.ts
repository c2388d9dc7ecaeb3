import { Level } from '../../../shared/api/permissions';
import { fromMinor } from '../../../shared/money';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { periodHolding } from '../ledger/periods';
import { dateParam } from '../query-params';
import { balanceSheet } from '../reports/balance-sheet';
import type { CategoryBalance } from '../reports/category-balances';
import { trialBalance } from '../reports/category-balances';
import { datedPeriod } from '../reports/report-period';
import { ok, type Route, type RouteRequest } from '../route';
import { recordUrl } from '../urls';
import { date, decimal, type ApiRecord, type FieldValue } from '../values';

/**
 * GET /v2/accounting/balance_sheet (as_at_date, default today) and
 * GET /v2/accounting/trial_balance/summary (from_date/to_date, defaults as the profit and loss
 * summary's), in the live service's shapes (corpora golden responses). Amounts are decimal strings,
 * as every other report here writes them (the live balance sheet sends bare numbers; api-notes).
 */

const RETAINED_PROFIT_NAME = 'Profit and Loss';

function moneyOf(ctx: EngineContext) {
  const currency = loadCompany(ctx).currency;
  return (minor: number) => decimal(fromMinor(minor, currency));
}

function balanceSheetReport({ ctx, query }: RouteRequest) {
  const company = loadCompany(ctx);
  const asAt = dateParam(query, 'as_at_date') ?? ctx.today;
  const money = moneyOf(ctx);
  const sheet = balanceSheet(ctx.book.sqlite, asAt, company.type);
  const accounts = (lines: readonly CategoryBalance[]) => lines.map((line) => ({ name: line.name, nominal_code: line.nominalCode, total_debit_value: money(line.total) }));
  return ok({
    balance_sheet: {
      accounting_period_start_date: date(periodHolding(company.firstAccountingYearStart, company.firstAccountingYearEnd, asAt).startsOn),
      as_at_date: date(asAt),
      currency: company.currency,
      capital_assets: { accounts: accounts(sheet.capitalAssets), net_book_value: money(sheet.netBookValue) },
      current_assets: { accounts: accounts(sheet.currentAssets) },
      current_liabilities: { accounts: accounts(sheet.currentLiabilities) },
      net_current_assets: money(sheet.netCurrentAssets),
      total_assets: money(sheet.totalAssets),
      owners_equity: { accounts: accounts(sheet.ownersEquity), retained_profit: money(sheet.retainedProfit) },
      total_owners_equity: money(sheet.totalOwnersEquity),
      // A Ledgerdesk extension (api-notes): the statutory layout the screen, PDF and CSV print.
      layout: sheet.layout.map((line) => ({
        kind: line.kind,
        label: line.label,
        ...(line.nominalCode === undefined ? {} : { nominal_code: line.nominalCode }),
        ...(line.amount === undefined ? {} : { amount: money(line.amount) }),
      })),
    },
  });
}

function trialBalanceLine(ctx: EngineContext, line: CategoryBalance, money: (minor: number) => FieldValue): ApiRecord {
  const record: ApiRecord = { category: recordUrl(ctx, 'categories', line.baseCode) };
  if (line.bankAccountId !== null) record.bank_account = recordUrl(ctx, 'bank_accounts', line.bankAccountId);
  if (line.userId !== null) record.user = recordUrl(ctx, 'users', line.userId);
  if (line.capitalAssetTypeId !== null) record.capital_asset_type = recordUrl(ctx, 'capital_asset_types', line.capitalAssetTypeId);
  return {
    ...record,
    display_nominal_code: line.nominalCode,
    name: line.name,
    // The live service's internal code names the bank account by its id (750-47915 shown as 750-1).
    nominal_code: line.bankAccountId !== null ? `${line.baseCode}-${line.bankAccountId}` : line.nominalCode,
    total: money(line.total),
  };
}

function trialBalanceReport({ ctx, query }: RouteRequest) {
  const period = datedPeriod(query, loadCompany(ctx), ctx.today);
  const money = moneyOf(ctx);
  const lines = trialBalance(ctx.book.sqlite, period.from, period.to, RETAINED_PROFIT_NAME);
  return ok({ trial_balance_summary: lines.map((line) => trialBalanceLine(ctx, line, money)) });
}

export const balanceSheetRoutes: Route[] = [
  { method: 'GET', path: '/v2/accounting/balance_sheet', level: Level.TaxAccountingAndUsers, handle: balanceSheetReport },
  { method: 'GET', path: '/v2/accounting/trial_balance/summary', level: Level.TaxAccountingAndUsers, handle: trialBalanceReport },
];
