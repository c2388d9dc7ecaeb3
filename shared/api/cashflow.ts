/** One calendar month of money in or out. */
export interface CashflowMonth {
  month: number;
  year: number;
  /** Decimal text. */
  total: string;
}

/** GET /v2/cashflow; amounts are decimal text in the native currency. */
export interface Cashflow {
  from: string;
  to: string;
  incoming: { total: string; months: CashflowMonth[] };
  outgoing: { total: string; months: CashflowMonth[] };
  /** incoming minus outgoing. */
  balance: string;
}
