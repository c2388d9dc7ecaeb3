import { and, asc, eq, gt } from 'drizzle-orm';
import { capitalAssetEarlierEstimates } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { periodHolding } from '../ledger/periods';
import type { AssetFields } from './input';
import type { CapitalAssetRow } from './asset-row';
import type { DepreciationEstimate, EarlierEstimate } from './schedule';

/**
 * Changes of estimate (FRS 102 10.16 and 17.23, FRS 105 section 8): a new useful life, residual value,
 * method, rate or frequency applies from the start of the accounting year in which it is made, and the
 * estimates it replaces are kept (capital_asset_earlier_estimates) for the periods dated before that.
 */

const table = capitalAssetEarlierEstimates;

export function estimateOf(fields: DepreciationEstimate): DepreciationEstimate {
  const { residualMinor, method, assetLifeYears, annualDepreciationPercentage, frequency } = fields;
  return { residualMinor, method, assetLifeYears, annualDepreciationPercentage, frequency };
}

function sameEstimate(a: DepreciationEstimate, b: DepreciationEstimate): boolean {
  return JSON.stringify(estimateOf(a)) === JSON.stringify(estimateOf(b));
}

/** The estimates an asset had before its changes, oldest first. */
export function earlierEstimates(ctx: Pick<EngineContext, 'db'>, assetId: number): EarlierEstimate[] {
  return ctx.db
    .select()
    .from(table)
    .where(eq(table.capitalAssetId, assetId))
    .orderBy(asc(table.replacedOn))
    .all()
    .map((row) => ({ ...estimateOf(row), until: row.replacedOn }));
}

/**
 * The day a change of estimate made on `changedOn` applies from: the first day of the accounting year
 * holding it, and never before the books start (what is before is in the opening balances).
 */
export function estimateChangeStart(ctx: EngineContext, changedOn: string): string {
  const company = loadCompany(ctx);
  const year = periodHolding(company.companyStartDate, company.firstAccountingYearEnd, changedOn);
  return year.startsOn < company.companyStartDate ? company.companyStartDate : year.startsOn;
}

/**
 * Before an asset's row takes `next`: when the estimate changes, keeps the one in force until the
 * change's start (unless it began there itself: a second change in the same year replaces the first),
 * and drops what governed the periods after it, which the new estimate now does. A change that starts on
 * or before the purchase restates the whole life (a correction in the year of purchase), keeping none.
 * Returns the day the new estimate applies from, or null when the estimate did not change.
 */
export function keepEarlierEstimate(ctx: EngineContext, current: CapitalAssetRow, next: AssetFields, changedOn: string): string | null {
  if (sameEstimate(current, next)) return null;
  const from = estimateChangeStart(ctx, changedOn);
  const earlier = earlierEstimates(ctx, current.id);
  if (from <= next.purchasedOn) {
    ctx.db.delete(table).where(eq(table.capitalAssetId, current.id)).run();
    return from;
  }
  ctx.db.delete(table).where(and(eq(table.capitalAssetId, current.id), gt(table.replacedOn, from))).run();
  const ended = earlier.filter((estimate) => estimate.until <= from).at(-1)?.until;
  const inForceSince = ended !== undefined && ended > next.purchasedOn ? ended : next.purchasedOn;
  if (inForceSince < from) {
    const inForce = earlier.find((estimate) => estimate.until > from) ?? current;
    ctx.db
      .insert(table)
      .values({ ...estimateOf(inForce), capitalAssetId: current.id, replacedOn: from, createdAt: ctx.now, updatedAt: ctx.now })
      .run();
  }
  return from;
}
