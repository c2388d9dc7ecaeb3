import { capitalAssetTypeSchema } from '../../shared/api/capital_asset_types';
import { Level } from '../../shared/api/permissions';
import type { Family } from './family';

const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');

/**
 * Capital asset types. The system defaults each side has from the start are linked by name (journal
 * entries name them), never sent or made. Only the name is writable: the live service answers 400 to anything else, even
 * created_at: null (api-quirks.md). Names are unique on both sides, so the name is the key.
 */
export const capitalAssetTypesFamily: Family = {
  name: 'capital_asset_types',
  path: '/v2/capital_asset_types',
  one: 'capital_asset_type',
  many: 'capital_asset_types',
  writable: Object.keys(capitalAssetTypeSchema.shape),
  createOnly: [],
  links: {},
  listQuery: {},
  matchKey: (record) => (lower(record.name) ? `name:${lower(record.name)}` : null),
  label: (record) => `Capital asset type ${String(record.name ?? '')}`,
  level: Level.Full,
  madeByEachSide: (record) => record.system_default === true,
};
