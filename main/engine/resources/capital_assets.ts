import { asc, eq } from 'drizzle-orm';
import { CAPITAL_ASSET_VIEWS, capitalAssetUpdateSchema, type CapitalAssetView } from '../../../shared/api/capital_assets';
import { Level } from '../../../shared/api/permissions';
import { capitalAssets } from '../../db/schema';
import { changeAsset } from '../assets/change';
import { assertPurchaseFieldsKept, assetFields } from '../assets/input';
import { postAsset, unpostAsset, type CapitalAssetRow } from '../assets/ledger';
import { capitalAssetRecord, type RecordOptions } from '../assets/record';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { notFound, unprocessable } from '../errors';
import { listPage } from '../pagination';
import { payload } from '../payload';
import { choiceParam, dateParam } from '../query-params';
import { created, ok, type Route, type RouteRequest } from '../route';

/**
 * /v2/capital_assets: the fixed asset register. List and get follow the live service (view filters,
 * include_history); create, update and delete are Ledgerdesk's, since the live service makes assets
 * only from purchases (docs/api-notes.md, "Fixed assets").
 */

function findAsset(ctx: EngineContext, id: string): CapitalAssetRow {
  const row = /^\d+$/.test(id) ? ctx.db.select().from(capitalAssets).where(eq(capitalAssets.id, Number(id))).get() : undefined;
  if (!row) throw notFound('Capital asset not found');
  return row;
}

function recordOptions({ ctx, query }: RouteRequest, includeHistory?: boolean): RecordOptions {
  const company = loadCompany(ctx);
  return {
    currency: company.currency,
    booksStart: company.companyStartDate,
    asAt: dateParam(query, 'as_at_date') ?? ctx.today,
    includeHistory: includeHistory ?? query.get('include_history') === 'true',
  };
}

/** disposed: disposed of by the as-at date; disposable: still held then (the ones a disposal can pick). */
function inView(row: CapitalAssetRow, view: CapitalAssetView, asAt: string): boolean {
  const disposed = row.disposedOn !== null && row.disposedOn <= asAt;
  if (view === 'disposed') return disposed;
  if (view === 'disposable') return !disposed;
  return true;
}

/** The register's rows for the request's view and as-at date, oldest purchase first. */
function registerRows(request: RouteRequest): { rows: CapitalAssetRow[]; options: RecordOptions } {
  const { ctx, query } = request;
  const view = choiceParam(query, 'view', CAPITAL_ASSET_VIEWS, 'all');
  const options = recordOptions(request);
  const rows = ctx.db.select().from(capitalAssets).orderBy(asc(capitalAssets.purchasedOn), asc(capitalAssets.id)).all();
  return { rows: rows.filter((row) => inView(row, view, options.asAt)), options };
}

function listAssets(request: RouteRequest) {
  const { rows, options } = registerRows(request);
  return listPage(request, 'capital_assets', rows, (row) => capitalAssetRecord(request.ctx, row, options));
}

/** The whole register as the list answers it, every page at once (for the PDF of the register). */
export function registerRecords(request: RouteRequest): { records: Record<string, unknown>[]; asAt: string } {
  const { rows, options } = registerRows(request);
  // As the JSON reads: the record's money values are written out as the response writes them.
  const records = JSON.parse(JSON.stringify(rows.map((row) => capitalAssetRecord(request.ctx, row, options)))) as Record<string, unknown>[];
  return { records, asAt: options.asAt };
}

function createAsset(request: RouteRequest) {
  const { ctx } = request;
  const input = payload(request, 'capital_asset', capitalAssetUpdateSchema);
  const fields = assetFields(ctx, input, null, loadCompany(ctx).currency);
  const row = ctx.db
    .insert(capitalAssets)
    .values({ ...fields, sourceResource: null, sourceId: null, sourceLine: null, createdAt: ctx.now, updatedAt: ctx.now })
    .returning()
    .get();
  ctx.recordChange('capital_assets', row.id, 'create');
  postAsset(ctx, row);
  const record = capitalAssetRecord(ctx, row, recordOptions(request, true));
  return created({ capital_asset: record }, record.url as string);
}

function updateAsset(request: RouteRequest) {
  const { ctx, params } = request;
  const current = findAsset(ctx, params.id!);
  const input = payload(request, 'capital_asset', capitalAssetUpdateSchema);
  const fields = assetFields(ctx, input, current, loadCompany(ctx).currency);
  assertPurchaseFieldsKept(current, fields);
  // A change of estimate is made today unless the person says when (the year being closed, say).
  const row = changeAsset(ctx, current, fields, input.estimate_changed_on ?? ctx.today);
  return ok({ capital_asset: capitalAssetRecord(ctx, row, recordOptions(request, true)) });
}

function deleteAsset(request: RouteRequest) {
  const { ctx, params } = request;
  const row = findAsset(ctx, params.id!);
  if (row.sourceResource !== null) throw unprocessable('This asset was made by the purchase that bought it: delete the purchase, or explain it to another category, to remove it');
  const record = capitalAssetRecord(ctx, row, recordOptions(request));
  ctx.recordChange('capital_assets', row.id, 'delete');
  unpostAsset(ctx, row.id);
  ctx.db.delete(capitalAssets).where(eq(capitalAssets.id, row.id)).run();
  return ok({ capital_asset: record });
}

const BY_ID = '/v2/capital_assets/:id{[0-9]+}';
/** Reading follows the live service (Banking); writing posts to the ledger, as journals do. */
const WRITE = Level.TaxAccountingAndUsers;

export const capitalAssetRoutes: Route[] = [
  { method: 'GET', path: '/v2/capital_assets', level: Level.Banking, handle: listAssets },
  { method: 'GET', path: BY_ID, level: Level.Banking, handle: (request) => ok({ capital_asset: capitalAssetRecord(request.ctx, findAsset(request.ctx, request.params.id!), recordOptions(request)) }) },
  { method: 'POST', path: '/v2/capital_assets', level: WRITE, handle: createAsset },
  { method: 'PUT', path: BY_ID, level: WRITE, handle: updateAsset },
  { method: 'DELETE', path: BY_ID, level: WRITE, handle: deleteAsset },
];
