import { ReadyQueue } from './ready-queue';
import { OWNED_BY_ANY, ownerOf, undeclaredParents, type Reference } from './references';
import type { UndoTable, UniqueKey } from './tables';

type Image = Record<string, unknown>;

/** One row as undo (or redo) moves it: what it is now and what it becomes, null when absent. */
export interface RowMove {
  table: UndoTable;
  key: string;
  current: Image | null;
  target: Image | null;
  /** The images as stored (JSON), bound by the statements that write the row. */
  currentJson: string | null;
  targetJson: string | null;
}

export type WriteKind = 'insert' | 'update' | 'delete';

export type WriteStep =
  | { kind: WriteKind; move: RowMove }
  /** Puts a placeholder in one column of each unique key the row gives up, so another row can take the key first. */
  | { kind: 'park'; move: RowMove; columns: string[] };

export const kindOf = (move: RowMove): WriteKind => (move.current === null ? 'insert' : move.target === null ? 'delete' : 'update');

const present = (value: unknown) => value !== null && value !== undefined;

/** The key's values in an image as one string, or null when any is NULL: rows may share a NULL. */
function keyValues(key: UniqueKey, image: Image | null): string | null {
  if (!image) return null;
  const values = key.columns.map((column) => image[column.name]);
  return values.every(present) ? JSON.stringify(values) : null;
}

/** The unique keys a row holds now and gives up (deleted, or changed to other values), by index in its table's list. */
function keysGivenUp(move: RowMove): number[] {
  return move.table.unique.flatMap((key, n) => {
    const held = keyValues(key, move.current);
    return held !== null && held !== keyValues(key, move.target) ? [n] : [];
  });
}

/** Which write must wait for which. Waits on a unique key are kept apart: parking the holder lifts them. */
class Waits {
  readonly after: number[][];
  readonly freed: number[][];
  readonly waiting: number[];

  constructor(size: number) {
    this.after = Array.from({ length: size }, () => []);
    this.freed = Array.from({ length: size }, () => []);
    this.waiting = new Array<number>(size).fill(0);
  }

  link(first: number, then: number, onKey = false): void {
    if (first === then) return;
    (onKey ? this.freed : this.after)[first]!.push(then);
    this.waiting[then]! += 1;
  }

  /** The writes that may go once `index` has (or, with `keysOnly`, once it has given up its keys). */
  release(index: number, keysOnly = false): number[] {
    const lifted = keysOnly ? this.freed[index]! : [...this.after[index]!, ...this.freed[index]!];
    this.freed[index] = [];
    return lifted.filter((then) => (this.waiting[then]! -= 1) === 0);
  }
}

/** A row taking a unique key waits for the row of the set that holds it now to give it up. */
function linkUniqueKeys(moves: readonly RowMove[], waits: Waits): void {
  const holders = new Map<string, number>();
  moves.forEach((move, index) => {
    for (const n of keysGivenUp(move)) holders.set(`${move.table.name}\u0000${n}\u0000${keyValues(move.table.unique[n]!, move.current)}`, index);
  });
  moves.forEach((move, index) => {
    move.table.unique.forEach((key, n) => {
      const wanted = keyValues(key, move.target);
      if (wanted === null || wanted === keyValues(key, move.current)) return;
      const holder = holders.get(`${move.table.name}\u0000${n}\u0000${wanted}`);
      if (holder !== undefined) waits.link(holder, index, true);
    });
  });
}

/**
 * A parent the set puts back goes in before a row that refers to it (SQLite checks a foreign key at
 * once). A row that stops referring to a parent the set takes away moves first: the parent's delete
 * would otherwise fail, cascade onto it, or be refused because something still refers to it.
 */
function linkReferences(moves: readonly RowMove[], references: Map<string, Reference[]>, waits: Waits): void {
  const byChild = new Map<string, Reference[]>();
  for (const reference of [...references.values()].flat()) byChild.set(reference.child, [...(byChild.get(reference.child) ?? []), reference]);
  const rowKey = (table: string, column: string, value: unknown) => `${table}\u0000${column}\u0000${JSON.stringify(value)}`;
  const inserted = new Map<string, number>();
  const deleted = new Map<string, number>();
  moves.forEach((move, index) => {
    const kind = kindOf(move);
    if (kind === 'update') return;
    const image = (kind === 'insert' ? move.target : move.current)!;
    const columns = new Set([move.table.key, ...(references.get(move.table.name) ?? []).map((reference) => reference.parentColumn)]);
    for (const column of columns) if (present(image[column])) (kind === 'insert' ? inserted : deleted).set(rowKey(move.table.name, column, image[column]), index);
  });
  moves.forEach((move, index) => {
    const kind = kindOf(move);
    for (const reference of byChild.get(move.table.name) ?? []) {
      const wants = move.target?.[reference.column];
      const parent = reference.declared && present(wants) ? inserted.get(rowKey(reference.parent, reference.parentColumn, wants)) : undefined;
      if (parent !== undefined) waits.link(parent, index);
      const had = move.current?.[reference.column];
      const leaving = present(had) ? deleted.get(rowKey(reference.parent, reference.parentColumn, had)) : undefined;
      // A row deleted too may go after its parent when SQLite does not check the link (it is among the rows leaving).
      if (leaving !== undefined && (kind === 'update' || reference.declared)) waits.link(index, leaving);
    }
    // A posting, attachment or note moved to another owner, before its old owner goes.
    const owner = kind === 'update' ? ownerOf(move.table.name, move.current!) : null;
    const ownerLeaving = owner ? deleted.get(rowKey(owner.table, 'id', owner.id)) : undefined;
    if (ownerLeaving !== undefined) waits.link(index, ownerLeaving);
  });
}

/** How far each table sits below the tables it refers to, so parents are written before children. */
function depths(tables: ReadonlyMap<string, UndoTable>): Map<string, number> {
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

const RANK: Record<WriteKind, number> = { delete: 0, update: 1, insert: 2 };

/**
 * The order writes take when nothing makes one wait for another: deletes (children first), which free
 * the keys rows put back may need, then updates, then inserts (parents first); the set's own order within.
 */
function preferredOrder(moves: readonly RowMove[], tables: ReadonlyMap<string, UndoTable>): number[] {
  const depth = depths(tables);
  const deep = (index: number) => depth.get(moves[index]!.table.name) ?? 0;
  return moves
    .map((_, index) => index)
    .sort((a, b) => {
      const kind = kindOf(moves[a]!);
      const byKind = RANK[kind] - RANK[kindOf(moves[b]!)];
      if (byKind !== 0) return byKind;
      const byDepth = kind === 'delete' ? deep(b) - deep(a) : kind === 'insert' ? deep(a) - deep(b) : 0;
      return byDepth !== 0 ? byDepth : a - b;
    });
}

/** One column of each key a row gives up: a text one where there is one, so the placeholder keeps the column's kind. */
function parkColumns(move: RowMove): string[] {
  const columns = keysGivenUp(move).map((n) => {
    const key = move.table.unique[n]!;
    return (key.columns.find((column) => typeof move.current![column.name] === 'string') ?? key.columns[0]!).name;
  });
  return [...new Set(columns)];
}

/**
 * The order in which to write a set's rows back so that every constraint holds at every statement:
 * a unique key is given up before another row takes it, a parent exists before a row refers to it, and
 * a row stops referring to a parent before the parent goes. Rows that wait on one another for their
 * keys (two rows swapping a code) are broken apart by parking one first. Rows that wait on one another
 * by their links alone go in the preferred order, and SQLite judges (its refusal changes nothing).
 */
export function writeOrder(moves: readonly RowMove[], references: Map<string, Reference[]>, tables: ReadonlyMap<string, UndoTable>): WriteStep[] {
  const waits = new Waits(moves.length);
  linkUniqueKeys(moves, waits);
  linkReferences(moves, references, waits);
  const preferred = preferredOrder(moves, tables);
  const position = new Array<number>(moves.length);
  preferred.forEach((index, at) => (position[index] = at));
  const ready = new ReadyQueue();
  moves.forEach((_, index) => {
    if (waits.waiting[index] === 0) ready.push(position[index]!);
  });

  const steps: WriteStep[] = [];
  const written = new Array<boolean>(moves.length).fill(false);
  let left = moves.length;
  const write = (index: number) => {
    written[index] = true;
    left -= 1;
    steps.push({ kind: kindOf(moves[index]!), move: moves[index]! });
    for (const then of waits.release(index)) if (!written[then]) ready.push(position[then]!);
  };
  while (left > 0) {
    const next = ready.pop();
    if (next !== undefined) {
      if (!written[preferred[next]!]) write(preferred[next]!);
      continue;
    }
    const parked = preferred.find((index) => waits.freed[index]!.length > 0);
    if (parked !== undefined) {
      steps.push({ kind: 'park', move: moves[parked]!, columns: parkColumns(moves[parked]!) });
      for (const then of waits.release(parked, true)) ready.push(position[then]!);
    } else write(preferred.find((index) => !written[index])!);
  }
  return steps;
}
