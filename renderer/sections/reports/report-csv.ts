/**
 * A report as CSV text for a spreadsheet: a header row, then rows; amounts stay the engine's exact
 * decimal text (never re-formatted through a float). Cells are quoted when they hold a comma, a
 * quote or a line break, and a leading =, +, - or @ that is not a number is escaped with a quote so a
 * spreadsheet does not run a description as a formula.
 */
export type CsvCell = string | number;

const NUMBER = /^-?\d+(\.\d+)?$/;

function cell(value: CsvCell): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * An engine amount as a spreadsheet reads money: at least two decimals ("480.0" -> "480.00"), by
 * rewriting the exact decimal text, never through a float. A blank stays blank.
 */
export function moneyCell(amount: string): string {
  if (!/^-?\d+(\.\d*)?$/.test(amount)) return amount;
  const [whole, fraction = ''] = amount.split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Hands the CSV to the person: a download in browser mode, a save dialog in the desktop. */
export function saveCsv(text: string, fileName: string): void {
  saveDownload(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** Hands a report's PDF to the person, as saveCsv does. */
export function savePdf(bytes: Uint8Array, fileName: string): void {
  saveDownload(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), fileName);
}

function saveDownload(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
