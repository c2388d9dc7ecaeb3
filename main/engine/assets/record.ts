import { eq } from 'drizzle-orm';
import { fromMinor } from '../../../shared/money';
import { capitalAssetTypes } from '../../db/schema';
import type { EngineContext } from '../context';
import { recordUrl } from '../urls';
import { date, decimal, timestamp, type ApiRecord } from '../values';
import { termsOf, type CapitalAssetRow } from './ledger';
import { chargedBeforeStart, heldAtStart, openingBalancesWarning } from './opening-check';
import { accumulatedAt, depreciationSchedule, type DepreciationEstimate, type DepreciationPeriod } from './schedule';

export interface RecordOptions {
  currency: string;
  /** The date the net book value is read at (today unless as_at_date is given). */
  asAt: string;
  includeHistory: boolean;
  /** The company start date: what is dated before it is in the opening balances. */
  booksStart: string;
}

function profileOf(row: DepreciationEstimate): ApiRecord {
  return row.method === 'straight_line'
    ? { method: row.method, asset_life_years: row.assetLifeYears ?? 0, frequency: row.frequency }
    : { method: row.method, annual_depreciation_percentage: decimal(row.annualDepreciationPercentage ?? '0'), frequency: row.frequency };
}

/** The document that bought the asset, as a link (the live history's `link`). */
function purchaseLink(ctx: EngineContext, row: CapitalAssetRow): string | undefined {
  return row.sourceResource !== null && row.sourceId !== null ? recordUrl(ctx, row.sourceResource, row.sourceId) : undefined;
}

/**
 * The live service's history events (type, description, date, value, link) up to the as-at date:
 * the purchase at its cost, each depreciation charge, and the disposal at its proceeds.
 */
function history(ctx: EngineContext, row: CapitalAssetRow, schedule: readonly DepreciationPeriod[], options: RecordOptions): ApiRecord[] {
  const money = (minor: number) => decimal(fromMinor(minor, options.currency));
  const events: ApiRecord[] = [];
  if (row.purchasedOn <= options.asAt) {
    events.push({ type: 'purchase', description: `Purchase: ${row.description}`, date: date(row.purchasedOn), value: money(row.costMinor), link: purchaseLink(ctx, row) });
  }
  for (const period of schedule.filter((candidate) => candidate.datedOn <= options.asAt)) {
    events.push({ type: 'depreciation', description: `Depreciation: ${row.description}`, date: date(period.datedOn), value: money(period.chargeMinor) });
  }
  if (row.disposedOn !== null && row.disposedOn <= options.asAt) {
    events.push({ type: 'disposal', description: `Disposal: ${row.description}`, date: date(row.disposedOn), value: money(row.disposalProceedsMinor ?? 0) });
  }
  return events;
}

/** The asset as the API gives it: the live fields, then Ledgerdesk's (cost, values, schedule). */
export function capitalAssetRecord(ctx: EngineContext, row: CapitalAssetRow, options: RecordOptions): ApiRecord {
  const money = (minor: number) => decimal(fromMinor(minor, options.currency));
  const typeName = ctx.db.select({ name: capitalAssetTypes.name }).from(capitalAssetTypes).where(eq(capitalAssetTypes.id, row.capitalAssetTypeId)).get()?.name;
  const terms = termsOf(ctx, row);
  const schedule = depreciationSchedule(terms);
  const disposed = row.disposedOn !== null && row.disposedOn <= options.asAt;
  const accumulated = accumulatedAt(schedule, options.asAt);
  const owned = row.purchasedOn <= options.asAt && !disposed;
  const record: ApiRecord = {
    url: recordUrl(ctx, 'capital_assets', row.id),
    description: row.description,
    asset_type: typeName,
    asset_life_years: row.method === 'straight_line' ? (row.assetLifeYears ?? 0) : 0,
    depreciation_profile: profileOf(row),
    purchased_on: date(row.purchasedOn),
    disposed_on: row.disposedOn === null ? undefined : date(row.disposedOn),
    created_at: timestamp(row.createdAt),
    updated_at: timestamp(row.updatedAt),
    capital_asset_type: recordUrl(ctx, 'capital_asset_types', row.capitalAssetTypeId),
    purchase: purchaseLink(ctx, row),
    cost: money(row.costMinor),
    residual_value: money(row.residualMinor),
    as_at_date: date(options.asAt),
    accumulated_depreciation: money(accumulated),
    net_book_value: money(owned ? row.costMinor - accumulated : 0),
    disposal_proceeds: row.disposedOn === null ? undefined : money(row.disposalProceedsMinor ?? 0),
    gain_on_disposal: row.disposedOn === null ? undefined : money((row.disposalProceedsMinor ?? 0) - (row.costMinor - (schedule.at(-1)?.accumulatedMinor ?? 0))),
    depreciation_brought_forward: heldAtStart(row, options.booksStart) ? money(chargedBeforeStart(schedule, options.booksStart)) : undefined,
    opening_balances_warning: openingBalancesWarning(ctx, row, options.booksStart, options.currency),
  };
  if (options.includeHistory) {
    record.capital_asset_history = history(ctx, row, schedule, options);
    record.earlier_estimates = (terms.earlier ?? []).map((estimate) => ({ depreciation_profile: profileOf(estimate), residual_value: money(estimate.residualMinor), replaced_on: date(estimate.until) }));
    record.depreciation_schedule = schedule.map((period) => ({
      dated_on: date(period.datedOn),
      depreciation: money(period.chargeMinor),
      accumulated_depreciation: money(period.accumulatedMinor),
      net_book_value: money(period.netBookValueMinor),
    }));
  }
  return record;
}
