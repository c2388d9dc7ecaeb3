/**
 * Typed calls for /v2/capital_assets: the fixed asset register, each asset's net book value at a date
 * and its depreciation schedule; made, changed, disposed of and removed (hand-made ones) by hand.
 */
import { z } from 'zod';
import type { DepreciationFrequency, DepreciationMethod } from '../../../shared/api/capital_assets';
import { getAll, getOne, pathOf, send, type ApiResult } from '../api';

const periodSchema = z.object({ dated_on: z.string(), depreciation: z.string(), accumulated_depreciation: z.string(), net_book_value: z.string() });
export type DepreciationPeriod = z.infer<typeof periodSchema>;

const profileSchema = z.object({
  method: z.enum(['straight_line', 'reducing_balance']),
  asset_life_years: z.number().optional(),
  annual_depreciation_percentage: z.string().optional(),
  frequency: z.enum(['annually', 'monthly']),
});

/** An estimate a change replaced: it still governs the periods dated before `replaced_on`. */
const earlierEstimateSchema = z.object({ depreciation_profile: profileSchema, residual_value: z.string(), replaced_on: z.string() });
export type EarlierEstimate = z.infer<typeof earlierEstimateSchema>;

export const capitalAssetSchema = z.object({
  url: z.string(),
  description: z.string(),
  asset_type: z.string(),
  capital_asset_type: z.string(),
  depreciation_profile: profileSchema,
  purchased_on: z.string(),
  disposed_on: z.string().optional(),
  purchase: z.string().optional(),
  cost: z.string(),
  residual_value: z.string(),
  as_at_date: z.string(),
  accumulated_depreciation: z.string(),
  net_book_value: z.string(),
  disposal_proceeds: z.string().optional(),
  gain_on_disposal: z.string().optional(),
  /** Bought before the books start and held then: the depreciation charged before it (in the opening balances). */
  depreciation_brought_forward: z.string().optional(),
  /** Why the opening balances of the asset's type disagree with the register's assets held at the start. */
  opening_balances_warning: z.string().optional(),
  depreciation_schedule: z.array(periodSchema).optional(),
  earlier_estimates: z.array(earlierEstimateSchema).optional(),
});
export type CapitalAsset = z.infer<typeof capitalAssetSchema>;

export interface DepreciationProfileFields {
  method: DepreciationMethod;
  asset_life_years?: string;
  annual_depreciation_percentage?: string;
  frequency: DepreciationFrequency;
}

export interface CapitalAssetFields {
  description?: string;
  capital_asset_type?: string;
  purchased_on?: string;
  cost?: string;
  residual_value?: string;
  depreciation_profile?: DepreciationProfileFields;
  disposed_on?: string | null;
  disposal_proceeds?: string | null;
  /** When a change of residual value or profile is made: it applies from the start of that accounting year. */
  estimate_changed_on?: string;
}

/** Every asset, valued at `asAt`. */
export function listCapitalAssets(asAt: string): Promise<ApiResult<CapitalAsset[]>> {
  return getAll('/v2/capital_assets', 'capital_assets', capitalAssetSchema, { as_at_date: asAt });
}

/** One asset with its whole depreciation schedule. */
export function getCapitalAsset(url: string, asAt: string): Promise<ApiResult<CapitalAsset>> {
  return getOne('GET', pathOf(url), 'capital_asset', capitalAssetSchema, { query: { as_at_date: asAt, include_history: 'true' } });
}

export function createCapitalAsset(fields: CapitalAssetFields): Promise<ApiResult<CapitalAsset>> {
  return getOne('POST', '/v2/capital_assets', 'capital_asset', capitalAssetSchema, { body: { capital_asset: fields } });
}

export function updateCapitalAsset(url: string, fields: CapitalAssetFields): Promise<ApiResult<CapitalAsset>> {
  return getOne('PUT', pathOf(url), 'capital_asset', capitalAssetSchema, { body: { capital_asset: fields } });
}

export async function deleteCapitalAsset(url: string): Promise<ApiResult<null>> {
  const sent = await send('DELETE', pathOf(url));
  return sent.ok ? { ok: true, value: null } : sent;
}
