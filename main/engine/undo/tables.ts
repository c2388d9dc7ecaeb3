import type Database from 'better-sqlite3';

/** A ledger table as undo sees it: its columns (blobs travel as hex in json) and its primary key. */
export interface UndoTable {
  name: string;
  columns: readonly { name: string; blob: boolean }[];
  key: string;
  /** Tables this one refers to by a declared foreign key (self references left out). */
  parents: readonly string[];
  /** Its UNIQUE constraints and unique indexes besides the primary key: what two rows may not share. */
  unique: readonly UniqueKey[];
}

export interface UniqueKey {
  /** Words for a refusal, such as "nominal code". */
  words: string;
  columns: readonly { name: string; blob: boolean }[];
}

/**
 * Tables whose rows are not the book's records: the change log and undo's own tables, sync's state
 * (it tracks the remote, and undo must never rewind what the remote was told), the api tokens of a
 * session, the migration journal, and drafts (kept apart from the ledger by design).
 */
function isLedgerTable(name: string): boolean {
  if (name.startsWith('sqlite_') || name.startsWith('__drizzle')) return false;
  if (name.startsWith('sync_') || name.includes('draft')) return false;
  return !['changes', 'change_sets', 'change_set_rows', 'api_tokens'].includes(name);
}

interface ColumnInfo {
  name: string;
  type: string;
  pk: number;
}

interface IndexInfo {
  name: string;
  unique: number;
  origin: 'c' | 'u' | 'pk';
  partial: number;
}

/**
 * The unique keys undo can read from a row's image. An index on an expression, or a partial one (unique
 * only among the rows its WHERE picks), is left out: its key is not in the image, and SQLite itself still
 * refuses a write that breaks it (a refusal, nothing changed).
 */
function uniqueKeys(sqlite: Database.Database, table: string, info: readonly ColumnInfo[]): UniqueKey[] {
  const indexes = (sqlite.pragma(`index_list("${table}")`) as IndexInfo[]).filter((index) => index.unique === 1 && index.origin !== 'pk' && index.partial === 0);
  const keys: UniqueKey[] = [];
  for (const index of indexes) {
    const names = (sqlite.pragma(`index_info("${index.name}")`) as { name: string | null }[]).map((column) => column.name);
    if (names.some((column) => column === null)) continue;
    const columns = names.map((column) => ({ name: column!, blob: /blob/i.test(info.find((each) => each.name === column)?.type ?? '') }));
    keys.push({ words: names.join(', ').replace(/_/g, ' '), columns });
  }
  return keys;
}

const cache = new WeakMap<Database.Database, Map<string, UndoTable>>();

/** The ledger tables of a book, read from its schema (PRAGMA table_info) once per connection. */
export function undoTables(sqlite: Database.Database): Map<string, UndoTable> {
  const known = cache.get(sqlite);
  if (known) return known;
  const names = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  const tables = new Map<string, UndoTable>();
  for (const name of names.filter(isLedgerTable)) {
    const info = sqlite.pragma(`table_info("${name}")`) as ColumnInfo[];
    const keys = info.filter((column) => column.pk > 0);
    if (keys.length !== 1) throw new Error(`Undo needs one primary key column on ${name}`);
    const foreign = sqlite.pragma(`foreign_key_list("${name}")`) as { table: string }[];
    tables.set(name, {
      name,
      columns: info.map((column) => ({ name: column.name, blob: /blob/i.test(column.type) })),
      key: keys[0]!.name,
      parents: [...new Set(foreign.map((fk) => fk.table).filter((parent) => parent !== name))],
      unique: uniqueKeys(sqlite, name, info),
    });
  }
  cache.set(sqlite, tables);
  return tables;
}

/** json_object of a row as it is seen through `alias` (NEW, OLD, or a table name); blobs as hex. */
export function imageSql(table: UndoTable, alias: string): string {
  const parts = table.columns.map((column) => `'${column.name}', ${column.blob ? `hex(${alias}."${column.name}")` : `${alias}."${column.name}"`}`);
  return `json_object(${parts.join(', ')})`;
}

/** The value of each column read back from an image bound as `@image`. */
export function columnFromImage(column: { name: string; blob: boolean }): string {
  const read = `json_extract(@image, '$."${column.name}"')`;
  return column.blob ? `unhex(${read})` : read;
}
