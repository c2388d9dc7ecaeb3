import Decimal from 'decimal.js';
import { addDays, daysBetween } from '../sales/dates';

/**
 * An estimate of the corporation tax on a period's profit, by the rates of each financial year (1 April
 * to 31 March, named by the year it starts in) the period falls in. Sources (GOV.UK "Corporation Tax
 * rates and allowances"; HMRC Company Taxation Manual CTM03900-CTM03960 on marginal relief; Corporation
 * Tax Act 2010 ss18A-18N as inserted by Finance Act 2021 s7 and Sch 1):
 *   FY2015 and FY2016   20% on all profits
 *   FY2017 to FY2022    19% on all profits
 *   FY2023 onwards      19% (small profits rate) up to the lower limit of £50,000, 25% (main rate) over
 *                       the upper limit of £250,000; between them the main rate less marginal relief of
 *                       3/200 x (upper limit - profits) (no franked investment income: augmented
 *                       profits = taxable profits)
 * A period that spans 1 April has its profits split between the financial years by days (CTA 2010 s8),
 * and the limits are reduced in proportion to each part's days out of 365 (CTA 2010 s18D, for a period
 * of less than 12 months). Associated companies, which would divide the limits, are not known to the
 * book and are taken to be none.
 */
export interface TaxPart {
  financialYear: number;
  from: string;
  to: string;
  profitMinor: number;
  taxMinor: number;
  marginalReliefMinor: number;
  /** How the part was taxed, as a person reads it: "19%", "25% less marginal relief". */
  rate: string;
}

export interface CorporationTaxEstimate {
  taxableProfitMinor: number;
  taxMinor: number;
  parts: TaxPart[];
}

const LOWER_LIMIT = new Decimal(50_000_00);
const UPPER_LIMIT = new Decimal(250_000_00);
const MARGINAL_FRACTION = new Decimal(3).div(200);

/** The financial year a date falls in: FY2024 runs from 1 April 2024 to 31 March 2025. */
export function financialYearOf(date: string): number {
  const year = Number(date.slice(0, 4));
  return date.slice(5) >= '04-01' ? year : year - 1;
}

const pence = (value: Decimal) => value.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

function taxOfPart(financialYear: number, profit: Decimal, days: number): { tax: Decimal; relief: Decimal; rate: string } | null {
  if (financialYear < 2015) return null;
  if (financialYear <= 2016) return { tax: profit.mul('0.20'), relief: new Decimal(0), rate: '20%' };
  if (financialYear <= 2022) return { tax: profit.mul('0.19'), relief: new Decimal(0), rate: '19%' };
  const share = new Decimal(days).div(365);
  const lower = LOWER_LIMIT.mul(share);
  const upper = UPPER_LIMIT.mul(share);
  if (profit.lte(lower)) return { tax: profit.mul('0.19'), relief: new Decimal(0), rate: '19% (small profits rate)' };
  if (profit.gte(upper)) return { tax: profit.mul('0.25'), relief: new Decimal(0), rate: '25% (main rate)' };
  const relief = MARGINAL_FRACTION.mul(upper.minus(profit));
  return { tax: profit.mul('0.25').minus(relief), relief, rate: '25% less marginal relief' };
}

/**
 * The estimate for a period's taxable profit (minor units); null when part of the period is before
 * FY2015, whose rates are not in the table. A loss or nil profit owes nothing.
 */
export function corporationTaxEstimate(taxableProfitMinor: number, from: string, to: string): CorporationTaxEstimate | null {
  const totalDays = daysBetween(from, to) + 1;
  const parts: TaxPart[] = [];
  let start = from;
  let profitLeft = new Decimal(Math.max(0, taxableProfitMinor));
  let daysLeft = totalDays;
  while (start <= to) {
    const financialYear = financialYearOf(start);
    const yearEnd = `${financialYear + 1}-03-31`;
    const end = yearEnd < to ? yearEnd : to;
    const days = daysBetween(start, end) + 1;
    // The last part takes what is left, so the parts add up to the profit to the penny.
    const profit = days === daysLeft ? profitLeft : new Decimal(Math.max(0, taxableProfitMinor)).mul(days).div(totalDays).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
    const taxed = taxOfPart(financialYear, profit, days);
    if (!taxed) return null;
    parts.push({ financialYear, from: start, to: end, profitMinor: profit.toNumber(), taxMinor: pence(taxed.tax), marginalReliefMinor: pence(taxed.relief), rate: taxed.rate });
    profitLeft = profitLeft.minus(profit);
    daysLeft -= days;
    start = addDays(end, 1);
  }
  return { taxableProfitMinor, taxMinor: parts.reduce((sum, part) => sum + part.taxMinor, 0), parts };
}
