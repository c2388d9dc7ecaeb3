import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { flag, id, timestamps } from './columns';

export const users = sqliteTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  niNumber: text('ni_number'),
  uniqueTaxReference: text('unique_tax_reference'),
  role: text('role').notNull(),
  permissionLevel: integer('permission_level').notNull(),
  /** Miles (or km) as canonical decimal text: a distance, not money. */
  openingMileage: text('opening_mileage').notNull(),
  hidden: flag('hidden').notNull(),
  sendInvitation: flag('send_invitation').notNull(),
  ...timestamps,
});

/** Bearer tokens; only a SHA-256 of each is stored so a copied database file does not leak access. */
export const apiTokens = sqliteTable('api_tokens', {
  id: id(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  label: text('label').notNull(),
  createdAt: text('created_at').notNull(),
  /** When the token stops working (ISO timestamp), or null: until revoked. */
  expiresAt: text('expires_at'),
});
