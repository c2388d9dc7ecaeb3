/**
 * The :61: statement line: value date, optional entry date (MMDD), debit/credit mark (C, D, RC, RD;
 * EC/ED expected), optional funds code (third letter of the currency), amount with a decimal comma,
 * optional type code, then the customer's reference and the bank's after "//". It is what
 *
 *   /^(\d{6})(\d{4})?(RC|RD|EC|ED|C|D)([A-Z])?(\d[\d,]*)([NSF][A-Z0-9]{3})?([^\n]*)/
 *
 * matches (test/importers/fast-paths.test.ts holds it to that), read by hand: once per transaction,
 * the match array and its seven substrings were a tenth of an MT940 parse's garbage.
 */
export interface StatementLineParts {
  text: string;
  /** Where the MMDD entry date starts, or -1 when there is none (the value date is at 0). */
  entryDateAt: number;
  mark: 'C' | 'D' | 'RC' | 'RD' | 'EC' | 'ED';
  amountFrom: number;
  amountTo: number;
  /** The rest of the line after the amount and type code. */
  restFrom: number;
  restTo: number;
}

export function readStatementLine(text: string): StatementLineParts | null {
  for (let i = 0; i < 6; i++) if (!isDigit(text.charCodeAt(i))) return null;
  let at = 6;
  let entryDateAt = -1;
  // Four more digits can only be the entry date: no mark starts with a digit.
  if (isDigit(text.charCodeAt(at))) {
    for (let i = at + 1; i < at + 4; i++) if (!isDigit(text.charCodeAt(i))) return null;
    entryDateAt = at;
    at += 4;
  }
  const mark = readMark(text, at);
  if (mark === null) return null;
  at += mark.length;
  // A funds code is a capital letter; the amount cannot start with one.
  if (isCapital(text.charCodeAt(at))) at++;
  if (!isDigit(text.charCodeAt(at))) return null;
  const amountFrom = at;
  while (isDigit(text.charCodeAt(at)) || text.charCodeAt(at) === 44 /* , */) at++;
  const amountTo = at;
  const type = text.charCodeAt(at);
  if ((type === 78 || type === 83 || type === 70) /* N S F */ && isCodeCharacter(text.charCodeAt(at + 1)) && isCodeCharacter(text.charCodeAt(at + 2)) && isCodeCharacter(text.charCodeAt(at + 3))) at += 4;
  const feed = text.indexOf('\n', at);
  return { text, entryDateAt, mark, amountFrom, amountTo, restFrom: at, restTo: feed < 0 ? text.length : feed };
}

function readMark(text: string, at: number): StatementLineParts['mark'] | null {
  const first = text.charCodeAt(at);
  if (first === 67 /* C */) return 'C';
  if (first === 68 /* D */) return 'D';
  const second = text.charCodeAt(at + 1);
  if (second !== 67 && second !== 68) return null;
  if (first === 82 /* R */) return second === 67 ? 'RC' : 'RD';
  if (first === 69 /* E */) return second === 67 ? 'EC' : 'ED';
  return null;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isCapital(code: number): boolean {
  return code >= 65 && code <= 90;
}

function isCodeCharacter(code: number): boolean {
  return isCapital(code) || isDigit(code);
}
