import { readAmount } from './amounts';
import { isoDate } from './dates';
import { LineIndex } from './line-index';
import { child, descendant, descendants, nearestAncestor, parseMarkup, textAt, textOf, type MarkupNode } from './markup';
import { AccountBook, message, refused, squeeze, withoutUndefined } from './result';
import type { ImportMessage, ParsedStatement, StatementAccount, StatementLine } from './types';

/**
 * OFX 1.x (SGML) and 2.x (XML), and QFX, which is OFX with Intuit's extra tags. Bank (STMTRS) and
 * card (CCSTMTRS) statements give all their transactions; an investment statement (INVSTMTRS)
 * gives only its cash lines (INVBANKTRAN), since trades and positions are not bank transactions.
 */

const STATEMENTS = new Set(['STMTRS', 'CCSTMTRS', 'INVSTMTRS']);
const TRANSACTIONS = new Set(['STMTTRN']);
const CASH_LINES = new Set(['INVBANKTRAN']);

export function parseOfx(text: string, format: 'ofx' | 'qfx'): ParsedStatement {
  const start = text.search(/<OFX[\s>]/i);
  if (start < 0) return refused(format, 'This file has an OFX header but no <OFX> body.');

  const lines = new LineIndex(text);
  const warnings: ImportMessage[] = [];
  const errors: ImportMessage[] = [];
  // Each transaction is read as soon as it ends (see MarkupOptions.detach), filed under its statement.
  const byStatement = new Map<MarkupNode, StatementLine[]>();
  const handle = (entry: MarkupNode, stack: readonly MarkupNode[], depth: number) => {
    const statement = nearestAncestor(stack, depth, STATEMENTS);
    // In an investment statement only the cash lines (INVBANKTRAN) are bank transactions.
    if (!statement || (statement.name === 'INVSTMTRS' && !nearestAncestor(stack, depth, CASH_LINES))) return;
    const line = readTransaction(entry, lines, warnings, errors);
    if (!line) return;
    const list = byStatement.get(statement);
    if (list) list.push(line);
    else byStatement.set(statement, [line]);
  };
  const ofx = child(parseMarkup(text, start, { upperCase: true, detach: { names: TRANSACTIONS, handle } }), 'OFX');
  const statements = descendants(ofx, STATEMENTS);
  if (statements.length === 0) return refused(format, whyNoStatement(ofx));

  const book = new AccountBook();
  const transactions: StatementLine[] = [];
  let skippedInvestment = 0;
  let cashLines = 0;
  for (const statement of statements) {
    if (statement.name === 'INVSTMTRS') {
      cashLines += descendants(statement, CASH_LINES).length;
      skippedInvestment += countTrades(statement);
    }
    const accountIndex = book.add(readAccount(statement));
    for (const line of byStatement.get(statement) ?? []) {
      line.accountIndex = accountIndex;
      transactions.push(line);
    }
  }

  if (statements.every((s) => s.name === 'INVSTMTRS') && cashLines === 0) {
    return refused(
      format,
      `This is an investment statement with no cash lines${skippedInvestment ? ` (${skippedInvestment} trades, income or transfers of securities)` : ''}. Only bank and card transactions can be imported.`,
    );
  }
  if (skippedInvestment > 0) {
    warnings.push(message(`${skippedInvestment} investment transactions (trades, income, transfers of securities) were left out: only cash lines are imported.`));
  }
  return { format, accounts: book.accounts, transactions, warnings, errors };
}

function readAccount(statement: MarkupNode): StatementAccount {
  const from = descendant(statement, 'BANKACCTFROM') ?? descendant(statement, 'CCACCTFROM') ?? descendant(statement, 'INVACCTFROM');
  const currency = nonEmpty(textAt(statement, 'CURDEF'))?.toUpperCase();
  const bankId = nonEmpty(textAt(from, 'BANKID'));
  const ledger = descendant(statement, 'LEDGERBAL');
  const balance = readAmount(textAt(ledger, 'BALAMT') ?? '');
  const balanceDate = readOfxDate(textAt(ledger, 'DTASOF'));
  const accountType =
    nonEmpty(textAt(from, 'ACCTTYPE'))?.toUpperCase() ??
    (statement.name === 'CCSTMTRS' ? 'CREDITCARD' : statement.name === 'INVSTMTRS' ? 'INVESTMENT' : undefined);
  return withoutUndefined({
    accountNumber: nonEmpty(squeeze(textAt(from, 'ACCTID'))),
    bankId,
    // UK banks put the sort code in BANKID.
    sortCode: currency === 'GBP' && bankId && /^\d{2}-?\d{2}-?\d{2}$/.test(bankId) ? bankId : undefined,
    currency,
    accountType,
    closingBalance: balance === null ? undefined : withoutUndefined({ amount: balance, date: balanceDate ?? undefined }),
  });
}

/** A transaction, its account still to be known (accountIndex is set once the statement is read). */
function readTransaction(entry: MarkupNode, lines: LineIndex, warnings: ImportMessage[], errors: ImportMessage[]): StatementLine | null {
  const line = lines.lineAt(entry.offset);
  let datedOn = readOfxDate(textOf(entry, 'DTPOSTED'));
  if (!datedOn) {
    datedOn = readOfxDate(textOf(entry, 'DTUSER'));
    if (datedOn) warnings.push(message('This transaction has no posting date (DTPOSTED); the date the user made it (DTUSER) was used.', line));
  }
  const rawAmount = textOf(entry, 'TRNAMT');
  const amount = readAmount(rawAmount ?? '');
  if (!datedOn || amount === null) {
    const problems = [
      !datedOn && `no readable date (DTPOSTED ${quoteOrMissing(textOf(entry, 'DTPOSTED'))})`,
      amount === null && `no readable amount (TRNAMT ${quoteOrMissing(rawAmount)})`,
    ].filter(Boolean);
    errors.push(message(`This transaction was not imported: ${problems.join(' and ')}.`, line));
    return null;
  }
  if (rawAmount && !/^\s*[-+]?\d*[.,]?\d*\s*$/.test(rawAmount)) {
    warnings.push(message(`The amount "${rawAmount.trim()}" was read as ${amount}.`, line));
  }

  const name = nonEmpty(squeeze(textOf(entry, 'NAME')));
  const memo = nonEmpty(squeeze(textOf(entry, 'MEMO')));
  const checkNumber = nonEmpty(textOf(entry, 'CHECKNUM'));
  const transactionType = nonEmpty(textOf(entry, 'TRNTYPE'))?.toUpperCase();
  const cheque = checkNumber && checkNumber !== '0' ? `${transactionType ?? 'CHECK'} ${checkNumber}` : undefined;
  const fitid = nonEmpty(textOf(entry, 'FITID'));
  const reference = (checkNumber !== '0' ? checkNumber : undefined) ?? nonEmpty(textOf(entry, 'REFNUM'));
  const description = describe(name, memo) || cheque || transactionType || '';
  // One object per transaction, in the key order withoutUndefined gave, with no key left undefined.
  // Most lines have every part but perhaps a reference: one literal then holds every field in the
  // object itself, and the literal's allocation site lets V8 place these long-lived objects
  // straight in the old generation instead of copying each twice through the young one.
  if (fitid !== undefined && transactionType !== undefined && name !== undefined && memo !== undefined) {
    return reference === undefined
      ? { datedOn, amount, description, fitid, transactionType, payee: name, memo, accountIndex: -1, line }
      : { datedOn, amount, description, fitid, transactionType, payee: name, memo, reference, accountIndex: -1, line };
  }
  const result: StatementLine = { datedOn, amount, description } as StatementLine;
  if (fitid !== undefined) result.fitid = fitid;
  if (transactionType !== undefined) result.transactionType = transactionType;
  if (name !== undefined) result.payee = name;
  if (memo !== undefined) result.memo = memo;
  if (reference !== undefined) result.reference = reference;
  result.accountIndex = -1;
  result.line = line;
  return result;
}

/**
 * Banks put the useful half in either NAME (32 characters at most in OFX 1.x, so often cut short)
 * or MEMO, so the description carries both, unless one already contains the other.
 */
function describe(name: string | undefined, memo: string | undefined): string {
  if (!name || !memo) return name ?? memo ?? '';
  if (memo.includes(name)) return memo;
  if (name.includes(memo)) return name;
  return `${name} / ${memo}`;
}

/**
 * OFX dates are YYYYMMDD, optionally followed by HHMMSS.XXX and a [offset:zone]. The calendar date
 * is taken as written: converting to UTC would move late-evening transactions to the next day.
 */
export function readOfxDate(text: string | undefined): string | null {
  if (!text) return null;
  // Nearly every date starts with its eight digits: read in place, no match array or substrings.
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 4, 2);
  const day = digitsAt(text, 6, 2);
  if (year >= 0 && month >= 0 && day >= 0) return isoDate(year, month, day);
  const match = /^\s*(\d{4})(\d{2})(\d{2})/.exec(text);
  return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** The number written by `count` ASCII digits at `from`, or -1 if any of them is not a digit. */
function digitsAt(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const INVESTMENT_LIST_PARTS = new Set(['DTSTART', 'DTEND', 'INVBANKTRAN']);

function countTrades(statement: MarkupNode): number {
  let count = 0;
  for (const list of descendants(statement, new Set(['INVTRANLIST']))) {
    count += list.children.filter((c) => !INVESTMENT_LIST_PARTS.has(c.name)).length;
  }
  return count;
}

function whyNoStatement(ofx: MarkupNode | undefined): string {
  if (!ofx) return 'This OFX file is empty: it holds no statement.';
  const signOnStatus = statusOf(descendant(ofx, 'SONRS'));
  const signOn = signOnStatus ? ` The bank also refused the sign-on (error ${signOnStatus}).` : '';
  if (descendant(ofx, 'ACCTINFORS')) return `This OFX file is a list of accounts (ACCTINFORS), not a statement: it holds no transactions.${signOn}`;
  if (descendant(ofx, 'PROFRS')) return `This OFX file is the bank's server profile (PROFRS), not a statement.${signOn}`;
  const transfer = descendant(ofx, 'INTRARS') ?? descendant(ofx, 'INTERRS') ?? descendant(ofx, 'WIRERS');
  if (transfer) return `This OFX file is the reply to a transfer request (${transfer.name}), not a statement.${signOn}`;
  if (signOnStatus) return `The bank refused the download (sign-on error ${signOnStatus}), so the file holds no statement.`;
  for (const response of descendants(ofx, new Set(['STMTTRNRS', 'CCSTMTTRNRS', 'INVSTMTTRNRS']))) {
    const status = statusOf(response);
    if (status) return `The bank's server answered with error ${status} instead of a statement.`;
  }
  return 'This OFX file holds no statement (no STMTRS, CCSTMTRS or INVSTMTRS).';
}

/** "2000: General Server Error" when a response's STATUS is not success, else null. */
function statusOf(response: MarkupNode | undefined): string | null {
  const status = child(response, 'STATUS') ?? (response ? descendant(response, 'STATUS') : undefined);
  const code = nonEmpty(textAt(status, 'CODE'));
  const severity = nonEmpty(textAt(status, 'SEVERITY'))?.toUpperCase();
  if (!code || (code === '0' && severity !== 'ERROR')) return null;
  const text = nonEmpty(squeeze(textAt(status, 'MESSAGE')));
  return text ? `${code}: ${text}` : code;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function quoteOrMissing(value: string | undefined): string {
  return value === undefined ? 'missing' : `"${value.trim()}"`;
}
