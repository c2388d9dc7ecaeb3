import { asc, eq } from 'drizzle-orm';
import { Level } from '../../../shared/api/permissions';
import { bankFeeds } from '../../db/schema';
import type { EngineContext } from '../context';
import { notFound } from '../errors';
import { listPage } from '../pagination';
import { ok, type Route, type RouteRequest } from '../route';
import { recordUrl } from '../urls';
import { timestamp, type ApiRecord } from '../values';

type BankFeedRow = typeof bankFeeds.$inferSelect;

/** Feeds are set up with the bank, not through the API, so this resource is read-only. */
export function bankFeedRecord(ctx: EngineContext, row: BankFeedRow): ApiRecord {
  return {
    url: recordUrl(ctx, 'bank_feeds', row.id),
    bank_account: recordUrl(ctx, 'bank_accounts', row.bankAccountId),
    state: row.state,
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
    feed_type: row.feedType,
    bank_service_name: row.bankServiceName,
    // Strong customer authentication only applies to api feeds; an open banking feed has none.
    sca_expires_at: row.feedType === 'api' && row.scaExpiresAt ? timestamp(row.scaExpiresAt) : undefined,
  };
}

function findBankFeed(ctx: EngineContext, id: string): BankFeedRow {
  const row = /^\d+$/.test(id) ? ctx.db.select().from(bankFeeds).where(eq(bankFeeds.id, Number(id))).get() : undefined;
  if (!row) throw notFound('The bank feed cannot be found in this company');
  return row;
}

function listBankFeeds(request: RouteRequest) {
  const { ctx } = request;
  const rows = ctx.db.select().from(bankFeeds).orderBy(asc(bankFeeds.id)).all();
  return listPage(request, 'bank_feeds', rows, (row) => bankFeedRecord(ctx, row));
}

export const bankFeedRoutes: Route[] = [
  { method: 'GET', path: '/v2/bank_feeds', level: Level.Banking, handle: listBankFeeds },
  { method: 'GET', path: '/v2/bank_feeds/:id{[0-9]+}', level: Level.Banking, handle: ({ ctx, params }) => ok({ bank_feed: bankFeedRecord(ctx, findBankFeed(ctx, params.id!)) }) },
];
