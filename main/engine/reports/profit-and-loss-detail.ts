import type Database from 'better-sqlite3';
import type { EngineContext } from '../context';
import { profitAndLoss } from './profit-and-loss';
import { CORPORATION_TAX_CODES, DIVIDEND_CODE, PROFIT_CODES_SQL, RETAINED_PROFIT_CODE } from './retained-profit-codes';
import { openingHoldsYearToDate, openingSetId } from './opening-source';
import { INTEREST_RECEIVABLE_CODE, interestPayableCodes } from './interest-codes';

/**
 * The detailed profit and loss: each income and expense category in the order of the Companies Act
 * profit and loss format 1 (SI 2008/410 Sch 1 Part 1 Section B: turnover, cost of sales, gross profit,
 * administrative expenses, other operating income, operating profit, interest receivable and interest
 * payable, profit before taxation, tax, profit for the financial year; then dividends and retained
 * profit), for one or more columns (a period, a comparison period, the months of a period, or its
 * projects). Every figure is read from postings as the summary reads them, so each column's totals equal
 * the summary's: its operating_profit counts interest, so it is this report's profit before taxation.
 */
export interface DetailColumn {
  key: string;
  label: string;
  from: string;
  to: string;
  /** undefined: every posting; null: postings of no project's document; a number: that project's. */
  projectId?: number | null;
}

export interface DetailLine {
  kind: 'heading' | 'category' | 'total' | 'grand';
  label: string;
  nominalCode?: string;
  /** Minor units per column, signed as read: income and profit positive, costs positive. */
  amounts: number[];
}

interface Movement {
  baseCode: string;
  name: string;
  debit: number;
}

/**
 * Projects are known on the documents that carry one: invoices and credit notes, bills and expenses,
 * and bank explanations by category. Journals have none, so their postings count under "No project".
 */
const PROJECT_OF_POSTING = `CASE p.source_resource
  WHEN 'invoices' THEN (SELECT project_id FROM invoices WHERE id = p.source_id)
  WHEN 'credit_notes' THEN (SELECT project_id FROM invoices WHERE id = p.source_id)
  WHEN 'bills' THEN (SELECT project_id FROM bills WHERE id = p.source_id)
  WHEN 'expenses' THEN (SELECT project_id FROM expenses WHERE id = p.source_id)
  WHEN 'bank_transaction_explanations' THEN (SELECT project_id FROM bank_transaction_explanations WHERE id = p.source_id)
END`;

/**
 * Each profit category's movement in a column, opening balances left out as the summary leaves them
 * (brought forward), but the year to date of books started part-way through a year (on codes but 968).
 */
function movements(sqlite: Database.Database, column: DetailColumn, opening: number | null, yearToDate: boolean): Movement[] {
  const project = column.projectId === undefined ? '' : column.projectId === null ? `AND (${PROJECT_OF_POSTING}) IS NULL` : `AND (${PROJECT_OF_POSTING}) = @project`;
  return sqlite
    .prepare<{ from: string; to: string; opening: number; yearToDate: number; project: number }, Movement>(
      `SELECT c.base_code AS baseCode, b.description AS name, sum(p.debit_minor) AS debit
       FROM postings p JOIN categories c ON c.id = p.category_id
       LEFT JOIN categories b ON b.nominal_code = c.base_code
       WHERE p.category_id IN (SELECT id FROM categories WHERE ${PROFIT_CODES_SQL})
         AND p.dated_on BETWEEN @from AND @to
         AND NOT (p.source_resource = 'journal_sets' AND p.source_id = @opening AND (@yearToDate = 0 OR c.base_code = '${RETAINED_PROFIT_CODE}'))
         ${project}
       GROUP BY c.base_code`,
    )
    .all({ from: column.from, to: column.to, opening: opening ?? -1, yearToDate: yearToDate ? 1 : 0, project: column.projectId ?? -1 });
}

type Section = 'turnover' | 'costOfSales' | 'administrative' | 'otherIncome' | 'interestReceivable' | 'interestPayable' | 'tax' | 'dividends' | 'adjustments';

function sectionOf(baseCode: string, interestPayable: ReadonlySet<string>): Section | null {
  // Interest first: it sits in the ranges of other income and of costs, but comes after operating profit.
  if (baseCode === INTEREST_RECEIVABLE_CODE) return 'interestReceivable';
  if (interestPayable.has(baseCode)) return 'interestPayable';
  const code = Number(baseCode);
  if (code >= 1 && code <= 49) return 'turnover';
  if (code >= 50 && code <= 95) return 'otherIncome';
  if (CORPORATION_TAX_CODES.has(code)) return 'tax';
  if (code >= 96 && code <= 199) return 'costOfSales';
  if (code >= 200 && code <= 599) return 'administrative';
  if (code === DIVIDEND_CODE) return 'dividends';
  if (code === RETAINED_PROFIT_CODE) return 'adjustments';
  return null;
}

/** Income reads as a credit, everything taken from profit as a debit. */
const READS_AS_CREDIT: ReadonlySet<Section> = new Set(['turnover', 'otherIncome', 'interestReceivable']);

export interface ProfitAndLossDetail {
  lines: DetailLine[];
}

export function profitAndLossDetail(
  ctx: Pick<EngineContext, 'book'>,
  columns: readonly DetailColumn[],
): ProfitAndLossDetail {
  const sqlite = ctx.book.sqlite;
  const opening = openingSetId(sqlite);
  const yearToDate = opening !== null && openingHoldsYearToDate(sqlite);
  const byColumn = columns.map((column) => new Map(movements(sqlite, column, opening, yearToDate).map((row) => [row.baseCode, row])));
  const names = new Map<string, string>();
  for (const rows of byColumn) for (const row of rows.values()) names.set(row.baseCode, row.name);
  const codes = [...names.keys()].sort((a, b) => Number(a) - Number(b));
  const interestPayable = interestPayableCodes(sqlite);
  const codesOf = (section: Section) => codes.filter((code) => sectionOf(code, interestPayable) === section);

  const read = (section: Section, movement: Movement | undefined) => (movement ? (READS_AS_CREDIT.has(section) ? -movement.debit : movement.debit) : 0);
  const sectionTotal = (section: Section) => byColumn.map((rows) => codesOf(section).reduce((sum, code) => sum + read(section, rows.get(code)), 0));
  const combine = (...parts: [number, number[]][]) => columns.map((_, index) => parts.reduce((sum, [sign, amounts]) => sum + sign * amounts[index]!, 0));

  const lines: DetailLine[] = [];
  const section = (title: string, key: Section, totalLabel: string) => {
    const inSection = codesOf(key);
    lines.push({ kind: 'heading', label: title, amounts: [] });
    for (const code of inSection) lines.push({ kind: 'category', label: names.get(code) ?? code, nominalCode: code, amounts: byColumn.map((rows) => read(key, rows.get(code))) });
    const total = sectionTotal(key);
    lines.push({ kind: 'total', label: totalLabel, amounts: total });
    return total;
  };
  // Interest is shown only when a column has some: a book that never had any keeps its shorter report,
  // as accounts leave out a format item with no amount this year or the year before.
  const interestSection = (title: string, key: Section, totalLabel: string) => (codesOf(key).length > 0 ? section(title, key, totalLabel) : sectionTotal(key));

  const turnover = section('Turnover', 'turnover', 'Total turnover');
  const costOfSales = section('Cost of sales', 'costOfSales', 'Total cost of sales');
  const grossProfit = combine([1, turnover], [-1, costOfSales]);
  lines.push({ kind: 'grand', label: 'Gross profit', amounts: grossProfit });
  const administrative = section('Administrative expenses', 'administrative', 'Total administrative expenses');
  const otherIncome = section('Other operating income', 'otherIncome', 'Total other operating income');
  const operatingProfit = combine([1, grossProfit], [-1, administrative], [1, otherIncome]);
  lines.push({ kind: 'grand', label: 'Operating profit', amounts: operatingProfit });
  // Format 1 items 10 and 12 (items 7-9 and 11, investments, have no codes in the charts).
  const interestReceivable = interestSection('Interest receivable and similar income', 'interestReceivable', 'Total interest receivable and similar income');
  const interestPayableTotal = interestSection('Interest payable and similar expenses', 'interestPayable', 'Total interest payable and similar expenses');
  const beforeTax = combine([1, operatingProfit], [1, interestReceivable], [-1, interestPayableTotal]);
  lines.push({ kind: 'grand', label: 'Profit before taxation', amounts: beforeTax });
  const tax = sectionTotal('tax');
  lines.push({ kind: 'category', label: 'Tax on profit', nominalCode: '502', amounts: tax });
  const afterTax = combine([1, beforeTax], [-1, tax]);
  lines.push({ kind: 'grand', label: 'Profit for the financial year', amounts: afterTax });
  const dividends = sectionTotal('dividends');
  lines.push({ kind: 'category', label: 'Dividends', nominalCode: String(DIVIDEND_CODE), amounts: dividends });
  const adjustments = sectionTotal('adjustments');
  lines.push({ kind: 'category', label: 'Adjustments', nominalCode: String(RETAINED_PROFIT_CODE), amounts: adjustments });
  const retained = combine([1, afterTax], [-1, dividends], [-1, adjustments]);
  lines.push({ kind: 'grand', label: 'Retained profit for the period', amounts: retained });
  // Brought forward as the summary counts it (everything before the period, and opening balances).
  // A project has no profit brought forward: its columns start at nil.
  const broughtForward = columns.map((column) => (column.projectId === undefined ? profitAndLoss(ctx, { from: column.from, to: column.to }).broughtForward : 0));
  lines.push({ kind: 'category', label: 'Retained profit brought forward', amounts: broughtForward });
  lines.push({ kind: 'grand', label: 'Retained profit carried forward', amounts: combine([1, broughtForward], [1, retained]) });
  return { lines };
}
