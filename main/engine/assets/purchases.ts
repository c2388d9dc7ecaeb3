import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { capitalAssets, categories } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { preparedPerConnection } from '../prepared';
import type { PostingLine } from '../ledger/posting-rows';
import { postAsset, unpostAsset, type CapitalAssetRow } from './ledger';

/** The documents that buy things: what they post to a capital asset purchase account makes an asset. */
const PURCHASE_SOURCES = new Set(['bank_transaction_explanations', 'bills', 'expenses']);
/** Capital Asset Purchase; its sub accounts 602-N are one per capital asset type. */
const PURCHASE_BASE = '602';

/**
 * The profile an asset bought through a purchase starts with, until the person changes it (the
 * register's Edit, or PUT /v2/capital_assets/:id): straight line over three years, monthly, the live
 * service's default frequency since March 2024 (docs/api-notes.md).
 */
export const DEFAULT_PROFILE = { method: 'straight_line', assetLifeYears: 3, annualDepreciationPercentage: null, frequency: 'monthly' } as const;

// Both are asked each time a purchase posts, a bulk accept once a line: built and prepared once per connection.
const purchaseAccountsQuery = preparedPerConnection((db: Db) =>
  db
    .select({ id: categories.id, typeId: categories.capitalAssetTypeId })
    .from(categories)
    .where(and(eq(categories.baseCode, PURCHASE_BASE), isNotNull(categories.capitalAssetTypeId)))
    .prepare(),
);
const assetsQuery = preparedPerConnection((db: Db) =>
  db
    .select()
    .from(capitalAssets)
    .where(and(eq(capitalAssets.sourceResource, sql.placeholder('sourceResource')), eq(capitalAssets.sourceId, sql.placeholder('sourceId'))))
    .orderBy(asc(capitalAssets.sourceLine))
    .prepare(),
);

function purchaseAccounts(ctx: EngineContext): Map<number, number> {
  const rows = purchaseAccountsQuery(ctx.db).all();
  return new Map(rows.map((row) => [row.id, row.typeId!]));
}

function assetsOf(ctx: EngineContext, sourceResource: string, sourceId: number): CapitalAssetRow[] {
  return assetsQuery(ctx.db).all({ sourceResource, sourceId });
}

interface Bought {
  typeId: number;
  costMinor: number;
  purchasedOn: string;
  description: string;
}

function updateFromPurchase(ctx: EngineContext, current: CapitalAssetRow, bought: Bought): void {
  const same = current.capitalAssetTypeId === bought.typeId && current.costMinor === bought.costMinor && current.purchasedOn === bought.purchasedOn;
  if (same) return;
  if (current.disposedOn !== null && current.disposedOn < bought.purchasedOn) {
    throw unprocessable(`${current.description} was disposed of on ${current.disposedOn}, before the purchase's new date ${bought.purchasedOn}`);
  }
  const residualMinor = Math.min(current.residualMinor, bought.costMinor);
  const row = ctx.db
    .update(capitalAssets)
    .set({ capitalAssetTypeId: bought.typeId, costMinor: bought.costMinor, residualMinor, purchasedOn: bought.purchasedOn, updatedAt: ctx.now })
    .where(eq(capitalAssets.id, current.id))
    .returning()
    .get();
  ctx.recordChange('capital_assets', row.id, 'update');
  postAsset(ctx, row);
}

/** The assets each request has made, so a profile sent with the purchase is their first, not a change of estimate. */
const madeInRequest = new WeakMap<EngineContext, Set<number>>();

export function madeByThisRequest(ctx: EngineContext, assetId: number): boolean {
  return madeInRequest.get(ctx)?.has(assetId) ?? false;
}

function createFromPurchase(ctx: EngineContext, sourceResource: string, sourceId: number, sourceLine: number, bought: Bought): void {
  const row = ctx.db
    .insert(capitalAssets)
    .values({
      ...bought,
      capitalAssetTypeId: bought.typeId,
      residualMinor: 0,
      ...DEFAULT_PROFILE,
      sourceResource,
      sourceId,
      sourceLine,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning()
    .get();
  ctx.recordChange('capital_assets', row.id, 'create');
  madeInRequest.set(ctx, (madeInRequest.get(ctx) ?? new Set<number>()).add(row.id));
  postAsset(ctx, row);
}

/**
 * Keeps the register in step with a purchase document's postings, called wherever a document's
 * postings are replaced or removed: each debit to a capital asset purchase account (602-N) is one
 * asset, matched to the one made before by its place among the document's capital lines. A line that
 * changed moves its asset (type, cost, date; its description, profile and disposal are the person's); a line gone
 * takes its asset and the asset's postings with it.
 */
export function syncPurchasedAssets(ctx: EngineContext, sourceResource: string, sourceId: number, lines: readonly PostingLine[]): void {
  if (!PURCHASE_SOURCES.has(sourceResource)) return;
  const existing = assetsOf(ctx, sourceResource, sourceId);
  const accounts = existing.length > 0 || lines.length > 0 ? purchaseAccounts(ctx) : new Map<number, number>();
  const bought: Bought[] = lines
    .filter((line) => accounts.has(line.categoryId) && line.debitMinor > 0)
    .map((line) => ({ typeId: accounts.get(line.categoryId)!, costMinor: line.debitMinor, purchasedOn: line.datedOn, description: line.itemDescription || line.description }));
  bought.forEach((purchase, index) => {
    const current = existing.find((asset) => asset.sourceLine === index);
    if (current) updateFromPurchase(ctx, current, purchase);
    else createFromPurchase(ctx, sourceResource, sourceId, index, purchase);
  });
  for (const gone of existing.filter((asset) => (asset.sourceLine ?? 0) >= bought.length)) {
    unpostAsset(ctx, gone.id);
    ctx.db.delete(capitalAssets).where(eq(capitalAssets.id, gone.id)).run();
    ctx.recordChange('capital_assets', gone.id, 'delete');
  }
}
