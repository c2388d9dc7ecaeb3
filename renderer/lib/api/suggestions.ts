/**
 * Bulk acceptance of the engine's suggestions (Ledgerdesk's extension, api-notes "Suggestions, bank
 * rules and bulk accept"): the preview the desk shows before it asks, and the acceptance itself, one
 * request and so one change set. Only confident suggestions (0.80 and above) are taken by the engine.
 */
import { z } from 'zod';
import { getOne, type ApiResult } from '../api';

const groupSchema = z.object({
  kind: z.enum(['category', 'transfer', 'invoice', 'bill']),
  url: z.string(),
  name: z.string(),
  count: z.number(),
  total: z.string(),
});

export const suggestionSummarySchema = z.object({
  count: z.number(),
  total: z.string(),
  money_in: z.string(),
  money_out: z.string(),
  groups: z.array(groupSchema),
  bank_transactions: z.array(z.string()),
});
export type SuggestionSummary = z.infer<typeof suggestionSummarySchema>;

const acceptedSchema = suggestionSummarySchema.extend({
  bank_transaction_explanations: z.array(z.string()),
  skipped: z.array(z.object({ bank_transaction: z.string(), message: z.string() })),
});
export type AcceptedSuggestions = z.infer<typeof acceptedSchema>;

/** Which lines: named ones, or every line of an account between optional dates. */
export type SuggestionLines = { bank_transactions: readonly string[] } | { bank_account: string; from_date?: string; to_date?: string };

/** What accepting would do, written nowhere. */
export function previewSuggestions(lines: SuggestionLines): Promise<ApiResult<SuggestionSummary>> {
  return getOne('POST', '/v2/bank_transactions/suggestions/preview', 'suggestion_summary', suggestionSummarySchema, { body: { suggestions: lines } });
}

/** Explains every line whose suggestion is confident, in one request. */
export function acceptSuggestions(lines: SuggestionLines): Promise<ApiResult<AcceptedSuggestions>> {
  return getOne('POST', '/v2/bank_transactions/suggestions/accept', 'accepted_suggestions', acceptedSchema, { body: { suggestions: lines } });
}
