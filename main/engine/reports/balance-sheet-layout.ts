import type { CategoryBalance } from './category-balances';
import type { SheetHeading } from './balance-sheet-place';

/**
 * The balance sheet as it is printed, in the order of Companies Act balance sheet format 1 (FRS 102
 * and FRS 105): each line's figure is signed as a reader takes it (assets in debit positive,
 * creditors and capital in credit positive), so the screen, the PDF and the CSV print these lines and
 * never work a sign out again.
 */
export interface SheetLayoutLine {
  kind: 'heading' | 'subheading' | 'account' | 'total' | 'grand';
  label: string;
  nominalCode?: string;
  /** Minor units, signed as read; absent on headings. */
  amount?: number;
}

interface Placed extends CategoryBalance {
  heading: SheetHeading;
}

const ASSET_HEADINGS: readonly SheetHeading[] = ['tangibleAssets', 'investments', 'stocks', 'debtors', 'prepayments', 'cashAtBank'];

const SUBHEADINGS: Partial<Record<SheetHeading, string>> = {
  tangibleAssets: 'Tangible assets',
  investments: 'Investments',
  stocks: 'Stocks',
  debtors: 'Debtors',
  prepayments: 'Prepayments and accrued income',
  cashAtBank: 'Cash at bank and in hand',
  shareCapital: 'Called up share capital',
  sharePremium: 'Share premium account',
  otherReserves: 'Other reserves',
};

/** Depreciation brought forward, in the year and on disposals (605-607): the rest of 601-609 is cost. */
const isDepreciationAccount = (baseCode: string) => ['605', '606', '607'].includes(baseCode);

/** A balance as read under its heading. */
const readAs = (line: Placed) => (ASSET_HEADINGS.includes(line.heading) ? line.total : -line.total);

export function sheetLayout(balances: readonly Placed[], retainedProfit: number, limitedCompany: boolean): SheetLayoutLine[] {
  const under = (headings: readonly SheetHeading[]) => balances.filter((line) => headings.includes(line.heading));
  const total = (headings: readonly SheetHeading[]) => under(headings).reduce((sum, line) => sum + readAs(line), 0);
  const lines: SheetLayoutLine[] = [];
  const accounts = (headings: readonly SheetHeading[]) => {
    for (const line of under(headings)) lines.push({ kind: 'account', label: line.name, nominalCode: line.nominalCode, amount: readAs(line) });
  };
  /**
   * Tangible assets at cost less accumulated depreciation (the notes' fixed asset table in short): the
   * cost accounts, then the depreciation ones, then their net book value. Without depreciation the cost
   * accounts stand alone as before.
   */
  const costLessDepreciation = (tangible: readonly Placed[]) => {
    const depreciation = tangible.filter((line) => isDepreciationAccount(line.baseCode));
    const cost = tangible.filter((line) => !isDepreciationAccount(line.baseCode));
    const push = (group: readonly Placed[]) => {
      for (const line of group) lines.push({ kind: 'account', label: line.name, nominalCode: line.nominalCode, amount: readAs(line) });
    };
    if (depreciation.length === 0) return push(cost);
    lines.push({ kind: 'subheading', label: 'Cost' });
    push(cost);
    lines.push({ kind: 'subheading', label: 'Less accumulated depreciation' });
    push(depreciation);
    lines.push({ kind: 'total', label: 'Net book value', amount: tangible.reduce((sum, line) => sum + readAs(line), 0) });
  };
  /** A section's accounts, grouped under sub-headings when it has several kinds of them. */
  const section = (title: string, headings: readonly SheetHeading[], totalLabel: string) => {
    lines.push({ kind: 'heading', label: title });
    const present = headings.filter((heading) => under([heading]).length > 0);
    for (const heading of present) {
      if (present.length > 1 && SUBHEADINGS[heading]) lines.push({ kind: 'subheading', label: SUBHEADINGS[heading] });
      if (heading === 'tangibleAssets') costLessDepreciation(under([heading]));
      else accounts([heading]);
    }
    lines.push({ kind: 'total', label: totalLabel, amount: total(headings) });
  };

  const fixedAssets = total(['tangibleAssets', 'investments']);
  const currentAssets = total(['stocks', 'debtors', 'prepayments', 'cashAtBank']);
  const creditorsWithinOneYear = total(['creditorsWithinOneYear']);
  const netCurrentAssets = currentAssets - creditorsWithinOneYear;
  const lessCurrentLiabilities = fixedAssets + netCurrentAssets;
  const longer = total(['creditorsAfterOneYear']);
  const provisions = total(['provisions']);
  const netAssets = lessCurrentLiabilities - longer - provisions;

  section('Fixed assets', ['tangibleAssets', 'investments'], 'Total fixed assets');
  section('Current assets', ['stocks', 'debtors', 'prepayments', 'cashAtBank'], 'Total current assets');
  section('Creditors: amounts falling due within one year', ['creditorsWithinOneYear'], 'Total creditors due within one year');
  lines.push({ kind: 'grand', label: netCurrentAssets < 0 ? 'Net current liabilities' : 'Net current assets', amount: netCurrentAssets });
  lines.push({ kind: 'grand', label: 'Total assets less current liabilities', amount: lessCurrentLiabilities });
  if (under(['creditorsAfterOneYear']).length > 0) section('Creditors: amounts falling due after more than one year', ['creditorsAfterOneYear'], 'Total creditors due after more than one year');
  if (under(['provisions']).length > 0) section('Provisions for liabilities', ['provisions'], 'Total provisions for liabilities');
  lines.push({ kind: 'grand', label: netAssets < 0 ? 'Net liabilities' : 'Net assets', amount: netAssets });

  if (limitedCompany) {
    lines.push({ kind: 'heading', label: 'Capital and reserves' });
    for (const heading of ['shareCapital', 'sharePremium', 'otherReserves'] as const) {
      if (under([heading]).length === 0) continue;
      lines.push({ kind: 'subheading', label: SUBHEADINGS[heading] ?? heading });
      accounts([heading]);
    }
    lines.push({ kind: 'account', label: 'Profit and loss account', amount: retainedProfit });
    lines.push({ kind: 'grand', label: "Total shareholders' funds", amount: total(['shareCapital', 'sharePremium', 'otherReserves']) + retainedProfit });
  } else {
    lines.push({ kind: 'heading', label: 'Capital account' });
    accounts(['capitalAccount']);
    lines.push({ kind: 'account', label: 'Retained profit', amount: retainedProfit });
    lines.push({ kind: 'grand', label: 'Total capital account', amount: total(['capitalAccount']) + retainedProfit });
  }
  return lines;
}
