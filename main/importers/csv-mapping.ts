import { readAmount } from './amounts';
import {
  accountNumberScore,
  amountScore,
  balanceScore,
  currencyScore,
  dateScore,
  descriptionScore,
  fitidScore,
  memoScore,
  normaliseHeader,
  paidInScore,
  paidOutScore,
  payeeScore,
  referenceScore,
  sortCodeScore,
  typeScore,
} from './csv-columns';
import type { CsvRecord } from './csv-records';
import { readDateShape } from './dates';
import { withoutUndefined } from './result';
import type { CsvColumnMapping } from './types';

/**
 * Guesses which CSV columns mean what, from the header names where there is a header and from the
 * values always: where the dates are decides where the data starts, and the header is the row just
 * above it. The date order is settled later (csv-date-order.ts) from every date in the column.
 */

export interface GuessedLayout {
  mapping: Omit<CsvColumnMapping, 'dateOrder'>;
  header?: string[];
  /** Columns that describe the account rather than the transaction (sort code, account number). */
  sortCode?: number;
  accountNumber?: number;
  /** A column of bank transaction types (a description of last resort). */
  type?: number;
}

export type LayoutGuess = GuessedLayout | { problem: string };

const HEADER_SEARCH = 4;
// The header and the columns show in the first rows; reading every cell of a 100,000-row file to
// guess them would cost more than parsing it.
const LAYOUT_SAMPLE = 2000;

export function guessLayout(allRecords: CsvRecord[], delimiter: string): LayoutGuess {
  const records = allRecords.length > LAYOUT_SAMPLE ? allRecords.slice(0, LAYOUT_SAMPLE) : allRecords;
  const width = Math.max(0, ...records.map((r) => r.fields.length));
  const isDate = records.map((r) => r.fields.map((cell) => cell !== '' && readDateShape(cell) !== null));

  // The date column: the one holding a date in most rows.
  const dateRows = new Array<number>(width).fill(0);
  for (const row of isDate) row.forEach((is, column) => is && dateRows[column]++);
  const bestDateCount = Math.max(0, ...dateRows);
  if (bestDateCount === 0) return { problem: 'No column of this file holds dates, so it does not look like a statement.' };
  const roughDateColumn = dateRows.indexOf(bestDateCount);
  const firstDated = isDate.findIndex((row) => row[roughDateColumn]);

  const headerRow = findHeader(records, isDate, firstDated, roughDateColumn);
  const header = headerRow === undefined ? undefined : records[headerRow].fields;
  const names = header?.map(normaliseHeader) ?? [];
  const firstDataRow = headerRow === undefined ? firstDated : headerRow + 1;
  const data = records.slice(firstDataRow).filter((_, i) => isDate[firstDataRow + i]?.[roughDateColumn] ?? false);
  const stats = Array.from({ length: width }, (_, column) => columnStats(data, column));

  const date = pickDateColumn(stats, names);
  if (date === undefined) return { problem: 'No column of this file holds dates, so it does not look like a statement.' };
  const taken = new Set([date]);

  const amounts = pickAmountColumns(stats, names, taken, header !== undefined);
  if (!amounts) return { problem: 'No column of this file holds amounts, so it does not look like a statement.' };
  for (const column of Object.values(amounts)) if (column !== undefined) taken.add(column);

  const creditDebit = amounts.amount !== undefined && !stats[amounts.amount].anyNegative ? pickIndicator(stats, taken) : undefined;
  if (creditDebit !== undefined) taken.add(creditDebit);

  const byName = (score: (name: string) => number, accept: (s: ColumnStats) => boolean = () => true) =>
    bestNamed(names, score, stats, taken, accept);
  const currency = byName(currencyScore, (s) => s.currencyCodes);
  const balance = byName(balanceScore, (s) => s.amountRate > 0.5);
  const fitid = byName(fitidScore);
  const reference = byName(referenceScore);
  const memo = byName(memoScore);
  const payee = byName(payeeScore, (s) => s.nonEmpty > 0);
  const sortCode = byName(sortCodeScore);
  const accountNumber = byName(accountNumberScore, (s) => s.distinct <= 1);
  const type = byName(typeScore);
  for (const column of [currency, balance, fitid, reference, memo, payee, sortCode, accountNumber, type]) if (column !== undefined) taken.add(column);
  const description = pickDescription(stats, names, taken, header !== undefined);

  const decimalComma = decimalCommaEvidence(data, [amounts.amount, amounts.paidIn, amounts.paidOut, balance]);
  return {
    mapping: withoutUndefined({
      delimiter,
      headerRow,
      firstDataRow,
      date,
      decimalComma,
      ...amounts,
      creditDebit,
      description,
      payee,
      memo,
      reference,
      fitid,
      currency,
      balance,
    }),
    header,
    sortCode,
    accountNumber,
    type,
  };
}

interface ColumnStats {
  nonEmpty: number;
  dateRate: number;
  amountRate: number;
  anyNegative: boolean;
  /** Share of values with a decimal mark, a sign or a currency symbol: money rather than a count or an id. */
  moneyLike: number;
  distinct: number;
  averageLength: number;
  indicatorValues: boolean;
  currencyCodes: boolean;
}

function columnStats(data: CsvRecord[], column: number): ColumnStats {
  let nonEmpty = 0;
  let dates = 0;
  let amounts = 0;
  let money = 0;
  let anyNegative = false;
  let totalLength = 0;
  let indicator = true;
  let currency = true;
  const distinct = new Set<string>();
  for (const record of data) {
    const cell = record.fields[column] ?? '';
    if (cell === '') continue;
    nonEmpty++;
    totalLength += cell.length;
    if (distinct.size < 3) distinct.add(cell);
    if (readDateShape(cell)) dates++;
    const amount = readAmount(cell);
    if (amount !== null) {
      amounts++;
      if (amount.startsWith('-')) anyNegative = true;
      if (/[.,]\d{1,3}$|^[-+(]|\p{Sc}/u.test(cell) && !/^\d{5,}$/.test(cell)) money++;
    }
    if (!/^(cr|dr|credit|debit|c|d)$/i.test(cell)) indicator = false;
    if (!/^[A-Z]{3}$/.test(cell)) currency = false;
  }
  const rate = (count: number) => (nonEmpty === 0 ? 0 : count / nonEmpty);
  return {
    nonEmpty,
    dateRate: data.length === 0 ? 0 : dates / data.length,
    amountRate: rate(amounts),
    anyNegative,
    moneyLike: rate(money),
    distinct: distinct.size,
    averageLength: nonEmpty === 0 ? 0 : totalLength / nonEmpty,
    indicatorValues: nonEmpty > 0 && indicator,
    currencyCodes: nonEmpty > 0 && currency,
  };
}

/** The header: the row above the data whose names read most like column names. */
function findHeader(records: CsvRecord[], isDate: boolean[][], firstDated: number, dateColumn: number): number | undefined {
  let best: { row: number; score: number } | undefined;
  for (let row = firstDated - 1; row >= 0 && row >= firstDated - HEADER_SEARCH; row--) {
    const cells = records[row].fields;
    const filled = cells.filter((cell) => cell !== '');
    if (filled.length < 2 || isDate[row][dateColumn]) continue;
    if (filled.filter((cell) => readAmount(cell) !== null).length * 2 > filled.length) continue;
    const names = cells.map(normaliseHeader);
    const score = names.filter((name) => dateScore(name) + amountScore(name) + paidInScore(name) + paidOutScore(name) + descriptionScore(name) + payeeScore(name) > 0).length;
    // The row right above the data is the header unless a row further up names more columns.
    const weighted = score * 2 + (row === firstDated - 1 ? 1 : 0);
    if (!best || weighted > best.score) best = { row, score: weighted };
  }
  return best && best.score > 0 ? best.row : undefined;
}

function pickDateColumn(stats: ColumnStats[], names: string[]): number | undefined {
  const candidates = stats.map((s, column) => ({ column, s })).filter(({ s }) => s.dateRate >= 0.5);
  candidates.sort(
    (a, b) =>
      Math.round(b.s.dateRate * 100) - Math.round(a.s.dateRate * 100) ||
      // A column with the same date on every row is a statement period, not the transaction date.
      Number(b.s.distinct > 1) - Number(a.s.distinct > 1) ||
      dateScore(names[b.column] ?? '') - dateScore(names[a.column] ?? '') ||
      a.column - b.column,
  );
  return candidates[0]?.column;
}

type AmountColumns = Pick<CsvColumnMapping, 'amount' | 'paidIn' | 'paidOut'>;

function pickAmountColumns(stats: ColumnStats[], names: string[], taken: Set<number>, hasHeader: boolean): AmountColumns | null {
  const usable = (column: number) => !taken.has(column) && stats[column].nonEmpty > 0 && stats[column].amountRate >= 0.5;
  if (hasHeader) {
    const single = bestBy(names, amountScore, usable);
    if (single !== undefined) return { amount: single };
    const paidIn = bestBy(names, paidInScore, usable);
    const paidOut = bestBy(names, paidOutScore, (column) => usable(column) && column !== paidIn);
    if (paidIn !== undefined || paidOut !== undefined) return withoutUndefined({ paidIn, paidOut });
  }
  // No header, or no column named like money: the first column of money-looking values.
  for (let column = 0; column < stats.length; column++) {
    if (usable(column) && stats[column].amountRate >= 0.9 && stats[column].moneyLike >= 0.5 && stats[column].dateRate < 0.5) return { amount: column };
  }
  return null;
}

/** A column of CR/DR or credit/debit words that signs unsigned amounts. */
function pickIndicator(stats: ColumnStats[], taken: Set<number>): number | undefined {
  const column = stats.findIndex((s, index) => !taken.has(index) && s.indicatorValues);
  return column < 0 ? undefined : column;
}

function pickDescription(stats: ColumnStats[], names: string[], taken: Set<number>, hasHeader: boolean): number[] {
  const varies = (column: number) => stats[column].distinct > 1 || stats[column].nonEmpty <= 1;
  if (hasHeader) {
    let best: { column: number; score: number } | undefined;
    names.forEach((name, column) => {
      if (taken.has(column)) return;
      const score = descriptionScore(name) + (varies(column) ? 100 : 0);
      if (descriptionScore(name) > 0 && (!best || score > best.score)) best = { column, score };
    });
    if (best) {
      // Numbered siblings ("Description 1", "Description 2"; VWZ1 to VWZ14) continue the text.
      const stem = /^(.*?)\s*\d+$/.exec(names[best.column])?.[1];
      if (stem) return names.flatMap((name, column) => (!taken.has(column) && new RegExp(`^${escape(stem)}\\s*\\d+$`).test(name) ? [column] : []));
      return [best.column];
    }
    // Named columns but none for the description: each row falls back to its payee.
    return [];
  }
  // The longest free text that is neither a date nor an amount.
  let longest: { column: number; length: number } | undefined;
  stats.forEach((s, column) => {
    if (taken.has(column) || s.nonEmpty === 0 || s.dateRate >= 0.5 || s.amountRate >= 0.5 || !varies(column)) return;
    if (!longest || s.averageLength > longest.length) longest = { column, length: s.averageLength };
  });
  return longest ? [longest.column] : [];
}

function bestNamed(
  names: string[],
  score: (name: string) => number,
  stats: ColumnStats[],
  taken: Set<number>,
  accept: (s: ColumnStats) => boolean,
): number | undefined {
  return bestBy(names, score, (column) => !taken.has(column) && accept(stats[column]));
}

function bestBy(names: string[], score: (name: string) => number, usable: (column: number) => boolean): number | undefined {
  let best: { column: number; score: number } | undefined;
  names.forEach((name, column) => {
    const value = score(name);
    if (value > 0 && usable(column) && (!best || value > best.score)) best = { column, score: value };
  });
  return best?.column;
}

/** Decimal comma when more amounts end in ",dd" than in ".dd" (or group thousands with dots). */
function decimalCommaEvidence(data: CsvRecord[], columns: (number | undefined)[]): boolean {
  let comma = 0;
  let dot = 0;
  for (const record of data) {
    for (const column of columns) {
      if (column === undefined) continue;
      const cell = record.fields[column] ?? '';
      if (/\d,\d{1,2}(?!\d)\D*$|\d\.\d{3},|\d,$/.test(cell)) comma++;
      else if (/\d\.\d{1,2}(?!\d)\D*$|\d,\d{3}\./.test(cell)) dot++;
    }
  }
  return comma > dot;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
