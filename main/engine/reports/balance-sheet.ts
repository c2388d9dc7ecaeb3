import type Database from 'better-sqlite3';
import type { CompanyType } from '../../../shared/api/company';
import { PLACE_OF_HEADING, sheetHeading, vatNetOf, type BalanceSheetPlace, type SheetHeading } from './balance-sheet-place';
import { balancesAt, type CategoryBalance } from './category-balances';
import { sheetLayout, type SheetLayoutLine } from './balance-sheet-layout';
import { rolledForward } from './fixed-asset-roll';

export type { BalanceSheetPlace };

export interface PlacedBalance extends CategoryBalance {
  heading: SheetHeading;
}

/** Native minor units. Accounts keep their debit sign; equity figures are what the owners hold (credit positive). */
export interface BalanceSheet {
  capitalAssets: PlacedBalance[];
  netBookValue: number;
  currentAssets: PlacedBalance[];
  currentLiabilities: PlacedBalance[];
  netCurrentAssets: number;
  totalAssets: number;
  ownersEquity: PlacedBalance[];
  retainedProfit: number;
  totalOwnersEquity: number;
  /** The same balances under the statutory headings, each figure signed as it is read. */
  layout: SheetLayoutLine[];
}

const sum = (lines: readonly CategoryBalance[]) => lines.reduce((total, line) => total + line.total, 0);

/**
 * The balance sheet at a date, from postings alone. total_assets always equals total_owners_equity.
 * The API's lists give each account as the ledger holds it; the statutory layout reads the fixed asset
 * accounts' movements before the accounting year as brought forward (fixed-asset-roll.ts), which moves
 * figures only between the tangible asset accounts of one type, so every total is the same.
 */
export function balanceSheet(sqlite: Database.Database, asAt: string, companyType: CompanyType): BalanceSheet {
  const placed: Record<BalanceSheetPlace, PlacedBalance[]> = { capitalAssets: [], currentAssets: [], currentLiabilities: [], ownersEquity: [], retainedProfit: [] };
  const balances = balancesAt(sqlite, asAt);
  const context = { companyType, vatNet: vatNetOf(balances) };
  for (const line of balances) {
    const heading = sheetHeading(line, context);
    placed[PLACE_OF_HEADING[heading]].push({ ...line, heading });
  }
  const presented = rolledForward(sqlite, balances, asAt).map((line) => ({ ...line, heading: sheetHeading(line, context) }));
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
    layout: sheetLayout(presented, retainedProfit, companyType === 'UkLimitedCompany'),
  };
}
