import type Database from 'better-sqlite3';
import { getTableColumns, sql } from 'drizzle-orm';
import type { SQLiteInsertValue, SQLiteTable } from 'drizzle-orm/sqlite-core';

/**
 * Wraps a query builder so that it runs once per database connection (a drizzle Db, or the raw
 * better-sqlite3 one) and its result, a drizzle prepared query or a statement, is reused. On the hot
 * read paths building the SQL and preparing the statement cost several times more than running it
 * (see `npm run bench`). SQLite re-prepares a statement by itself if the schema changes under it.
 */
export function preparedPerConnection<Connection extends object, Query extends object>(build: (connection: Connection) => Query): (connection: Connection) => Query {
  const prepared = new WeakMap<Connection, Query>();
  return (connection) => {
    let query = prepared.get(connection);
    if (!query) prepared.set(connection, (query = build(connection)));
    return query;
  };
}

const statements = new WeakMap<object, Map<string, unknown>>();
const MAX_STATEMENTS = 200;

/**
 * The statement for `sql` on this connection, prepared the first time it is asked for. For queries
 * whose text is put together from a few fixed pieces (a filter present or not), where preparing
 * the text again on every request cost more than running it.
 */
export function statementFor(sqlite: Database.Database, sql: string): Database.Statement {
  let byText = statements.get(sqlite) as Map<string, Database.Statement> | undefined;
  if (!byText) statements.set(sqlite, (byText = new Map()));
  let statement = byText.get(sql);
  if (!statement) {
    // A bound, in case a caller ever builds texts without limit; they are prepared again if so.
    if (byText.size >= MAX_STATEMENTS) byText.clear();
    byText.set(sql, (statement = sqlite.prepare(sql)));
  }
  return statement;
}

/**
 * Every column of `table` but those `left` out (its id) as a placeholder of the column's own name, for
 * a prepared insert of whole rows: `.values(rowPlaceholders(t, 'id')).prepare()`, then `.run(row)`.
 * The SQL is what the builder makes for a row with every column given, and each value is encoded by
 * its column as the builder would (booleans to 0 and 1). A row without one of the columns throws.
 */
export function rowPlaceholders<Table extends SQLiteTable>(table: Table, ...left: string[]): SQLiteInsertValue<Table> {
  const names = Object.keys(getTableColumns(table)).filter((name) => !left.includes(name));
  return Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as SQLiteInsertValue<Table>;
}
