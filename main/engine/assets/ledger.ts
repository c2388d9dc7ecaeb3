import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { capitalAssets, categories, postings } from '../../db/schema';
import { loadCompany } from '../company-record';
import type { EngineContext } from '../context';
import { ApiError, unprocessable } from '../errors';
import { assertUnlocked } from '../ledger/locks';
import { balancedLines, insertPostingRows, type PostingLine } from '../ledger/posting-rows';
import { earlierEstimates } from './estimates';
import { depreciationSchedule, type DepreciationTerms } from './schedule';
import type { CapitalAssetRow } from './asset-row';

export type { CapitalAssetRow } from './asset-row';

/** The source under which an asset's own postings (depreciation, disposal) are kept. */
export const CAPITAL_ASSETS = 'capital_assets';

/** The live charts' accounts (resources/charts): the profit and loss side of depreciation and disposals. */
const DEPRECIATION_CHARGE = '460';
const DISPOSAL_GAIN_OR_LOSS = '461';
/** The balance sheet side, one sub account per capital asset type (601-N..607-N). */
const DISPOSALS = '604';
const DEPRECIATION_IN_YEAR = '606';
const DEPRECIATION_ON_DISPOSALS = '607';

/** What the schedule is worked from: the asset's row and the estimates its changes replaced. */
export function termsOf(ctx: Pick<EngineContext, 'db'>, row: CapitalAssetRow): DepreciationTerms {
  return {
    purchasedOn: row.purchasedOn,
    costMinor: row.costMinor,
    residualMinor: row.residualMinor,
    method: row.method,
    assetLifeYears: row.assetLifeYears,
    annualDepreciationPercentage: row.annualDepreciationPercentage,
    frequency: row.frequency,
    disposedOn: row.disposedOn,
    earlier: earlierEstimates(ctx, row.id),
  };
}

function topLevelAccount(ctx: EngineContext, code: string): number {
  const row = ctx.db.select({ id: categories.id }).from(categories).where(and(eq(categories.nominalCode, code), isNull(categories.capitalAssetTypeId))).get();
  if (!row) throw unprocessable(`The chart of accounts has no category ${code}, which depreciation and disposals post to`);
  return row.id;
}

function typeAccount(ctx: EngineContext, base: string, typeId: number): number {
  const row = ctx.db.select({ id: categories.id }).from(categories).where(and(eq(categories.baseCode, base), eq(categories.capitalAssetTypeId, typeId))).get();
  if (!row) throw unprocessable(`The chart of accounts has no category ${base}-${typeId} for this capital asset type`);
  return row.id;
}

/**
 * What an asset posts: for each period, its charge to the depreciation expense (460) against the
 * type's depreciation account (606-N); on disposal, the cost out of the type's disposals account
 * (604-N), the depreciation charged out of 607-N, the proceeds into 604-N (where the money received is
 * explained, which clears it) and the difference to the gain or loss on disposal (461).
 *
 * Nothing dated before the books start is posted: there the opening balances hold the cost (601-N) and
 * the depreciation charged (605-N) of an asset bought earlier, as the previous accounts did, and the
 * live service leaves assets dated before its start date out. Its disposal still takes out the cost and
 * all the depreciation the schedule charged, before the start too, which clears those opening balances.
 */
export function assetLines(ctx: EngineContext, row: CapitalAssetRow): PostingLine[] {
  const schedule = depreciationSchedule(termsOf(ctx, row));
  const start = loadCompany(ctx).companyStartDate;
  const inBooks = schedule.filter((period) => period.datedOn >= start);
  const lines: PostingLine[] = [];
  if (inBooks.length > 0) {
    const expense = topLevelAccount(ctx, DEPRECIATION_CHARGE);
    const accumulated = typeAccount(ctx, DEPRECIATION_IN_YEAR, row.capitalAssetTypeId);
    const description = `Depreciation: ${row.description}`;
    for (const period of inBooks) {
      lines.push({ categoryId: expense, debitMinor: period.chargeMinor, datedOn: period.datedOn, description });
      lines.push({ categoryId: accumulated, debitMinor: -period.chargeMinor, datedOn: period.datedOn, description });
    }
  }
  if (row.disposedOn !== null && row.disposedOn >= start) {
    const charged = schedule.at(-1)?.accumulatedMinor ?? 0;
    const proceeds = row.disposalProceedsMinor ?? 0;
    const description = `Disposal: ${row.description}`;
    const datedOn = row.disposedOn;
    lines.push({ categoryId: typeAccount(ctx, DISPOSALS, row.capitalAssetTypeId), debitMinor: proceeds - row.costMinor, datedOn, description });
    lines.push({ categoryId: typeAccount(ctx, DEPRECIATION_ON_DISPOSALS, row.capitalAssetTypeId), debitMinor: charged, datedOn, description });
    lines.push({ categoryId: topLevelAccount(ctx, DISPOSAL_GAIN_OR_LOSS), debitMinor: row.costMinor - charged - proceeds, datedOn, description });
  }
  return lines;
}

const key = (line: { datedOn: string; categoryId: number; debitMinor: number; description: string }) => `${line.datedOn}|${line.categoryId}|${line.debitMinor}|${line.description}`;

/**
 * Writes only the postings that differ between the asset's current rows and `next`, leaving the rest
 * as they are, and refuses first if one of them is dated in a locked period. So a disposal after the
 * lock date of an asset bought before it is allowed (its earlier depreciation is unchanged), and so is
 * its undo: the write touched no row dated in the lock, which undo would otherwise find there.
 * Returns whether anything changed.
 */
function writeChangedPostings(ctx: EngineContext, assetId: number, next: readonly PostingLine[], lockNote?: string): boolean {
  const wanted = balancedLines(CAPITAL_ASSETS, assetId, next);
  const current = ctx.db.select().from(postings).where(and(eq(postings.sourceResource, CAPITAL_ASSETS), eq(postings.sourceId, assetId))).all();
  const unmatched = new Map<string, typeof current>();
  for (const row of current) unmatched.set(key(row), [...(unmatched.get(key(row)) ?? []), row]);
  const added = wanted.filter((line) => unmatched.get(key(line))?.pop() === undefined);
  const removed = [...unmatched.values()].flat();
  try {
    assertUnlocked(ctx, ...added.map((line) => line.datedOn), ...removed.map((row) => row.datedOn));
  } catch (error) {
    if (lockNote !== undefined && error instanceof ApiError) throw unprocessable(`${error.message}. ${lockNote}`);
    throw error;
  }
  if (removed.length > 0) ctx.db.delete(postings).where(inArray(postings.id, removed.map((row) => row.id))).run();
  insertPostingRows(ctx, CAPITAL_ASSETS, assetId, added);
  return added.length + removed.length > 0;
}

/**
 * Brings an asset's postings in line with its row (after a create or a change), in the request's
 * transaction. Returns whether they changed. `lockNote` is added to a lock's refusal (what the person
 * can do instead).
 */
export function postAsset(ctx: EngineContext, row: CapitalAssetRow, lockNote?: string): boolean {
  return writeChangedPostings(ctx, row.id, assetLines(ctx, row), lockNote);
}

/**
 * After the books' start date moved, re-posts the assets bought before the later of the two starts:
 * what each posts depends on where the books start.
 */
export function repostAssetsBoughtBefore(ctx: EngineContext, date: string): void {
  for (const row of ctx.db.select().from(capitalAssets).where(lt(capitalAssets.purchasedOn, date)).all()) {
    if (postAsset(ctx, row)) ctx.recordChange(CAPITAL_ASSETS, row.id, 'update');
  }
}

/** Takes an asset's postings away (it is being deleted). */
export function unpostAsset(ctx: EngineContext, assetId: number): void {
  writeChangedPostings(ctx, assetId, []);
}
