import type { CompanyRow } from '../company-record';
import { defaultFirstPeriodEnd } from '../../../shared/vat-stagger';
import { addDays, endOfMonth, monthEnd } from './dates';

export interface VatPeriod {
  startsOn: string;
  endsOn: string;
}

/** What fixes a company's VAT periods: registration, its date, frequency and stagger. */
export type VatRegistration = Pick<CompanyRow, 'vatRegistered' | 'salesTaxEffectiveDate' | 'vatPeriodMonths' | 'firstVatPeriodEndsOn'>;

/**
 * The stagger: the first period runs from the registration date to the month end the user chose
 * (firstVatPeriodEndsOn), or by default to the end of the month vat_period_months - 1 after the month
 * of registration (registered 12 April, quarterly: 12 April to 30 June); each later period covers the
 * next vat_period_months whole months. Periods therefore always end on a month end, as HMRC's do.
 */
function periodAfter(startsOn: string, months: number): VatPeriod {
  const [year, month] = startsOn.split('-').map(Number) as [number, number];
  return { startsOn, endsOn: endOfMonth(year, month + months - 1) };
}

/** The company's VAT periods from registration up to the one holding `today`; none when not registered. */
export function vatPeriods(company: VatRegistration, today: string): VatPeriod[] {
  if (!company.vatRegistered || !company.salesTaxEffectiveDate) return [];
  const months = Math.max(1, company.vatPeriodMonths);
  const periods: VatPeriod[] = [];
  const firstEndsOn = company.firstVatPeriodEndsOn ?? defaultFirstPeriodEnd(company.salesTaxEffectiveDate, months);
  for (let startsOn = company.salesTaxEffectiveDate; startsOn <= today; ) {
    const period = startsOn === company.salesTaxEffectiveDate ? { startsOn, endsOn: firstEndsOn } : periodAfter(startsOn, months);
    periods.push(period);
    startsOn = addDays(period.endsOn, 1);
  }
  return periods;
}

/** HMRC's deadline for filing and paying: one calendar month and seven days after the period ends. */
export function vatDueOn(periodEndsOn: string): string {
  return addDays(monthEnd(addDays(periodEndsOn, 1)), 7);
}
