import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, timestamps } from './columns';
import { users } from './users';

/**
 * What a person typed in an editor and has not saved yet (issue 19 item 1). A table of its own: it is
 * never synced, never posts to the ledger and never enters the change log, so undo and sync do not see
 * it. One row per user and editor key; a discarded draft keeps its row (discarded_at set) so that the
 * discard can be undone, until the next discard or a day later.
 */
export const drafts = sqliteTable(
  'drafts',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    editorKey: text('editor_key').notNull(),
    section: text('section').notNull(),
    label: text('label').notNull(),
    /** The editor's own state as JSON: fields, lines, split parts, chosen files (their bytes in base64). */
    state: text('state').notNull(),
    discardedAt: text('discarded_at'),
    ...timestamps,
  },
  (table) => [uniqueIndex('drafts_user_editor_key').on(table.userId, table.editorKey)],
);
