import type { TaxReturnRecord } from './returns';

/** Payments of one tax year's return, keyed in requests by their due date. */
export const SELF_ASSESSMENT_PAYMENT_LABELS = {
  firstPaymentOnAccount: 'First Payment on Account',
  secondPaymentOnAccount: 'Second Payment on Account',
  balancingPayment: 'Balancing Payment',
} as const;

export type SelfAssessmentReturnRecord = TaxReturnRecord;
