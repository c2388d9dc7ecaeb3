import type Database from 'better-sqlite3';
import type { EngineContext } from '../context';
import { LEVEL_NAMES, type PermissionLevel } from '../../../shared/api/permissions';
import { forbidden, notFound, unprocessable } from '../errors';
import { preparedPerConnection } from '../prepared';
import { applyChangeSet, capitalise, type Direction } from './apply';
import { labelChangeSet, type LoggedChange } from './labels';

export interface ChangeSetRow {
  id: number;
  userId: number | null;
  label: string;
  at: string;
  state: 'done' | 'undone' | 'dropped';
  firstChange: number;
  lastChange: number;
  /** The access level the write needed; null for a set made before it was kept. */
  level: number | null;
}

/** How many of a book's latest change sets keep their images; older ones can no longer be undone. */
export const KEPT_CHANGE_SETS = 500;

const COLUMNS = 'id, user_id AS userId, label, at, state, first_change AS firstChange, last_change AS lastChange, level';

const lastChangeId = preparedPerConnection((sqlite: Database.Database) => sqlite.prepare('SELECT coalesce(max(id), 0) FROM changes').pluck());
const capturedAny = preparedPerConnection((sqlite: Database.Database) => sqlite.prepare('SELECT 1 FROM change_set_rows WHERE set_id = ? LIMIT 1').pluck());

/** The change log's last id, taken before a write so the set knows which entries are its own. */
export function changeLogMark(sqlite: Database.Database): number {
  return lastChangeId(sqlite).get() as number;
}

function loggedBetween(sqlite: Database.Database, first: number, last: number): LoggedChange[] {
  return sqlite.prepare('SELECT resource, record_id AS recordId, operation FROM changes WHERE id BETWEEN ? AND ? ORDER BY id').all(first, last) as LoggedChange[];
}

/**
 * Closes a write request's change set: if it wrote rows, it goes on the user's undo stack with a
 * label, and whatever the user had undone can no longer be redone (a new edit forks the history).
 */
export function recordChangeSet(ctx: EngineContext, setId: number, mark: number, level: number): void {
  const { sqlite } = ctx.book;
  if (capturedAny(sqlite).get(setId) === undefined) return;
  const last = lastChangeId(sqlite).get() as number;
  const label = labelChangeSet(sqlite, setId, loggedBetween(sqlite, mark + 1, last));
  sqlite.prepare("UPDATE change_sets SET state = 'dropped' WHERE user_id = ? AND state = 'undone'").run(ctx.user.id);
  sqlite.prepare("INSERT INTO change_sets (id, user_id, label, at, state, first_change, last_change, level) VALUES (?, ?, ?, ?, 'done', ?, ?, ?)").run(setId, ctx.user.id, label, ctx.now, mark + 1, last, level);
  // Old sets' images go, a batch at a time, so the book does not grow with every edit forever.
  if (setId % 100 === 0) {
    const cutoff = setId - KEPT_CHANGE_SETS;
    sqlite.prepare('DELETE FROM change_set_rows WHERE set_id <= ?').run(cutoff);
    sqlite.prepare('DELETE FROM change_sets WHERE id <= ?').run(cutoff);
  }
}

export function findChangeSet(ctx: EngineContext, id: number): ChangeSetRow {
  const row = ctx.book.sqlite.prepare(`SELECT ${COLUMNS} FROM change_sets WHERE id = ?`).get(id) as ChangeSetRow | undefined;
  if (!row || row.userId !== ctx.user.id) throw notFound('Change set not found');
  return row;
}

/** The user's undo stack (latest first) and redo stack (the next to redo first). */
export function stacks(ctx: EngineContext, limit: number): { undo: ChangeSetRow[]; redo: ChangeSetRow[] } {
  const { sqlite } = ctx.book;
  const undo = sqlite.prepare(`SELECT ${COLUMNS} FROM change_sets WHERE user_id = ? AND state = 'done' ORDER BY id DESC LIMIT ?`).all(ctx.user.id, limit) as ChangeSetRow[];
  const redo = sqlite.prepare(`SELECT ${COLUMNS} FROM change_sets WHERE user_id = ? AND state = 'undone' ORDER BY id ASC LIMIT ?`).all(ctx.user.id, limit) as ChangeSetRow[];
  return { undo, redo };
}

/**
 * The change-log entries that undoing (or redoing) a set amounts to, one per record: sync pushes them
 * like any edit. A record the set created is deleted by its undo; one it deleted is created again.
 */
function inverseEntries(logged: readonly LoggedChange[], direction: Direction): LoggedChange[] {
  const records = new Map<string, { resource: string; recordId: string; existedBefore: boolean; existsAfter: boolean }>();
  for (const change of logged) {
    const id = `${change.resource}\u0000${change.recordId}`;
    const seen = records.get(id);
    if (seen) seen.existsAfter = change.operation !== 'delete';
    else records.set(id, { resource: change.resource, recordId: change.recordId, existedBefore: change.operation !== 'create', existsAfter: change.operation !== 'delete' });
  }
  const entries: LoggedChange[] = [];
  const ordered = direction === 'undo' ? [...records.values()].reverse() : [...records.values()];
  for (const record of ordered) {
    const [from, to] = direction === 'undo' ? [record.existsAfter, record.existedBefore] : [record.existedBefore, record.existsAfter];
    if (!from && !to) continue;
    entries.push({ resource: record.resource, recordId: record.recordId, operation: from && to ? 'update' : to ? 'create' : 'delete' });
  }
  return entries;
}

/** Undoes (or redoes) a set of the user's: the given one, or the top of the stack. */
export function stepChangeSet(ctx: EngineContext, direction: Direction, id: number | null): ChangeSetRow {
  const { sqlite } = ctx.book;
  const wanted = direction === 'undo' ? 'done' : 'undone';
  let set: ChangeSetRow | undefined;
  if (id === null) {
    const top = stacks(ctx, 1)[direction];
    set = top[0];
    if (!set) throw unprocessable(direction === 'undo' ? 'There is nothing to undo' : 'There is nothing to redo');
  } else {
    set = findChangeSet(ctx, id);
    if (set.state !== wanted) throw unprocessable(direction === 'undo' ? `“${set.label}” is not done, so it cannot be undone` : set.state === 'dropped' ? `“${set.label}” cannot be redone: later edits replaced it` : `“${set.label}” has not been undone, so it cannot be redone`);
  }
  // Taking a write back needs the level the write needed: a user demoted since (a lock set, a user
  // changed, a return filed) cannot undo through the stack what the route itself now refuses them.
  if (set.level !== null && ctx.user.permissionLevel < set.level) {
    throw forbidden(`“${capitalise(set.label)}” needs ${LEVEL_NAMES[set.level as PermissionLevel] ?? 'a higher'} access to be ${direction === 'undo' ? 'undone' : 'redone'}, which this user no longer has`);
  }
  applyChangeSet(ctx, set, direction);
  for (const entry of inverseEntries(loggedBetween(sqlite, set.firstChange, set.lastChange), direction)) ctx.recordChange(entry.resource, entry.recordId, entry.operation);
  const state = direction === 'undo' ? 'undone' : 'done';
  sqlite.prepare('UPDATE change_sets SET state = ? WHERE id = ?').run(state, set.id);
  return { ...set, state };
}
