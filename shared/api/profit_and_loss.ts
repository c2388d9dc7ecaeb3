/** The items taken from operating profit to give retained profit, in the order the service lists them. */
export const PROFIT_AND_LOSS_LESS_TITLES = ['Corp. Tax', 'Dividends', 'Adjustments'] as const;
export type ProfitAndLossLessTitle = (typeof PROFIT_AND_LOSS_LESS_TITLES)[number];

/** GET /v2/accounting/profit_and_loss/summary; amounts are decimal text in the native currency. */
export interface ProfitAndLossSummary {
  from: string;
  to: string;
  income: string;
  expenses: string;
  operating_profit: string;
  less: { title: ProfitAndLossLessTitle; total: string }[];
  retained_profit: string;
  retained_profit_brought_forward: string;
  retained_profit_carried_forward: string;
}
