import { readCsvRecords } from '../../importers/csv-records';
import { decodeStatementBytes } from '../../importers/decode';
import type { CsvColumnMapping } from '../../importers/types';

/** How many data rows the mapping form shows under each column. */
const SAMPLE_ROWS = 4;
// The sample is read from the start of the file only: a 100,000-row export needs no second full read.
const SAMPLE_CHARACTERS = 256 * 1024;

/**
 * The first data rows of a CSV as cells, so the user confirming a column mapping sees what each
 * column holds, and how many columns there are when the file has no header.
 */
export function csvSample(bytes: Uint8Array, mapping: CsvColumnMapping, header: readonly string[] | undefined): { sample: string[][]; columnCount: number } {
  const { text } = decodeStatementBytes(bytes);
  const records = readCsvRecords(text.slice(0, SAMPLE_CHARACTERS), mapping.delimiter, mapping.firstDataRow + SAMPLE_ROWS);
  const sample = records.slice(mapping.firstDataRow, mapping.firstDataRow + SAMPLE_ROWS).map((record) => record.fields);
  const columnCount = Math.max(header?.length ?? 0, ...sample.map((row) => row.length));
  return { sample, columnCount };
}

/** The header row's cells under a mapping, as the parser reads them; undefined when it names none. */
export function csvHeader(bytes: Uint8Array, mapping: CsvColumnMapping): string[] | undefined {
  if (mapping.headerRow === undefined) return undefined;
  const { text } = decodeStatementBytes(bytes);
  return readCsvRecords(text.slice(0, SAMPLE_CHARACTERS), mapping.delimiter, mapping.headerRow + 1)[mapping.headerRow]?.fields;
}
