import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { DOCUMENT_SORTS, type DocumentFields, type ItemInput } from '../../../shared/api/invoices';
import { Level } from '../../../shared/api/permissions';
import { contacts, invoices, projects } from '../../db/schema';
import { unprocessable } from '../errors';
import { assertUnlocked } from '../ledger/locks';
import { removePostings } from '../ledger/postings';
import { pageHeaders, pageOf } from '../pagination';
import { payload } from '../payload';
import { periodConditions } from '../query-params';
import { countWhileUnchanged } from '../read-cache';
import { created, deleted, ok, type Route, type RouteRequest } from '../route';
import type { ApiRecord } from '../values';
import { documentRecord } from './document-record';
import { documentFacts } from './pdf/document-facts';
import { documentPdf } from './pdf/document-pdf';
import { writeDocument } from './document-write';
import { findDocument, KINDS, type DocumentKind, type DocumentRow } from './documents';
import { releaseEstimateOf } from './estimate-transitions';
import { documentView, linkParam, sortParam, urlsParam } from './list-query';
import { settlementsOf } from './settlements';
import { viewSql } from './status';
import { transition } from './transitions';

type SentKind = Extract<DocumentKind, 'invoice' | 'credit_note'>;

const SORT_COLUMNS: Readonly<Record<string, string>> = {
  dated_on: 'i.dated_on',
  due_on: 'i.due_on',
  reference: 'i.reference',
  created_at: 'i.created_at',
  updated_at: 'i.updated_at',
};

/** How one kind's list reads: its views as SQL, its sort keys and its record. */
export interface ListSpec {
  views: readonly string[];
  viewSql: (view: string, alias: string) => string;
  sorts: readonly string[];
  record: (ctx: RouteRequest['ctx'], row: DocumentRow, options: { items: boolean }) => ApiRecord;
}

/** GET on a kind's collection: views, contact, project, dates and updated_since, sorted and paged. */
export function listDocuments(kind: DocumentKind, spec: ListSpec, request: RouteRequest) {
  const { ctx, query } = request;
  const info = KINDS[kind];
  const { view, since } = documentView(query, spec.views, ctx.today);
  const contactId = linkParam(query, 'contact', 'contacts', (id) => ctx.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, id)).get() !== undefined);
  const projectId = linkParam(query, 'project', 'projects', (id) => ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).get() !== undefined);
  const sort = sortParam(query, spec.sorts, '-dated_on');
  const period = periodConditions(query, 'i');
  const conditions = ['i.kind = @kind', spec.viewSql(view, 'i'), ...period.conditions];
  const params: Record<string, string | number> = { kind, today: ctx.today, ...period.params };
  if (since) {
    conditions.push('i.dated_on >= @since_date');
    params.since_date = since;
  }
  if (contactId !== undefined) {
    conditions.push('i.contact_id = @contact');
    params.contact = contactId;
  }
  if (projectId !== undefined) {
    conditions.push('i.project_id = @project');
    params.project = projectId;
  }
  const urls = urlsParam(query, info.resource);
  if (urls !== undefined) {
    conditions.push('i.id IN (SELECT value FROM json_each(@urls))');
    params.urls = urls;
  }
  const where = conditions.join(' AND ');
  const direction = sort.descending ? 'DESC' : 'ASC';
  const sqlite = ctx.book.sqlite;
  const total = countWhileUnchanged(ctx, `SELECT count(*) FROM invoices i WHERE ${where}`, params);
  const page = pageOf(query);
  const ids = sqlite
    .prepare(`SELECT i.id FROM invoices i WHERE ${where} ORDER BY ${SORT_COLUMNS[sort.key]} ${direction}, i.id ${direction} LIMIT @limit OFFSET @offset`)
    .pluck()
    .all({ ...params, limit: page.limit, offset: page.offset }) as number[];
  // The live service nests items in a list only when asked to (nested_invoice_items=true).
  const nested = query.get(`nested_${info.itemsKey}`) === 'true';
  const rows = ids.map((id) => findDocument(ctx, kind, String(id)));
  return { status: 200, body: { [info.resource]: rows.map((row) => spec.record(ctx, row, { items: nested })) }, headers: pageHeaders(request.url, page, total) };
}

function itemsOfPayload(kind: SentKind, input: Record<string, unknown>): ItemInput[] | undefined {
  return input[KINDS[kind].itemsKey] as ItemInput[] | undefined;
}

function deleteDocument(kind: SentKind, request: RouteRequest) {
  const { ctx } = request;
  const row = findDocument(ctx, kind, request.params.id!);
  const label = KINDS[kind].label.toLowerCase();
  if (settlementsOf(ctx, row.id).length > 0) throw unprocessable(`This ${label} has payments or credit notes against it; remove them before deleting it`);
  assertUnlocked(ctx, row.datedOn);
  removePostings(ctx, KINDS[kind].resource, row.id);
  if (kind === 'invoice') releaseEstimateOf(ctx, row.id);
  ctx.db.delete(invoices).where(eq(invoices.id, row.id)).run();
  ctx.recordChange(KINDS[kind].resource, row.id, 'delete');
  return deleted();
}

/** The endpoints of invoices and of credit notes, which differ only in names and views. */
export function documentRoutes(kind: SentKind, schema: z.ZodType<DocumentFields>, views: readonly string[]): Route[] {
  const info = KINDS[kind];
  const collection = `/v2/${info.resource}`;
  const byId = `${collection}/:id{[0-9]+}`;
  const level = Level.InvoicesEstimatesAndFiles;
  const read = (request: RouteRequest) => ok({ [info.singular]: documentRecord(request.ctx, findDocument(request.ctx, kind, request.params.id!), { items: true }) });
  return [
    { method: 'GET', path: collection, level, handle: (request) => listDocuments(kind, { views, viewSql, sorts: DOCUMENT_SORTS, record: documentRecord }, request) },
    { method: 'GET', path: byId, level, handle: read },
    {
      method: 'POST',
      path: collection,
      level,
      handle: (request) => {
        const input = payload(request, info.singular, schema);
        const row = writeDocument(request.ctx, kind, input, itemsOfPayload(kind, input), null);
        const record = documentRecord(request.ctx, row, { items: true });
        return created({ [info.singular]: record }, record.url as string);
      },
    },
    {
      method: 'PUT',
      path: byId,
      level,
      handle: (request) => {
        const current = findDocument(request.ctx, kind, request.params.id!);
        const input = payload(request, info.singular, schema);
        const row = writeDocument(request.ctx, kind, input, itemsOfPayload(kind, input), current);
        return ok({ [info.singular]: documentRecord(request.ctx, row, { items: true }) });
      },
    },
    { method: 'DELETE', path: byId, level, handle: (request) => deleteDocument(kind, request) },
    // The document as its customer receives it, base64 in JSON as the live service answers.
    { method: 'GET', path: `${byId}/pdf`, level, handle: (request) => ok({ pdf: { content: Buffer.from(documentPdf(documentFacts(request.ctx, findDocument(request.ctx, kind, request.params.id!)), new Date(request.ctx.now))).toString('base64') } }) },
    {
      method: 'PUT',
      path: `${byId}/transitions/:transition`,
      level,
      handle: (request) => {
        const row = transition(request.ctx, findDocument(request.ctx, kind, request.params.id!), request.params.transition!);
        return ok({ [info.singular]: documentRecord(request.ctx, row, { items: true }) });
      },
    },
  ];
}
