/**
 * Calendar dates as statements write them, turned into YYYY-MM-DD. Day/month order is not decided
 * here: a cell is read into a shape first, and the order is settled by evidence across the whole
 * file (see dateOrderEvidence), because 03/04/2024 alone cannot say which it is.
 */

export type DateOrder = 'dmy' | 'mdy' | 'ymd';

export function isoDate(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (!Number.isInteger(month) || !Number.isInteger(day)) return `${year}-${pad2(month)}-${pad2(day)}`;
  // A statement of 100,000 lines has a few hundred dates: each is written once and shared, rather
  // than built (four strings) and kept (one more per line) for every line.
  const key = year * 10000 + month * 100 + day;
  let iso = ISO_DATES.get(key);
  if (iso === undefined) {
    if (ISO_DATES.size >= ISO_DATES_KEPT) ISO_DATES.clear();
    iso = `${year}-${pad2(month)}-${pad2(day)}`;
    ISO_DATES.set(key, iso);
  }
  return iso;
}

const ISO_DATES = new Map<number, string>();
// Thirty years of days: enough for any statement, small enough to keep.
const ISO_DATES_KEPT = 11_000;

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Two-digit years: 00-69 are 20xx, 70-99 are 19xx (the POSIX strptime pivot). */
export function fullYear(digits: string): number {
  const year = Number(digits);
  if (digits.length > 2) return year;
  return year < 70 ? 2000 + year : 1900 + year;
}

// English first, then the short month names of the other languages banks export in.
const MONTHS: Readonly<Record<string, number>> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
  january: 1, february: 2, march: 3, april: 4, june: 6, july: 7, august: 8, september: 9, october: 10, november: 11, december: 12,
  janv: 1, fevr: 2, fev: 2, mars: 3, avr: 4, mai: 5, juin: 6, juil: 7, aout: 8, déc: 12,
  mär: 3, mrz: 3, okt: 10, dez: 12, ene: 1, abr: 4, ago: 8, dic: 12, mei: 5, maa: 3,
};

export function monthNumber(name: string): number | null {
  const key = name.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/\.$/, '');
  return MONTHS[key] ?? MONTHS[name.toLowerCase()] ?? null;
}

/**
 * A date cell before its order is known. `numeric` is A/B/Y with A and B each a day or a month;
 * `exact` is already unambiguous (year first, or a month name) but may still be invalid (iso null).
 */
export type DateShape = { kind: 'numeric'; a: number; b: number; year: number } | { kind: 'exact'; iso: string | null };

const YEAR_FIRST = /^(\d{4})\s*([-/.])\s*(\d{1,2})\s*\2\s*(\d{1,2})(?=$|[\sT,])/;
const NUMERIC = /^(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*(?:[-/.]|'|\/\s*')\s*(\d{4}|\d{2})(?=$|[\sT,])/;
const DAY_NAMED_MONTH = /^(\d{1,2})(?:st|nd|rd|th)?[\s\-./]*(\p{L}{3,9})\.?[\s\-./,]*(\d{4}|\d{2})(?=$|[\sT,])/u;
const NAMED_MONTH_DAY = /^(\p{L}{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})(?=$|[\sT,])/u;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;

/** The shape of a date written at the start of `cell` (trailing times or notes are ignored), or null. */
export function readDateShape(cell: string): DateShape | null {
  const text = cell.trim();
  const first = text.charCodeAt(0);
  const startsWithDigit = first >= 48 && first <= 57;
  if (startsWithDigit) {
    let match = YEAR_FIRST.exec(text);
    if (match) return { kind: 'exact', iso: isoDate(Number(match[1]), Number(match[3]), Number(match[4])) };
    match = NUMERIC.exec(text);
    if (match) return { kind: 'numeric', a: Number(match[1]), b: Number(match[2]), year: apostropheYear(text, match[3]) };
    match = DAY_NAMED_MONTH.exec(text);
    if (match) {
      const month = monthNumber(match[2]);
      if (month !== null) return { kind: 'exact', iso: isoDate(fullYear(match[3]), month, Number(match[1])) };
    }
    match = COMPACT.exec(text);
    if (match && Number(match[1]) >= 1970 && Number(match[1]) < 2100) {
      const iso = isoDate(Number(match[1]), Number(match[2]), Number(match[3]));
      if (iso) return { kind: 'exact', iso };
    }
    return null;
  }
  const match = NAMED_MONTH_DAY.exec(text);
  if (match) {
    const month = monthNumber(match[1]);
    if (month !== null) return { kind: 'exact', iso: isoDate(Number(match[3]), month, Number(match[2])) };
  }
  return null;
}

// Quicken writes years from 2000 on with an apostrophe: 1/ 5'24 is 2024, 6/ 1/94 is 1994.
function apostropheYear(text: string, digits: string): number {
  if (digits.length === 2 && text.includes("'")) return 2000 + Number(digits);
  return fullYear(digits);
}

/** The date a shape stands for under `order`, or null if it is not a real date that way. */
export function resolveDate(shape: DateShape, order: DateOrder): string | null {
  if (shape.kind === 'exact') return shape.iso;
  if (order === 'mdy') return isoDate(shape.year, shape.a, shape.b);
  return isoDate(shape.year, shape.b, shape.a);
}

export interface DateOrderEvidence {
  /** Some date reads only one way (a day above 12 in one position): the order is settled. */
  decided: 'dmy' | 'mdy' | null;
  /** Both orders are contradicted by some date: the column mixes styles. */
  contradictory: boolean;
  /** Some date reads as two different days: without a decision the order matters. */
  ambiguous: boolean;
}

export function dateOrderEvidence(shapes: Iterable<DateShape | null>): DateOrderEvidence {
  let dmyPossible = true;
  let mdyPossible = true;
  let ambiguous = false;
  let numeric = false;
  for (const shape of shapes) {
    if (!shape || shape.kind !== 'numeric') continue;
    numeric = true;
    if (shape.a > 12) mdyPossible = false;
    if (shape.b > 12) dmyPossible = false;
    if (shape.a !== shape.b && shape.a <= 12 && shape.b <= 12) ambiguous = true;
  }
  const decided = !numeric ? null : dmyPossible && !mdyPossible ? 'dmy' : mdyPossible && !dmyPossible ? 'mdy' : null;
  return { decided, contradictory: numeric && !dmyPossible && !mdyPossible, ambiguous };
}

/** The date part of an ISO 8601 date-time ("2017-03-23T14:47:00+01:00" is 2017-03-23, as written). */
export function isoDatePart(text: string): string | null {
  const match = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}
