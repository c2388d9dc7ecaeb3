/** What VAT and self assessment returns share (spec 2.11, 2.12, 3). */

export const FILING_STATUSES = ['unfiled', 'pending', 'rejected', 'provisionally_filed', 'filed', 'marked_as_filed'] as const;
export type FilingStatus = (typeof FILING_STATUSES)[number];

/** `paid` is reserved by the service for future use; the status key is left out when nothing is due. */
export const PAYMENT_STATUSES = ['unpaid', 'marked_as_paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export interface ReturnPayment {
  label: string;
  /** YYYY-MM-DD; also the :payment_date that marks the payment paid or unpaid. */
  due_on: string;
  /** Decimal text; negative for a refund. */
  amount_due: string;
  status?: PaymentStatus;
}

export interface TaxReturnRecord {
  url: string;
  period_starts_on: string;
  period_ends_on: string;
  filing_due_on: string;
  filing_status: FilingStatus;
  filed_at?: string;
  filed_reference?: string;
  payments: ReturnPayment[];
}
