import { Level } from '../../../shared/api/permissions';
import type { Book } from '../../db/client';
import { badRequest } from '../errors';
import { preparedPerConnection } from '../prepared';
import { ok, type Route } from '../route';

/**
 * Ledgerdesk extension (issue 19 item 2, docs/api-notes.md): the change log read forward from a
 * cursor, so the desk learns which records changed (a sync pull, the CLI, another window, its own
 * writes) and refreshes what shows them in place instead of remounting a screen. It names records
 * only (resource, id, operation), never their content, so any signed-in user may read it.
 */

/** The most rows one answer carries; the caller asks again from `latest` while `more` is true. */
export const CHANGES_PAGE = 500;

interface ChangeRow {
  id: number;
  resource: string;
  recordId: string;
  operation: string;
  recordKey: string | null;
  recordOwner: string | null;
}

/** The row's column, read from the row or, once it is deleted, from the before-image its write left. */
const columnOf = (table: string, column: string) => `coalesce(
    (SELECT ${column} FROM ${table} WHERE id = CAST(c.record_id AS INTEGER)),
    (SELECT json_extract(r.before, '$.${column}') FROM change_set_rows r WHERE r.tbl = '${table}' AND r.row_key = c.record_id AND r.before IS NOT NULL ORDER BY r.id DESC LIMIT 1)
  )`;

/**
 * A category is logged by its row id but named in its url by its nominal code ("/v2/categories/285"),
 * which is all the desk knows of it: the change carries the code as `record_key`. A deleted
 * category's row is gone, so its code comes from the before-image the write left (undo's capture).
 */
const CATEGORY_KEY = `CASE WHEN c.resource = 'categories' THEN ${columnOf('categories', 'nominal_code')} END`;

/**
 * An explanation belongs to its bank line, and the desk's explain panel is open on the line, not on
 * the explanation (a new one has an id the panel cannot know): the change names the line it belongs
 * to as `record_owner` ("bank_transactions/12").
 */
const EXPLANATION_OWNER = `CASE WHEN c.resource = 'bank_transaction_explanations' THEN 'bank_transactions/' || ${columnOf('bank_transaction_explanations', 'bank_transaction_id')} END`;

const after = preparedPerConnection((sqlite: Book['sqlite']) =>
  sqlite.prepare<[number, number], ChangeRow>(
    `SELECT c.id, c.resource, c.record_id AS recordId, c.operation, ${CATEGORY_KEY} AS recordKey, ${EXPLANATION_OWNER} AS recordOwner FROM changes c WHERE c.id > ? ORDER BY c.id LIMIT ?`,
  ),
);
const newest = preparedPerConnection((sqlite: Book['sqlite']) => sqlite.prepare<[], number>('SELECT coalesce(max(id), 0) FROM changes').pluck());

function cursor(query: URLSearchParams): number | null {
  const value = query.get('after');
  if (value === null) return null;
  if (!/^\d{1,15}$/.test(value)) throw badRequest('after must be a change-log id: a whole number, 0 or more');
  return Number(value);
}

export const bookChangeRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v2/book/changes',
    level: Level.Time,
    handle: ({ ctx, query }) => {
      const from = cursor(query);
      const sqlite = ctx.book.sqlite;
      // Without a cursor the caller only wants where the log stands now, to read on from there.
      const now = newest(sqlite).get() ?? 0;
      if (from === null) return ok({ changes: [], latest: now, more: false, reset: false });
      // A cursor past the log's end means another book is open now (opened, restored): the caller
      // cannot know what changed, so it reads everything again and goes on from here.
      if (from > now) return ok({ changes: [], latest: now, more: false, reset: true });
      const rows = after(sqlite).all(from, CHANGES_PAGE + 1);
      const page = rows.slice(0, CHANGES_PAGE);
      const latest = page.length > 0 ? page[page.length - 1]!.id : from;
      return ok({
        changes: page.map((row) => ({
          id: row.id,
          resource: row.resource,
          record_id: row.recordId,
          operation: row.operation,
          ...(row.recordKey === null ? {} : { record_key: row.recordKey }),
          ...(row.recordOwner === null ? {} : { record_owner: row.recordOwner }),
        })),
        latest,
        more: rows.length > CHANGES_PAGE,
        reset: false,
      });
    },
  },
];
