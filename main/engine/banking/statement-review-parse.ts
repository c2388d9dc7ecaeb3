import type { CsvColumnMappingFields } from '../../../shared/api/statement_import';
import { parseStatement } from '../../importers';
import type { ParsedStatement, ParseOptions } from '../../importers/types';
import type { UploadedFile } from '../codec/body';
import { mappingFromFields } from './csv-mapping-fields';
import { fitsHeader, type RememberedMapping } from './csv-mapping-memory';
import type { ReviewOptions } from './statement-review-fields';

export type MappingSource = 'guessed' | 'remembered' | 'given';

export interface ReviewParse {
  parsed: ParsedStatement;
  /** The options the file was finally read with: what a reviewed upload must send to get these rows. */
  options: Omit<ParseOptions, 'fileName'>;
  mappingSource: MappingSource;
  /** The file alone did not settle day/month order, so the parser's suggestion was used. */
  dateOrderAmbiguous: boolean;
}

/**
 * Reads a statement as the review shows it. A CSV mapping the user gave wins; otherwise the parser
 * guesses, and when it refuses only because the date order is open, the file is read again with the
 * order it suggests so the user sees rows and chooses, instead of a bare refusal.
 */
export function parseForReview(file: UploadedFile, options: ReviewOptions): ReviewParse {
  const base: Omit<ParseOptions, 'fileName'> = {};
  if (options.dateOrder) base.dateOrder = options.dateOrder;
  if (options.columnMapping) base.columnMapping = mappingFromFields(options.columnMapping);
  const parsed = parseStatement(file.bytes, { ...base, fileName: file.name });
  const source: MappingSource = options.columnMapping ? 'given' : 'guessed';
  const openOrder = !options.columnMapping && !options.dateOrder && parsed.csv !== undefined && parsed.transactions.length === 0 && parsed.errors.length > 0;
  if (openOrder) {
    const suggested = { dateOrder: parsed.csv!.mapping.dateOrder };
    const retry = parseStatement(file.bytes, { ...suggested, fileName: file.name });
    if (retry.transactions.length > 0) return { parsed: retry, options: suggested, mappingSource: source, dateOrderAmbiguous: true };
  }
  return { parsed, options: base, mappingSource: source, dateOrderAmbiguous: false };
}

/**
 * The same file read with the mapping the user confirmed for this bank account last time, when the
 * file is a CSV laid out the same way (same header) and no mapping was given now. Where the data
 * starts and the delimiter still come from this file: preambles change length between exports.
 */
export function withRememberedMapping(file: UploadedFile, first: ReviewParse, remembered: RememberedMapping | null, dateOrder?: ReviewOptions['dateOrder']): ReviewParse {
  const csv = first.parsed.csv;
  if (!remembered || first.mappingSource === 'given' || !csv || !fitsHeader(remembered, csv.header)) return first;
  const fields: CsvColumnMappingFields = { ...remembered.mapping, delimiter: csv.mapping.delimiter as CsvColumnMappingFields['delimiter'], first_data_row: csv.mapping.firstDataRow };
  if (csv.mapping.headerRow === undefined) delete fields.header_row;
  else fields.header_row = csv.mapping.headerRow;
  if (dateOrder) fields.date_order = dateOrder;
  const options = { columnMapping: mappingFromFields(fields) };
  const parsed = parseStatement(file.bytes, { ...options, fileName: file.name });
  return { parsed, options, mappingSource: 'remembered', dateOrderAmbiguous: false };
}
