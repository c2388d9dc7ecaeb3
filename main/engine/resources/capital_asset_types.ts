import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { CAPITAL_ASSET_TYPE_FIELDS, capitalAssetTypeSchema, type CapitalAssetTypeInput } from '../../../shared/api/capital_asset_types';
import { Level } from '../../../shared/api/permissions';
import { capitalAssets, capitalAssetTypes, categories, postings } from '../../db/schema';
import type { EngineContext } from '../context';
import { badRequest, notFound, unprocessable } from '../errors';
import { createSubAccounts, deleteSubAccounts, renameSubAccounts } from '../ledger/chart';
import { hasJournalEntries } from '../ledger/journal-entries';
import { listPage } from '../pagination';
import { payload, rootOf } from '../payload';
import { created, ok, type Route, type RouteRequest } from '../route';
import { recordUrl } from '../urls';
import { timestamp, type ApiRecord } from '../values';

type CapitalAssetTypeRow = typeof capitalAssetTypes.$inferSelect;

export function capitalAssetTypeRecord(ctx: EngineContext, row: CapitalAssetTypeRow): ApiRecord {
  return {
    url: recordUrl(ctx, 'capital_asset_types', row.id),
    name: row.name,
    system_default: row.systemDefault,
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
  };
}

export function findCapitalAssetType(ctx: EngineContext, id: string): CapitalAssetTypeRow {
  const row = /^\d+$/.test(id) ? ctx.db.select().from(capitalAssetTypes).where(eq(capitalAssetTypes.id, Number(id))).get() : undefined;
  if (!row) throw notFound('Capital asset type not found');
  return row;
}

/**
 * The live service answers 400 "found unpermitted parameters" when anything but name is sent here,
 * read-only fields included and even as null (api-quirks.md); a client that round-trips a record
 * learns of it at once rather than wondering why its created_at did not stick.
 */
function readInput(request: RouteRequest): CapitalAssetTypeInput {
  const unpermitted = Object.keys(rootOf(request, 'capital_asset_type')).filter((key) => !(CAPITAL_ASSET_TYPE_FIELDS as readonly string[]).includes(key));
  if (unpermitted.length > 0) throw badRequest(`found unpermitted parameters: ${unpermitted.join(', ')}`);
  return payload(request, 'capital_asset_type', capitalAssetTypeSchema);
}

/** Two types of one name would make their sub accounts indistinguishable in the chart. */
function checkNameFree(ctx: EngineContext, name: string, exceptId?: number): void {
  const sameName = sql`lower(${capitalAssetTypes.name}) = lower(${name})`;
  const clash = ctx.db
    .select({ id: capitalAssetTypes.id })
    .from(capitalAssetTypes)
    .where(exceptId === undefined ? sameName : and(sameName, ne(capitalAssetTypes.id, exceptId)))
    .get();
  if (clash) throw unprocessable('name has already been taken');
}

/** A type's items are the accounting entries on its 601-607 sub accounts. */
function hasItems(ctx: EngineContext, typeId: number): boolean {
  const entry = ctx.db
    .select({ id: postings.id })
    .from(postings)
    .innerJoin(categories, eq(categories.id, postings.categoryId))
    .where(eq(categories.capitalAssetTypeId, typeId))
    .limit(1)
    .get();
  const asset = ctx.db.select({ id: capitalAssets.id }).from(capitalAssets).where(eq(capitalAssets.capitalAssetTypeId, typeId)).limit(1).get();
  return entry !== undefined || asset !== undefined || hasJournalEntries(ctx, 'capitalAssetTypeId', typeId);
}

function checkChangeable(ctx: EngineContext, row: CapitalAssetTypeRow, action: 'changed' | 'deleted'): void {
  if (row.systemDefault) throw unprocessable(`${row.name} is a system default capital asset type and cannot be ${action}`);
  if (hasItems(ctx, row.id)) throw unprocessable(`${row.name} has capital assets recorded against it and cannot be ${action}`);
}

function createCapitalAssetType(request: RouteRequest) {
  const { ctx } = request;
  const input = readInput(request);
  checkNameFree(ctx, input.name);
  const row = ctx.db
    .insert(capitalAssetTypes)
    .values({ name: input.name, systemDefault: false, createdAt: ctx.now, updatedAt: ctx.now })
    .returning()
    .get();
  ctx.recordChange('capital_asset_types', row.id, 'create');
  createSubAccounts(ctx, { kind: 'capitalAssetType', id: row.id, name: row.name });
  const record = capitalAssetTypeRecord(ctx, row);
  return created({ capital_asset_type: record }, record.url as string);
}

function updateCapitalAssetType(request: RouteRequest) {
  const { ctx } = request;
  const current = findCapitalAssetType(ctx, request.params.id!);
  checkChangeable(ctx, current, 'changed');
  const input = readInput(request);
  if (input.name === current.name) return ok({ capital_asset_type: capitalAssetTypeRecord(ctx, current) });
  checkNameFree(ctx, input.name, current.id);
  const row = ctx.db.update(capitalAssetTypes).set({ name: input.name, updatedAt: ctx.now }).where(eq(capitalAssetTypes.id, current.id)).returning().get();
  ctx.recordChange('capital_asset_types', row.id, 'update');
  renameSubAccounts(ctx, { kind: 'capitalAssetType', id: row.id, name: row.name });
  return ok({ capital_asset_type: capitalAssetTypeRecord(ctx, row) });
}

function deleteCapitalAssetType(request: RouteRequest) {
  const { ctx } = request;
  const row = findCapitalAssetType(ctx, request.params.id!);
  checkChangeable(ctx, row, 'deleted');
  const record = capitalAssetTypeRecord(ctx, row);
  deleteSubAccounts(ctx, { kind: 'capitalAssetType', id: row.id, name: row.name });
  ctx.db.delete(capitalAssetTypes).where(eq(capitalAssetTypes.id, row.id)).run();
  ctx.recordChange('capital_asset_types', row.id, 'delete');
  return ok({ capital_asset_type: record });
}

function listCapitalAssetTypes(request: RouteRequest) {
  const { ctx } = request;
  const rows = ctx.db.select().from(capitalAssetTypes).orderBy(asc(capitalAssetTypes.id)).all();
  return listPage(request, 'capital_asset_types', rows, (row) => capitalAssetTypeRecord(ctx, row));
}

const FULL = Level.Full;
const BY_ID = '/v2/capital_asset_types/:id{[0-9]+}';

export const capitalAssetTypeRoutes: Route[] = [
  { method: 'GET', path: '/v2/capital_asset_types', level: FULL, handle: listCapitalAssetTypes },
  { method: 'GET', path: BY_ID, level: FULL, handle: ({ ctx, params }) => ok({ capital_asset_type: capitalAssetTypeRecord(ctx, findCapitalAssetType(ctx, params.id!)) }) },
  { method: 'POST', path: '/v2/capital_asset_types', level: FULL, handle: createCapitalAssetType },
  { method: 'PUT', path: BY_ID, level: FULL, handle: updateCapitalAssetType },
  { method: 'DELETE', path: BY_ID, level: FULL, handle: deleteCapitalAssetType },
];
