import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id } from './columns';

/**
 * The online account this book is linked to (one row, id 1). `credentials` holds the OAuth tokens
 * already encrypted by whoever stores them (never plain text); the static-token path keeps nothing.
 */
export const syncAccount = sqliteTable('sync_account', {
  id: integer('id').primaryKey(),
  baseUrl: text('base_url').notNull(),
  companyName: text('company_name').notNull(),
  companyType: text('company_type').notNull(),
  userUrl: text('user_url').notNull(),
  userEmail: text('user_email').notNull(),
  permissionLevel: integer('permission_level').notNull(),
  linkedAt: text('linked_at').notNull(),
  credentials: text('credentials'),
  /** The last change-log id already folded into the outbox. */
  changeCursor: integer('change_cursor').notNull(),
  lastSyncedAt: text('last_synced_at'),
  lastError: text('last_error'),
  /** When the agreement check last compared both books' figures, and how many differed. */
  checkedAt: text('checked_at'),
  differences: integer('differences'),
});

/** Per family: the updated_since cursor, whether the family honours it, when its ids were last swept. */
export const syncCursors = sqliteTable('sync_cursors', {
  family: text('family').primaryKey(),
  lastUpdatedAt: text('last_updated_at'),
  /** When the family was last listed, by our clock: with the largest updated_at, where the next list starts. */
  listedAt: text('listed_at'),
  /** null: not probed yet. */
  honoursUpdatedSince: integer('honours_updated_since', { mode: 'boolean' }),
  lastSweptAt: text('last_swept_at'),
});

/**
 * The local<->remote id map and the merge base: the writable fields of the record as both sides held
 * them when they last agreed (`remote_base` as the remote wrote it, `local_base` as the book did).
 */
export const syncRecords = sqliteTable(
  'sync_records',
  {
    family: text('family').notNull(),
    localId: integer('local_id').notNull(),
    remoteUrl: text('remote_url').notNull(),
    remoteBase: text('remote_base').notNull(),
    localBase: text('local_base').notNull(),
    remoteUpdatedAt: text('remote_updated_at'),
  },
  (table) => [primaryKey({ columns: [table.family, table.localId] }), uniqueIndex('sync_records_remote').on(table.remoteUrl)],
);

/** One row per local record with changes not yet on the remote. */
export const syncOutbox = sqliteTable(
  'sync_outbox',
  {
    id: id(),
    family: text('family').notNull(),
    localId: integer('local_id').notNull(),
    operation: text('operation', { enum: ['create', 'update', 'delete'] }).notNull(),
    state: text('state', { enum: ['pending', 'in_flight', 'uncertain', 'done', 'conflict', 'rejected'] }).notNull(),
    /** For a delete: the remote url, since the local row and its map may be gone. */
    remoteUrl: text('remote_url'),
    attempts: integer('attempts').notNull(),
    lastError: text('last_error'),
    updatedAt: text('updated_at').notNull(),
    /** JSON: the record a create sent, in the book's spelling (its fields as compared), kept while it is in doubt. */
    sent: text('sent'),
    /** When a create first went out, on the service's clock; null when that clock was not known then (migration 0026). */
    firstSentAt: text('first_sent_at'),
  },
  (table) => [uniqueIndex('sync_outbox_record').on(table.family, table.localId), index('sync_outbox_state').on(table.state)],
);

/** Conflicts, refusals and bad remote records waiting for the user; nothing is dropped silently. */
export const syncReview = sqliteTable(
  'sync_review',
  {
    id: id(),
    family: text('family').notNull(),
    kind: text('kind', { enum: ['conflict', 'deleted-there', 'deleted-here', 'refused', 'invalid-remote', 'difference'] }).notNull(),
    localId: integer('local_id'),
    remoteUrl: text('remote_url'),
    label: text('label').notNull(),
    /** JSON: conflicting fields, mine, theirs, base. */
    detail: text('detail').notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: ['open', 'resolved'] }).notNull(),
    resolution: text('resolution'),
    createdAt: text('created_at').notNull(),
    resolvedAt: text('resolved_at'),
  },
  (table) => [index('sync_review_state').on(table.state, table.family, table.localId)],
);

export const syncRuns = sqliteTable('sync_runs', {
  id: id(),
  startedAt: text('started_at').notNull(),
  finishedAt: text('finished_at'),
  direction: text('direction').notNull(),
  pulled: integer('pulled').notNull(),
  pushed: integer('pushed').notNull(),
  conflicts: integer('conflicts').notNull(),
  refused: integer('refused').notNull(),
  requests: integer('requests').notNull(),
  error: text('error'),
});

/** Token buckets (a fraction of a request is a real number of tokens, not money) and a 429's pause. */
export const syncRateBudget = sqliteTable('sync_rate_budget', {
  bucket: text('bucket').primaryKey(),
  tokens: real('tokens').notNull(),
  /** Epoch milliseconds of the last refill; for bucket "pause", the time before which nothing is sent. */
  at: integer('at').notNull(),
});

/**
 * A remote record being created in the book: written before the engine call, so a sync killed between
 * the book's write and the id map finds its record again (the sync user's create after `after_change`).
 */
export const syncLocalCreates = sqliteTable('sync_local_creates', {
  remoteUrl: text('remote_url').primaryKey(),
  family: text('family').notNull(),
  afterChange: integer('after_change').notNull(),
});
