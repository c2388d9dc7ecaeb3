import { z } from 'zod';
import { date, decimal, integer, requiredText } from './fields';
import { fromMinor, toMinor } from '../money';

/** The live service's depreciation methods and frequencies (dev.freeagent.com/docs/depreciation_profiles). */
export const DEPRECIATION_METHODS = ['straight_line', 'reducing_balance'] as const;
export type DepreciationMethod = (typeof DEPRECIATION_METHODS)[number];
export const DEPRECIATION_FREQUENCIES = ['annually', 'monthly'] as const;
export type DepreciationFrequency = (typeof DEPRECIATION_FREQUENCIES)[number];

/** GET /v2/capital_assets?view=: the live service's three filters. */
export const CAPITAL_ASSET_VIEWS = ['all', 'disposed', 'disposable'] as const;
export type CapitalAssetView = (typeof CAPITAL_ASSET_VIEWS)[number];

/** A life past this is a typing slip (500 for 5), never a small company's asset. */
export const MAX_ASSET_LIFE_YEARS = 50;

export const depreciationProfileSchema = z.object({
  method: z.enum(DEPRECIATION_METHODS, { error: `must be one of ${DEPRECIATION_METHODS.join(', ')}` }),
  asset_life_years: integer
    .refine((years) => years >= 1 && years <= MAX_ASSET_LIFE_YEARS, { error: `must be a whole number of years from 1 to ${MAX_ASSET_LIFE_YEARS}` })
    .nullable()
    .optional(),
  annual_depreciation_percentage: decimal.nullable().optional(),
  frequency: z.enum(DEPRECIATION_FREQUENCIES, { error: `must be one of ${DEPRECIATION_FREQUENCIES.join(', ')}` }).optional(),
});
export type DepreciationProfileInput = z.infer<typeof depreciationProfileSchema>;

const link = z.union([z.string(), z.number()], { error: 'must be a url' });

/**
 * What a client may send. The live service's capital assets are read-only (made by the purchase that
 * bought them); creating, changing and disposing by hand are Ledgerdesk's (docs/api-notes.md): cost,
 * residual_value, disposed_on and disposal_proceeds are its fields, asset_type and capital_asset_type
 * name the type (either one), estimate_changed_on dates a change of estimate.
 */
export const capitalAssetUpdateSchema = z
  .object({
    description: requiredText(1000),
    asset_type: requiredText(),
    capital_asset_type: link,
    purchased_on: date,
    cost: decimal,
    residual_value: decimal,
    depreciation_profile: depreciationProfileSchema,
    disposed_on: date.nullable(),
    disposal_proceeds: decimal.nullable(),
    /**
     * When a change of depreciation_profile or residual_value is made (default today): it applies from
     * the start of the accounting year holding this date, keeping the charges of earlier years.
     */
    estimate_changed_on: date,
  })
  .partial();
export type CapitalAssetInput = z.infer<typeof capitalAssetUpdateSchema>;

/** What the register's totals read of each asset (its JSON record has these fields). */
export interface RegisterFigures {
  purchased_on: string;
  disposed_on?: string | null;
  as_at_date: string;
  cost: string;
  accumulated_depreciation?: string | null;
  net_book_value?: string | null;
}

/** Held at the as-at date: bought by then and not yet disposed of. */
export function heldAt(asset: RegisterFigures): boolean {
  return asset.purchased_on <= asset.as_at_date && !(asset.disposed_on && asset.disposed_on <= asset.as_at_date);
}

/**
 * The register's totals: cost, depreciation to date and net book value of the assets still held at
 * the as-at date, which is what the balance sheet's tangible assets add up to. One home for the screen
 * and the PDF; exact in minor units.
 */
export function heldAssetTotals(assets: readonly RegisterFigures[], currency: string): { cost: string; depreciation: string; netBookValue: string } {
  const held = assets.filter(heldAt);
  const sum = (pick: (asset: RegisterFigures) => string | null | undefined) => fromMinor(held.reduce((total, asset) => total + toMinor(pick(asset) ?? '0', currency), 0), currency);
  return { cost: sum((asset) => asset.cost), depreciation: sum((asset) => asset.accumulated_depreciation), netBookValue: sum((asset) => asset.net_book_value) };
}
