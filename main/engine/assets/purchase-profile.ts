import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { depreciationProfileSchema } from '../../../shared/api/capital_assets';
import { capitalAssets } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { ApiError, unprocessable } from '../errors';
import { issueMessages, rootOf, ValidationError } from '../payload';
import type { RouteRequest } from '../route';
import { assetFields } from './input';
import { changeAsset } from './change';
import { postAsset } from './ledger';
import { madeByThisRequest } from './purchases';

/** The live service's nesting: `"capital_asset": { "depreciation_profile": {...} }` on the purchase. */
const purchaseCapitalAssetSchema = z.object({ depreciation_profile: depreciationProfileSchema });

/**
 * Gives the assets a purchase has just made (or kept) the depreciation profile its payload carries
 * under `capital_asset`, as the live service takes it on expenses, bills and explanations. Called by
 * those routes after they have written, inside the same transaction: a profile that breaks a rule,
 * or one sent with a purchase that buys no capital asset, is a 422 and the whole request is undone.
 * On a bill it applies to every asset the bill buys (docs/api-notes.md).
 */
export function applyPurchaseProfile(request: RouteRequest, root: string, sourceResource: string, sourceId: number): void {
  const { ctx } = request;
  const raw = rootOf(request, root).capital_asset;
  if (raw === undefined || raw === null) return;
  const parsed = purchaseCapitalAssetSchema.safeParse(raw);
  if (!parsed.success) throw new ValidationError(issueMessages(parsed.error).map((message) => `capital_asset.${message}`));
  const assets = ctx.db
    .select()
    .from(capitalAssets)
    .where(and(eq(capitalAssets.sourceResource, sourceResource), eq(capitalAssets.sourceId, sourceId)))
    .orderBy(asc(capitalAssets.sourceLine))
    .all();
  if (assets.length === 0) throw unprocessable('capital_asset applies only to a purchase posted to a capital asset purchase category (602)');
  const currency = loadCompany(ctx).currency;
  for (const asset of assets) updateProfile(ctx, asset, parsed.data.depreciation_profile, currency);
}

function updateProfile(ctx: EngineContext, asset: typeof capitalAssets.$inferSelect, profile: z.infer<typeof depreciationProfileSchema>, currency: string): void {
  let fields;
  try {
    fields = assetFields(ctx, { depreciation_profile: profile }, asset, currency);
  } catch (error) {
    if (error instanceof ApiError) throw unprocessable(`capital_asset.${error.message}`);
    throw error;
  }
  // An asset this request made takes the profile as its first; one made before changes its estimate today.
  if (madeByThisRequest(ctx, asset.id)) {
    const row = ctx.db.update(capitalAssets).set({ ...fields, updatedAt: ctx.now }).where(eq(capitalAssets.id, asset.id)).returning().get();
    ctx.recordChange('capital_assets', row.id, 'update');
    postAsset(ctx, row);
  } else {
    changeAsset(ctx, asset, fields, ctx.today);
  }
}
