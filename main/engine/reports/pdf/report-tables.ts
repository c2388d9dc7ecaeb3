/**
 * Each report's JSON answer laid out as a printed table: a title, the period or date it covers, the
 * column headings, and rows (a total row is drawn bold over a rule). The tables read the same JSON
 * the report endpoints answer, so a PDF shows exactly the figures the screen and the CSV show.
 */
export interface ReportRow {
  cells: string[];
  total?: boolean;
  /** A heading row that names the group under it (balance sheet sections). */
  heading?: boolean;
}

export interface ReportTable {
  title: string;
  covers: string;
  columns: string[];
  /** Columns, by index, that hold amounts: right-aligned and written as money. */
  amountColumns: number[];
  /** The column naming each row's currency (aged reports); otherwise the company's currency. */
  currencyColumn?: number;
  rows: ReportRow[];
}

import { heldAssetTotals, type RegisterFigures } from '../../../../shared/api/capital_assets';

type Json = Record<string, unknown>;
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const list = (value: unknown) => (Array.isArray(value) ? (value as Json[]) : []);
const at = (value: unknown, key: string) => (value as Json | undefined)?.[key];

/** The detailed profit and loss (its JSON's columns and lines), with the change when compared. */
export function profitAndLossTable(report: Json): ReportTable {
  const columns = list(report.columns);
  const lines = list(report.lines);
  const comparing = lines.some((line) => line.change !== undefined);
  const amountColumns = [...columns.map((_, index) => index + 1), ...(comparing ? [columns.length + 1] : [])];
  const rows = lines.map((line): ReportRow => {
    const kind = text(line.kind);
    const label = line.nominal_code ? `${text(line.nominal_code)} ${text(line.label)}` : text(line.label);
    if (kind === 'heading') return { cells: [label, ...amountColumns.map(() => '')], heading: true };
    const amounts = (Array.isArray(line.amounts) ? line.amounts : []).map(text);
    return { cells: [label, ...amounts, ...(comparing ? [text(line.change)] : [])], total: kind === 'total' || kind === 'grand' };
  });
  const compared = comparing && columns[1] ? `, compared with ${text(columns[1].from)} to ${text(columns[1].to)}` : '';
  return {
    title: 'Profit and loss',
    covers: `${text(report.from)} to ${text(report.to)}${compared}`,
    columns: ['', ...columns.map((column) => text(column.label)), ...(comparing ? ['Change'] : [])],
    amountColumns,
    rows,
  };
}

/** The balance sheet's own statutory layout (the JSON's `layout`), each figure signed as it is read. */
export function balanceSheetTable(sheet: Json): ReportTable {
  const row = (line: Json): ReportRow => {
    const kind = text(line.kind);
    if (kind === 'heading' || kind === 'subheading') return { cells: ['', text(line.label), ''], heading: true };
    return { cells: [text(line.nominal_code), text(line.label), text(line.amount)], total: kind === 'total' || kind === 'grand' };
  };
  return {
    title: 'Balance sheet',
    covers: `As at ${text(sheet.as_at_date)}`,
    columns: ['Code', 'Account', 'Amount'],
    amountColumns: [2],
    rows: list(sheet.layout).map(row),
  };
}

export function trialBalanceTable(lines: Json[], from: string, to: string): ReportTable {
  const negative = (total: string) => total.startsWith('-');
  return {
    title: 'Trial balance',
    covers: `${from} to ${to}`,
    columns: ['Code', 'Category', 'Debit', 'Credit'],
    amountColumns: [2, 3],
    rows: lines.map((line) => {
      const total = text(line.total);
      return { cells: [text(line.display_nominal_code), text(line.name), negative(total) ? '' : total, negative(total) ? total.slice(1) : ''] };
    }),
  };
}

export function cashflowTable(flow: Json): ReportTable {
  const incoming = list(at(flow.incoming, 'months'));
  const outgoing = list(at(flow.outgoing, 'months'));
  return {
    title: 'Cashflow',
    covers: `${text(flow.from)} to ${text(flow.to)}`,
    columns: ['Month', 'Money in', 'Money out'],
    amountColumns: [1, 2],
    rows: [
      ...incoming.map((month, index) => ({ cells: [`${text(month.year)}-${text(month.month).padStart(2, '0')}`, text(month.total), text(outgoing[index]?.total ?? '0.0')] })),
      { cells: ['Total', text(at(flow.incoming, 'total')), text(at(flow.outgoing, 'total'))], total: true },
      { cells: ['Net', text(flow.balance), ''], total: true },
    ],
  };
}

export function agedTable(title: string, aged: Json): ReportTable {
  const figures = (line: Json) => [line.days_0_to_30, line.days_31_to_60, line.days_61_to_90, line.days_over_90, line.overdue, line.total].map(text);
  return {
    title,
    covers: `As at ${text(aged.as_at_date)}`,
    columns: ['Contact', 'Currency', '0-30 days', '31-60 days', '61-90 days', 'Over 90', 'Overdue', 'Total'],
    amountColumns: [2, 3, 4, 5, 6, 7],
    currencyColumn: 1,
    rows: [
      ...list(aged.contacts).map((line) => ({ cells: [text(line.contact_name), text(line.currency), ...figures(line)] })),
      ...list(aged.totals).map((line) => ({ cells: ['Total', text(line.currency), ...figures(line)], total: true })),
    ],
  };
}

/**
 * The fixed asset register as the screen lists it (the CSV's columns), then the totals of the assets
 * still held at the date, which the balance sheet's tangible assets add up to.
 */
export function fixedAssetsTable(assets: Json[], asAt: string, currency: string): ReportTable {
  const totals = heldAssetTotals(assets as unknown as RegisterFigures[], currency);
  return {
    title: 'Fixed asset register',
    covers: `As at ${asAt}`,
    columns: ['Asset', 'Type', 'Bought', 'Disposed of', 'Cost', 'Depreciation', 'Net book value'],
    amountColumns: [4, 5, 6],
    rows: [
      ...assets.map((asset) => ({
        cells: [text(asset.description), text(asset.asset_type), text(asset.purchased_on), text(asset.disposed_on), text(asset.cost), text(asset.accumulated_depreciation), text(asset.net_book_value)],
      })),
      { cells: ['Assets held', '', '', '', totals.cost, totals.depreciation, totals.netBookValue], total: true },
    ],
  };
}
