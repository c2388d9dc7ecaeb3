import type Database from 'better-sqlite3';
import { columnFromImage, type UndoTable, type UniqueKey } from './tables';
import type { RowMove } from './write-order';

/** A unique key a row of the set needs back that a row outside the set holds now. */
export interface KeyHeldOutside {
  table: UndoTable;
  key: UniqueKey;
  values: unknown[];
  /** The primary key of the row that holds it. */
  holder: string;
}

/**
 * Finds a key the set would write that a row it does not move holds now (a category made since with a
 * code the old chart needs), before anything is written: SQLite would refuse the write anyway, but
 * only this can name the row, and so the change to undo first. Rows of the set that hold a key give it
 * up in the order undo writes them.
 */
export function keyHeldOutside(sqlite: Database.Database, moves: readonly RowMove[]): KeyHeldOutside | null {
  const moved = new Set(moves.map((move) => `${move.table.name}\u0000${move.key}`));
  const statements = new Map<string, Database.Statement>();
  const holderOf = (table: UndoTable, key: UniqueKey, image: string): string | undefined => {
    const id = `${table.name}\u0000${key.words}`;
    let statement = statements.get(id);
    if (!statement) {
      const where = key.columns.map((column) => `"${column.name}" = ${columnFromImage(column)}`).join(' AND ');
      statement = sqlite.prepare(`SELECT CAST("${table.key}" AS TEXT) FROM "${table.name}" WHERE ${where}`).pluck();
      statements.set(id, statement);
    }
    return statement.get({ image }) as string | undefined;
  };
  for (const move of moves) {
    if (!move.target || !move.targetJson) continue;
    for (const key of move.table.unique) {
      const values = key.columns.map((column) => move.target![column.name]);
      if (values.some((value) => value === null || value === undefined)) continue;
      if (move.current && key.columns.every((column) => move.current![column.name] === move.target![column.name])) continue;
      const holder = holderOf(move.table, key, move.targetJson);
      if (holder !== undefined && !moved.has(`${move.table.name}\u0000${holder}`)) return { table: move.table, key, values, holder };
    }
  }
  return null;
}
