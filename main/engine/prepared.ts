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
