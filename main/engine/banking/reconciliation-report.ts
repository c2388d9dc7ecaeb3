import type { ReportRow, ReportTable } from '../reports/pdf/report-tables';
import { lineWords } from './line-words';

type Json = Record<string, unknown>;
const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
const list = (value: unknown) => (Array.isArray(value) ? (value as Json[]) : []);

/**
 * The printed reconciliation, statement against book, read from the JSON of GET
 * /v2/bank_reconciliations/:id so the PDF shows the figures the screen does: the statement's
 * closing balance, the lines it covered, the book's lines up to its date that were not on it, and
 * the book's balance that day. A difference left over means the book changed after reconciling.
 */
export function reconciliationTable(detail: Json, accountName: string): ReportTable {
  const line = (row: Json): ReportRow => ({ cells: [text(row.dated_on), lineWords(text(row.description)), text(row.amount)] });
  const reconciled = list(detail.bank_transactions);
  const outstanding = list(detail.outstanding_transactions);
  const rows: ReportRow[] = [
    { cells: ['', 'Balance brought forward (last reconciled)', text(detail.starting_balance)], total: true },
    { cells: ['', `On the statement (${reconciled.length} ${reconciled.length === 1 ? 'line' : 'lines'})`, ''], heading: true },
    ...reconciled.map(line),
    { cells: ['', 'Money in', text(detail.money_in)] },
    { cells: ['', 'Money out', text(detail.money_out)] },
    { cells: [text(detail.statement_date), 'Closing balance on the statement', text(detail.closing_balance)], total: true },
    { cells: ['', 'In the book, not on the statement', ''], heading: true },
    ...outstanding.map(line),
    { cells: ['', 'Total not on the statement', text(detail.outstanding_total)], total: true },
    { cells: [text(detail.statement_date), 'Balance in the book', text(detail.book_balance)], total: true },
    { cells: ['', 'Difference (book changed since reconciling)', text(detail.unexplained_difference)], total: true },
  ];
  return {
    title: `Bank reconciliation: ${accountName}`,
    covers: `Statement to ${text(detail.statement_date)}${detail.file_name ? `, from ${text(detail.file_name)}` : ''}`,
    columns: ['Date', 'Description', 'Amount'],
    amountColumns: [2],
    rows,
  };
}
