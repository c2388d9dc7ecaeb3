import type { CsvColumnMappingFields } from '../../../shared/api/statement_import';
import { parseStatement } from '../../importers';
import type { ParsedStatement, ParseOptions } from '../../importers/types';
import type { UploadedFile } from '../codec/body';
import { mappingFromFields, mappingToFields, sameMapping } from './csv-mapping-fields';
import { refuseBrokenArchive } from './statement-lines';
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
  if (options.columnMapping) return parseWithMapping(file, options.columnMapping, options.dateOrder);
  const base: Omit<ParseOptions, 'fileName'> = {};
  if (options.dateOrder) base.dateOrder = options.dateOrder;
  const parsed = refuseBrokenArchive(parseStatement(file.bytes, { ...base, fileName: file.name }));
  const source: MappingSource = 'guessed';
  const openOrder = !options.dateOrder && parsed.csv !== undefined && parsed.transactions.length === 0 && parsed.errors.length > 0;
  if (openOrder) {
    const suggested = { dateOrder: parsed.csv!.mapping.dateOrder };
    const retry = parseStatement(file.bytes, { ...suggested, fileName: file.name });
    if (retry.transactions.length > 0) return { parsed: retry, options: suggested, mappingSource: source, dateOrderAmbiguous: true };
  }
  return { parsed, options: base, mappingSource: source, dateOrderAmbiguous: false };
}

/**
 * A CSV read with a mapping the user gave or confirmed before. The parser's own guess, confirmed
 * unchanged, is read as guessed: what the parser saw of the layout goes with it (the account's sort
 * code and number columns, a type column standing in for an empty description), which a bare
 * mapping cannot carry.
 */
function parseWithMapping(file: UploadedFile, fields: CsvColumnMappingFields, dateOrder: ReviewOptions['dateOrder'], source: MappingSource = 'given'): ReviewParse {
  const order = dateOrder ?? fields.date_order;
  const wanted = { ...fields, date_order: order };
  const guessed = refuseBrokenArchive(parseStatement(file.bytes, { fileName: file.name, dateOrder: order }));
  if (guessed.csv && sameMapping(mappingToFields(guessed.csv.mapping), wanted)) {
    return { parsed: guessed, options: { dateOrder: order }, mappingSource: source, dateOrderAmbiguous: false };
  }
  const options = { columnMapping: mappingFromFields(wanted), dateOrder: order };
  return { parsed: parseStatement(file.bytes, { ...options, fileName: file.name }), options, mappingSource: source, dateOrderAmbiguous: false };
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
  return parseWithMapping(file, fields, dateOrder, 'remembered');
}
