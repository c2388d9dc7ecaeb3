import type Database from 'better-sqlite3';

/**
 * Which profit categories are interest, shown after operating profit as the Companies Act profit and
 * loss format 1 places them (SI 2008/410 and SI 2008/409, Sch 1 Part 1 Section B, items 10 and 12).
 *
 * Interest received is 051 in every default chart. A category of the company's own cannot join it:
 * custom income categories take 001-049, which are turnover.
 *
 * Interest paid is 362 in every default chart ("Interest Payable"), and any cost of sales or
 * administrative category of the company's own (hire purchase or loan interest, say) whose tax reporting
 * name is the chart's interest line for its company type. Bank, card and other finance charges are not
 * interest and stay administrative (363 and the "finance charges" names), as do leasing payments.
 */
export const INTEREST_RECEIVABLE_CODE = '051';
export const INTEREST_PAYABLE_CODE = '362';

/** The tax reporting names (as stored, in display form) of interest paid, per company type's list. */
const INTEREST_PAYABLE_REPORTING_NAMES: readonly string[] = [
  'Interest Payable and similar charges', // limited company
  'Bank and loan interest', // sole trader, landlord
  'Interest', // partnership
  'Other interest', // universal, US
  'Mortgage interest', // universal, US
];

/** The base codes of interest paid in this book's chart: 362 and the company's own interest categories. */
export function interestPayableCodes(sqlite: Database.Database): Set<string> {
  const named = sqlite
    .prepare<string[], { code: string }>(
      `SELECT DISTINCT base_code AS code FROM categories
       WHERE list_group IN ('cost_of_sales', 'admin_expenses') AND nominal_code = base_code
         AND tax_reporting_name IN (${INTEREST_PAYABLE_REPORTING_NAMES.map(() => '?').join(', ')})`,
    )
    .all(...INTEREST_PAYABLE_REPORTING_NAMES);
  return new Set([INTEREST_PAYABLE_CODE, ...named.map((row) => row.code)]);
}
