import type { CompanyType } from '../../../shared/api/company';
import type { CategoryBalance } from './category-balances';
import { profitLineOf } from './retained-profit-codes';

/**
 * Where each balance stands in the balance sheet, under the headings of the Companies Act formats
 * that FRS 102 and FRS 105 use (Schedule 1 to SI 2008/410, balance sheet format 1):
 *
 *   Fixed assets            tangible assets 601-609, investments 630-639 (cost less depreciation)
 *   Current assets          stocks 610; debtors 681, 682, 790, 910 and every account below that is
 *                           in debit; prepayments 620; cash at bank 750-N, 760, 761 while in debit
 *   Creditors < 1 year      trade creditors 796, other liabilities 794, 797, 798, payroll 813-815,
 *                           VAT, corporation tax 820, accruals 660, contra and suspense 998 and 999,
 *                           and every account below that is in credit (a bank overdraft)
 *   Creditors > 1 year      795, 799
 *   Provisions              650, deferred corporation tax 825
 *   Capital and reserves    called-up share capital 901, share premium 670, other reserves, and the
 *                           profit and loss account (001-599, 908, 968: retained profit)
 *
 * Accounts placed by the sign of their balance (an asset in debit, a creditor in credit): bank
 * accounts (an overdraft is a creditor), other debtors and creditors, corporation tax, VAT (the VAT
 * accounts 817-819, 823 and 824 are placed together by their net balance, what is owed to HMRC or due
 * back), and, in a limited company, the users' accounts 900 and 902-907: a director's loan account in
 * credit is money the company owes (a creditor), one overdrawn is money owed to it (a debtor); an
 * expense claim not yet paid is a creditor.
 *
 * Sole traders, partnerships and landlords have no share capital: the owners' accounts (capital,
 * drawings, capital introduced, their expense claims) stay in the capital account whatever their sign.
 */
export type SheetHeading =
  | 'tangibleAssets'
  | 'investments'
  | 'stocks'
  | 'debtors'
  | 'prepayments'
  | 'cashAtBank'
  | 'creditorsWithinOneYear'
  | 'creditorsAfterOneYear'
  | 'provisions'
  | 'shareCapital'
  | 'sharePremium'
  | 'otherReserves'
  | 'capitalAccount'
  | 'profitAndLossAccount';

/** The API's four lists (and retained profit), which the headings fall into. */
export type BalanceSheetPlace = 'capitalAssets' | 'currentAssets' | 'currentLiabilities' | 'ownersEquity' | 'retainedProfit';

export const PLACE_OF_HEADING: Record<SheetHeading, BalanceSheetPlace> = {
  tangibleAssets: 'capitalAssets',
  investments: 'capitalAssets',
  stocks: 'currentAssets',
  debtors: 'currentAssets',
  prepayments: 'currentAssets',
  cashAtBank: 'currentAssets',
  creditorsWithinOneYear: 'currentLiabilities',
  creditorsAfterOneYear: 'currentLiabilities',
  provisions: 'currentLiabilities',
  shareCapital: 'ownersEquity',
  sharePremium: 'ownersEquity',
  otherReserves: 'ownersEquity',
  capitalAccount: 'ownersEquity',
  profitAndLossAccount: 'retainedProfit',
};

const VAT_CODES = new Set([817, 818, 819, 823, 824]);
const USER_ACCOUNT_CODES = new Set([900, 902, 904, 905, 907]);
const inRange = (code: number, from: number, to: number) => code >= from && code <= to;

/** An asset while in debit, a creditor falling due within a year while in credit. */
const bySign = (total: number, asset: SheetHeading): SheetHeading => (total >= 0 ? asset : 'creditorsWithinOneYear');

export interface PlacingContext {
  companyType: CompanyType;
  /** The VAT accounts' balances added together: they are placed as one position with HMRC. */
  vatNet: number;
}

export function sheetHeading(line: Pick<CategoryBalance, 'baseCode' | 'total'>, context: PlacingContext): SheetHeading {
  if (profitLineOf(line.baseCode) !== null) return 'profitAndLossAccount';
  const code = Number(line.baseCode);
  const limitedCompany = context.companyType === 'UkLimitedCompany';
  if (inRange(code, 601, 609)) return 'tangibleAssets';
  if (inRange(code, 630, 639)) return 'investments';
  if (code === 610) return 'stocks';
  if (code === 620) return 'prepayments';
  if (code === 650 || code === 825) return 'provisions';
  if (code === 660) return 'creditorsWithinOneYear';
  if (inRange(code, 670, 679)) return limitedCompany ? 'sharePremium' : 'capitalAccount';
  if (code === 681) return 'debtors';
  if (code === 750 || code === 760 || code === 761) return bySign(line.total, 'cashAtBank');
  if (code === 795 || code === 799) return 'creditorsAfterOneYear';
  if (VAT_CODES.has(code)) return bySign(context.vatNet, 'debtors');
  if (code === 682 || code === 790 || code === 797 || code === 820) return bySign(line.total, 'debtors');
  if (inRange(code, 794, 899) || code === 998 || code === 999) return 'creditorsWithinOneYear';
  if (inRange(code, 900, 997)) {
    if (!limitedCompany) return 'capitalAccount';
    if (USER_ACCOUNT_CODES.has(code)) return bySign(line.total, 'debtors');
    if (code === 901) return 'shareCapital';
    // Unpaid shares: "called up share capital not paid", an amount the shareholders owe.
    if (code === 910) return 'debtors';
    return 'otherReserves';
  }
  // Any other 600-793 code is a current asset of the chart (stock, debtors, money in transit).
  return 'debtors';
}

export function vatNetOf(lines: readonly Pick<CategoryBalance, 'baseCode' | 'total'>[]): number {
  return lines.reduce((net, line) => (VAT_CODES.has(Number(line.baseCode)) ? net + line.total : net), 0);
}
