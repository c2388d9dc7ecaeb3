import Decimal from 'decimal.js';
import { daysBetween } from '../sales/dates';
import { addDays } from './dates';
import { yearFraction, type ChargeablePeriod } from './chargeable-periods';

/**
 * Plant and machinery allowances for a company (Capital Allowances Act 2001 Part 2), chargeable period
 * by chargeable period, from the book's asset register:
 *  - Expenditure goes to the main pool, or the special rate pool for a car that is not a main rate
 *    car (s104A(1)(d), s104AA: only a new car of 50g/km CO2 or less since April 2021). The book does
 *    not know a car's CO2, so every car is taken to be over it: the special rate, the safe side.
 *  - The annual investment allowance (s51A) is given on the period's expenditure except cars (s38B,
 *    general exclusion 2), up to the maximum: £1,000,000 a year for expenditure from 1 January 2019
 *    (FA 2019 s32, made permanent from 1 April 2023), earlier amounts in AIA_LIMITS. A period "more or
 *    less than a year" has the maximum in proportion (s51A(6)); one that spans a change has the sum
 *    of its parts' maxima (FA 2014 Sch 2 para 4, FA 2019 Sch 13 para 1). Their sub-limits on what was
 *    spent in one part are not applied.
 *  - Disposal values (s61), never more than the asset's cost (s62), come off the pool it is in. When
 *    they exceed what the pool holds, the excess is a balancing charge (s55(2)) and the pool is nil.
 *    A balancing allowance is given only in the period the trade ends (s55(3), s65), which the book
 *    does not know, so none is made.
 *  - The writing down allowance (s56) is 18% a year of the main pool and 6% of the special rate pool
 *    (s104D), in proportion for a period that is not a year; a period spanning a change of rate has
 *    the hybrid rate (writingDownRate).
 *  - The small pools allowance (s56A): a pool holding more than nil but no more than £1,000 (in
 *    proportion for a period that is not a year, s56A(4)) is written off whole in place of its
 *    writing down allowance. It is a claim, as every allowance here is; the estimate claims each in
 *    full, as it does the annual investment allowance.
 * Not made: first year allowances (full expensing, s45S; new zero-emission cars, s45D), short life
 * asset elections: each needs a fact or a choice the book cannot see (whether the asset was new, an
 * election made).
 */
export type PoolName = 'main' | 'special_rate';
export const POOL_NAMES: readonly PoolName[] = ['main', 'special_rate'];

/** An asset of the register as the allowances see it (native minor units). */
export interface TaxAsset {
  purchasedOn: string;
  costMinor: number;
  disposedOn: string | null;
  disposalProceedsMinor: number;
  pool: PoolName;
  /** Whether its cost may take the annual investment allowance (not a car). */
  annualInvestmentAllowance: boolean;
}

export interface PoolOfPeriod {
  pool: PoolName;
  broughtForwardMinor: number;
  additionsMinor: number;
  annualInvestmentAllowanceMinor: number;
  disposalValuesMinor: number;
  writingDownAllowanceMinor: number;
  /** The whole of a small pool (s56A), given instead of its writing down allowance. */
  smallPoolAllowanceMinor: number;
  balancingChargeMinor: number;
  carriedForwardMinor: number;
}

export type PoolValues = Readonly<Record<PoolName, number>>;
export const EMPTY_POOLS: PoolValues = { main: 0, special_rate: 0 };

/** A rate or amount in force from a date (until the next entry's). */
const ALWAYS = '0000-01-01';

interface FromDate {
  from: string;
  value: Decimal;
}

/**
 * The AIA maximum for a year (s51A(5) as amended by each year's Finance Act, e.g. FA 2011 s11 to
 * £25,000 and FA 2019 s32 to £1,000,000), from the day each took effect for corporation tax.
 */
const AIA_LIMITS: readonly FromDate[] = [
  { from: '2008-04-01', value: new Decimal(50_000_00) },
  { from: '2010-04-01', value: new Decimal(100_000_00) },
  { from: '2012-04-01', value: new Decimal(25_000_00) },
  { from: '2013-01-01', value: new Decimal(250_000_00) },
  { from: '2014-04-01', value: new Decimal(500_000_00) },
  { from: '2016-01-01', value: new Decimal(200_000_00) },
  { from: '2019-01-01', value: new Decimal(1_000_000_00) },
];

/** Writing down allowance rates a year (s56(1), s104D), for corporation tax (6% by FA 2019 s31). */
const WDA_RATES: Readonly<Record<PoolName, readonly FromDate[]>> = {
  main: [
    { from: ALWAYS, value: new Decimal('0.20') },
    { from: '2012-04-01', value: new Decimal('0.18') },
  ],
  special_rate: [
    { from: ALWAYS, value: new Decimal('0.10') },
    { from: '2012-04-01', value: new Decimal('0.08') },
    { from: '2019-04-01', value: new Decimal('0.06') },
  ],
};

/** The small pool limit for a year (s56A(3)). */
const SMALL_POOL_LIMIT = new Decimal(1_000_00);

/** The small pool limit of a chargeable period: in proportion for one more or less than a year (s56A(4)). */
export function smallPoolLimit(period: ChargeablePeriod): number {
  return pence(SMALL_POOL_LIMIT.mul(yearFraction(period)));
}

/** The days of a period under each entry of a table (nil before its first entry). */
function partsUnder(table: readonly FromDate[], period: ChargeablePeriod): { value: Decimal; days: number }[] {
  const entries = table[0]?.from === ALWAYS ? table : [{ from: ALWAYS, value: new Decimal(0) }, ...table];
  const parts: { value: Decimal; days: number }[] = [];
  entries.forEach((entry, index) => {
    const next = entries[index + 1];
    const from = entry.from > period.from ? entry.from : period.from;
    const lastDay = next ? addDays(next.from, -1) : period.to;
    const to = lastDay < period.to ? lastDay : period.to;
    if (from <= to) parts.push({ value: entry.value, days: daysBetween(from, to) + 1 });
  });
  return parts;
}

const pence = (value: Decimal) => value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

/**
 * The annual investment allowance's maximum for a chargeable period: the year's amount, in proportion
 * for a period that is not a year (s51A(6)); a period spanning a change is the sum of what its parts
 * would have as periods of their own (FA 2011 s11(6), FA 2014 Sch 2 para 4(2), FA 2019 Sch 13 para 1(2)).
 */
export function annualInvestmentAllowanceMaximum(period: ChargeablePeriod): number {
  const parts = partsUnder(AIA_LIMITS, period);
  if (parts.length === 1) return pence(parts[0]!.value.mul(yearFraction(period)));
  return pence(parts.reduce((sum, part) => sum.plus(part.value.mul(part.days).div(365)), new Decimal(0)));
}

/**
 * A pool's writing down rate for a chargeable period; one spanning a change of rate has the hybrid
 * rate, each rate for its days out of the period's, as a percentage rounded up to two places (FA 2019
 * s31(5)-(7): 95 days at 8% and 270 at 6% are 6.53%).
 */
export function writingDownRate(pool: PoolName, period: ChargeablePeriod): Decimal {
  const parts = partsUnder(WDA_RATES[pool], period);
  if (parts.length === 1) return parts[0]!.value;
  const days = parts.reduce((sum, part) => sum + part.days, 0);
  const hybrid = parts.reduce((sum, part) => sum.plus(part.value.mul(part.days).div(days)), new Decimal(0));
  return hybrid.mul(100).toDecimalPlaces(2, Decimal.ROUND_UP).div(100);
}

const within = (date: string | null, period: ChargeablePeriod): date is string => date !== null && period.from <= date && date <= period.to;

export interface AllowancesOfPeriod {
  pools: PoolOfPeriod[];
  /** Annual investment, writing down and small pools allowances together. */
  allowancesMinor: number;
  balancingChargesMinor: number;
  carriedForward: PoolValues;
}

/** One chargeable period's allowances and charges, from the pools brought forward and the register. */
export function allowancesFor(period: ChargeablePeriod, broughtForward: PoolValues, assets: readonly TaxAsset[]): AllowancesOfPeriod {
  const bought = assets.filter((asset) => within(asset.purchasedOn, period));
  const sold = assets.filter((asset) => within(asset.disposedOn, period));
  // The company chooses which expenditure takes the allowance: special rate expenditure first, whose
  // writing down allowances would come slowest.
  let aiaLeft = annualInvestmentAllowanceMaximum(period);
  const pools = [...POOL_NAMES].reverse().map((pool): PoolOfPeriod => {
    const additionsMinor = bought.filter((asset) => asset.pool === pool).reduce((sum, asset) => sum + asset.costMinor, 0);
    const qualifying = bought.filter((asset) => asset.pool === pool && asset.annualInvestmentAllowance).reduce((sum, asset) => sum + asset.costMinor, 0);
    const annualInvestmentAllowanceMinor = Math.min(qualifying, aiaLeft);
    aiaLeft -= annualInvestmentAllowanceMinor;
    const disposalValuesMinor = sold.filter((asset) => asset.pool === pool).reduce((sum, asset) => sum + Math.min(asset.disposalProceedsMinor, asset.costMinor), 0);
    const available = broughtForward[pool] + additionsMinor - annualInvestmentAllowanceMinor - disposalValuesMinor;
    const balancingChargeMinor = Math.max(0, -available);
    const smallPoolAllowanceMinor = available > 0 && available <= smallPoolLimit(period) ? available : 0;
    // In proportion for a period that is not a year (s56(3)-(4), applied to the special rate by s104D(4)).
    const writingDownAllowanceMinor = available > 0 && smallPoolAllowanceMinor === 0 ? pence(writingDownRate(pool, period).mul(yearFraction(period)).mul(available)) : 0;
    return {
      pool,
      broughtForwardMinor: broughtForward[pool],
      additionsMinor,
      annualInvestmentAllowanceMinor,
      disposalValuesMinor,
      writingDownAllowanceMinor,
      smallPoolAllowanceMinor,
      balancingChargeMinor,
      carriedForwardMinor: Math.max(0, available) - writingDownAllowanceMinor - smallPoolAllowanceMinor,
    };
  });
  pools.reverse();
  return {
    pools,
    allowancesMinor: pools.reduce((sum, pool) => sum + pool.annualInvestmentAllowanceMinor + pool.writingDownAllowanceMinor + pool.smallPoolAllowanceMinor, 0),
    balancingChargesMinor: pools.reduce((sum, pool) => sum + pool.balancingChargeMinor, 0),
    carriedForward: { main: pools[0]!.carriedForwardMinor, special_rate: pools[1]!.carriedForwardMinor },
  };
}
