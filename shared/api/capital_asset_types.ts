import { z } from 'zod';
import { requiredText } from './fields';

/** name is the only field a client may send; the live service refuses any other, even read-only ones. */
export const CAPITAL_ASSET_TYPE_FIELDS = ['name'] as const;

export const capitalAssetTypeSchema = z.object({ name: requiredText() });
export type CapitalAssetTypeInput = z.infer<typeof capitalAssetTypeSchema>;
