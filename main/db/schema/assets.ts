import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { flag, id, timestamps } from './columns';

export const capitalAssetTypes = sqliteTable('capital_asset_types', {
  id: id(),
  name: text('name').notNull(),
  systemDefault: flag('system_default').notNull(),
  ...timestamps,
});

export const properties = sqliteTable('properties', {
  id: id(),
  name: text('name'),
  address1: text('address1').notNull(),
  address2: text('address2'),
  address3: text('address3'),
  town: text('town'),
  region: text('region'),
  postcode: text('postcode'),
  country: text('country').notNull(),
  ...timestamps,
});
