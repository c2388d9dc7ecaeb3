/**
 * Typed calls for self assessment returns, read-only: the people who file (users whose role files a
 * return the books know of), each one's returns by tax year, newest first, and the parts of a
 * return's estimate (a Ledgerdesk extension, docs/api-notes.md).
 */
import { z } from 'zod';
import { FILING_STATUSES } from '../../../shared/api/returns';
import { getAll, getOne, pathOf, type ApiResult } from '../api';
import { returnPaymentSchema } from './vat_returns';

const userSchema = z.object({
  url: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  hidden: z.boolean().default(false),
});
export type User = z.infer<typeof userSchema>;

export const selfAssessmentReturnSchema = z.object({
  url: z.string(),
  period_starts_on: z.string(),
  period_ends_on: z.string(),
  filing_due_on: z.string(),
  filing_status: z.enum(FILING_STATUSES),
  payments: z.array(returnPaymentSchema).default([]),
});
export type SelfAssessmentReturn = z.infer<typeof selfAssessmentReturnSchema>;

const estimateSchema = z.object({
  self_assessment_return: z.string(),
  tax_year: z.string(),
  profit: z.string(),
  profit_is_self_employment: z.boolean(),
  pay: z.string(),
  dividends: z.string(),
  income_tax: z.string(),
  class_4_nics: z.string(),
  deducted_at_source: z.string(),
  total_due: z.string(),
});
export type SelfAssessmentEstimate = z.infer<typeof estimateSchema>;

export function listUsers(): Promise<ApiResult<User[]>> {
  return getAll('/v2/users', 'users', userSchema);
}

/** A user's returns, newest first; none when their role files nothing the books know of. */
export function listSelfAssessmentReturns(userUrl: string): Promise<ApiResult<SelfAssessmentReturn[]>> {
  return getAll(`${pathOf(userUrl)}/self_assessment_returns`, 'self_assessment_returns', selfAssessmentReturnSchema);
}

/** How the estimated bill of one return is made. */
export function getSelfAssessmentEstimate(returnUrl: string): Promise<ApiResult<SelfAssessmentEstimate>> {
  return getOne('GET', `${pathOf(returnUrl)}/estimate`, 'self_assessment_estimate', estimateSchema);
}
