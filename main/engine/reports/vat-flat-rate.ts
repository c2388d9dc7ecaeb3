import Decimal from 'decimal.js';
import { vatAtFlatRate } from '../../../shared/money';
import { LIMITED_COST_FROM, LIMITED_COST_RATE, sectorRateChangesBetween, sectorRateOn } from '../../../shared/vat-flat-rates';
import { addDays, addMonths } from './dates';
import { addParts, type VatParts } from './vat-parts';

/** A stretch of a period under the flat rate scheme in one sector, with what it holds. */
export interface FlatRateStretch {
  startsOn: string;
  endsOn: string;
  sector: string;
  parts: VatParts;
}

/** The flat rate turnover: everything sold, VAT included (VAT Notice 733 section 6). */
export const flatRateTurnover = (parts: VatParts) => parts.sales + parts.salesVat;

/**
 * The days on which the flat rate may change inside [from, to]: a new rate for the sector, the end
 * of the first year of registration, the start of the limited cost rate. Each starts a new stretch.
 */
export function flatRateCuts(sector: string, registeredOn: string, from: string, to: string): string[] {
  const cuts = new Set(sectorRateChangesBetween(sector, from, to));
  const anniversary = addMonths(registeredOn, 12);
  if (anniversary > from && anniversary <= to) cuts.add(anniversary);
  if (LIMITED_COST_FROM > from && LIMITED_COST_FROM <= to) cuts.add(LIMITED_COST_FROM);
  return [...cuts].sort();
}

/** [from, to] cut at the given days, each a first day of a piece. */
export function cutRange(from: string, to: string, cuts: readonly string[]): { startsOn: string; endsOn: string }[] {
  const pieces: { startsOn: string; endsOn: string }[] = [];
  let start = from;
  for (const cut of cuts) {
    pieces.push({ startsOn: start, endsOn: addDays(cut, -1) });
    start = cut;
  }
  pieces.push({ startsOn: start, endsOn: to });
  return pieces;
}

/**
 * The limited cost business test, once per return (VAT Notice 733 section 4; VAT Regulations 1995
 * regulation 55A(4), from SI 2017/295): the relevant goods bought, VAT included, come to less than the
 * higher of 2% of the flat rate turnover and £1,000 a year (the period's share of it by its length:
 * £250 a quarter, counted here in months).
 */
export function isLimitedCostTrader(stretches: readonly FlatRateStretch[], periodMonths: number): boolean {
  const tested = stretches.filter((stretch) => stretch.endsOn >= LIMITED_COST_FROM);
  if (tested.length === 0) return false;
  const totals = tested.map((stretch) => stretch.parts).reduce(addParts);
  const turnover = flatRateTurnover(totals);
  const goods = new Decimal(totals.relevantGoods);
  return goods.lessThan(new Decimal(turnover).times(2).dividedBy(100)) || goods.lessThan(new Decimal(100_000).times(periodMonths).dividedBy(12));
}

/**
 * The rate for a stretch: the sector's on its first day, or 16.5% for a limited cost business (from
 * 1 April 2017), less 1% in the first year of VAT registration (VAT Notice 733 section 4; regulation
 * 55JB; HMRC manual FRS7100: until the day before the first anniversary of registration).
 */
export function flatRateFor(stretch: Pick<FlatRateStretch, 'startsOn' | 'sector'>, registeredOn: string, limitedCost: boolean): string {
  const base = limitedCost && stretch.startsOn >= LIMITED_COST_FROM ? LIMITED_COST_RATE : sectorRateOn(stretch.sector, stretch.startsOn);
  const firstYear = stretch.startsOn < addMonths(registeredOn, 12);
  const rate = firstYear ? Decimal.max(0, new Decimal(base).minus(1)) : new Decimal(base);
  return rate.toString();
}

/** The flat rate VAT of a return's stretches: each stretch's turnover at its own rate. */
export function flatRateVat(stretches: readonly FlatRateStretch[], registeredOn: string, limitedCost: boolean): number {
  return stretches.reduce((sum, stretch) => sum + vatAtFlatRate(flatRateTurnover(stretch.parts), flatRateFor(stretch, registeredOn, limitedCost)), 0);
}
