/**
 * The engine's undo and redo (Ledgerdesk extensions, api-notes "Undo and redo"): every write request
 * that changed the book is one change set of the user who sent it; these read the user's stacks and
 * step along them, one whole set in one transaction, or refuse with a sentence.
 */
import { z } from 'zod';
import { getOne, pathOf, type ApiResult } from '../api';

export const changeSetSchema = z.object({
  url: z.string(),
  /** A lower-case phrase: "created contact Acme", "saved 3 explanations". */
  label: z.string(),
  state: z.enum(['done', 'undone', 'dropped']),
  made_at: z.string(),
});
export type ChangeSet = z.infer<typeof changeSetSchema>;

const stacksSchema = z.object({ undo: changeSetSchema.array(), redo: changeSetSchema.array() });
export type ChangeSetStacks = z.infer<typeof stacksSchema>;

/** A change-log entry a step wrote, as GET /v2/book/changes names it (the same id). */
const steppedChangeSchema = z.object({ id: z.number(), resource: z.string(), record_id: z.string(), operation: z.enum(['create', 'update', 'delete']) });

const stepSchema = stacksSchema.extend({ change_set: changeSetSchema, changes: steppedChangeSchema.array().default([]) });
export type ChangeSetStep = z.infer<typeof stepSchema>;

/** The undo stack (latest first) and the redo stack (next to redo first). */
export function listChangeSets(perPage = 1): Promise<ApiResult<ChangeSetStacks>> {
  return getOne('GET', '/v2/change_sets', null, stacksSchema, { query: { per_page: String(perPage) } });
}

/** Undoes (redoes) the top of the user's stack, or the given set (a toast's Undo of an earlier action). */
export function stepChangeSet(direction: 'undo' | 'redo', set?: ChangeSet): Promise<ApiResult<ChangeSetStep>> {
  const path = set ? `${pathOf(set.url)}/${direction}` : `/v2/${direction}`;
  return getOne('POST', path, null, stepSchema);
}
