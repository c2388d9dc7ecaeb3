import type Database from 'better-sqlite3';
import { FAMILY_LABELS, tableOfResource } from './labels';
import type { UndoTable } from './tables';

/** A column of `child` that holds the key of a row of `parent`, with the resource names that say so when polymorphic. */
export interface Reference {
  child: string;
  column: string;
  parent: string;
  parentColumn: string;
  /** A foreign key SQLite enforces, rather than a link only the engine's rules keep. */
  declared: boolean;
}

/**
 * Links the schema does not declare as foreign keys (they are checked by the engine's rules instead),
 * so undo must look for them itself before taking a row away.
 */
const UNDECLARED: readonly Omit<Reference, 'declared'>[] = [
  { child: 'bank_transaction_explanations', column: 'category_id', parent: 'categories', parentColumn: 'id' },
  { child: 'bank_transaction_explanations', column: 'transfer_source_id', parent: 'bank_transaction_explanations', parentColumn: 'id' },
  { child: 'bank_transaction_explanations', column: 'paid_invoice_id', parent: 'invoices', parentColumn: 'id' },
  { child: 'bank_transaction_explanations', column: 'paid_bill_id', parent: 'bills', parentColumn: 'id' },
  { child: 'bank_transaction_explanations', column: 'project_id', parent: 'projects', parentColumn: 'id' },
];

/** Owner columns that name their parent's resource beside its id. */
const POLYMORPHIC: readonly { child: string; column: string; resourceColumn: string }[] = [
  { child: 'attachments', column: 'owner_id', resourceColumn: 'owner_resource' },
  { child: 'notes', column: 'parent_id', resourceColumn: 'parent_resource' },
  { child: 'postings', column: 'source_id', resourceColumn: 'source_resource' },
];

/** Tables whose rows may belong to a row of any table: always taken away first and put back last. */
export const OWNED_BY_ANY: ReadonlySet<string> = new Set(POLYMORPHIC.map((owner) => owner.child));

/** The row a polymorphic owner column of an image points at (a posting's document, a note's contact), if any. */
export function ownerOf(table: string, image: Record<string, unknown>): { table: string; id: unknown } | null {
  const owner = POLYMORPHIC.find((each) => each.child === table);
  const resource = owner ? image[owner.resourceColumn] : null;
  const id = owner ? image[owner.column] : null;
  if (typeof resource !== 'string' || id === null || id === undefined) return null;
  return { table: tableOfResource(resource), id };
}

/** Parent tables of each table through links the schema does not declare, for ordering writes. */
export function undeclaredParents(table: string): string[] {
  return UNDECLARED.filter((reference) => reference.child === table && reference.parent !== table).map((reference) => reference.parent);
}

const cache = new WeakMap<Database.Database, Map<string, Reference[]>>();

/** Every reference to rows of each table, declared or not, by parent table. */
export function referencesTo(sqlite: Database.Database, tables: Map<string, UndoTable>): Map<string, Reference[]> {
  const known = cache.get(sqlite);
  if (known) return known;
  const byParent = new Map<string, Reference[]>();
  const add = (reference: Reference) => byParent.set(reference.parent, [...(byParent.get(reference.parent) ?? []), reference]);
  for (const table of tables.values()) {
    const foreign = sqlite.pragma(`foreign_key_list("${table.name}")`) as { table: string; from: string; to: string | null }[];
    for (const fk of foreign) add({ child: table.name, column: fk.from, parent: fk.table, parentColumn: fk.to ?? tables.get(fk.table)?.key ?? 'id', declared: true });
  }
  for (const reference of UNDECLARED) if (tables.has(reference.child)) add({ ...reference, declared: false });
  cache.set(sqlite, byParent);
  return byParent;
}

/** The first key a query yields that is not `leaving` (rows the same undo is about to take away too). */
function firstStaying(statement: Database.Statement, args: unknown[], table: string, leaving: (table: string, key: string) => boolean): string | undefined {
  for (const key of statement.pluck().iterate(...args) as IterableIterator<string>) if (!leaving(table, key)) return key;
  return undefined;
}

/**
 * A row that refers to the given one (child table and key) and is not itself on its way out, or null
 * when nothing does.
 */
export function findReferrer(
  sqlite: Database.Database,
  references: Map<string, Reference[]>,
  table: string,
  image: Record<string, unknown>,
  leaving: (table: string, key: string) => boolean,
): { table: string; key: string } | null {
  for (const reference of references.get(table) ?? []) {
    const value = image[reference.parentColumn];
    if (value === null || value === undefined) continue;
    const key = firstStaying(sqlite.prepare(`SELECT CAST(rowid AS TEXT) FROM "${reference.child}" WHERE "${reference.column}" = ?`), [value], reference.child, leaving);
    if (key !== undefined) return { table: reference.child, key };
  }
  if (image.id === null || image.id === undefined) return null;
  const resources = [table, ...Object.keys(FAMILY_LABELS).filter((resource) => resource !== table && tableOfResource(resource) === table)];
  for (const owner of POLYMORPHIC) {
    for (const resource of resources) {
      const key = firstStaying(sqlite.prepare(`SELECT CAST(rowid AS TEXT) FROM "${owner.child}" WHERE "${owner.resourceColumn}" = ? AND "${owner.column}" = ?`), [resource, image.id], owner.child, leaving);
      if (key !== undefined) return { table: owner.child, key };
    }
  }
  return null;
}
