import { eq } from 'drizzle-orm';
import { reconciliationCreateSchema, reconciliationUpdateSchema } from '../../../shared/api/credit_note_reconciliations';
import { fromMinor } from '../../../shared/money';
import { Level } from '../../../shared/api/permissions';
import { creditNoteReconciliations } from '../../db/schema';
import type { EngineContext } from '../context';
import { notFound } from '../errors';
import { pageHeaders, pageOf } from '../pagination';
import { payload } from '../payload';
import { periodConditions } from '../query-params';
import { created, deleted, ok, type Route, type RouteRequest } from '../route';
import { documentById } from '../sales/documents';
import { linkParam } from '../sales/list-query';
import { deleteReconciliation, writeReconciliation, type ReconciliationRow } from '../sales/reconciliation-write';
import { RECONCILIATIONS } from '../sales/settlements';
import { recordUrl } from '../urls';
import { date, decimal, timestamp, type ApiRecord } from '../values';

function reconciliationRecord(ctx: EngineContext, row: ReconciliationRow): ApiRecord {
  return {
    url: recordUrl(ctx, RECONCILIATIONS, row.id),
    gross_value: decimal(fromMinor(row.grossMinor, row.currency)),
    dated_on: date(row.datedOn),
    exchange_rate: decimal(row.exchangeRate),
    currency: row.currency,
    invoice: recordUrl(ctx, 'invoices', row.invoiceId),
    credit_note: recordUrl(ctx, 'credit_notes', row.creditNoteId),
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
  };
}

function findReconciliation(ctx: EngineContext, id: string): ReconciliationRow {
  const row = /^\d+$/.test(id) ? ctx.db.select().from(creditNoteReconciliations).where(eq(creditNoteReconciliations.id, Number(id))).get() : undefined;
  if (!row) throw notFound('Credit note reconciliation not found');
  return row;
}

/** A sales document named by ?invoice= or ?credit_note= (a Ledgerdesk extension: what is set against one document). */
function documentParam(ctx: EngineContext, query: URLSearchParams, name: 'invoice' | 'credit_note'): number | undefined {
  const resource = name === 'invoice' ? 'invoices' : 'credit_notes';
  return linkParam(query, name, resource, (id) => documentById(ctx, id)?.kind === name);
}

function listReconciliations(request: RouteRequest) {
  const { ctx, query } = request;
  const period = periodConditions(query);
  const conditions = [...period.conditions];
  const params: Record<string, string | number> = { ...period.params };
  for (const name of ['invoice', 'credit_note'] as const) {
    const id = documentParam(ctx, query, name);
    if (id === undefined) continue;
    conditions.push(`${name}_id = @${name}`);
    params[name] = id;
  }
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const total = ctx.book.sqlite.prepare(`SELECT count(*) FROM credit_note_reconciliations ${where}`).pluck().get(params) as number;
  const page = pageOf(query);
  const ids = ctx.book.sqlite
    .prepare(`SELECT id FROM credit_note_reconciliations ${where} ORDER BY dated_on, id LIMIT @limit OFFSET @offset`)
    .pluck()
    .all({ ...params, limit: page.limit, offset: page.offset }) as number[];
  const rows = ids.map((id) => findReconciliation(ctx, String(id)));
  return { status: 200, body: { credit_note_reconciliations: rows.map((row) => reconciliationRecord(ctx, row)) }, headers: pageHeaders(request.url, page, total) };
}

function createRoute(request: RouteRequest) {
  const { ctx } = request;
  const row = writeReconciliation(ctx, payload(request, 'credit_note_reconciliation', reconciliationCreateSchema), null);
  const record = reconciliationRecord(ctx, row);
  return created({ credit_note_reconciliation: record }, record.url as string);
}

function updateRoute(request: RouteRequest) {
  const { ctx } = request;
  const current = findReconciliation(ctx, request.params.id!);
  const row = writeReconciliation(ctx, payload(request, 'credit_note_reconciliation', reconciliationUpdateSchema), current);
  return ok({ credit_note_reconciliation: reconciliationRecord(ctx, row) });
}

function deleteRoute(request: RouteRequest) {
  const { ctx } = request;
  const row = findReconciliation(ctx, request.params.id!);
  deleteReconciliation(ctx, row);
  return deleted();
}

const LEVEL = Level.InvoicesEstimatesAndFiles;
const BY_ID = '/v2/credit_note_reconciliations/:id{[0-9]+}';

export const creditNoteReconciliationRoutes: Route[] = [
  { method: 'GET', path: '/v2/credit_note_reconciliations', level: LEVEL, handle: listReconciliations },
  { method: 'GET', path: BY_ID, level: LEVEL, handle: ({ ctx, params }) => ok({ credit_note_reconciliation: reconciliationRecord(ctx, findReconciliation(ctx, params.id!)) }) },
  { method: 'POST', path: '/v2/credit_note_reconciliations', level: LEVEL, handle: createRoute },
  { method: 'PUT', path: BY_ID, level: LEVEL, handle: updateRoute },
  { method: 'DELETE', path: BY_ID, level: LEVEL, handle: deleteRoute },
];
