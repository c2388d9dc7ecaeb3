import { negate, readAmount } from './amounts';
import { daysInMonth, fullYear, isoDate } from './dates';
import { asIban } from './iban';
import { describeDetails } from './mt940-details';
import { AccountBook, message, refused, squeeze, withoutUndefined } from './result';
import type { ImportMessage, ParsedStatement, StatementAccount, StatementLine } from './types';

/**
 * SWIFT MT940 customer statements, as banks actually export them: with or without the FIN
 * envelope ({1:...}{2:...}{4: ... -}) or SOH/ETX wrappers, with bank preamble lines, several
 * statements in one file, non-SWIFT :NS: blocks, and :86: details in the German ?20 subfield, Dutch
 * /TRTP/ keyword or free-text dialects. MT942 interim reports are refused: a later MT940 repeats
 * their lines.
 */

// Only these start a field; anything else that looks like ":26:" is wrapped text.
const TAGS = new Set(['13', '13D', '20', '21', '25', '25P', '28', '28C', '34F', '60F', '60M', '61', '62F', '62M', '64', '65', '86', '90C', '90D', 'NS']);
const FIELD_START = /^:([0-9]{2}[A-Z]?|NS):/;

interface Field {
  tag: string;
  lines: string[];
  line: number;
}

interface Statement {
  account?: string;
  currency?: string;
  opening?: { amount: string; date?: string };
  closing?: { amount: string; date?: string };
  /** Each :61: with its :86: details and any non-SWIFT :NS: block after it. */
  entries: { field: Field; details: string[]; nonSwift: string[] }[];
}

export function parseMt940(text: string): ParsedStatement {
  const fields = readFields(text);
  if (/\{2:[IO]942/.test(text.slice(0, 512)) || (fields.some((f) => f.tag === '34F' || f.tag === '13D') && !fields.some((f) => f.tag.startsWith('60')))) {
    return refused('mt940', 'This is an MT942 interim transaction report, not an MT940 statement: import the end-of-day MT940 that books these lines.');
  }
  if (!fields.some((f) => f.tag === '61' || f.tag === '20' || f.tag.startsWith('60'))) {
    return refused('mt940', 'This file holds no MT940 statement (no :20:, :60F: or :61: field).');
  }

  const warnings: ImportMessage[] = [];
  const statements = groupStatements(fields, warnings);
  const book = new AccountBook();
  const transactions: StatementLine[] = [];
  const errors: ImportMessage[] = [];
  for (const statement of statements) {
    const accountIndex = book.add(accountOf(statement));
    for (const entry of statement.entries) {
      const line = readEntry(entry, accountIndex, warnings, errors);
      if (line) transactions.push(line);
    }
  }
  return { format: 'mt940', accounts: book.accounts, transactions, warnings, errors };
}

function readFields(text: string): Field[] {
  const fields: Field[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  let current: Field | null = null;
  for (let index = 0; index < lines.length; index++) {
    // SOH/ETX wrappers and the FIN envelope's basic, application and user header blocks.
    let line = withoutControlCharacters(lines[index]);
    if (line.startsWith('{')) {
      line = line.replace(/^(\{[1-3]:(\{[^}]*\}|[^{}])*\})+/, '');
      if (line.startsWith('{4:')) line = line.slice(3);
    }
    if (/^-(\}.*|XXX)?\s*$/.test(line)) {
      current = null;
      continue;
    }
    // A tag broken over two lines (":" then "86:...").
    if (line === ':' && index + 1 < lines.length) {
      line = `:${lines[index + 1]}`;
      index++;
    }
    const start = FIELD_START.exec(line);
    if (start && TAGS.has(start[1])) {
      current = { tag: start[1], lines: [line.slice(start[0].length)], line: index + 1 };
      fields.push(current);
    } else if (current && line.trim() !== '') {
      current.lines.push(line);
    }
  }
  return fields;
}

/** SOH (0x01) and ETX (0x03) wrap MT940 messages; other control bytes are transmission debris. */
function withoutControlCharacters(line: string): string {
  let clean: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const code = line.charCodeAt(i);
    const control = code < 32 && code !== 9;
    if (control && clean === null) clean = line.slice(0, i);
    else if (!control && clean !== null) clean += line[i];
  }
  return clean ?? line;
}

function groupStatements(fields: Field[], warnings: ImportMessage[]): Statement[] {
  const statements: Statement[] = [];
  let current: Statement | null = null;
  let lastEntry: Statement['entries'][number] | null = null;
  for (const field of fields) {
    // :20: opens a statement; a fragment without one still gets an implicit statement.
    if (field.tag === '20' || current === null) {
      current = { entries: [] };
      statements.push(current);
      lastEntry = null;
    }
    const value = field.lines.join('\n');
    switch (field.tag) {
      case '25':
        if (current.entries.length > 0) {
          // Seen in broken exports: a :25: where the :86: of a transaction should be.
          warnings.push(message('A :25: account field after the transactions was read as their details.', field.line));
          lastEntry?.details.push(value);
        } else {
          current.account = squeeze(value);
        }
        break;
      case '60F':
      case '60M': {
        const balance = readBalance(value);
        if (balance && current.opening === undefined) current.opening = balance.balance;
        current.currency ??= balance?.currency;
        break;
      }
      case '62F':
      case '62M': {
        const balance = readBalance(value);
        if (balance) current.closing = balance.balance;
        current.currency ??= balance?.currency;
        lastEntry = null;
        break;
      }
      case '61':
        lastEntry = { field, details: [], nonSwift: [] };
        current.entries.push(lastEntry);
        break;
      case '86':
        // Details of the line above; after the closing balance it is statement-level information.
        lastEntry?.details.push(value);
        break;
      case 'NS':
        lastEntry?.nonSwift.push(value);
        break;
      default:
        break;
    }
  }
  return statements;
}

function accountOf(statement: Statement): StatementAccount {
  const id = statement.account;
  const iban = asIban(id);
  // German style "bank code/account number".
  const slash = id && !iban ? /^(\d{8})\/(\d+)$/.exec(id) : null;
  return withoutUndefined({
    iban,
    bankId: slash?.[1],
    accountNumber: iban ? undefined : (slash?.[2] ?? (id || undefined)),
    currency: statement.currency,
    openingBalance: statement.opening,
    closingBalance: statement.closing,
  });
}

/** :60F:C200101EUR444,29 is credit 444.29 EUR on 2020-01-01. */
function readBalance(value: string): { balance: { amount: string; date?: string }; currency: string } | null {
  const match = /^([CD])(\d{6})([A-Z]{3})([\d,.]+)/.exec(value.replace(/\s+/g, ''));
  if (!match) return null;
  const amount = readAmount(match[4], ',');
  if (amount === null) return null;
  const date = readYymmdd(match[2])?.date;
  return { balance: withoutUndefined({ amount: match[1] === 'D' ? negate(amount) : amount, date }), currency: match[3] };
}

// :61: value date, optional entry date (MMDD), debit/credit mark (C, D, RC, RD; EC/ED expected),
// optional funds code (third letter of the currency), amount with a decimal comma, type code,
// then the customer's reference and the bank's after "//".
const STATEMENT_LINE = /^(\d{6})(\d{4})?(RC|RD|EC|ED|C|D)([A-Z])?(\d[\d,]*)([NSF][A-Z0-9]{3})?([^\n]*)/;

function readEntry(entry: Statement['entries'][number], accountIndex: number, warnings: ImportMessage[], errors: ImportMessage[]): StatementLine | null {
  const { field, details } = entry;
  let match = STATEMENT_LINE.exec(field.lines[0].trim());
  let supplementary = field.lines.slice(1);
  // The amount wrapped onto the next line.
  if (!match && field.lines.length > 1) {
    match = STATEMENT_LINE.exec(`${field.lines[0].trim()}${field.lines[1].trim()}`);
    supplementary = field.lines.slice(2);
  }
  if (!match) {
    errors.push(message(`This :61: line was not imported: "${field.lines[0].trim()}" is not a statement line.`, field.line));
    return null;
  }
  const [, valueDate, entryDate, mark, , rawAmount, , rest] = match;
  const amount = readAmount(rawAmount, ',');
  const value = readYymmdd(valueDate);
  if (amount === null || !value) {
    errors.push(message(`This :61: line was not imported: its ${amount === null ? 'amount' : 'value date'} cannot be read.`, field.line));
    return null;
  }
  // The booking (entry) date is the day the bank put it on the account, which is what the
  // statement's balances count; the value date is for interest.
  const datedOn = entryDate ? entryDateNear(value.year, value.month, entryDate) : value.date;
  if (!datedOn) {
    errors.push(message(`This :61: line was not imported: its entry date ${entryDate} cannot be read.`, field.line));
    return null;
  }
  if (!entryDate && value.clamped) warnings.push(message(`The value date ${valueDate} does not exist; ${datedOn} was used.`, field.line));

  const credit = mark === 'C' || mark === 'RD' || mark === 'EC';
  const [customerReference, bankReference] = rest.split('//');
  const described = details.length > 0 ? describeDetails(details) : { description: nonSwiftText(entry.nonSwift) };
  const supplement = squeeze(supplementary.join(' '));
  const reference = nonReference(customerReference);
  return withoutUndefined({
    datedOn,
    amount: credit ? amount : negate(amount),
    description: described.description || supplement || reference || '',
    payee: described.payee,
    memo: described.memo ?? (described.description && supplement ? supplement : undefined),
    reference: described.reference ?? reference,
    fitid: nonReference(bankReference),
    accountIndex,
    line: field.line,
  });
}

/**
 * Banks without :86: (Hungarian, some German ones) put the details in a non-SWIFT :NS: block of
 * lines that each start with a two-digit code. Codes differ by bank, so only the lines holding
 * words are kept, in order.
 */
function nonSwiftText(blocks: string[]): string {
  const lines = blocks.flatMap((block) => block.split('\n')).map((line) => line.replace(/^\d{2}/, ''));
  return squeeze(lines.filter((line) => /\p{L}{3,}/u.test(line)).join(' '));
}

function nonReference(value: string | undefined): string | undefined {
  const trimmed = squeeze(value);
  return trimmed && trimmed.toUpperCase() !== 'NONREF' ? trimmed : undefined;
}

/**
 * YYMMDD. Banks on 30/360 interest conventions write value dates such as 30 February; those are
 * taken as the month's last day (and flagged) rather than lose the line.
 */
function readYymmdd(digits: string): { date: string; year: number; month: number; clamped: boolean } | null {
  const year = fullYear(digits.slice(0, 2));
  const month = Number(digits.slice(2, 4));
  const day = Number(digits.slice(4, 6));
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const last = daysInMonth(year, month);
  const date = isoDate(year, month, Math.min(day, last));
  return date ? { date, year, month, clamped: day > last } : null;
}

/** An MMDD entry date belongs to the value date's year, or the next or previous one across New Year. */
function entryDateNear(valueYear: number, valueMonth: number, mmdd: string): string | null {
  const month = Number(mmdd.slice(0, 2));
  const day = Number(mmdd.slice(2, 4));
  let year = valueYear;
  if (month - valueMonth > 6) year--;
  else if (valueMonth - month > 6) year++;
  return isoDate(year, month, day);
}
