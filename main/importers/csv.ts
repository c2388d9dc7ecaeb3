import { addAmounts, isZero, negate, readAmount } from './amounts';
import { decideDateOrder } from './csv-date-order';
import { guessLayout, type GuessedLayout } from './csv-mapping';
import { detectDelimiter, readCsvRecords, type CsvRecord } from './csv-records';
import { readDateShape, resolveDate, type DateShape } from './dates';
import { asIban } from './iban';
import { message, refused, squeeze, withoutUndefined } from './result';
import type { CsvColumnMapping, ImportMessage, ParsedStatement, ParseOptions, StatementAccount, StatementLine } from './types';

/**
 * Bank CSV exports, and FreeAgent's own three-column statement CSV. There is no standard, so the
 * column mapping is guessed (csv-mapping.ts) and returned with the result for the user to confirm;
 * a mapping passed in options is used as it is.
 */

// dd/mm/yyyy,amount,description with no header.
const FREEAGENT_MAPPING: CsvColumnMapping = {
  delimiter: ',',
  firstDataRow: 0,
  date: 0,
  dateOrder: 'dmy',
  decimalComma: false,
  amount: 1,
  description: [2],
};

const MAX_LISTED_LINES = 10;

export function parseCsv(text: string, options: ParseOptions, format: 'csv' | 'freeagent-csv'): ParsedStatement {
  const warnings: ImportMessage[] = [];
  let mapping: CsvColumnMapping;
  let records: CsvRecord[];
  let layout: Partial<GuessedLayout> = {};
  let shapes: (DateShape | null)[] | undefined;

  if (options.columnMapping) {
    mapping = { ...options.columnMapping, dateOrder: options.dateOrder ?? options.columnMapping.dateOrder };
    records = readCsvRecords(text, mapping.delimiter);
  } else if (format === 'freeagent-csv') {
    mapping = { ...FREEAGENT_MAPPING, description: [...FREEAGENT_MAPPING.description] };
    records = readFreeAgentRecords(text);
  } else {
    const delimiter = detectDelimiter(text);
    records = readCsvRecords(text, delimiter);
    const guess = guessLayout(records, delimiter);
    if ('problem' in guess) return refused(format, guess.problem);
    layout = guess;
    shapes = dateShapes(records, guess.mapping.firstDataRow, guess.mapping.date);
    const readable = shapes.filter((shape) => shape !== null);
    const decision = options.dateOrder ? { order: options.dateOrder } : decideDateOrder(readable, guess.mapping.decimalComma);
    if ('problem' in decision) {
      const suggested = { ...guess.mapping, dateOrder: decision.suggestion };
      return { ...refused(format, decision.problem, undefined, warnings), csv: withoutUndefined({ mapping: suggested, header: guess.header }) };
    }
    if (decision.warning) warnings.push(message(decision.warning));
    mapping = { ...guess.mapping, dateOrder: decision.order };
  }

  const header = layout.header ?? (mapping.headerRow === undefined ? undefined : records[mapping.headerRow]?.fields);
  const result = readRows(records, mapping, layout, warnings, shapes);
  return { format, ...result, warnings, csv: withoutUndefined({ mapping, header }) };
}

/**
 * FreeAgent's CSV does not quote descriptions, so everything after the second comma is the
 * description, commas and all.
 */
function readFreeAgentRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    const first = line.indexOf(',');
    const second = line.indexOf(',', first + 1);
    if (line.trim() === '') return;
    if (first < 0 || second < 0) records.push({ fields: [line.trim()], line: index + 1 });
    else records.push({ fields: [line.slice(0, first).trim(), line.slice(first + 1, second).trim(), unquote(line.slice(second + 1).trim())], line: index + 1 });
  });
  return records;
}

function unquote(text: string): string {
  return text.length > 1 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1).replace(/""/g, '"') : text;
}

/** The date cell of every row from the first data row, read once for both the order and the rows. */
function dateShapes(records: CsvRecord[], firstDataRow: number, column: number): (DateShape | null)[] {
  const shapes: (DateShape | null)[] = [];
  for (let row = firstDataRow; row < records.length; row++) shapes.push(readDateShape(records[row].fields[column] ?? ''));
  return shapes;
}

function readRows(
  records: CsvRecord[],
  mapping: CsvColumnMapping,
  layout: Partial<GuessedLayout>,
  warnings: ImportMessage[],
  shapes?: (DateShape | null)[],
): Pick<ParsedStatement, 'accounts' | 'transactions' | 'errors'> {
  const transactions: StatementLine[] = [];
  const errors: ImportMessage[] = [];
  const skipped: number[] = [];
  const accounts: StatementAccount[] = [];
  const accountByCurrency = new Map<string, number>();
  const sign = indicatorMeaning(records, mapping);
  const mark = mapping.decimalComma ? ',' : '.';

  for (let row = mapping.firstDataRow; row < records.length; row++) {
    const { fields, line } = records[row];
    const dateCell = cellAt(fields, mapping.date);
    const shape = shapes ? shapes[row - mapping.firstDataRow] : readDateShape(dateCell);

    if (!shape) {
      // Titles, balance lines, totals and footers have words or nothing where the date goes; a
      // row with a number there is a transaction whose date cannot be read.
      if (/^\d/.test(dateCell)) errors.push(message(`This row was not imported: "${dateCell}" is not a date.`, line));
      else skipped.push(line);
      continue;
    }
    const datedOn = resolveDate(shape, mapping.dateOrder);
    if (!datedOn) {
      errors.push(message(`This row was not imported: "${dateCell}" is not a real date.`, line));
      continue;
    }
    const amount = rowAmount(fields, mapping, mark, sign);
    if ('problem' in amount) {
      errors.push(message(`This row was not imported: ${amount.problem}.`, line));
      continue;
    }

    const payee = nonEmpty(squeeze(cellAt(fields, mapping.payee)));
    const text = joinCells(fields, mapping.description);
    const description = squeeze(text) || payee || squeeze(cellAt(fields, layout.type));
    const currency = nonEmpty(cellAt(fields, mapping.currency))?.toUpperCase();
    let accountIndex = accountByCurrency.get(currency ?? '');
    if (accountIndex === undefined) {
      accountIndex = accounts.push(accountFor(fields, layout, currency)) - 1;
      accountByCurrency.set(currency ?? '', accountIndex);
    }
    transactions.push(
      withoutUndefined({
        datedOn,
        amount: mapping.invertSign ? negate(amount.amount) : amount.amount,
        description,
        payee,
        memo: nonEmpty(squeeze(cellAt(fields, mapping.memo))),
        reference: nonEmpty(cellAt(fields, mapping.reference)),
        fitid: nonEmpty(cellAt(fields, mapping.fitid)),
        accountIndex,
        line,
      }),
    );
  }

  if (skipped.length > 0) {
    const listed = skipped.slice(0, MAX_LISTED_LINES).join(', ');
    const more = skipped.length > MAX_LISTED_LINES ? ` and ${skipped.length - MAX_LISTED_LINES} more` : '';
    warnings.push(message(`${skipped.length} rows without a date were skipped as not being transactions (lines ${listed}${more}).`));
  }
  if (transactions.length === 0 && errors.length === 0) errors.push(message('No row of this file is a transaction with a date and an amount.'));
  return { accounts, transactions, errors };
}

type Sign = { blank: 'credit' | 'debit' | 'as written' };

/**
 * What an empty cell in the CR/DR column means: a card export that marks only credits with "CR"
 * leaves its charges blank.
 */
function indicatorMeaning(records: CsvRecord[], mapping: CsvColumnMapping): Sign {
  if (mapping.creditDebit === undefined) return { blank: 'as written' };
  let credits = 0;
  let debits = 0;
  for (let row = mapping.firstDataRow; row < records.length; row++) {
    const value = (records[row].fields[mapping.creditDebit] ?? '').toLowerCase();
    if (CREDIT_WORDS.has(value)) credits++;
    else if (DEBIT_WORDS.has(value)) debits++;
  }
  if (credits > 0 && debits === 0) return { blank: 'debit' };
  if (debits > 0 && credits === 0) return { blank: 'credit' };
  return { blank: 'as written' };
}

const CREDIT_WORDS = new Set(['cr', 'credit', 'c']);
const DEBIT_WORDS = new Set(['dr', 'debit', 'd']);

function cellAt(fields: string[], column: number | undefined): string {
  return column === undefined ? '' : (fields[column] ?? '');
}

function joinCells(fields: string[], columns: number[]): string {
  if (columns.length === 1) return cellAt(fields, columns[0]);
  let text = '';
  for (const column of columns) text += ` ${cellAt(fields, column)}`;
  return text;
}

function rowAmount(fields: string[], mapping: CsvColumnMapping, mark: ',' | '.', sign: Sign): { amount: string } | { problem: string } {
  if (mapping.amount !== undefined) {
    const raw = cellAt(fields, mapping.amount);
    if (raw === '') return { problem: 'it has no amount' };
    const amount = readAmount(raw, mark);
    if (amount === null) return { problem: `"${raw}" is not an amount` };
    if (mapping.creditDebit === undefined) return { amount };
    const indicator = cellAt(fields, mapping.creditDebit).toLowerCase();
    const size = amount.replace(/^-/, '');
    const credit = CREDIT_WORDS.has(indicator) || (indicator === '' && sign.blank === 'credit');
    const debit = DEBIT_WORDS.has(indicator) || (indicator === '' && sign.blank === 'debit');
    return { amount: credit ? size : debit ? negate(size) : amount };
  }
  const rawIn = cellAt(fields, mapping.paidIn);
  const rawOut = cellAt(fields, mapping.paidOut);
  if (rawIn === '' && rawOut === '') return { problem: 'it has no amount' };
  const paidIn = rawIn === '' ? '0.00' : readAmount(rawIn, mark);
  const paidOut = rawOut === '' ? '0.00' : readAmount(rawOut, mark);
  if (paidIn === null) return { problem: `"${rawIn}" is not an amount` };
  if (paidOut === null) return { problem: `"${rawOut}" is not an amount` };
  // Money out is usually written positive; a bank that writes it negative already signed it.
  const out = paidOut.startsWith('-') ? paidOut : negate(paidOut);
  if (isZero(out)) return { amount: paidIn };
  if (isZero(paidIn)) return { amount: out };
  return { amount: addAmounts(paidIn, out) };
}

function accountFor(fields: string[], layout: Partial<GuessedLayout>, currency: string | undefined): StatementAccount {
  const sortCode = layout.sortCode === undefined ? undefined : nonEmpty(fields[layout.sortCode]?.replace(/^'/, ''));
  const number = layout.accountNumber === undefined ? undefined : nonEmpty(fields[layout.accountNumber]?.replace(/^'/, ''));
  const iban = asIban(number);
  return withoutUndefined({ sortCode, accountNumber: iban ? undefined : number, iban, currency });
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
