export interface Period {
  startsOn: string;
  endsOn: string;
}

function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

const lastDayOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The year end a number of years later. A year end on the last day of its month stays on the last
 * day of that month (CA 2006 s391(4)): 28 February in a first year moves to 29 February in leap years,
 * and a 29 February one back to the 28th in the others. Any other day keeps its number.
 */
function yearsLater(date: string, years: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const monthEnd = day === lastDayOfMonth(year, month);
  const lastOfMonth = lastDayOfMonth(year + years, month);
  const next = new Date(Date.UTC(year + years, month - 1, monthEnd ? lastOfMonth : Math.min(day, lastOfMonth)));
  return next.toISOString().slice(0, 10);
}

/**
 * The company's accounting years from its start up to the one holding `until`: the first runs from
 * the start date to the first year end, each later one for twelve months after the one before.
 */
export function accountingPeriods(startDate: string, firstYearEnd: string, until: string): Period[] {
  const periods: Period[] = [{ startsOn: startDate, endsOn: firstYearEnd }];
  let years = 1;
  while (periods[periods.length - 1]!.endsOn < until) {
    const previous = periods[periods.length - 1]!;
    periods.push({ startsOn: addDays(previous.endsOn, 1), endsOn: yearsLater(firstYearEnd, years) });
    years += 1;
  }
  return periods;
}

/** The accounting year that holds a date (the first one for dates before the start). */
export function periodHolding(startDate: string, firstYearEnd: string, date: string): Period {
  const periods = accountingPeriods(startDate, firstYearEnd, date);
  return periods.find((period) => period.startsOn <= date && date <= period.endsOn) ?? periods[0]!;
}
