import { eq } from 'drizzle-orm';
import { ESTIMATE_VIEWS, estimateSchema, type EstimateFields } from '../../../shared/api/estimates';
import type { DocumentFields } from '../../../shared/api/invoices';
import { Level } from '../../../shared/api/permissions';
import { invoices } from '../../db/schema';
import { ApiError } from '../errors';
import { payload } from '../payload';
import { created, deleted, ok, type Route, type RouteRequest } from '../route';
import { listDocuments } from '../sales/document-routes';
import { writeDocument } from '../sales/document-write';
import { findDocument } from '../sales/documents';
import { estimateRecord } from '../sales/estimate-record';
import { estimateTransition } from '../sales/estimate-transitions';
import { estimateViewSql } from '../sales/estimate-views';
import { documentFacts } from '../sales/pdf/document-facts';
import { documentPdf } from '../sales/pdf/document-pdf';

const COLLECTION = '/v2/estimates';
const BY_ID = `${COLLECTION}/:id{[0-9]+}`;
const LEVEL = Level.InvoicesEstimatesAndFiles;
const SORTS = ['dated_on', 'reference', 'created_at', 'updated_at'] as const;

/** An estimate's payload in the shape every sales document is written from (notes are its comments). */
function documentInput(input: EstimateFields): DocumentFields {
  const { notes, estimate_items: _items, estimate_type: _type, include_sales_tax_on_total_value: _vat, ...shared } = input;
  return { ...shared, ...(notes !== undefined ? { comments: notes } : {}) };
}

function write(request: RouteRequest, current: ReturnType<typeof findDocument> | null) {
  const input = payload(request, 'estimate', estimateSchema);
  const extras = { estimateType: input.estimate_type, includeSalesTaxOnTotalValue: input.include_sales_tax_on_total_value };
  return writeDocument(request.ctx, 'estimate', documentInput(input), input.estimate_items, current, extras);
}

/**
 * The live service refuses to delete an approved estimate with a 409 (api-quirks.md: "return the
 * estimate to draft first"); an invoiced one is the record of what its invoice was raised from.
 */
function deleteEstimate(request: RouteRequest) {
  const { ctx } = request;
  const row = findDocument(ctx, 'estimate', request.params.id!);
  if (row.status === 'Approved') throw new ApiError(409, 'An approved estimate cannot be deleted; take it back to draft first (mark_as_draft)');
  if (row.status === 'Invoiced') throw new ApiError(409, 'An invoiced estimate cannot be deleted while its invoice exists; delete the invoice first');
  ctx.db.delete(invoices).where(eq(invoices.id, row.id)).run();
  ctx.recordChange('estimates', row.id, 'delete');
  return deleted();
}

const read = (request: RouteRequest) => findDocument(request.ctx, 'estimate', request.params.id!);

/**
 * /v2/estimates: quotes and proposals with items taxed as an invoice's are, moved through Draft, Sent,
 * Approved, Rejected and Invoiced by their transitions, and converted into an invoice. An estimate
 * posts nothing to the ledger, whatever its status.
 */
export const estimateRoutes: Route[] = [
  { method: 'GET', path: COLLECTION, level: LEVEL, handle: (request) => listDocuments('estimate', { views: ESTIMATE_VIEWS, viewSql: estimateViewSql, sorts: SORTS, record: estimateRecord }, request) },
  { method: 'GET', path: BY_ID, level: LEVEL, handle: (request) => ok({ estimate: estimateRecord(request.ctx, read(request), { items: true }) }) },
  {
    method: 'POST',
    path: COLLECTION,
    level: LEVEL,
    handle: (request) => {
      const record = estimateRecord(request.ctx, write(request, null), { items: true });
      return created({ estimate: record }, record.url as string);
    },
  },
  { method: 'PUT', path: BY_ID, level: LEVEL, handle: (request) => ok({ estimate: estimateRecord(request.ctx, write(request, read(request)), { items: true }) }) },
  { method: 'DELETE', path: BY_ID, level: LEVEL, handle: deleteEstimate },
  // The estimate as its customer receives it, drawn by the invoices' renderer.
  { method: 'GET', path: `${BY_ID}/pdf`, level: LEVEL, handle: (request) => ok({ pdf: { content: Buffer.from(documentPdf(documentFacts(request.ctx, read(request)), new Date(request.ctx.now))).toString('base64') } }) },
  {
    method: 'PUT',
    path: `${BY_ID}/transitions/:transition`,
    level: LEVEL,
    handle: (request) => ok({ estimate: estimateRecord(request.ctx, estimateTransition(request.ctx, read(request), request.params.transition!), { items: true }) }),
  },
];
