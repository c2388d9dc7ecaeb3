import type { CompanyRow } from '../company-record';
import { badRequest, unprocessable } from '../errors';
import { accountingPeriods, periodHolding, type Period } from '../ledger/periods';
import { dateParam } from '../query-params';
import { addMonths } from './dates';

/** The days a report covers, both ends included. */
export interface ReportPeriod {
  from: string;
  to: string;
}

type Books = Pick<CompanyRow, 'companyStartDate' | 'firstAccountingYearStart' | 'firstAccountingYearEnd'>;

const yearHolding = (company: Books, date: string): Period => periodHolding(company.firstAccountingYearStart, company.firstAccountingYearEnd, date);

/**
 * from_date and to_date with the defaults of 4.17: none gives the current accounting year to today;
 * a missing from_date is the start of the accounting year holding to_date (the current one when
 * to_date is today), and a missing to_date is today.
 */
export function datedPeriod(query: URLSearchParams, company: Books, today: string): ReportPeriod {
  const given = { from: dateParam(query, 'from_date'), to: dateParam(query, 'to_date') };
  const to = given.to ?? today;
  const from = given.from ?? yearHolding(company, to).startsOn;
  if (from > to) throw badRequest(given.to ? 'from_date must not be after to_date' : `from_date must not be after today (${today}), the default to_date`);
  return { from, to };
}

/**
 * accounting_period as "2025/26": the accounting year that starts in 2025, whose end falls in (20)26.
 * A year the books do not have is a 422; text in another form is a 400.
 */
export function namedAccountingYear(label: string, company: Books): ReportPeriod {
  const match = /^(\d{4})\/(\d{2})$/.exec(label);
  if (!match) throw badRequest('accounting_period must be a start year and end year such as 2025/26');
  const startYear = match[1]!;
  const years = accountingPeriods(company.firstAccountingYearStart, company.firstAccountingYearEnd, `${startYear}-12-31`);
  const year = years.find((period) => period.startsOn.startsWith(startYear));
  if (!year) throw unprocessable(`No accounting year starts in ${startYear}; the books start on ${company.companyStartDate}`);
  const endLabel = year.endsOn.slice(2, 4);
  if (endLabel !== match[2]) throw unprocessable(`The accounting year starting in ${startYear} ends on ${year.endsOn}: ask for ${startYear}/${endLabel}`);
  return { from: year.startsOn, to: year.endsOn };
}

/** True when the period lies inside one accounting year of the company. */
export function withinOneAccountingYear(period: ReportPeriod, company: Books): boolean {
  const year = yearHolding(company, period.from);
  return year.startsOn <= period.from && period.to <= year.endsOn;
}

/** At most twelve months: the end comes before the same day a year after the start. */
export function atMostTwelveMonths(period: ReportPeriod): boolean {
  return period.to < addMonths(period.from, 12);
}
