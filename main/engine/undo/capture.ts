import type Database from 'better-sqlite3';
import { preparedPerConnection } from '../prepared';
import { imageSql, undoTables, type UndoTable } from './tables';

/**
 * Before- and after-images of every ledger row a write request touches, captured by TEMP triggers.
 *
 * Why triggers: every write path (query builder, prepared bulk statements, foreign-key cascades) goes
 * through SQLite, so nothing a handler writes can slip past them, and no family has to be taught what
 * its "children" are. They are TEMP (created on each connection, never stored in the book), so a book
 * opened by an older build or a plain sqlite3 shell carries no trace of them. They fire only while
 * `temp.undo_capture` names a change set, which is only inside an engine write request.
 */
const installed = new WeakSet<Database.Database>();

function triggersFor(table: UndoTable): string {
  const set = '(SELECT set_id FROM temp.undo_capture)';
  const when = `WHEN ${set} IS NOT NULL`;
  const insert = (key: string, before: string, after: string) =>
    `INSERT INTO main.change_set_rows (set_id, tbl, row_key, before, after) VALUES (${set}, '${table.name}', CAST(${key} AS TEXT), ${before}, ${after});`;
  return [
    `CREATE TEMP TRIGGER IF NOT EXISTS "undo_insert_${table.name}" AFTER INSERT ON main."${table.name}" ${when} BEGIN ${insert(`NEW."${table.key}"`, 'NULL', imageSql(table, 'NEW'))} END;`,
    `CREATE TEMP TRIGGER IF NOT EXISTS "undo_update_${table.name}" AFTER UPDATE ON main."${table.name}" ${when} BEGIN ${insert(`NEW."${table.key}"`, imageSql(table, 'OLD'), imageSql(table, 'NEW'))} END;`,
    `CREATE TEMP TRIGGER IF NOT EXISTS "undo_delete_${table.name}" AFTER DELETE ON main."${table.name}" ${when} BEGIN ${insert(`OLD."${table.key}"`, imageSql(table, 'OLD'), 'NULL')} END;`,
  ].join('\n');
}

/** Creates the capture triggers on this connection (once; a second engine on the same book shares them). */
export function installUndoCapture(sqlite: Database.Database): void {
  if (installed.has(sqlite)) return;
  sqlite.exec('CREATE TEMP TABLE IF NOT EXISTS undo_capture (set_id INTEGER); INSERT INTO temp.undo_capture SELECT NULL WHERE NOT EXISTS (SELECT 1 FROM temp.undo_capture);');
  for (const table of undoTables(sqlite).values()) sqlite.exec(triggersFor(table));
  installed.add(sqlite);
}

const setCapture = preparedPerConnection((sqlite: Database.Database) => sqlite.prepare('UPDATE temp.undo_capture SET set_id = ?'));
const nextSetId = preparedPerConnection((sqlite: Database.Database) => sqlite.prepare("SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'change_sets'), 0) + 1").pluck());

/**
 * Runs `run` with its row writes captured under the id the change set will get. Capture is switched
 * off again whatever happens, so a later write outside a request (sync bookkeeping) is never captured.
 */
export function capturing<T>(sqlite: Database.Database, run: (setId: number) => T): T {
  installUndoCapture(sqlite);
  const setId = nextSetId(sqlite).get() as number;
  setCapture(sqlite).run(setId);
  try {
    return run(setId);
  } finally {
    setCapture(sqlite).run(null);
  }
}

/** Runs `run` with capture off: undo and redo write their rows back without making a new change set. */
export function notCapturing<T>(sqlite: Database.Database, run: () => T): T {
  installUndoCapture(sqlite);
  const current = currentSet(sqlite).get() as number | null;
  setCapture(sqlite).run(null);
  try {
    return run();
  } finally {
    setCapture(sqlite).run(current);
  }
}

/**
 * Above this many rows a write is a bulk import (a statement of 100,000 lines): capturing its images
 * made the upload 2.6 times slower (measured, docs/api-notes.md), so it is left to the import's own
 * undo (DELETE /v2/statement_uploads/:id) and does not go on the undo stack.
 */
export const BULK_ROWS = 2000;

const currentSet = preparedPerConnection((sqlite: Database.Database) => sqlite.prepare('SELECT set_id FROM temp.undo_capture').pluck());
const dropCaptured = preparedPerConnection((sqlite: Database.Database) => sqlite.prepare('DELETE FROM change_set_rows WHERE set_id = ?'));

/**
 * Stops capturing the running request and forgets what it captured: it will make no change set. The
 * triggers go too, until the next captured write puts them back: switched off they still tested their
 * WHEN for every row, and 30,000 inserts into bank_transactions took 5.5 s with them and 1.1-1.3 s
 * without (profile of the 100,000-line OFX upload: 56% in the inserts' native run; issue 23). They are
 * TEMP, so dropping them inside the request's transaction is undone with it if the request fails.
 */
export function skipCapture(sqlite: Database.Database): void {
  const setId = currentSet(sqlite).get() as number | null | undefined;
  if (setId === null || setId === undefined) return;
  dropCaptured(sqlite).run(setId);
  setCapture(sqlite).run(null);
  removeCaptureTriggers(sqlite);
}

function removeCaptureTriggers(sqlite: Database.Database): void {
  const drops = [...undoTables(sqlite).values()].flatMap((table) => ['insert', 'update', 'delete'].map((kind) => `DROP TRIGGER IF EXISTS temp."undo_${kind}_${table.name}";`));
  sqlite.exec(drops.join('\n'));
  // installUndoCapture creates them again (IF NOT EXISTS) before the next captured or uncaptured write.
  installed.delete(sqlite);
}
