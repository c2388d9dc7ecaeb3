import type { capitalAssets } from '../../db/schema';

/** A capital asset's stored row: its own file so the modules ledger.ts uses can name it without a circle. */
export type CapitalAssetRow = typeof capitalAssets.$inferSelect;
