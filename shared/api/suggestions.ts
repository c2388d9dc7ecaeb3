import { z } from 'zod';
import { date } from './fields';

/**
 * The most lines one acceptance (or its preview) looks at: named in bank_transactions, or left to
 * explain in bank_account between the dates. All are explained in one transaction, which holds the
 * book's one writer for its whole run (about a minute for 10,000 on a busy 2-core machine).
 */
export const ACCEPT_LINES_MAX = 10_000;

/**
 * Ledgerdesk's bulk acceptance of suggestions (issue 22): the lines named, or every line of an
 * account (between optional dates); only confident suggestions are taken.
 */
export const acceptSuggestionsSchema = z
  .object({
    bank_transactions: z.array(z.union([z.string(), z.number()]), { error: 'must be an array of bank transaction urls' }).max(ACCEPT_LINES_MAX, { error: `must name at most ${ACCEPT_LINES_MAX} lines` }).optional(),
    bank_account: z.union([z.string(), z.number()], { error: 'must be a url' }).optional(),
    from_date: date.optional(),
    to_date: date.optional(),
  })
  .refine((value) => (value.bank_transactions === undefined) !== (value.bank_account === undefined), {
    error: 'give bank_transactions (the lines) or bank_account (every line of the account, between from_date and to_date), not both',
  });
export type AcceptSuggestionsInput = z.infer<typeof acceptSuggestionsSchema>;
