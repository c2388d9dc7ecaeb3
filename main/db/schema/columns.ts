import { integer, text } from 'drizzle-orm/sqlite-core';

/** created_at / updated_at as UTC ISO 8601 text, set by the engine clock (never by SQLite's). */
export const timestamps = {
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
};

export const id = () => integer('id').primaryKey({ autoIncrement: true });
export const flag = (name: string) => integer(name, { mode: 'boolean' });

/** A postal address as the service writes it (address1-3, town, region, postcode, country). */
export const postalAddress = () => ({
  address1: text('address1'),
  address2: text('address2'),
  address3: text('address3'),
  town: text('town'),
  region: text('region'),
  postcode: text('postcode'),
  country: text('country').notNull(),
});
