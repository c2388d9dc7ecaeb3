import type { TaxTreatment } from './treatment';

/**
 * What the engine proposes for one bank line, before it is written out as `suggested_explanation`.
 * Links are ids (the category by nominal code); `confidence` is the chance, from 0 to 1, that the
 * proposal is how the line should be explained. With a category it carries the VAT treatment too.
 */
export interface Guess extends TaxTreatment {
  source: 'rule' | 'history' | 'match';
  confidence: number;
  categoryCode?: string;
  description?: string;
  contactId?: number;
  projectId?: number;
  transferAccountId?: number;
  paidInvoiceId?: number;
  paidBillId?: number;
  ruleId?: number;
  markForReview?: boolean;
}

/** At or above this a suggestion is confident: the desk offers it for one-key and bulk acceptance. */
export const CONFIDENT = 0.8;
/** The most a suggestion the person should look at before taking it may be: just below CONFIDENT. */
export const BELOW_CONFIDENT = 0.79;

/** A line as the guessers see it. */
export interface GuessLine {
  id: number;
  bankAccountId: number;
  datedOn: string;
  description: string;
  /** Signed, in the account's currency: the part of the line not yet explained. */
  remainingMinor: number;
  currency: string;
}

/** Confidence to two places, as it is shown and compared. */
export const roundConfidence = (value: number) => Math.round(Math.max(0, Math.min(1, value)) * 100) / 100;
