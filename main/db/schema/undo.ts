import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { id } from './columns';

/**
 * One user action (one engine write request) that changed rows: the unit the engine undoes and redoes.
 * It lives in the book so the undo list survives a reload. `first_change`..`last_change` is the range
 * of the change log the action appended, so that undoing it can append the inverse entries for sync.
 */
export const changeSets = sqliteTable(
  'change_sets',
  {
    id: id(),
    userId: integer('user_id'),
    /** What the action did, in words for the undo menu ("deleted invoice 004"). */
    label: text('label').notNull(),
    at: text('at').notNull(),
    /** done: on the undo stack; undone: on the redo stack; dropped: undone, then a new edit came. */
    state: text('state', { enum: ['done', 'undone', 'dropped'] }).notNull(),
    firstChange: integer('first_change').notNull(),
    lastChange: integer('last_change').notNull(),
    /** The access level the write needed (its route's): undoing or redoing it needs the same. Null: made before it was kept. */
    level: integer('level'),
  },
  (table) => [index('change_sets_user_state').on(table.userId, table.state, table.id)],
);

/**
 * The rows one change set wrote, captured by triggers: the row before (null for an insert) and after
 * (null for a delete), each as a json object of every column, in the order they happened.
 */
export const changeSetRows = sqliteTable(
  'change_set_rows',
  {
    // No AUTOINCREMENT: triggers insert here on every captured row, and sqlite_sequence would cost each one a write.
    id: integer('id').primaryKey(),
    setId: integer('set_id').notNull(),
    table: text('tbl').notNull(),
    /** The row's primary key as text, for finding the later sets that touched the same row. */
    rowKey: text('row_key').notNull(),
    before: text('before'),
    after: text('after'),
  },
  (table) => [index('change_set_rows_set').on(table.setId, table.id), index('change_set_rows_row').on(table.table, table.rowKey)],
);
