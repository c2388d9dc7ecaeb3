import Decimal from 'decimal.js';
import table from '../../../resources/uk-income-tax.json';
import type { TaxYear } from './tax-years';

interface Bands {
  basic: string;
  higher: string;
  additional: string;
}

export interface TaxYearRules {
  tax_year: string;
  personal_allowance: string;
  personal_allowance_taper_threshold: string;
  basic_rate_band: string;
  additional_rate_threshold: string;
  rates: Bands;
  dividend_allowance: string;
  dividend_rates: Bands;
  class4: { lower_profits_limit: string; upper_profits_limit: string; main_rate: string; upper_rate: string };
}

const YEARS: readonly TaxYearRules[] = table.years;

/** The first tax year the table covers: self assessment returns start there. */
export const FIRST_TABLE_YEAR = Number(YEARS[0]!.tax_year.slice(0, 4));

/**
 * The rules of a tax year. Years after the table's last take its figures (the thresholds are frozen
 * to 2031); years before it are not estimated at all.
 */
export function rulesFor(year: TaxYear): TaxYearRules {
  const found = YEARS.find((rules) => rules.tax_year === year.label);
  if (found) return found;
  if (year.startYear < FIRST_TABLE_YEAR) throw new Error(`No income tax rates for ${year.label}`);
  return YEARS[YEARS.length - 1]!;
}

const d = (value: string | number) => new Decimal(value);
const ZERO = d(0);
const max0 = (value: Decimal) => Decimal.max(value, ZERO);

/** The part of [start, start + amount) that falls inside [low, high). */
function overlap(start: Decimal, amount: Decimal, low: Decimal, high: Decimal | null): Decimal {
  const end = start.plus(amount);
  const top = high === null ? end : Decimal.min(end, high);
  return max0(top.minus(Decimal.max(start, low)));
}

/** Tax on a slice of taxable income stacked from `start`, at the rates of the bands it crosses. */
function taxOnSlice(rules: TaxYearRules, start: Decimal, amount: Decimal, rates: Bands): Decimal {
  const basicTop = d(rules.basic_rate_band);
  const additionalFrom = d(rules.additional_rate_threshold);
  return overlap(start, amount, ZERO, basicTop)
    .times(rates.basic)
    .plus(overlap(start, amount, basicTop, additionalFrom).times(rates.higher))
    .plus(overlap(start, amount, additionalFrom, null).times(rates.additional))
    .dividedBy(100);
}

/** The personal allowance after the taper: 1 less for every 2 of income over the threshold. */
export function personalAllowance(rules: TaxYearRules, totalIncome: Decimal): Decimal {
  const excess = max0(totalIncome.minus(rules.personal_allowance_taper_threshold));
  return max0(d(rules.personal_allowance).minus(excess.dividedToIntegerBy(2)));
}

/**
 * Income tax in pounds on whole-pound incomes: the allowance goes against non-savings income first,
 * then dividends; non-savings income fills the bands from the bottom and dividends sit on top of it,
 * the first dividend_allowance of them at 0% (still using up the band they fall in).
 */
export function incomeTax(rules: TaxYearRules, nonSavings: Decimal, dividends: Decimal): Decimal {
  const allowance = personalAllowance(rules, nonSavings.plus(dividends));
  const taxableNonSavings = max0(nonSavings.minus(allowance));
  const taxableDividends = max0(dividends.minus(max0(allowance.minus(nonSavings))));
  const nilRate = Decimal.min(taxableDividends, d(rules.dividend_allowance));
  const dividendStart = taxableNonSavings.plus(nilRate);
  return taxOnSlice(rules, ZERO, taxableNonSavings, rules.rates).plus(taxOnSlice(rules, dividendStart, taxableDividends.minus(nilRate), rules.dividend_rates));
}

/** Class 4 National Insurance on self-employed profits, in pounds. */
export function class4(rules: TaxYearRules, profits: Decimal): Decimal {
  const { lower_profits_limit: lower, upper_profits_limit: upper, main_rate: main, upper_rate: above } = rules.class4;
  const mainBand = max0(Decimal.min(profits, d(upper)).minus(lower));
  const upperBand = max0(profits.minus(upper));
  return mainBand.times(main).plus(upperBand.times(above)).dividedBy(100);
}
