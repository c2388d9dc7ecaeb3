import Decimal from 'decimal.js';
import { accountingPeriods } from '../ledger/periods';
import { daysBetween } from '../sales/dates';
import { addDays, addMonths, endOfMonth } from './dates';

/**
 * Corporation tax is charged by accounting period, and an accounting period ends at the latest twelve
 * months after it begins (CTA 2009 s10(1)(a)): a long first year of the books (up to 18 months) is two
 * chargeable periods, the first twelve months and the rest. Capital allowances, loss relief and the
 * tax's due date all go by these periods.
 */
export interface ChargeablePeriod {
  from: string;
  to: string;
}

const parts = (date: string) => date.split('-').map(Number) as [number, number, number];

/** The day twelve months from `from` end: 12 April 2024 -> 11 April 2025; 1 March 2023 -> 29 February 2024. */
export function twelveMonthsFrom(from: string): string {
  const [year, month, day] = parts(from);
  if (day === 1) return endOfMonth(year + 1, month - 1);
  return addMonths(addDays(from, -1), 12);
}

/** The first day of the twelve months that end on `to`: 31 March 2025 -> 1 April 2024. */
function twelveMonthsTo(to: string): string {
  const [year, month] = parts(to);
  if (to === endOfMonth(year, month)) return addDays(endOfMonth(year - 1, month), 1);
  return addDays(addMonths(to, -12), 1);
}

/** Whether a period is exactly twelve months long (allowances and limits are then not apportioned). */
export function isWholeYear(period: ChargeablePeriod): boolean {
  return twelveMonthsFrom(period.from) === period.to;
}

/**
 * What a yearly amount (an allowance, a limit) is multiplied by for a period "more or less than a
 * year" (CAA 2001 ss51A(6), 56(5); CTA 2010 ss18D, 269ZR): 1 for twelve months, else its days / 365.
 */
export function yearFraction(period: ChargeablePeriod): Decimal {
  return isWholeYear(period) ? new Decimal(1) : new Decimal(daysBetween(period.from, period.to) + 1).div(365);
}

/** A book's accounting year cut into chargeable periods of at most twelve months. */
function splitAtTwelveMonths(from: string, to: string): ChargeablePeriod[] {
  const periods: ChargeablePeriod[] = [];
  let start = from;
  while (start <= to) {
    const yearEnd = twelveMonthsFrom(start);
    const end = yearEnd < to ? yearEnd : to;
    periods.push({ from: start, to: end });
    start = addDays(end, 1);
  }
  return periods;
}

export interface TimelinePeriod extends ChargeablePeriod {
  /** False for the years before the books start: their profits are not known to the book. */
  inBooks: boolean;
}

/**
 * Every chargeable period from the one holding `earliest` up to the one holding `until`: the book's
 * accounting years (each cut at twelve months) and, before the books start, whole years ending the
 * day before the start (assets bought before the books run through the pools from their purchase).
 */
export function chargeableTimeline(startDate: string, firstYearEnd: string, earliest: string, until: string): TimelinePeriod[] {
  const inBooks = accountingPeriods(startDate, firstYearEnd, until).flatMap((year) => splitAtTwelveMonths(year.startsOn, year.endsOn).map((period) => ({ ...period, inBooks: true })));
  const before: TimelinePeriod[] = [];
  let end = addDays(startDate, -1);
  while (earliest <= end) {
    const from = twelveMonthsTo(end);
    before.unshift({ from, to: end, inBooks: false });
    end = addDays(from, -1);
  }
  return [...before, ...inBooks];
}

/**
 * The day corporation tax for an accounting period is due: the day after nine months from its end
 * (TMA 1970 s59D(1)), read as HMRC reads it (Company Taxation Manual CTM01800): a period ending on a
 * month's last day is due on the first day of the tenth month; any other on the day after the same day
 * of the ninth month, or the first of the tenth month when the ninth has no such day.
 */
export function corporationTaxDueOn(periodEnd: string): string {
  const [year, month, day] = parts(periodEnd);
  const ninthMonthEnd = endOfMonth(year, month + 9);
  if (periodEnd === endOfMonth(year, month) || day > Number(ninthMonthEnd.slice(8))) return addDays(ninthMonthEnd, 1);
  return addDays(addMonths(periodEnd, 9), 1);
}
