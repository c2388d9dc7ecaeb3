/**
 * A change of an asset's estimate (residual value, method, life or rate, how often it is charged) as
 * the asset dialog and the schedule show it. The engine decides what the change does
 * (main/engine/assets/estimates.ts): it applies from the first day of the accounting year holding
 * `estimate_changed_on`, never before the books start, and one starting on or before the purchase
 * restates the whole life. Here it is only said in words before saving, and the estimates it replaced
 * are listed with the dates they governed.
 */
import { MoneyError, parseDecimal, toMinor } from '../../../shared/money';
import type { CapitalAsset, EarlierEstimate } from '../../lib/api/capital_assets';
import { formatDate } from '../../lib/format';
import { yearHolding, type AccountingYear } from './report-period';

/** The estimate's fields as the dialog holds them (text as typed). */
export interface TypedEstimate {
  residual: string;
  method: string;
  years: string;
  rate: string;
  frequency: string;
}

/** What the words need of the book: the engine's today, the books' first day, the accounting years so far. */
export interface BookCalendar {
  today: string;
  booksStart: string;
  years: readonly AccountingYear[];
}

/**
 * Whether what is typed differs from the asset's estimate, as the engine compares them (values, not
 * text: "1,000" is 1000.0, "05" is 5). Something unreadable counts as a change: the engine's refusal
 * then says what is wrong, at its field.
 */
export function estimateChanged(asset: Pick<CapitalAsset, 'residual_value' | 'depreciation_profile'>, typed: TypedEstimate, currency: string): boolean {
  const profile = asset.depreciation_profile;
  if (typed.method !== profile.method || typed.frequency !== profile.frequency) return true;
  try {
    const residual = typed.residual.replace(/,/g, '').trim() || '0';
    if (toMinor(residual, currency) !== toMinor(asset.residual_value, currency)) return true;
    if (profile.method === 'straight_line') return !parseDecimal(typed.years.trim()).eq(profile.asset_life_years ?? 0);
    return !parseDecimal(typed.rate.replace(/%/g, '').trim()).eq(parseDecimal(profile.annual_depreciation_percentage ?? '0'));
  } catch (error) {
    if (error instanceof MoneyError) return true;
    throw error;
  }
}

/**
 * The line under "Applies from": the accounting year a change made on `changedOn` goes in, the day it
 * applies from, and that the years before keep their charges (or, in the year of purchase, that the
 * whole schedule is worked out again).
 */
export function appliesFromWords(changedOn: string, calendar: BookCalendar, purchasedOn: string): string {
  if (!changedOn) return '';
  const { booksStart, years } = calendar;
  const restated = 'so the whole schedule is worked out again.';
  if (changedOn < booksStart) {
    const from = `Before the books start: the change applies from their first day, ${formatDate(booksStart)}`;
    return booksStart <= purchasedOn ? `${from}, ${restated}` : `${from}; what was charged before is in the opening balances.`;
  }
  const year = yearHolding(years, changedOn);
  const last = years.at(-1);
  if (!year) {
    const after = last ? `after the ones so far (the last ends ${formatDate(last.ends_on)})` : 'not yet in the books';
    return `An accounting year ${after}: the change applies from that year's first day, and earlier years keep their charges.`;
  }
  const from = year.starts_on < booksStart ? booksStart : year.starts_on;
  const which = `The accounting year ${formatDate(year.starts_on)} to ${formatDate(year.ends_on)}`;
  if (from <= purchasedOn) return `${which}, the one the asset was bought in: the change applies from the purchase, ${restated}`;
  return `${which}: the change applies from ${formatDate(from)}, and earlier years keep their charges.`;
}

/** The day before an ISO date (calendar arithmetic in UTC, so no time zone moves it). */
export function dayBefore(iso: string): string {
  const day = new Date(`${iso}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** An earlier estimate and the dates it governed: from the purchase (or the change before) to the eve of its replacement. */
export interface GovernedEstimate {
  from: string;
  to: string;
  estimate: EarlierEstimate;
}

export function earlierEstimatesGoverned(asset: Pick<CapitalAsset, 'purchased_on' | 'earlier_estimates'>): GovernedEstimate[] {
  const earlier = asset.earlier_estimates ?? [];
  return earlier.map((estimate, index) => ({ from: index === 0 ? asset.purchased_on : earlier[index - 1]!.replaced_on, to: dayBefore(estimate.replaced_on), estimate }));
}
