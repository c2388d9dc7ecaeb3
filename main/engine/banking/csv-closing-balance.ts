import { negate, readAmount } from '../../importers/amounts';
import { readCsvRecords } from '../../importers/csv-records';
import { decodeStatementBytes } from '../../importers/decode';
import type { ParsedStatement, StatementLine } from '../../importers/types';

/**
 * A CSV's closing balance, from its running balance column: the balance on the newest row. Many UK
 * exports (Lloyds, Nationwide) carry one, and it is the only closing balance such a file has. Rows
 * run newest first or oldest first; on the newest day the row nearest that end of the file is the
 * last of the day. Nothing is returned when the file gives no way to tell.
 */
export function csvClosingBalance(bytes: Uint8Array, parsed: ParsedStatement): { amount: string; date: string } | undefined {
  const mapping = parsed.csv?.mapping;
  const lines = parsed.transactions;
  if (!mapping || mapping.balance === undefined || lines.length === 0) return undefined;
  const newest = newestRow(lines);
  if (!newest || newest.line === undefined) return undefined;
  const { text } = decodeStatementBytes(bytes);
  const record = readCsvRecords(text, mapping.delimiter).find((candidate) => candidate.line === newest.line);
  const cell = record?.fields[mapping.balance]?.trim();
  if (!cell) return undefined;
  const amount = readAmount(cell, mapping.decimalComma ? ',' : '.');
  if (amount === null) return undefined;
  return { amount: mapping.invertSign ? negate(amount) : amount, date: newest.datedOn };
}

function newestRow(lines: readonly StatementLine[]): StatementLine | undefined {
  if (lines.length === 1) return lines[0];
  const first = lines[0]!;
  const last = lines[lines.length - 1]!;
  if (first.datedOn === last.datedOn) return undefined;
  const newestFirst = first.datedOn > last.datedOn;
  let newest = newestFirst ? first : last;
  for (const line of lines) {
    if (line.datedOn > newest.datedOn) newest = line;
    // The same day: oldest-first files end the day lower down, newest-first files higher up.
    else if (line.datedOn === newest.datedOn && !newestFirst) newest = line;
  }
  return newest;
}
