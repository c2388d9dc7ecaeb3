/** Typed calls for /v2/drafts (Ledgerdesk extension): an editor's unsaved state kept in the book. */
import { z } from 'zod';
import { getAll, getOne, send, type ApiResult } from '../api';

const summarySchema = z.object({ key: z.string(), section: z.string(), label: z.string(), created_at: z.string(), updated_at: z.string() });
export type DraftSummary = z.infer<typeof summarySchema>;
const draftSchema = summarySchema.extend({ state: z.record(z.string(), z.unknown()) });
export type StoredDraft = z.infer<typeof draftSchema>;

const pathOf = (key: string) => `/v2/drafts/${encodeURIComponent(key)}`;

export function listDrafts(section?: string): Promise<ApiResult<DraftSummary[]>> {
  return getAll('/v2/drafts', 'drafts', summarySchema, section ? { section } : {});
}

export function getDraft(key: string): Promise<ApiResult<StoredDraft>> {
  return getOne('GET', pathOf(key), 'draft', draftSchema);
}

export function putDraft(key: string, draft: { section: string; label: string; state: Record<string, unknown> }): Promise<ApiResult<DraftSummary>> {
  return getOne('PUT', pathOf(key), 'draft', summarySchema, { body: { draft } });
}

/** Discards (restorable) or, once the record is saved, forgets the draft. */
export async function deleteDraft(key: string, saved = false): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(key), saved ? { query: { saved: 'true' } } : {});
  return sent.ok ? { ok: true, value: null } : sent;
}

export function restoreDraft(key: string): Promise<ApiResult<StoredDraft>> {
  return getOne('POST', `${pathOf(key)}/restore`, 'draft', draftSchema);
}
