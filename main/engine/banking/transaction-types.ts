/** How each statement transaction_type signs its amount (spec 4.6). */
export type SignRule = 'positive' | 'negative' | 'as-given';

export const TRANSACTION_TYPE_SIGNS: Readonly<Record<string, SignRule>> = {
  CREDIT: 'positive',
  DEBIT: 'negative',
  INT: 'as-given',
  DIV: 'positive',
  FEE: 'negative',
  SRVCHG: 'negative',
  DEP: 'positive',
  ATM: 'as-given',
  POS: 'as-given',
  XFER: 'negative',
  CHECK: 'negative',
  PAYMENT: 'negative',
  CASH: 'negative',
  DIRECTDEP: 'positive',
  DIRECTDEBIT: 'negative',
  REPEATPMT: 'negative',
  OTHER: 'as-given',
};

export function signedAmount(minor: number, rule: SignRule): number {
  if (rule === 'positive') return Math.abs(minor);
  if (rule === 'negative') return -Math.abs(minor);
  return minor;
}

/** The sign rule for a type as sent (any case); undefined for a type the table does not have. */
export function signRuleOf(transactionType: string): SignRule | undefined {
  return TRANSACTION_TYPE_SIGNS[transactionType.toUpperCase()];
}
