import { isCalendarDate } from '../../shared/api/fields';

/**
 * The date ranges HMRC takes for its lists, checked before anything is sent, so a person who typed a
 * range HMRC would refuse is told which date and why, and HMRC is not asked. Each limit is HMRC's own
 * (../shared/spec/hmrc/vat-api-rules.md, sections 9 and 10, restating hmrc/vat-api's validators):
 *
 * - obligations: `from` and `to` dates YYYY-MM-DD (`ObligationParameterFormatValidation`), `from`
 *   before `to` and `to` no later than `from` plus one year (`DateRangeValidation`:
 *   `!from.isBefore(to) || from.plusYears(1).isBefore(to)`, "must be 366 days or less");
 * - liabilities and payments: dates YYYY-MM-DD, `from` not before 6 April 2016 and `to` not after
 *   today (`FinancialDataDateFormatValidation`'s `minimumSupportedDate` and `LocalDate.now()`), `from`
 *   before `to` and `to` no later than `from` plus a year less a day (`FinancialDataDateRangeValidation`:
 *   `from.plusYears(1).minusDays(1).isBefore(to)`, "must be 365 days or less"). The YAML names
 *   2017-12-01 as the earliest `from`; the code, which is what refuses, takes 2016-04-06, so the
 *   earlier date is the limit here and HMRC answers for the months between.
 */

export type HmrcList = 'obligations' | 'liabilities' | 'payments';

/** The earliest `from` HMRC's code takes for liabilities and payments (`minimumSupportedDate`). */
export const FINANCIAL_DATA_FROM = '2016-04-06';

/** The same day a year on, 29 February going to 28 February (java.time's `plusYears`). */
export function plusYear(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year + 1, month, 0)).getUTCDate();
  return `${String(year + 1).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

const dayBefore = (date: string) => new Date(new Date(`${date}T00:00:00Z`).getTime() - 86_400_000).toISOString().slice(0, 10);

const longDate = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The latest `to` HMRC takes with this `from`. */
export function latestTo(list: HmrcList, from: string): string {
  return list === 'obligations' ? plusYear(from) : dayBefore(plusYear(from));
}

/**
 * What is wrong with a range given by hand for `list`, one sentence per problem, each naming its
 * field (`from`, `to`, or `label(name)` for another spelling such as the CLI's `--from`); none when
 * HMRC would take it. `today` is HMRC's today for liabilities and payments.
 */
export function rangeProblems(list: HmrcList, range: { from: string | null; to: string | null }, today: string, label: (name: 'from' | 'to') => string = (name) => name): string[] {
  const { from, to } = range;
  if (from === null || to === null) return [`${label('from')} and ${label('to')} go together: give both dates, or neither for the year around today.`];
  const format = (['from', 'to'] as const).filter((name) => !isCalendarDate(range[name]!)).map((name) => `${label(name)} must be a date written YYYY-MM-DD, such as 2026-04-01 ("${range[name]}" is not one).`);
  if (format.length) return format;
  const problems: string[] = [];
  const what = list === 'obligations' ? 'obligations' : `VAT ${list}`;
  if (list !== 'obligations' && from < FINANCIAL_DATA_FROM) problems.push(`${label('from')} must be ${longDate(FINANCIAL_DATA_FROM)} or later: HMRC gives no ${what} from before then.`);
  if (list !== 'obligations' && to > today) problems.push(`${label('to')} must be today (${longDate(today)}) or earlier: HMRC gives ${what} up to today only.`);
  if (problems.length) return problems;
  if (from >= to) return [`${label('from')} (${longDate(from)}) must be before ${label('to')} (${longDate(to)}).`];
  const latest = latestTo(list, from);
  if (to > latest) {
    const most = list === 'obligations' ? '366 days' : '365 days';
    return [`${label('to')} must be ${longDate(latest)} or earlier: HMRC gives ${what} for ${most} at most at a time, and ${label('from')} is ${longDate(from)}.`];
  }
  return [];
}
