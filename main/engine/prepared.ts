import type Database from 'better-sqlite3';

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
