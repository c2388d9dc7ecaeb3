import { acceptSuggestionsSchema } from '../../../shared/api/suggestions';
import { Level } from '../../../shared/api/permissions';
import { acceptSuggestions, previewAcceptance } from '../banking/suggest/accept';
import { payload } from '../payload';
import { ok, type Route } from '../route';

/**
 * Ledgerdesk's extension (docs/api-notes.md "Suggestions and bank rules"): accept every confident
 * suggestion among some lines in one request, and its preview. Under /v2/bank_transactions, kept in
 * its own module so the bank transaction resource stays as the reference gives it.
 */
export const suggestionRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v2/bank_transactions/suggestions/preview',
    level: Level.Banking,
    handle: (request) => ok({ suggestion_summary: previewAcceptance(request.ctx, payload(request, 'suggestions', acceptSuggestionsSchema)) }),
  },
  {
    method: 'POST',
    path: '/v2/bank_transactions/suggestions/accept',
    level: Level.Banking,
    handle: (request) => ok({ accepted_suggestions: acceptSuggestions(request.ctx, payload(request, 'suggestions', acceptSuggestionsSchema)) }),
  },
];
