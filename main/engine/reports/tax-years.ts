/** A UK tax year: 6 April to 5 April. */
export interface TaxYear {
  /** "2024/25". */
  label: string;
  /** The calendar year it starts in. */
  startYear: number;
  startsOn: string;
  endsOn: string;
}

export function taxYearStarting(startYear: number): TaxYear {
  const end = String((startYear + 1) % 100).padStart(2, '0');
  return { label: `${startYear}/${end}`, startYear, startsOn: `${startYear}-04-06`, endsOn: `${startYear + 1}-04-05` };
}

export function taxYearHolding(date: string): TaxYear {
  const year = Number(date.slice(0, 4));
  return taxYearStarting(date.slice(5) >= '04-06' ? year : year - 1);
}

/** Self assessment deadlines (HMRC): the return and the balancing payment 31 January after the year. */
export const filingDueOn = (year: TaxYear) => `${year.startYear + 2}-01-31`;
/** Payments on account towards a year: 31 January in it and 31 July after it. */
export const firstPaymentOnAccountDueOn = (year: TaxYear) => `${year.startYear + 1}-01-31`;
export const secondPaymentOnAccountDueOn = (year: TaxYear) => `${year.startYear + 1}-07-31`;
