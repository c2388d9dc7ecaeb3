import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { flag, id, postalAddress, timestamps } from './columns';

export const capitalAssetTypes = sqliteTable('capital_asset_types', {
  id: id(),
  name: text('name').notNull(),
  systemDefault: flag('system_default').notNull(),
  ...timestamps,
});

export const properties = sqliteTable('properties', {
  id: id(),
  name: text('name'),
  ...postalAddress(),
  // A property must have a first address line; other addresses may be blank.
  address1: text('address1').notNull(),
  ...timestamps,
});

/**
 * The fixed asset register (issue 24 item 4). An asset is made by a purchase posted to a capital asset
 * purchase account (602-N: source_* names the explanation, bill or expense and which of its capital
 * lines) or by hand (source_* null). Its depreciation and disposal are posted as rows of the ledger
 * under source ("capital_assets", id), rebuilt whenever the asset changes.
 */
export const capitalAssets = sqliteTable(
  'capital_assets',
  {
    id: id(),
    description: text('description').notNull(),
    capitalAssetTypeId: integer('capital_asset_type_id')
      .notNull()
      .references(() => capitalAssetTypes.id),
    purchasedOn: text('purchased_on').notNull(),
    /** Native minor units, net of VAT. */
    costMinor: integer('cost_minor').notNull(),
    residualMinor: integer('residual_minor').notNull(),
    /** straight_line or reducing_balance. */
    method: text('method', { enum: ['straight_line', 'reducing_balance'] }).notNull(),
    assetLifeYears: integer('asset_life_years'),
    /** Decimal text, a percentage a year (reducing balance). */
    annualDepreciationPercentage: text('annual_depreciation_percentage'),
    frequency: text('frequency', { enum: ['annually', 'monthly'] }).notNull(),
    disposedOn: text('disposed_on'),
    disposalProceedsMinor: integer('disposal_proceeds_minor'),
    sourceResource: text('source_resource'),
    sourceId: integer('source_id'),
    /** Which capital line of the source document (0 the first): a bill may buy several assets. */
    sourceLine: integer('source_line'),
    ...timestamps,
  },
  (table) => [uniqueIndex('capital_assets_source').on(table.sourceResource, table.sourceId, table.sourceLine)],
);

/**
 * The depreciation estimates an asset had before a change of estimate (FRS 102 10.16, 17.23): each
 * still governs the periods dated before `replaced_on`, the first day of the accounting year in which
 * the next one was made, so a change never restates a year before it. The asset's own row holds the
 * estimate in force now. Stored, not worked out again, so the schedule is the same every time.
 */
export const capitalAssetEarlierEstimates = sqliteTable(
  'capital_asset_earlier_estimates',
  {
    id: id(),
    capitalAssetId: integer('capital_asset_id')
      .notNull()
      .references(() => capitalAssets.id, { onDelete: 'cascade' }),
    replacedOn: text('replaced_on').notNull(),
    residualMinor: integer('residual_minor').notNull(),
    method: text('method', { enum: ['straight_line', 'reducing_balance'] }).notNull(),
    assetLifeYears: integer('asset_life_years'),
    annualDepreciationPercentage: text('annual_depreciation_percentage'),
    frequency: text('frequency', { enum: ['annually', 'monthly'] }).notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex('capital_asset_earlier_estimates_replaced').on(table.capitalAssetId, table.replacedOn)],
);
