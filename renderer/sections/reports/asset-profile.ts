/** A depreciation profile as the asset form sends it: only the field its method reads. */
import type { DepreciationFrequency, DepreciationMethod } from '../../../shared/api/capital_assets';
import type { DepreciationProfileFields } from '../../lib/api/capital_assets';

export function profileFieldsOf(method: string, years: string, rate: string, frequency: string): DepreciationProfileFields {
  const chosenFrequency = (frequency === 'annually' ? 'annually' : 'monthly') satisfies DepreciationFrequency;
  const chosenMethod = (method === 'reducing_balance' ? 'reducing_balance' : 'straight_line') satisfies DepreciationMethod;
  return chosenMethod === 'straight_line'
    ? { method: chosenMethod, asset_life_years: years.trim(), frequency: chosenFrequency }
    : { method: chosenMethod, annual_depreciation_percentage: rate.replace(/%/g, '').trim(), frequency: chosenFrequency };
}

/** How the profile reads in words: "Straight line over 3 years, monthly". */
export function profileWords(profile: { method: string; asset_life_years?: number; annual_depreciation_percentage?: string; frequency: string }): string {
  const charged = profile.frequency === 'monthly' ? 'monthly' : 'yearly';
  if (profile.method === 'straight_line') return `Straight line over ${profile.asset_life_years ?? 0} ${profile.asset_life_years === 1 ? 'year' : 'years'}, ${charged}`;
  return `Reducing balance at ${profile.annual_depreciation_percentage ?? '0'}% a year, ${charged}`;
}
