import { expect } from 'vitest';
import type { TestBook } from './harness';

/** Tables that are not the book's records: the change log, undo's own tables and sync's state. */
const NOT_RECORDS = /^(sqlite_|changes$|change_sets$|change_set_rows$|sync_|__drizzle)/;

/** Every row of every record table, for proving that undo put the book back exactly. */
export function recordTables(t: TestBook): Record<string, unknown[]> {
  const tables = t.book.sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  return Object.fromEntries(tables.filter((name) => !NOT_RECORDS.test(name)).map((name) => [name, t.book.sqlite.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all()]));
}

export async function undo(t: TestBook, id?: string): Promise<{ status: number; body: any }> {
  return t.json('POST', id ? `/v2/change_sets/${id}/undo` : '/v2/undo');
}

export async function redo(t: TestBook, id?: string): Promise<{ status: number; body: any }> {
  return t.json('POST', id ? `/v2/change_sets/${id}/redo` : '/v2/redo');
}

/** Undoes the latest action, expecting it to work, and returns its label. */
export async function undoLatest(t: TestBook): Promise<string> {
  const reply = await undo(t);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.change_set.label;
}

export async function redoLatest(t: TestBook): Promise<string> {
  const reply = await redo(t);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.change_set.label;
}

/**
 * Runs one write, then proves undo takes the book back to the rows it had before and redo forward to
 * the rows it had after, exactly, every record table compared.
 */
export async function expectUndoable(t: TestBook, write: () => Promise<{ status: number; body?: any }>, label?: string | RegExp): Promise<void> {
  const before = recordTables(t);
  const reply = await write();
  expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
  const after = recordTables(t);
  expect(after).not.toEqual(before);
  const undone = await undoLatest(t);
  if (label) expect(undone).toMatch(label);
  expect(recordTables(t)).toEqual(before);
  expect(await redoLatest(t)).toBe(undone);
  expect(recordTables(t)).toEqual(after);
}
