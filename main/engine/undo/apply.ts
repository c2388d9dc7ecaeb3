import type Database from 'better-sqlite3';
import type { EngineContext } from '../context';
import { ApiError, unprocessable } from '../errors';
import { assertUnlocked } from '../ledger/locks';
import { notCapturing } from './capture';
import { findReferrer, OWNED_BY_ANY, referencesTo, undeclaredParents } from './references';
import { standingRuleBroken } from './standing-rules';
import { columnFromImage, undoTables, type UndoTable } from './tables';

export type Direction = 'undo' | 'redo';

/** One row's net move across a change set: the row before the set and after it (null: absent). */
interface NetRow {
  table: UndoTable;
  key: string;
  before: string | null;
  after: string | null;
}

interface CapturedRow {
  tbl: string;
  rowKey: string;
  before: string | null;
  after: string | null;
}

/** Folds a set's captured rows into one move per row: its first before-image and its last after-image. */
function netRows(sqlite: Database.Database, setId: number): NetRow[] {
  const tables = undoTables(sqlite);
  const captured = sqlite.prepare('SELECT tbl, row_key AS rowKey, before, after FROM change_set_rows WHERE set_id = ? ORDER BY id').all(setId) as CapturedRow[];
  const net = new Map<string, NetRow>();
  for (const row of captured) {
    const id = `${row.tbl}\u0000${row.rowKey}`;
    const seen = net.get(id);
    if (seen) seen.after = row.after;
    else {
      const table = tables.get(row.tbl);
      if (!table) throw new Error(`Change set ${setId} holds rows of ${row.tbl}, which this book does not have`);
      net.set(id, { table, key: row.rowKey, before: row.before, after: row.after });
    }
  }
  return [...net.values()].filter((row) => row.before !== row.after);
}

/** How far each table sits below the tables it refers to, so parents are written before children. */
function depths(tables: Map<string, UndoTable>): Map<string, number> {
  const depth = new Map<string, number>();
  const visit = (name: string, path: Set<string>): number => {
    const known = depth.get(name);
    if (known !== undefined) return known;
    if (path.has(name)) return 0;
    path.add(name);
    const parents = [...(tables.get(name)?.parents ?? []), ...undeclaredParents(name)];
    // Postings, attachments and notes may belong to a row of any table: they go last (first when taken away).
    const value = OWNED_BY_ANY.has(name) ? tables.size + 1 : parents.length === 0 ? 0 : 1 + Math.max(...parents.map((parent) => visit(parent, path)));
    path.delete(name);
    depth.set(name, value);
    return value;
  };
  for (const name of tables.keys()) visit(name, new Set());
  return depth;
}

const parse = (image: string) => JSON.parse(image) as Record<string, unknown>;

function currentImage(sqlite: Database.Database, table: UndoTable, keyImage: string): string | null {
  const parts = table.columns.map((column) => `'${column.name}', ${column.blob ? `hex("${column.name}")` : `"${column.name}"`}`);
  const sql = `SELECT json_object(${parts.join(', ')}) FROM "${table.name}" WHERE "${table.key}" = json_extract(@image, '$."${table.key}"')`;
  return (sqlite.prepare(sql).pluck().get({ image: keyImage }) as string | undefined) ?? null;
}

function insertRow(sqlite: Database.Database, table: UndoTable, image: string): void {
  const names = table.columns.map((column) => `"${column.name}"`).join(', ');
  sqlite.prepare(`INSERT INTO "${table.name}" (${names}) SELECT ${table.columns.map(columnFromImage).join(', ')}`).run({ image });
}

function updateRow(sqlite: Database.Database, table: UndoTable, image: string): void {
  const sets = table.columns.filter((column) => column.name !== table.key).map((column) => `"${column.name}" = ${columnFromImage(column)}`);
  sqlite.prepare(`UPDATE "${table.name}" SET ${sets.join(', ')} WHERE "${table.key}" = json_extract(@image, '$."${table.key}"')`).run({ image });
}

function deleteRow(sqlite: Database.Database, table: UndoTable, image: string): void {
  sqlite.prepare(`DELETE FROM "${table.name}" WHERE "${table.key}" = json_extract(@image, '$."${table.key}"')`).run({ image });
}

/** The label of the latest change set still done that touched a row after `afterSet`, if any. */
function laterSetTouching(sqlite: Database.Database, table: string, key: string, afterSet: number): string | null {
  return (
    (sqlite
      .prepare("SELECT s.label FROM change_set_rows r JOIN change_sets s ON s.id = r.set_id WHERE r.tbl = ? AND r.row_key = ? AND r.set_id > ? AND s.state = 'done' ORDER BY r.set_id DESC LIMIT 1")
      .pluck()
      .get(table, key, afterSet) as string | undefined) ?? null
  );
}

export interface ChangeSetRef {
  id: number;
  label: string;
}

/**
 * Undoes or redoes one change set: every row goes back to (or forward to) its image, in one go, inside
 * the request's transaction. Before anything is written it checks that the book is where the set left
 * it (undo) or where it found it (redo): a row changed since, a later record that refers to a row about
 * to be taken away, or a date inside a lock refuses the whole set with a sentence saying which.
 */
export function applyChangeSet(ctx: EngineContext, set: ChangeSetRef, direction: Direction): void {
  const { sqlite } = ctx.book;
  const tables = undoTables(sqlite);
  const rows = netRows(sqlite, set.id);
  const refuse = (reason: string): never => {
    throw unprocessable(`“${capitalise(set.label)}” cannot be ${direction === 'undo' ? 'undone' : 'redone'}: ${reason}`);
  };
  const expected = (row: NetRow) => (direction === 'undo' ? row.after : row.before);
  const target = (row: NetRow) => (direction === 'undo' ? row.before : row.after);

  // A lock covers the set if any dated row it moved is on or before the lock date, either way.
  const dates = rows.filter((row) => row.table.name !== 'account_locks').flatMap((row) => [row.before, row.after].flatMap((image) => (image ? [parse(image).dated_on] : [])));
  try {
    assertUnlocked(ctx, ...dates.map((date) => (typeof date === 'string' ? date : null)));
  } catch (error) {
    if (error instanceof ApiError) refuse(error.message.replace(/^The books/, 'the books'));
    throw error;
  }

  const broken = standingRuleBroken(
    sqlite,
    rows.map((row) => ({ table: row.table.name, current: expected(row) === null ? null : parse(expected(row)!), target: target(row) === null ? null : parse(target(row)!) })),
  );
  if (broken) refuse(broken);

  for (const row of rows) {
    const keyImage = (row.after ?? row.before)!;
    if (currentImage(sqlite, row.table, keyImage) === expected(row)) continue;
    const later = laterSetTouching(sqlite, row.table.name, row.key, set.id);
    refuse(later ? `“${later}” changed the same record afterwards; undo that first` : `the ${row.table.name.replace(/_/g, ' ')} row ${row.key} has changed since (a sync or another window)`);
  }

  const depth = depths(tables);
  const byDepth = (sign: number) => (a: NetRow, b: NetRow) => sign * ((depth.get(a.table.name) ?? 0) - (depth.get(b.table.name) ?? 0));
  const inserts = rows.filter((row) => expected(row) === null).sort(byDepth(1));
  const updates = rows.filter((row) => expected(row) !== null && target(row) !== null);
  const deletes = rows.filter((row) => target(row) === null).sort(byDepth(-1));
  const references = referencesTo(sqlite, tables);
  const leavingKeys = new Set(deletes.map((row) => `${row.table.name}\u0000${row.key}`));
  const leaving = (table: string, key: string) => leavingKeys.has(`${table}\u0000${key}`);

  notCapturing(sqlite, () => {
    try {
      for (const row of inserts) insertRow(sqlite, row.table, target(row)!);
      for (const row of updates) updateRow(sqlite, row.table, target(row)!);
      for (const row of deletes) {
        const image = expected(row)!;
        const referrer = findReferrer(sqlite, references, row.table.name, parse(image), leaving);
        if (referrer) {
          const later = laterSetTouching(sqlite, referrer.table, referrer.key, set.id);
          refuse(later ? `“${later}” depends on it; undo that first` : `a later record (${referrer.table.replace(/_/g, ' ')} ${referrer.key}) depends on it`);
        }
        deleteRow(sqlite, row.table, image);
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (isConstraint(error)) refuse(`a later change depends on it (${(error as Error).message})`);
      throw error;
    }
  });
}

const isConstraint = (error: unknown) => error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_CONSTRAINT');
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
