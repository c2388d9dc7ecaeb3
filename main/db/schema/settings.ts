import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Book-wide values that are not records, such as the key that signs attachment download urls. */
export const bookSettings = sqliteTable('book_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
