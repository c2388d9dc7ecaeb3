/** Each report as CSV rows, with the engine's exact figures (debits positive in the trial balance). */
import { heldAssetTotals } from '../../../shared/api/capital_assets';
import type { CapitalAsset } from '../../lib/api/capital_assets';
import type { AgedReport, BalanceSheet, Cashflow, ProfitAndLossDetail, TrialBalanceLine } from '../../lib/api/reports';
import { moneyCell as money, toCsv, type CsvCell } from './report-csv';

/** The detailed profit and loss as the screen and the PDF show it: one row a line, one column a column. */
export function profitAndLossCsv(report: ProfitAndLossDetail): string {
  const comparing = report.lines.some((line) => line.change !== undefined);
  const header = ['Code', 'Line', ...report.columns.map((column) => column.label), ...(comparing ? ['Change'] : [])];
  return toCsv(
    header,
    report.lines.map((line): CsvCell[] => [
      line.nominal_code ?? '',
      line.label,
      ...(line.kind === 'heading' ? report.columns.map(() => '') : line.amounts.map(money)),
      ...(comparing ? [line.change === undefined ? '' : money(line.change)] : []),
    ]),
  );
}

/** The balance sheet's lines as the screen and the PDF print them (the engine's layout), signed as read. */
export function balanceSheetCsv(sheet: BalanceSheet): string {
  const rows = sheet.layout.map((line): CsvCell[] => [line.nominal_code ?? '', line.label, line.amount === undefined ? '' : money(line.amount)]);
  return toCsv(['Code', 'Line', `Amount at ${sheet.as_at_date}`], rows);
}

export function trialBalanceCsv(lines: readonly TrialBalanceLine[]): string {
  return toCsv(
    ['Code', 'Category', 'Debit', 'Credit'],
    lines.map((line) => [line.display_nominal_code, line.name, line.total.startsWith('-') ? '' : money(line.total), line.total.startsWith('-') ? money(line.total.slice(1)) : '']),
  );
}

export function agedCsv(aged: AgedReport): string {
  const figures = (line: AgedReport['totals'][number]): CsvCell[] => [line.days_0_to_30, line.days_31_to_60, line.days_61_to_90, line.days_over_90, line.overdue, line.total].map(money);
  return toCsv(
    ['Contact', 'Currency', '0-30 days', '31-60 days', '61-90 days', 'Over 90 days', 'Overdue', 'Total'],
    [...aged.contacts.map((line) => [line.contact_name, line.currency, ...figures(line)]), ...aged.totals.map((total) => ['Total', total.currency, ...figures(total)])],
  );
}

export function cashflowCsv(flow: Cashflow): string {
  const out = (index: number) => money(flow.outgoing.months[index]?.total ?? '0.0');
  return toCsv(
    ['Month', 'Money in', 'Money out'],
    [...flow.incoming.months.map((month, index): CsvCell[] => [`${month.year}-${String(month.month).padStart(2, '0')}`, money(month.total), out(index)]), ['Total', money(flow.incoming.total), money(flow.outgoing.total)], ['Net', money(flow.balance), '']],
  );
}

/** The fixed asset register at its date: each asset's cost, depreciation to date and net book value. */
/** The register as the screen and the PDF list it, then the totals of the assets still held at the date. */
export function fixedAssetsCsv(assets: readonly CapitalAsset[], currency: string): string {
  const totals = heldAssetTotals(assets, currency);
  return toCsv(
    ['Asset', 'Type', 'Bought', 'Disposed of', 'Cost', 'Depreciation', 'Net book value'],
    [
      ...assets.map((asset) => [asset.description, asset.asset_type, asset.purchased_on, asset.disposed_on ?? '', money(asset.cost), money(asset.accumulated_depreciation), money(asset.net_book_value)]),
      ['Assets held', '', '', '', money(totals.cost), money(totals.depreciation), money(totals.netBookValue)],
    ],
  );
}
