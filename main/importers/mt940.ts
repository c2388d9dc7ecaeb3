import { negate, readAmount } from './amounts';
import { daysInMonth, isoDate } from './dates';
import { asIban } from './iban';
import { describeDetails } from './mt940-details';
import { readFields, type Mt940Field } from './mt940-fields';
import { readStatementLine } from './mt940-statement-line';
import { AccountBook, message, refused, squeeze, withoutUndefined } from './result';
import type { ImportMessage, ParsedStatement, StatementAccount, StatementLine } from './types';

/**
 * SWIFT MT940 customer statements, as banks actually export them: with or without the FIN
 * envelope ({1:...}{2:...}{4: ... -}) or SOH/ETX wrappers, with bank preamble lines, several
 * statements in one file, non-SWIFT :NS: blocks, and :86: details in the German ?20 subfield, Dutch
 * /TRTP/ keyword or free-text dialects. MT942 interim reports are refused: a later MT940 repeats
 * their lines.
 *
 * The file is read in one pass: each field as it ends, each :61: line once its details are all
 * in (the next :61:, a closing balance or a new statement ends them), so that what a line was read
 * from is garbage at once rather than held to the end of a 100,000-line file.
 */

interface Statement {
  account?: string;
  currency?: string;
  opening?: { amount: string; date?: string };
  closing?: { amount: string; date?: string };
  entries: number;
  /** Its transactions, their account still to be known (accountIndex is set when it ends). */
  lines: StatementLine[];
}

/** A :61: with its :86: details and any non-SWIFT :NS: block after it (null until there is one). */
interface Entry {
  field: Mt940Field;
  details: string[] | null;
  nonSwift: string[] | null;
}

export function parseMt940(text: string): ParsedStatement {
  // Warnings about the layout come first, then those about lines, as when the two were read in
  // two passes.
  const layoutWarnings: ImportMessage[] = [];
  const lineWarnings: ImportMessage[] = [];
  const errors: ImportMessage[] = [];
  const book = new AccountBook();
  const transactions: StatementLine[] = [];
  const seen = { interimOnly: false, opening: false, statement: false };

  let current: Statement | null = null;
  let lastEntry: Entry | null = null;
  const endEntry = () => {
    if (!lastEntry) return;
    const line = readEntry(lastEntry, lineWarnings, errors);
    if (line) current!.lines.push(line);
    lastEntry = null;
  };
  const endStatement = () => {
    if (!current) return;
    endEntry();
    const accountIndex = book.add(accountOf(current));
    for (const line of current.lines) {
      line.accountIndex = accountIndex;
      transactions.push(line);
    }
  };

  readFields(text, (field) => {
    const tag = field.tag;
    if (tag === '34F' || tag === '13D') seen.interimOnly = true;
    if (tag === '60F' || tag === '60M') seen.opening = true;
    if (tag === '61' || tag === '20' || tag === '60F' || tag === '60M') seen.statement = true;
    // :20: opens a statement; a fragment without one still gets an implicit statement.
    if (tag === '20' || current === null) {
      endStatement();
      current = { entries: 0, lines: [] };
    }
    switch (tag) {
      case '25':
        if (current.entries > 0) {
          // Seen in broken exports: a :25: where the :86: of a transaction should be.
          layoutWarnings.push(message('A :25: account field after the transactions was read as their details.', field.line));
          if (lastEntry) (lastEntry.details ??= []).push(valueOf(field));
        } else {
          current.account = squeeze(valueOf(field));
        }
        break;
      case '60F':
      case '60M': {
        const balance = readBalance(valueOf(field));
        if (balance && current.opening === undefined) current.opening = balance.balance;
        current.currency ??= balance?.currency;
        break;
      }
      case '62F':
      case '62M': {
        const balance = readBalance(valueOf(field));
        if (balance) current.closing = balance.balance;
        current.currency ??= balance?.currency;
        endEntry();
        break;
      }
      case '61':
        endEntry();
        lastEntry = { field, details: null, nonSwift: null };
        current.entries++;
        break;
      case '86':
        // Details of the line above; after the closing balance it is statement-level information.
        if (lastEntry) (lastEntry.details ??= []).push(valueOf(field));
        break;
      case 'NS':
        if (lastEntry) (lastEntry.nonSwift ??= []).push(valueOf(field));
        break;
      default:
        break;
    }
  });
  endStatement();

  if (/\{2:[IO]942/.test(text.slice(0, 512)) || (seen.interimOnly && !seen.opening)) {
    return refused('mt940', 'This is an MT942 interim transaction report, not an MT940 statement: import the end-of-day MT940 that books these lines.');
  }
  if (!seen.statement) {
    return refused('mt940', 'This file holds no MT940 statement (no :20:, :60F: or :61: field).');
  }
  return { format: 'mt940', accounts: book.accounts, transactions, warnings: [...layoutWarnings, ...lineWarnings], errors };
}

/** The field's lines as one text. */
function valueOf(field: Mt940Field): string {
  return field.lines.length === 1 ? field.lines[0] : field.lines.join('\n');
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
  const date = readYymmdd(match[2], 0)?.date;
  return { balance: withoutUndefined({ amount: match[1] === 'D' ? negate(amount) : amount, date }), currency: match[3] };
}

function readEntry(entry: Entry, warnings: ImportMessage[], errors: ImportMessage[]): StatementLine | null {
  const { field, details } = entry;
  const lines = field.lines;
  let parts = readStatementLine(lines[0].trim());
  let supplementFrom = 1;
  // The amount wrapped onto the next line.
  if (!parts && lines.length > 1) {
    parts = readStatementLine(`${lines[0].trim()}${lines[1].trim()}`);
    supplementFrom = 2;
  }
  if (!parts) {
    errors.push(message(`This :61: line was not imported: "${lines[0].trim()}" is not a statement line.`, field.line));
    return null;
  }
  const { text, entryDateAt, mark } = parts;
  const amount = readAmount(text.slice(parts.amountFrom, parts.amountTo), ',');
  // The value date, as readYymmdd reads it, without an object per line.
  const yy = twoDigits(text, 0);
  const valueYear = yy < 70 ? 2000 + yy : 1900 + yy;
  const valueMonth = twoDigits(text, 2);
  const valueDay = twoDigits(text, 4);
  const lastDay = valueMonth >= 1 && valueMonth <= 12 ? daysInMonth(valueYear, valueMonth) : 0;
  const valueDate = lastDay > 0 && valueDay >= 1 && valueDay <= 31 ? isoDate(valueYear, valueMonth, Math.min(valueDay, lastDay)) : null;
  if (amount === null || !valueDate) {
    errors.push(message(`This :61: line was not imported: its ${amount === null ? 'amount' : 'value date'} cannot be read.`, field.line));
    return null;
  }
  // The booking (entry) date is the day the bank put it on the account, which is what the
  // statement's balances count; the value date is for interest.
  const datedOn = entryDateAt >= 0 ? entryDateNear(valueYear, valueMonth, text, entryDateAt) : valueDate;
  if (!datedOn) {
    errors.push(message(`This :61: line was not imported: its entry date ${text.slice(entryDateAt, entryDateAt + 4)} cannot be read.`, field.line));
    return null;
  }
  if (entryDateAt < 0 && valueDay > lastDay) warnings.push(message(`The value date ${text.slice(0, 6)} does not exist; ${datedOn} was used.`, field.line));

  const credit = mark === 'C' || mark === 'RD' || mark === 'EC';
  // The customer's reference, then the bank's after "//" (up to any further "//").
  const split = text.indexOf('//', parts.restFrom);
  const inRest = split >= 0 && split < parts.restTo;
  const customerReference = text.slice(parts.restFrom, inRest ? split : parts.restTo);
  let bankReference: string | undefined;
  if (inRest) {
    const next = text.indexOf('//', split + 2);
    bankReference = text.slice(split + 2, next >= 0 && next < parts.restTo ? next : parts.restTo);
  }
  const described = details ? describeDetails(details) : { description: nonSwiftText(entry.nonSwift ?? []) };
  const supplement = lines.length > supplementFrom ? squeeze(lines.slice(supplementFrom).join(' ')) : '';
  const reference = nonReference(customerReference);
  const payee = described.payee;
  const memo = described.memo ?? (described.description && supplement ? supplement : undefined);
  const shownReference = described.reference ?? reference;
  const fitid = nonReference(bankReference);
  const signed = credit ? amount : negate(amount);
  const description = described.description || supplement || reference || '';
  // One object per transaction, in the key order withoutUndefined gave, with no key left undefined.
  // Its account is set when its statement ends. Nearly every line has all four optional parts:
  // one literal then holds every field in the object itself, and the literal's allocation site
  // lets V8 place these long-lived objects straight in the old generation.
  if (payee !== undefined && memo !== undefined && shownReference !== undefined && fitid !== undefined) {
    return { datedOn, amount: signed, description, payee, memo, reference: shownReference, fitid, accountIndex: -1, line: field.line };
  }
  const line = { datedOn, amount: signed, description } as StatementLine;
  if (payee !== undefined) line.payee = payee;
  if (memo !== undefined) line.memo = memo;
  if (shownReference !== undefined) line.reference = shownReference;
  if (fitid !== undefined) line.fitid = fitid;
  line.accountIndex = -1;
  line.line = field.line;
  return line;
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
  // Only six letters can spell NONREF: the others need no upper-cased copy to compare.
  return trimmed && (trimmed.length !== 6 || trimmed.toUpperCase() !== 'NONREF') ? trimmed : undefined;
}

/**
 * YYMMDD. Banks on 30/360 interest conventions write value dates such as 30 February; those are
 * taken as the month's last day (and flagged) rather than lose the line.
 */
function readYymmdd(text: string, from: number): { date: string; year: number; month: number; clamped: boolean } | null {
  const yy = twoDigits(text, from);
  const year = yy < 70 ? 2000 + yy : 1900 + yy;
  const month = twoDigits(text, from + 2);
  const day = twoDigits(text, from + 4);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const last = daysInMonth(year, month);
  const date = isoDate(year, month, Math.min(day, last));
  return date ? { date, year, month, clamped: day > last } : null;
}

/** An MMDD entry date belongs to the value date's year, or the next or previous one across New Year. */
function entryDateNear(valueYear: number, valueMonth: number, text: string, from: number): string | null {
  const month = twoDigits(text, from);
  const day = twoDigits(text, from + 2);
  let year = valueYear;
  if (month - valueMonth > 6) year--;
  else if (valueMonth - month > 6) year++;
  return isoDate(year, month, day);
}

/** The two digits at `from` as a number (both are known to be digits). */
function twoDigits(text: string, from: number): number {
  return (text.charCodeAt(from) - 48) * 10 + (text.charCodeAt(from + 1) - 48);
}
