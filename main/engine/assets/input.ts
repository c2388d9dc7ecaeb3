import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { CapitalAssetInput } from '../../../shared/api/capital_assets';
import { MoneyError, toMinor } from '../../../shared/money';
import { capitalAssetTypes } from '../../db/schema';
import type { EngineContext } from '../context';
import { unprocessable } from '../errors';
import { idFromUrl } from '../urls';
import type { CapitalAssetRow } from './asset-row';

/** The columns a create or change sets, checked together against the rules below. */
export type AssetFields = Pick<
  CapitalAssetRow,
  | 'description'
  | 'capitalAssetTypeId'
  | 'purchasedOn'
  | 'costMinor'
  | 'residualMinor'
  | 'method'
  | 'assetLifeYears'
  | 'annualDepreciationPercentage'
  | 'frequency'
  | 'disposedOn'
  | 'disposalProceedsMinor'
>;

function money(value: string, field: string, currency: string): number {
  try {
    return toMinor(value, currency);
  } catch (error) {
    if (error instanceof MoneyError) throw unprocessable(`${field} ${error.message}`);
    throw error;
  }
}

function typeId(ctx: EngineContext, input: CapitalAssetInput): number | undefined {
  if (input.capital_asset_type !== undefined) {
    const id = idFromUrl(input.capital_asset_type, 'capital_asset_types', 'capital_asset_type');
    if (!ctx.db.select({ id: capitalAssetTypes.id }).from(capitalAssetTypes).where(eq(capitalAssetTypes.id, id)).get()) throw unprocessable('capital_asset_type is not a capital asset type of this company');
    return id;
  }
  if (input.asset_type !== undefined) {
    const row = ctx.db.select({ id: capitalAssetTypes.id }).from(capitalAssetTypes).where(sql`lower(${capitalAssetTypes.name}) = lower(${input.asset_type})`).get();
    if (!row) throw unprocessable(`asset_type "${input.asset_type}" is not a capital asset type of this company`);
    return row.id;
  }
  return undefined;
}

function profileFields(input: CapitalAssetInput, current: AssetFields | null): Pick<AssetFields, 'method' | 'assetLifeYears' | 'annualDepreciationPercentage' | 'frequency'> | null {
  const profile = input.depreciation_profile;
  if (profile === undefined) {
    if (current === null) return null;
    const { method, assetLifeYears, annualDepreciationPercentage, frequency } = current;
    return { method, assetLifeYears, annualDepreciationPercentage, frequency };
  }
  const frequency = profile.frequency ?? current?.frequency ?? 'monthly';
  if (profile.method === 'straight_line') {
    const years = profile.asset_life_years ?? null;
    if (years === null) throw unprocessable('depreciation_profile.asset_life_years is required for straight line depreciation');
    return { method: 'straight_line', assetLifeYears: years, annualDepreciationPercentage: null, frequency };
  }
  const rate = profile.annual_depreciation_percentage ?? null;
  if (rate === null) throw unprocessable('depreciation_profile.annual_depreciation_percentage is required for reducing balance depreciation');
  const percentage = new Decimal(rate);
  if (percentage.lessThanOrEqualTo(0) || percentage.greaterThan(100)) throw unprocessable('depreciation_profile.annual_depreciation_percentage must be more than 0 and at most 100');
  return { method: 'reducing_balance', assetLifeYears: null, annualDepreciationPercentage: percentage.toFixed(), frequency };
}

/**
 * The asset's fields after applying `input` to `current` (null on create), or a 422 naming the first
 * broken rule. Nothing is written here.
 */
export function assetFields(ctx: EngineContext, input: CapitalAssetInput, current: AssetFields | null, currency: string): AssetFields {
  const description = input.description ?? current?.description;
  const capitalAssetTypeId = typeId(ctx, input) ?? current?.capitalAssetTypeId;
  const purchasedOn = input.purchased_on ?? current?.purchasedOn;
  const costMinor = input.cost !== undefined ? money(input.cost, 'cost', currency) : current?.costMinor;
  const residualMinor = input.residual_value !== undefined ? money(input.residual_value, 'residual_value', currency) : (current?.residualMinor ?? 0);
  const profile = profileFields(input, current);
  if (description === undefined) throw unprocessable('description is required');
  if (capitalAssetTypeId === undefined) throw unprocessable('asset_type (or capital_asset_type) is required');
  if (purchasedOn === undefined) throw unprocessable('purchased_on is required');
  if (costMinor === undefined) throw unprocessable('cost is required');
  if (profile === null) throw unprocessable('depreciation_profile is required');
  if (costMinor <= 0) throw unprocessable('cost must be more than zero');
  if (residualMinor < 0) throw unprocessable('residual_value cannot be negative');
  if (residualMinor > costMinor) throw unprocessable('residual_value cannot be more than the cost');

  const disposedOn = input.disposed_on !== undefined ? input.disposed_on : (current?.disposedOn ?? null);
  let disposalProceedsMinor = input.disposal_proceeds !== undefined && input.disposal_proceeds !== null ? money(input.disposal_proceeds, 'disposal_proceeds', currency) : (current?.disposalProceedsMinor ?? null);
  if (disposedOn === null) {
    if (input.disposal_proceeds !== undefined && input.disposal_proceeds !== null) throw unprocessable('disposal_proceeds needs disposed_on, the date the asset was disposed of');
    disposalProceedsMinor = null;
  } else {
    if (disposedOn < purchasedOn) throw unprocessable(`disposed_on cannot be before the asset was purchased (${purchasedOn})`);
    if (disposalProceedsMinor !== null && disposalProceedsMinor < 0) throw unprocessable('disposal_proceeds cannot be negative');
    disposalProceedsMinor ??= 0;
  }
  return { description, capitalAssetTypeId, purchasedOn, costMinor, residualMinor, ...profile, disposedOn, disposalProceedsMinor };
}

/** The fields a purchase owns: an asset made by a bill, expense or explanation is changed there. */
export function assertPurchaseFieldsKept(row: CapitalAssetRow, next: AssetFields): void {
  if (row.sourceResource === null) return;
  const document = row.sourceResource === 'bills' ? 'bill' : row.sourceResource === 'expenses' ? 'expense' : 'bank transaction explanation';
  const moved = [
    row.purchasedOn !== next.purchasedOn && 'purchased_on',
    row.costMinor !== next.costMinor && 'cost',
    row.capitalAssetTypeId !== next.capitalAssetTypeId && 'asset_type',
  ].filter((field): field is string => typeof field === 'string');
  if (moved.length > 0) throw unprocessable(`${moved.join(', ')} of this asset come from the ${document} that bought it: change the ${document} instead`);
}
