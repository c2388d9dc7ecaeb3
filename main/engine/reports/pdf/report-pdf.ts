import { toMinor } from '../../../../shared/money';
import { renderPdf, type Pdf } from '../../sales/pdf/pdf-bytes';
import { pdfMoney } from '../../sales/pdf/pdf-money';
import type { ReportRow, ReportTable } from './report-tables';

/**
 * A report table drawn as a PDF of real text (searchable, copyable): the company and the report's
 * name and period at the top of every page, the column headings repeated after a page break, amounts
 * right-aligned in the currency's form, totals bold over a rule. Wide tables (aged reports) turn the
 * page to landscape so eight columns stay readable.
 */
const AMOUNT_WIDTH = 82;
/** Columns of codes, currencies and dates: wide enough for "2026-06-30" and their headings. */
const NARROW_WIDTH = 60;
const NARROW_COLUMNS = new Set(['Code', 'Currency', 'Month', 'Date', 'Bought', 'Disposed of']);
const ROW_GAP = 4;
const GREY = '#555555';

interface Layout {
  left: number;
  right: number;
  /** x and width of each column. */
  columns: { x: number; width: number }[];
}

function layoutOf(doc: Pdf, table: ReportTable): Layout {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const amounts = table.amountColumns.length;
  const isNarrow = (heading: string, index: number) => !table.amountColumns.includes(index) && NARROW_COLUMNS.has(heading);
  const narrow = table.columns.filter(isNarrow).length;
  const wide = table.columns.length - amounts - narrow;
  // Text columns share what the amounts leave; a code or a date gets less than a name.
  const textWidth = right - left - amounts * AMOUNT_WIDTH;
  const widths = table.columns.map((heading, index) => {
    if (table.amountColumns.includes(index)) return AMOUNT_WIDTH;
    if (wide === 0) return textWidth / narrow;
    return isNarrow(heading, index) ? NARROW_WIDTH : (textWidth - NARROW_WIDTH * narrow) / wide;
  });
  let x = left;
  const columns = widths.map((width) => {
    const column = { x, width };
    x += width;
    return column;
  });
  return { left, right, columns };
}

function pageTop(doc: Pdf, table: ReportTable, company: string): void {
  doc.font('Helvetica').fontSize(9).fillColor(GREY).text(company, doc.page.margins.left, doc.page.margins.top);
  doc.font('Helvetica-Bold').fontSize(16).fillColor('black').text(table.title);
  doc.font('Helvetica').fontSize(10).fillColor(GREY).text(table.covers);
  doc.moveDown(0.8);
}

function headings(doc: Pdf, table: ReportTable, layout: Layout): void {
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(GREY);
  let height = 0;
  table.columns.forEach((heading, index) => {
    const column = layout.columns[index]!;
    const align = table.amountColumns.includes(index) ? 'right' : 'left';
    doc.text(heading, column.x + 2, y, { width: column.width - 4, align });
    height = Math.max(height, doc.y - y);
  });
  doc.y = y + height + 2;
  doc.moveTo(layout.left, doc.y).lineTo(layout.right, doc.y).lineWidth(0.75).strokeColor('#999999').stroke();
  doc.y += ROW_GAP;
}

function cellText(table: ReportTable, row: ReportRow, index: number, currency: string): string {
  const value = row.cells[index] ?? '';
  if (!table.amountColumns.includes(index) || value === '') return value;
  const rowCurrency = table.currencyColumn === undefined ? currency : (row.cells[table.currencyColumn] ?? currency);
  return pdfMoney(toMinor(value, rowCurrency), rowCurrency);
}

function rowHeight(doc: Pdf, table: ReportTable, row: ReportRow, layout: Layout, currency: string): number {
  doc.font(row.total || row.heading ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
  return Math.max(...row.cells.map((_, index) => doc.heightOfString(cellText(table, row, index, currency), { width: layout.columns[index]!.width - 4 }))) + ROW_GAP;
}

function drawRow(doc: Pdf, table: ReportTable, row: ReportRow, layout: Layout, currency: string): void {
  const y = doc.y;
  if (row.total) doc.moveTo(layout.left, y - 2).lineTo(layout.right, y - 2).lineWidth(0.5).strokeColor('#999999').stroke();
  doc.font(row.total || row.heading ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor('black');
  let height = 0;
  row.cells.forEach((_, index) => {
    const column = layout.columns[index]!;
    const align = table.amountColumns.includes(index) ? 'right' : 'left';
    doc.text(cellText(table, row, index, currency), column.x + 2, y, { width: column.width - 4, align });
    height = Math.max(height, doc.y - y);
  });
  doc.y = y + height + ROW_GAP;
}

export function reportPdf(table: ReportTable, facts: { company: string; currency: string; createdAt: Date }): Uint8Array {
  const landscape = table.columns.length > 5;
  return renderPdf({ title: `${table.title}, ${table.covers}`, author: facts.company, createdAt: facts.createdAt, landscape }, (doc) => {
    const layout = layoutOf(doc, table);
    pageTop(doc, table, facts.company);
    headings(doc, table, layout);
    if (table.rows.length === 0) doc.font('Helvetica').fontSize(10).fillColor(GREY).text('Nothing to report for this period.', layout.left, doc.y);
    for (const row of table.rows) {
      const bottom = doc.page.height - doc.page.margins.bottom;
      if (doc.y + rowHeight(doc, table, row, layout, facts.currency) > bottom) {
        doc.addPage();
        pageTop(doc, table, facts.company);
        headings(doc, table, layout);
      }
      drawRow(doc, table, row, layout, facts.currency);
    }
  });
}
