import Decimal from 'decimal.js';

/**
 * Trading losses carried forward (CTA 2010 s45 for losses of periods before 1 April 2017, s45A after):
 * a loss not otherwise relieved is set against the next periods' profits, earliest loss first, down to
 * nil at most. Relief of losses carried forward is restricted to a deductions allowance of £5,000,000
 * a year (in proportion for a shorter period) plus half of the profits above it (CTA 2010 ss269ZB,
 * 269ZR). The estimate claims all the relief it may (s45A relief is by claim; s45 relief is automatic);
 * carrying a loss back to earlier years (s37) is a claim made only once the loss is known, so it is
 * not made here. The book treats all its profit as the trade's.
 */
const DEDUCTIONS_ALLOWANCE = new Decimal(5_000_000_00);

/** How much of the losses brought forward relieves a period's profit (minor units). */
export function lossRelief(lossesMinor: number, profitMinor: number, yearFraction: Decimal): number {
  if (lossesMinor <= 0 || profitMinor <= 0) return 0;
  const allowance = DEDUCTIONS_ALLOWANCE.mul(yearFraction).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
  const most = profitMinor <= allowance ? profitMinor : allowance + Math.floor((profitMinor - allowance) / 2);
  return Math.min(lossesMinor, most);
}
