import { parseCamt053 } from './camt053';
import { parseCsv } from './csv';
import { decodeStatementBytes } from './decode';
import { detectFormat, isZip, knownDocument } from './detect';
import { parseMt940 } from './mt940';
import { parseOfx } from './ofx';
import { parseQif } from './qif';
import { AccountBook, message, refused } from './result';
import type { ImportMessage, ParsedStatement, ParseOptions, StatementFormat } from './types';
import { readZip } from './zip';

export type { CsvColumnMapping, ImportMessage, ParsedStatement, ParseOptions, StatementAccount, StatementFormat, StatementLine } from './types';

// What a person sees when a parser throws instead of refusing the file: a fault in Ledgerdesk. An
// exception's text ("Cannot read properties of undefined") would tell them nothing, so it goes in
// `fault` instead. The garbage tests assert that no input ever ends here.
export const UNEXPECTED_FAULT = 'Ledgerdesk could not read this file: its reader stopped on something it did not expect. Nothing was imported.';

/**
 * Reads a bank or card statement file of any supported format. Never throws: whatever goes wrong
 * comes back in `errors`. A refused file has errors and no transactions; a partly readable one has
 * both, and the import review decides what to do with it.
 */
export function parseStatement(bytes: Uint8Array, options: ParseOptions = {}): ParsedStatement {
  return parseFile(bytes, options, false);
}

const PARSERS: Readonly<Record<StatementFormat, (text: string, options: ParseOptions) => ParsedStatement>> = {
  ofx: (text) => parseOfx(text, 'ofx'),
  qfx: (text) => parseOfx(text, 'qfx'),
  qif: (text, options) => parseQif(text, options),
  csv: (text, options) => parseCsv(text, options, 'csv'),
  'freeagent-csv': (text, options) => parseCsv(text, options, 'freeagent-csv'),
  camt053: (text) => parseCamt053(text),
  mt940: (text) => parseMt940(text),
};

function parseFile(bytes: Uint8Array, options: ParseOptions, insideZip: boolean): ParsedStatement {
  try {
    if (bytes.length === 0) return refused(null, 'The file is empty.');
    if (isZip(bytes)) return insideZip ? refused(null, 'A zip inside a zip is not read.') : parseZip(bytes, options);
    const document = knownDocument(bytes);
    if (document) {
      const name = options.fileName ? `${options.fileName} is` : 'This file is';
      return refused(null, `${name} ${document}, not a statement file. Download the statement from the bank as CSV, OFX, QFX, QIF, CAMT.053 or MT940 and import that.`);
    }
    const decoded = decodeStatementBytes(bytes);
    if (decoded.text.trim() === '') return refused(null, 'The file holds nothing but blank space.');
    const format = detectFormat(decoded.text, options.fileName);
    if (!format) {
      return refused(null, 'This file is not a statement Ledgerdesk can read (OFX, QFX, QIF, CSV, CAMT.053 or MT940).', undefined, decoded.warnings);
    }
    const result = PARSERS[format](decoded.text, options);
    const warnings = [...decoded.warnings, ...result.warnings];
    if (result.transactions.length === 0 && result.errors.length === 0) {
      if (result.accounts.length === 0) return refused(format, 'The file holds no statement and no transactions.', undefined, warnings);
      warnings.push(message('The statement holds no transactions.'));
    }
    return { ...result, warnings };
  } catch (error) {
    return { ...refused(null, UNEXPECTED_FAULT), fault: error instanceof Error ? error.message : String(error) };
  }
}

/** Every file in the zip, read as if dropped one by one, as one result. */
function parseZip(bytes: Uint8Array, options: ParseOptions): ParsedStatement {
  const { entries, refusal } = readZip(bytes);
  if (refusal !== undefined) return { ...refused(null, refusal), archiveRefused: true };
  const warnings: ImportMessage[] = [];
  if (entries.length === 0) return refused(null, 'The zip file holds no files to read.', undefined, warnings);

  const book = new AccountBook();
  const merged: ParsedStatement = { format: null, accounts: book.accounts, transactions: [], warnings, errors: [] };
  for (const entry of entries) {
    const part = parseFile(entry.bytes, { ...options, fileName: entry.name, columnMapping: undefined }, true);
    // A reader's fault inside the zip is not a readme to leave out: it says so, as it would alone.
    if (part.fault !== undefined) {
      merged.fault ??= part.fault;
      merged.errors.push(...part.errors.map((m) => ({ ...m, message: `${entry.name}: ${m.message}` })));
      continue;
    }
    // A readme or a PDF beside the statements is not an error in the delivery.
    if (part.format === null && part.transactions.length === 0) {
      merged.warnings.push(message(`${entry.name}: not a statement, left out.`));
      continue;
    }
    const indexes = part.accounts.map((account) => book.add(account));
    for (const line of part.transactions) merged.transactions.push({ ...line, accountIndex: indexes[line.accountIndex] ?? 0 });
    merged.warnings.push(...part.warnings.map((m) => ({ ...m, message: `${entry.name}: ${m.message}` })));
    merged.errors.push(...part.errors.map((m) => ({ ...m, message: `${entry.name}: ${m.message}` })));
    if (part.format && merged.format && part.format !== merged.format) {
      merged.warnings.push(message(`${entry.name}: a ${part.format} file among ${merged.format} files.`));
    }
    merged.format ??= part.format;
  }
  if (merged.accounts.length === 0 && merged.errors.length === 0) return refused(null, 'The zip file holds no statement.', undefined, merged.warnings);
  return merged;
}
