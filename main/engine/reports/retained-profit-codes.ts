/**
 * Which nominal codes make up profit, by the chart's ranges (spec 4.11 and the default charts):
 *   001-095  income: sales (001-049, the income group) and other income such as interest and
 *            grants (051-058, in the general group)
 *   096-599  expenses: cost of sales (096-199), admin expenses (200-399) and the general P&L
 *            codes (401-599: payroll, bad debts, depreciation, errors), except corporation tax
 *   502, 503 corporation tax (current and deferred): taken from operating profit as "Corp. Tax"
 *   908      dividends (908-N per shareholder): taken from profit as "Dividends"
 *   968      Profit and Loss, the retained profit account itself: journals to it are "Adjustments"
 * Everything else (600 and up) is the balance sheet. Sub accounts count under their base code.
 */
export type ProfitLine = 'income' | 'expenses' | 'corporationTax' | 'dividends' | 'adjustments';

export const CORPORATION_TAX_CODES: ReadonlySet<number> = new Set([502, 503]);
export const DIVIDEND_CODE = 908;
export const RETAINED_PROFIT_CODE = 968;

export function profitLineOf(baseCode: string): ProfitLine | null {
  const code = Number(baseCode);
  if (!Number.isInteger(code)) return null;
  if (code >= 1 && code <= 95) return 'income';
  if (CORPORATION_TAX_CODES.has(code)) return 'corporationTax';
  if (code >= 96 && code <= 599) return 'expenses';
  if (code === DIVIDEND_CODE) return 'dividends';
  if (code === RETAINED_PROFIT_CODE) return 'adjustments';
  return null;
}

/** A SQL condition on categories.base_code for every code profitLineOf places (for index use). */
export const PROFIT_CODES_SQL = `(CAST(base_code AS INTEGER) BETWEEN 1 AND 599 OR base_code IN ('${DIVIDEND_CODE}', '${RETAINED_PROFIT_CODE}'))`;
