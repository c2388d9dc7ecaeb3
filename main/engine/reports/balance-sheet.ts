import type Database from 'better-sqlite3';
import { balancesAt, type CategoryBalance } from './category-balances';
import { profitLineOf } from './retained-profit-codes';

/**
 * Where each nominal code stands on the balance sheet, by the chart's ranges (the default charts in
 * resources/charts, as the live service's own report groups them):
 *   601-609, 630-639  capital assets (cost, depreciation and disposals; investments) at net book value
 *   650-669           provisions and accruals            -> liabilities
 *   670-679           share premium                      -> owners' equity
 *   794-899           creditors, payroll, VAT, corporation tax -> liabilities
 *   900-997           capital, salaries, expenses and loan accounts of the owners -> owners' equity
 *   998, 999          contra and suspense (the opening balances' automatic balancing entry) -> liabilities
 *   other 600-793     stock, prepayments, debtors, bank accounts, transfers in progress -> current assets
 *   001-599, 908, 968 profit and loss, dividends and retained profit -> retained profit
 * A bank account overdrawn stays among the current assets with a negative value, as on the service.
 */
export type BalanceSheetPlace = 'capitalAssets' | 'currentAssets' | 'currentLiabilities' | 'ownersEquity' | 'retainedProfit';

export function balanceSheetPlace(baseCode: string): BalanceSheetPlace {
  if (profitLineOf(baseCode) !== null) return 'retainedProfit';
  const code = Number(baseCode);
  if ((code >= 601 && code <= 609) || (code >= 630 && code <= 639)) return 'capitalAssets';
  if ((code >= 650 && code <= 669) || (code >= 794 && code <= 899) || code === 998 || code === 999) return 'currentLiabilities';
  if ((code >= 670 && code <= 679) || (code >= 900 && code <= 997)) return 'ownersEquity';
  return 'currentAssets';
}

/** Native minor units. Accounts keep their debit sign; equity figures are what the owners hold (credit positive). */
export interface BalanceSheet {
  capitalAssets: CategoryBalance[];
  netBookValue: number;
  currentAssets: CategoryBalance[];
  currentLiabilities: CategoryBalance[];
  netCurrentAssets: number;
  totalAssets: number;
  ownersEquity: CategoryBalance[];
  retainedProfit: number;
  totalOwnersEquity: number;
}

const sum = (lines: readonly CategoryBalance[]) => lines.reduce((total, line) => total + line.total, 0);

/** The balance sheet at a date, from postings alone. total_assets always equals total_owners_equity. */
export function balanceSheet(sqlite: Database.Database, asAt: string): BalanceSheet {
  const placed: Record<BalanceSheetPlace, CategoryBalance[]> = { capitalAssets: [], currentAssets: [], currentLiabilities: [], ownersEquity: [], retainedProfit: [] };
  for (const line of balancesAt(sqlite, asAt)) placed[balanceSheetPlace(line.baseCode)].push(line);
  const netBookValue = sum(placed.capitalAssets);
  const netCurrentAssets = sum(placed.currentAssets) + sum(placed.currentLiabilities);
  const retainedProfit = -sum(placed.retainedProfit);
  return {
    capitalAssets: placed.capitalAssets,
    netBookValue,
    currentAssets: placed.currentAssets,
    currentLiabilities: placed.currentLiabilities,
    netCurrentAssets,
    totalAssets: netBookValue + netCurrentAssets,
    ownersEquity: placed.ownersEquity,
    retainedProfit,
    totalOwnersEquity: retainedProfit - sum(placed.ownersEquity),
  };
}
