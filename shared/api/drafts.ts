import { z } from 'zod';

/**
 * Drafts (Ledgerdesk extension, issue 19 item 1): what an editor holds before it is saved, kept in the
 * book by editor key. The engine checks the envelope; the state is the editor's own and is stored as
 * sent, so a draft restores exactly what was typed.
 */

/** "invoices:new-3f2a9c" or "bills:17": the section, then which record (or which new one). */
export const DRAFT_KEY = /^[a-z][a-z_]{0,39}:[A-Za-z0-9_.-]{1,80}$/;
export const DRAFT_KEY_RULE = 'is not an editor key: a section and a record, such as bills:17 or invoices:new-3f2a';

export const draftSchema = z.object({
  section: z.string({ error: 'is required' }).regex(/^[a-z][a-z_]{0,39}$/, { error: 'must be a section id such as invoices' }),
  label: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(200, { error: 'is too long (at most 200 characters)' }),
  state: z.record(z.string(), z.unknown(), { error: 'must be an object holding the editor state' }),
});
export type DraftInput = z.infer<typeof draftSchema>;

/** A draft as the engine lists it; the list leaves the state out (it may hold files). */
export interface DraftSummary {
  key: string;
  section: string;
  label: string;
  created_at: string;
  updated_at: string;
}

export interface Draft<State = Record<string, unknown>> extends DraftSummary {
  state: State;
}
