import type Database from 'better-sqlite3';
import type { EngineContext } from '../context';
import { ApiError, unprocessable } from '../errors';
import { assertFiledVatReturnsKept } from '../ledger/filed-vat-returns';
import { assertUnlocked } from '../ledger/locks';
import { notCapturing } from './capture';
import { findReferrer, referencesTo } from './references';
import { standingRuleBroken } from './standing-rules';
import { columnFromImage, undoTables, type UndoTable } from './tables';
import { keyHeldOutside } from './unique-holders';
import { writeOrder, type RowMove } from './write-order';

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

/** A placeholder no real value takes (one per row), holding the row's place until its own write. */
function parkRow(sqlite: Database.Database, table: UndoTable, image: string, columns: readonly string[]): void {
  const sets = columns.map((column) => `"${column}" = 'undo parking: ' || @table || ' ' || json_extract(@image, '$."${table.key}"')`);
  sqlite.prepare(`UPDATE "${table.name}" SET ${sets.join(', ')} WHERE "${table.key}" = json_extract(@image, '$."${table.key}"')`).run({ image, table: table.name });
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
 * to be taken away, a unique key (a nominal code) another row has taken since, or a date inside a lock
 * refuses the whole set with a sentence saying which. The rows are then written in an order that keeps
 * every unique key and foreign key whole at each statement (write-order.ts): a set that replaced rows
 * by others with the same keys (a type change's chart) was refused when its inserts came first.
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
  const moves: RowMove[] = rows.map((row) => {
    const [currentJson, targetJson] = [expected(row), target(row)];
    return { table: row.table, key: row.key, currentJson, targetJson, current: currentJson === null ? null : parse(currentJson), target: targetJson === null ? null : parse(targetJson) };
  });

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
    moves.map((move) => ({ table: move.table.name, current: move.current, target: move.target })),
    set.id,
  );
  if (broken) refuse(broken);

  for (const row of rows) {
    const keyImage = (row.after ?? row.before)!;
    if (currentImage(sqlite, row.table, keyImage) === expected(row)) continue;
    const later = laterSetTouching(sqlite, row.table.name, row.key, set.id);
    refuse(later ? `“${later}” changed the same record afterwards; undo that first` : `the ${row.table.name.replace(/_/g, ' ')} row ${row.key} has changed since (a sync or another window)`);
  }

  const taken = keyHeldOutside(sqlite, moves);
  if (taken) {
    const later = laterSetTouching(sqlite, taken.table.name, taken.holder, set.id);
    const what = `the ${taken.key.words} ${taken.values.join(', ')} it needs`;
    refuse(later ? `“${later}” has since taken ${what}; undo that first` : `the ${taken.table.name.replace(/_/g, ' ')} row ${taken.holder} holds ${what} (a sync or another window)`);
  }
  const references = referencesTo(sqlite, tables);
  const steps = writeOrder(moves, references, tables);
  const leavingKeys = new Set(moves.filter((move) => move.target === null).map((move) => `${move.table.name}\u0000${move.key}`));
  const leaving = (table: string, key: string) => leavingKeys.has(`${table}\u0000${key}`);

  notCapturing(sqlite, () => {
    try {
      for (const step of steps) {
        const { table, currentJson, targetJson } = step.move;
        if (step.kind === 'park') parkRow(sqlite, table, currentJson!, step.columns);
        else if (step.kind === 'insert') insertRow(sqlite, table, targetJson!);
        else if (step.kind === 'update') updateRow(sqlite, table, targetJson!);
        else {
          const referrer = findReferrer(sqlite, references, table.name, step.move.current!, leaving);
          if (referrer) {
            const later = laterSetTouching(sqlite, referrer.table, referrer.key, set.id);
            refuse(later ? `“${later}” depends on it; undo that first` : `a later record (${referrer.table.replace(/_/g, ' ')} ${referrer.key}) depends on it`);
          }
          deleteRow(sqlite, table, currentJson!);
        }
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (isConstraint(error)) refuse(`a later change depends on it (${(error as Error).message})`);
      throw error;
    }
  });
  // A filed VAT return's figures must not move by an undo either: the set's dates were noted by the lock
  // check above, and the book is read as the set leaves it (the request's own check would say the same
  // without naming the set).
  try {
    assertFiledVatReturnsKept(ctx, () => ctx.touchedDays);
  } catch (error) {
    if (error instanceof ApiError) refuse(error.message.replace(/^The VAT return/, 'the VAT return'));
    throw error;
  }
}

const isConstraint = (error: unknown) => error instanceof Error && 'code' in error && typeof error.code === 'string' && error.code.startsWith('SQLITE_CONSTRAINT');
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
