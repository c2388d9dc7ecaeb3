/** Typed call for GET /v2/book/changes (Ledgerdesk extension): the change log read forward from a cursor. */
import { z } from 'zod';
import { getOne, type ApiResult } from '../api';

export const bookChangeSchema = z.object({
  id: z.number(),
  resource: z.string(),
  record_id: z.string(),
  /** The last part of the record's url where it is not the id: a category's nominal code. */
  record_key: z.string().optional(),
  /** The record a change belongs to, as "resource/id": an explanation's bank line. */
  record_owner: z.string().optional(),
  operation: z.enum(['create', 'update', 'delete']),
});
export type BookChange = z.infer<typeof bookChangeSchema>;

const pageSchema = z.object({ changes: z.array(bookChangeSchema), latest: z.number(), more: z.boolean(), reset: z.boolean() });
export type BookChangePage = z.infer<typeof pageSchema>;

/** The changes after change-log id `after`; without it only where the log stands now (`latest`). */
export function readBookChanges(after: number | null): Promise<ApiResult<BookChangePage>> {
  return getOne('GET', '/v2/book/changes', null, pageSchema, after === null ? {} : { query: { after: String(after) } });
}
