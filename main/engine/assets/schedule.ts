import Decimal from 'decimal.js';
import type { DepreciationFrequency, DepreciationMethod } from '../../../shared/api/capital_assets';

/**
 * An asset's depreciation, period by period, in integer minor units. Pure arithmetic (no database), so
 * the engine's postings, the API's schedule and the tests read one set of figures.
 *
 * Rules (docs/api-notes.md, "Fixed assets"):
 * - The first period's charge falls on the purchase date, the next a month or a year later (the same
 *   day of the month, or the month's last day when it is shorter), as the live service posts them.
 * - Straight line: cost less residual value over life x 12 months (or life years). Every period but the
 *   last is that amount divided by the number of periods, rounded down to the penny; the last takes the
 *   remainder, so the charges add up to cost less residual value exactly.
 * - Reducing balance: each period charges the rate on the net book value at its start, rounded half up
 *   to the penny. A yearly rate r is charged monthly at 1 - (1 - r)^(1/12), so that twelve months take
 *   the same share of the value as one year. The schedule ends in the period that would leave less than
 *   100 minor units (GBP 1.00) above the residual value, or whose charge rounds to nothing: that period
 *   takes the remainder.
 * - A disposal ends the schedule: periods dated after the disposal date are not charged.
 * - A change of estimate (life, residual value, method, rate or frequency) is prospective (FRS 102
 *   10.16 and 17.23): the periods dated before the change's start keep the earlier estimate's charges,
 *   and the net book value left is spread from there by the new estimate, by the same rules: straight
 *   line over the periods of the new life still to come counted from the purchase (at least one, so a
 *   life already run out charges what is left at once), reducing balance on the value left.
 */

/** What a change of estimate may change: how the cost is spread, not what was bought. */
export interface DepreciationEstimate {
  residualMinor: number;
  method: DepreciationMethod;
  assetLifeYears: number | null;
  /** Percentage a year, as decimal text ("25"). */
  annualDepreciationPercentage: string | null;
  frequency: DepreciationFrequency;
}

/** An estimate a later change replaced: it still governs the periods dated before `until`. */
export interface EarlierEstimate extends DepreciationEstimate {
  until: string;
}

export interface DepreciationTerms extends DepreciationEstimate {
  purchasedOn: string;
  costMinor: number;
  disposedOn: string | null;
  /** The estimates in force before changes of estimate; none when the estimate never changed. */
  earlier?: readonly EarlierEstimate[];
}

export interface DepreciationPeriod {
  datedOn: string;
  chargeMinor: number;
  /** Depreciation charged up to and including this period. */
  accumulatedMinor: number;
  netBookValueMinor: number;
}

/** The reducing balance ends once less than this is left to depreciate (one pound, one euro). */
const DE_MINIMIS_MINOR = 100;
/** A guard against a schedule without end: a hundred years of months. */
const MAX_PERIODS = 1200;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The date `months` months after `start` (YYYY-MM-DD), on the same day or the month's last day. */
export function addMonths(start: string, months: number): string {
  const [year, month, day] = start.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index % 12;
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
  return `${String(targetYear).padStart(4, '0')}-${String(targetMonth + 1).padStart(2, '0')}-${String(targetDay).padStart(2, '0')}`;
}

const monthsPerPeriod = (frequency: DepreciationFrequency) => (frequency === 'monthly' ? 1 : 12);

function straightLineCharges(depreciable: number, periods: number): number[] {
  const regular = Math.floor(depreciable / periods);
  return Array.from({ length: periods }, (_, index) => (index === periods - 1 ? depreciable - regular * (periods - 1) : regular));
}

/** The share of the value one period takes: r a year, or the monthly rate that compounds to r a year. */
export function periodRate(annualPercentage: string, frequency: DepreciationFrequency): Decimal {
  const yearly = new Decimal(annualPercentage).dividedBy(100);
  if (frequency === 'annually' || yearly.greaterThanOrEqualTo(1)) return yearly;
  return new Decimal(1).minus(new Decimal(1).minus(yearly).pow(new Decimal(1).dividedBy(12)));
}

function reducingBalanceCharges(costMinor: number, residualMinor: number, rate: Decimal): number[] {
  const charges: number[] = [];
  let value = costMinor;
  while (value > residualMinor && charges.length < MAX_PERIODS) {
    const charge = new Decimal(value).times(rate).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
    const left = value - charge - residualMinor;
    const last = charge <= 0 || left < DE_MINIMIS_MINOR || charges.length === MAX_PERIODS - 1;
    const taken = last ? value - residualMinor : charge;
    charges.push(taken);
    value -= taken;
  }
  return charges;
}

/**
 * The charges of one estimate from period `first` on (0 the purchase's), on the net book value `value`
 * reached by then: from the purchase, the whole schedule of an asset whose estimate never changed.
 */
function chargesFrom(estimate: DepreciationEstimate, value: number, first: number): number[] {
  const depreciable = value - estimate.residualMinor;
  if (depreciable <= 0) return [];
  if (estimate.method === 'straight_line') {
    const periods = (estimate.assetLifeYears ?? 0) * (12 / monthsPerPeriod(estimate.frequency));
    return periods > 0 ? straightLineCharges(depreciable, Math.max(periods - first, 1)) : [];
  }
  if (estimate.annualDepreciationPercentage === null) return [];
  const rate = periodRate(estimate.annualDepreciationPercentage, estimate.frequency);
  return rate.greaterThan(0) ? reducingBalanceCharges(value, estimate.residualMinor, rate) : [];
}

/** The number of the first period, counted from the purchase in steps of `step` months, dated on or after `from`. */
function firstPeriodFrom(purchasedOn: string, step: number, from: string): number {
  let index = 0;
  while (addMonths(purchasedOn, index * step) < from) index += 1;
  return index;
}

/** Every period of the asset's depreciation, up to its disposal, each estimate charging its own periods. */
export function depreciationSchedule(terms: DepreciationTerms): DepreciationPeriod[] {
  const earlier = [...(terms.earlier ?? [])].filter((estimate) => estimate.until > terms.purchasedOn).sort((a, b) => (a.until < b.until ? -1 : 1));
  const estimates: (DepreciationEstimate & { until: string | null })[] = [...earlier, { ...terms, until: null }];
  const periods: DepreciationPeriod[] = [];
  let accumulated = 0;
  let from = terms.purchasedOn;
  for (const estimate of estimates) {
    const step = monthsPerPeriod(estimate.frequency);
    const first = firstPeriodFrom(terms.purchasedOn, step, from);
    for (const [index, charge] of chargesFrom(estimate, terms.costMinor - accumulated, first).entries()) {
      const datedOn = addMonths(terms.purchasedOn, (first + index) * step);
      if (estimate.until !== null && datedOn >= estimate.until) break;
      if (terms.disposedOn !== null && datedOn > terms.disposedOn) return periods;
      accumulated += charge;
      periods.push({ datedOn, chargeMinor: charge, accumulatedMinor: accumulated, netBookValueMinor: terms.costMinor - accumulated });
    }
    if (estimate.until !== null) from = estimate.until;
  }
  return periods;
}

/** Depreciation charged on or before a date. */
export function accumulatedAt(schedule: readonly DepreciationPeriod[], asAt: string): number {
  let accumulated = 0;
  for (const period of schedule) if (period.datedOn <= asAt) accumulated = period.accumulatedMinor;
  return accumulated;
}
