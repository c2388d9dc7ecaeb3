import type Database from 'better-sqlite3';
import { Column, getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * A table's row by id with raw SQL, shaped exactly as drizzle's `select().from(table)` shapes it
 * (the same keys, each value through its column's own decoder: flags to booleans). For the GET by
 * id paths, where drizzle's generic row mapping (a path walk and type checks per column) cost as
 * much as the query (profile, issue 23). The statement is prepared once per connection.
 */
export function rowById<Table extends SQLiteTable>(table: Table): (sqlite: Database.Database, id: number) => Table['$inferSelect'] | undefined {
  const entries = Object.entries(getTableColumns(table));
  const keys = entries.map(([key]) => key);
  // Columns that store what they hold (text, plain integers) are copied; only the others are decoded.
  const decoders = entries.map(([, column]) => (column.mapFromDriverValue === Column.prototype.mapFromDriverValue ? null : column));
  const sql = `SELECT ${entries.map(([, column]) => `"${column.name}"`).join(', ')} FROM "${getTableName(table)}" WHERE id = ?`;
  const statements = new WeakMap<Database.Database, Database.Statement<[number], unknown[]>>();
  return (sqlite, id) => {
    let statement = statements.get(sqlite);
    if (!statement) statements.set(sqlite, (statement = sqlite.prepare<[number], unknown[]>(sql).raw()));
    const values = statement.get(id);
    if (values === undefined) return undefined;
    const row: Record<string, unknown> = {};
    for (let at = 0; at < keys.length; at += 1) {
      const value = values[at];
      const decoder = decoders[at];
      row[keys[at]!] = value === null || !decoder ? value : decoder.mapFromDriverValue(value);
    }
    return row as Table['$inferSelect'];
  };
}
