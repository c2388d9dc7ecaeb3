import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { id } from './columns';

/** Every write appends here in the same transaction; sync, undo and audit read it. */
export const changes = sqliteTable('changes', {
  id: id(),
  resource: text('resource').notNull(),
  recordId: text('record_id').notNull(),
  operation: text('operation', { enum: ['create', 'update', 'delete'] }).notNull(),
  at: text('at').notNull(),
  userId: integer('user_id'),
});
