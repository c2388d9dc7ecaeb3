import { asc, eq } from 'drizzle-orm';
import { Level } from '../../../shared/api/permissions';
import {
  PROPERTY_COMPANY_TYPE,
  PROPERTY_COUNTRY,
  propertyCreateSchema,
  propertyUpdateSchema,
  type PropertyUpdate,
} from '../../../shared/api/properties';
import { properties } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { notFound, unprocessable } from '../errors';
import { hasJournalEntries } from '../ledger/journal-entries';
import { listPage } from '../pagination';
import { payload } from '../payload';
import { created, deleted, ok, type Route, type RouteRequest } from '../route';
import { recordUrl } from '../urls';
import type { ApiRecord } from '../values';

type PropertyRow = typeof properties.$inferSelect;

/** The live service's property carries no timestamps; neither does this one. */
export function propertyRecord(ctx: EngineContext, row: PropertyRow): ApiRecord {
  return {
    url: recordUrl(ctx, 'properties', row.id),
    name: row.name ?? undefined,
    address1: row.address1,
    address2: row.address2 ?? undefined,
    address3: row.address3 ?? undefined,
    town: row.town ?? undefined,
    region: row.region ?? undefined,
    postcode: row.postcode ?? undefined,
    country: row.country,
  };
}

const isLandlord = (ctx: EngineContext) => loadCompany(ctx).type === PROPERTY_COMPANY_TYPE;

export function findProperty(ctx: EngineContext, id: string): PropertyRow {
  if (!isLandlord(ctx)) throw notFound(`Property not found: only ${PROPERTY_COMPANY_TYPE} companies have properties`);
  const row = /^\d+$/.test(id) ? ctx.db.select().from(properties).where(eq(properties.id, Number(id))).get() : undefined;
  if (!row) throw notFound('Property not found');
  return row;
}

function addressColumns(input: PropertyUpdate): Partial<typeof properties.$inferInsert> {
  const set: Partial<typeof properties.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.address1 !== undefined) set.address1 = input.address1;
  if (input.address2 !== undefined) set.address2 = input.address2;
  if (input.address3 !== undefined) set.address3 = input.address3;
  if (input.town !== undefined) set.town = input.town;
  if (input.region !== undefined) set.region = input.region;
  if (input.postcode !== undefined) set.postcode = input.postcode;
  return set;
}

function createProperty(request: RouteRequest) {
  const { ctx } = request;
  if (!isLandlord(ctx)) throw unprocessable(`Only ${PROPERTY_COMPANY_TYPE} companies can have properties`);
  const input = payload(request, 'property', propertyCreateSchema);
  // Spec 2.8: the country "is fixed to United Kingdom"; whatever a request names, the property is
  // stored there, as the live service does (issue 13 item 7).
  const row = ctx.db
    .insert(properties)
    .values({ address1: input.address1, ...addressColumns(input), country: PROPERTY_COUNTRY, createdAt: ctx.now, updatedAt: ctx.now })
    .returning()
    .get();
  ctx.recordChange('properties', row.id, 'create');
  const record = propertyRecord(ctx, row);
  return created({ property: record }, record.url as string);
}

function updateProperty(request: RouteRequest) {
  const { ctx } = request;
  const current = findProperty(ctx, request.params.id!);
  const input = payload(request, 'property', propertyUpdateSchema);
  const set = addressColumns(input);
  if (Object.keys(set).length === 0) return ok({ property: propertyRecord(ctx, current) });
  const row = ctx.db.update(properties).set({ ...set, updatedAt: ctx.now }).where(eq(properties.id, current.id)).returning().get();
  ctx.recordChange('properties', row.id, 'update');
  return ok({ property: propertyRecord(ctx, row) });
}

function deleteProperty(request: RouteRequest) {
  const { ctx } = request;
  const row = findProperty(ctx, request.params.id!);
  if (hasJournalEntries(ctx, 'propertyId', row.id)) throw unprocessable('This property has journal entries and cannot be deleted');
  ctx.db.delete(properties).where(eq(properties.id, row.id)).run();
  ctx.recordChange('properties', row.id, 'delete');
  return deleted();
}

/** Other company types cannot have properties, so their list is simply empty. */
function listProperties(request: RouteRequest) {
  const { ctx } = request;
  const rows = isLandlord(ctx) ? ctx.db.select().from(properties).orderBy(asc(properties.id)).all() : [];
  return listPage(request, 'properties', rows, (row) => propertyRecord(ctx, row));
}

const LEVEL = Level.TaxAccountingAndUsers;
const BY_ID = '/v2/properties/:id{[0-9]+}';

export const propertyRoutes: Route[] = [
  { method: 'GET', path: '/v2/properties', level: LEVEL, handle: listProperties },
  { method: 'GET', path: BY_ID, level: LEVEL, handle: ({ ctx, params }) => ok({ property: propertyRecord(ctx, findProperty(ctx, params.id!)) }) },
  { method: 'POST', path: '/v2/properties', level: LEVEL, handle: createProperty },
  { method: 'PUT', path: BY_ID, level: LEVEL, handle: updateProperty },
  { method: 'DELETE', path: BY_ID, level: LEVEL, handle: deleteProperty },
];
