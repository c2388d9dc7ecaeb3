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

type Json = Record<string, unknown>;
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const list = (value: unknown) => (Array.isArray(value) ? (value as Json[]) : []);
const at = (value: unknown, key: string) => (value as Json | undefined)?.[key];

export function profitAndLossTable(current: Json, previous: Json | null): ReportTable {
  const periodOf = (report: Json) => `${text(report.from)} to ${text(report.to)}`;
  const line = (label: string, figure: (report: Json) => unknown, total = false): ReportRow => ({
    cells: [label, text(figure(current)), ...(previous ? [text(figure(previous))] : [])],
    total,
  });
  const lessOf = (report: Json, title: unknown) => list(report.less).find((entry) => entry.title === title)?.total ?? '0.0';
  return {
    title: 'Profit and loss',
    covers: periodOf(current) + (previous ? `, compared with ${periodOf(previous)}` : ''),
    columns: ['', periodOf(current), ...(previous ? [periodOf(previous)] : [])],
    amountColumns: previous ? [1, 2] : [1],
    rows: [
      line('Income', (report) => report.income),
      line('Expenses', (report) => report.expenses),
      line('Operating profit', (report) => report.operating_profit, true),
      ...list(current.less).map((less) => line(`Less ${text(less.title)}`, (report) => lessOf(report, less.title))),
      line('Retained profit for the period', (report) => report.retained_profit, true),
      line('Retained profit brought forward', (report) => report.retained_profit_brought_forward),
      line('Retained profit carried forward', (report) => report.retained_profit_carried_forward, true),
    ],
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
