import { isCalendarDate } from '../../../shared/api/fields';
import { MoneyError, toMinor } from '../../../shared/money';
import { parseStatement } from '../../importers';
import type { ParsedStatement, ParseOptions, StatementAccount, StatementLine } from '../../importers/types';
import type { UploadedFile } from '../codec/body';
import { ApiError, badRequest, unprocessable } from '../errors';
import { storedDescription } from './descriptions';
import { statementClosingBalance, type ClosingBalance } from './statement-closing';
import type { IncomingLine } from './statement-import';
import { signRuleOf, signedAmount } from './transaction-types';

/** The statement upload's own status for "omitted or contains no data" (spec section 7). */
export const emptyStatement = () => new ApiError(406, 'The statement is missing or contains no transactions');

function lineError(line: number, message: string): ApiError {
  return unprocessable(`Statement line ${line}: ${message}; nothing from this upload was imported`);
}

/** Spec section 7: a required attribute omitted or in the wrong format is the upload's 400. */
function malformedLine(line: number, message: string): ApiError {
  return badRequest(`Statement line ${line}: ${message}; nothing from this upload was imported`);
}

// Bank descriptions run to a few hundred characters (CAMT remittance lines are 140 each); a fitid is
// an identifier. Longer is refused from the API and cut from a file (issue 13 item 4).
const MAX_DESCRIPTION = 2000;
const MAX_FITID = 255;
const MAX_TYPE = 32;

function text(value: unknown, line: number, field: string, max: number): string {
  if (value === undefined || value === null) return '';
  const given = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
  if (given === null) throw lineError(line, `${field} must be text`);
  if (given.length > max) throw lineError(line, `${field} must be at most ${max} characters`);
  return given;
}

/**
 * Lines of a JSON or XML `statement` array, with the field table's defaults (description "", amount 0,
 * fitid none, transaction_type OTHER) and the transaction_type sign table applied exactly.
 */
export function linesFromArray(items: unknown, currency: string): IncomingLine[] {
  if (items === undefined || items === null || items === '') throw emptyStatement();
  if (!Array.isArray(items)) throw badRequest('statement must be an array of transactions');
  if (items.length === 0) throw emptyStatement();
  return items.map((item, index) => {
    const line = index + 1;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw malformedLine(line, 'each transaction must be an object');
    const fields = item as Record<string, unknown>;
    const datedOn = fields.dated_on;
    if (datedOn === undefined || datedOn === null || datedOn === '') throw malformedLine(line, 'dated_on is required');
    if (typeof datedOn !== 'string' || !isCalendarDate(datedOn)) throw malformedLine(line, 'dated_on must be a real date (YYYY-MM-DD)');
    const type = text(fields.transaction_type, line, 'transaction_type', MAX_TYPE).trim().toUpperCase() || 'OTHER';
    const rule = signRuleOf(type);
    if (!rule) throw lineError(line, `transaction_type ${type} is not one of the statement transaction types`);
    let amount = 0;
    if (fields.amount !== undefined && fields.amount !== null && fields.amount !== '') {
      try {
        amount = toMinor(fields.amount, currency);
      } catch (error) {
        if (error instanceof MoneyError) throw lineError(line, `amount ${error.message}`);
        throw error;
      }
    }
    const fitid = text(fields.fitid, line, 'fitid', MAX_FITID).trim();
    return {
      datedOn,
      amountMinor: signedAmount(amount, rule),
      description: storedDescription(text(fields.description, line, 'description', MAX_DESCRIPTION), text(fields.reference, line, 'reference', MAX_DESCRIPTION), type).slice(0, MAX_DESCRIPTION),
      fitid: fitid === '' ? null : fitid,
      transactionType: type,
    };
  });
}

export interface AccountIdentity {
  accountNumber: string | null;
  sortCode: string | null;
  iban: string | null;
  currency: string;
}

const digits = (value: string | null | undefined) => (value ?? '').replace(/[^0-9A-Za-z]/g, '').toUpperCase();

/** Whether a statement's account is this bank account, by IBAN, or account number (and sort code). */
export function sameAccount(statement: StatementAccount, account: AccountIdentity): boolean {
  if (statement.iban && account.iban) return digits(statement.iban) === digits(account.iban);
  const number = digits(statement.accountNumber);
  const own = digits(account.accountNumber);
  if (!number || !own) return false;
  const numberMatches = number === own || number.endsWith(own) || own.endsWith(number);
  if (!numberMatches) return false;
  return !statement.sortCode || !account.sortCode || digits(statement.sortCode) === digits(account.sortCode);
}

/** The index of the statement's account that goes into this bank account. */
export function chooseAccount(parsed: ParsedStatement, account: AccountIdentity): number {
  const seen = new Set<number>();
  for (const line of parsed.transactions) seen.add(line.accountIndex);
  const used = [...seen];
  if (used.length <= 1) return used[0] ?? 0;
  const matching = used.filter((index) => parsed.accounts[index] && sameAccount(parsed.accounts[index], account));
  if (matching.length === 1) return matching[0]!;
  throw unprocessable(`The file holds statements for ${used.length} accounts and none matches this bank account's number; upload each account's statement to its own bank account`);
}

/** A parsed statement line as the upload stores it; `position` names it when the file gives no line number. */
export function incomingLine(line: StatementLine, currency: string, position: number): IncomingLine {
  let amountMinor: number;
  try {
    amountMinor = toMinor(line.amount, currency);
  } catch (error) {
    throw lineError(line.line ?? position + 1, `amount ${(error as Error).message}`);
  }
  const type = storedType(line.transactionType ?? 'OTHER');
  const fitid = line.fitid?.trim() ?? '';
  if (fitid.length > MAX_FITID) throw lineError(line.line ?? position + 1, `the transaction id (FITID) is longer than ${MAX_FITID} characters`);
  return {
    datedOn: line.datedOn,
    amountMinor,
    description: cut(storedDescription(line.description, line.reference ?? '', type), MAX_DESCRIPTION),
    fitid: fitid === '' ? null : fitid,
    transactionType: type,
  };
}

// A statement names a handful of types over and over: each is upper-cased and cut once a file.
const typesSeen = new Map<string, string>();

function storedType(given: string): string {
  let type = typesSeen.get(given);
  if (type === undefined) {
    type = given.toUpperCase().slice(0, MAX_TYPE);
    if (typesSeen.size < 256) typesSeen.set(given, type);
  }
  return type;
}

/** `text` cut to `max` characters; a text already short enough is kept as it is (no copy). */
const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** A zip that would unpack past the bounds (or is broken) is refused whole, with the importer's sentence. */
export function refuseBrokenArchive(parsed: ParsedStatement): ParsedStatement {
  if (parsed.archiveRefused) throw unprocessable(parsed.errors[0]?.message ?? 'The zip file could not be read.');
  return parsed;
}

/**
 * Lines of an uploaded statement file. The bank has already signed each amount, so the file's own
 * sign is kept (the sign table would turn an incoming XFER around); the type is recorded as given.
 * `options` carries a CSV mapping and date order the user confirmed in the import review.
 */
export function linesFromFile(
  file: UploadedFile,
  account: AccountIdentity,
  options: Omit<ParseOptions, 'fileName'> = {},
): { lines: IncomingLine[]; format: string; closingBalance?: ClosingBalance } {
  if (file.bytes.length === 0) throw emptyStatement();
  const parsed = refuseBrokenArchive(parseStatement(file.bytes, { ...options, fileName: file.name }));
  if (parsed.transactions.length === 0 && parsed.errors.length > 0) {
    throw badRequest(`The statement file could not be read: ${parsed.errors.map((error) => error.message).join('; ')}`);
  }
  if (parsed.errors.length > 0) {
    const first = parsed.errors[0]!;
    throw lineError(first.line ?? 0, parsed.errors.map((error) => error.message).join('; '));
  }
  if (parsed.transactions.length === 0) throw emptyStatement();
  const index = chooseAccount(parsed, account);
  const fileCurrency = parsed.accounts[index]?.currency;
  if (fileCurrency && fileCurrency.toUpperCase() !== account.currency) {
    throw unprocessable(`The statement is in ${fileCurrency} but the bank account is in ${account.currency}`);
  }
  const lines: IncomingLine[] = [];
  for (const line of parsed.transactions) if (line.accountIndex === index) lines.push(incomingLine(line, account.currency, lines.length));
  return { lines, format: parsed.format ?? 'file', closingBalance: statementClosingBalance(file.bytes, parsed, index) };
}
