import { eq } from 'drizzle-orm';
import { capitalAssets } from '../../db/schema';
import type { EngineContext } from '../context';
import { keepEarlierEstimate } from './estimates';
import type { AssetFields } from './input';
import { CAPITAL_ASSETS, postAsset, type CapitalAssetRow } from './ledger';

/**
 * Writes an asset's changed fields and re-posts it, in the request's transaction. A change of estimate
 * is made on `changedOn` and applies from the start of that accounting year; refused by a lock, the
 * refusal says from when it applies and how to make it later.
 */
export function changeAsset(ctx: EngineContext, current: CapitalAssetRow, fields: AssetFields, changedOn: string): CapitalAssetRow {
  const from = keepEarlierEstimate(ctx, current, fields, changedOn);
  const row = ctx.db
    .update(capitalAssets)
    .set({ ...fields, updatedAt: ctx.now })
    .where(eq(capitalAssets.id, current.id))
    .returning()
    .get();
  ctx.recordChange(CAPITAL_ASSETS, row.id, 'update');
  const lockNote =
    from === null
      ? undefined
      : `A change of estimate applies from the start of the accounting year it is made in (${from}): give estimate_changed_on a date in a year after the lock to make it from then.`;
  postAsset(ctx, row, lockNote);
  return row;
}
