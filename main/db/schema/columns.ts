import { integer, text } from 'drizzle-orm/sqlite-core';

/** created_at / updated_at as UTC ISO 8601 text, set by the engine clock (never by SQLite's). */
export const timestamps = {
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
};

export const id = () => integer('id').primaryKey({ autoIncrement: true });
export const flag = (name: string) => integer(name, { mode: 'boolean' });
