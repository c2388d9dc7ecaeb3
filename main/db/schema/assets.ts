import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
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
