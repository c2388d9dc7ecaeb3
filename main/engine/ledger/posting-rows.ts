import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { postings } from '../../db/schema';
import type { EngineContext } from '../context';
import { preparedPerConnection, rowPlaceholders } from '../prepared';

// The rows of the postings table alone, with no register following them: for what the fixed asset
// register itself posts (depreciation, disposals), and under postings.ts, which adds the register's hook.

export interface PostingLine {
  categoryId: number;
  /** Native currency minor units; credits negative. */
  debitMinor: number;
  datedOn: string;
  description: string;
  foreignCurrency?: string;
  foreignDebitMinor?: number;
  /** On the net line of a taxed document: its VAT treatment and EC status, for the VAT return. */
  salesTaxStatus?: string | null;
  ecStatus?: string | null;
  /** What the line bought, where the document says it per line (a bill's item): names a fixed asset. Not stored. */
  itemDescription?: string;
}

export class UnbalancedPostingsError extends Error {}

/** The lines to keep of a document's postings; they must balance (a document that does not is an engine bug). */
export function balancedLines(sourceResource: string, sourceId: number, lines: readonly PostingLine[]): PostingLine[] {
  const total = lines.reduce((sum, line) => sum + line.debitMinor, 0);
  if (total !== 0) throw new UnbalancedPostingsError(`${sourceResource} ${sourceId} posts ${total} out of balance`);
  return lines.filter((line) => line.debitMinor !== 0 || (line.foreignDebitMinor ?? 0) !== 0);
}

// Every document posts through here, a bulk accept once a line: built and prepared once per connection
// (explanation-statements.ts says why). One row a statement: the same rows, in the same order, as one
// multi-row insert, and each one's undo image is taken the same way (a trigger per row).
const deleteQuery = preparedPerConnection((db: Db) =>
  db
    .delete(postings)
    .where(and(eq(postings.sourceResource, sql.placeholder('sourceResource')), eq(postings.sourceId, sql.placeholder('sourceId'))))
    .prepare(),
);
const insertQuery = preparedPerConnection((db: Db) => db.insert(postings).values(rowPlaceholders(postings, 'id')).prepare());

export function deletePostingRows(ctx: EngineContext, sourceResource: string, sourceId: number): void {
  deleteQuery(ctx.db).run({ sourceResource, sourceId });
}

export function insertPostingRows(ctx: EngineContext, sourceResource: string, sourceId: number, kept: readonly PostingLine[]): void {
  const insert = insertQuery(ctx.db);
  for (const line of kept) {
    const row: Required<Omit<typeof postings.$inferInsert, 'id'>> = {
      datedOn: line.datedOn,
      categoryId: line.categoryId,
      debitMinor: line.debitMinor,
      description: line.description,
      sourceResource,
      sourceId,
      foreignCurrency: line.foreignCurrency ?? null,
      foreignDebitMinor: line.foreignDebitMinor ?? null,
      salesTaxStatus: line.salesTaxStatus ?? null,
      ecStatus: line.ecStatus ?? null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
    insert.run(row);
  }
}

/** Replaces a document's postings with `lines`, and nothing else (no register follows them). */
export function replacePostingRows(ctx: EngineContext, sourceResource: string, sourceId: number, lines: readonly PostingLine[]): void {
  const kept = balancedLines(sourceResource, sourceId, lines);
  deletePostingRows(ctx, sourceResource, sourceId);
  insertPostingRows(ctx, sourceResource, sourceId, kept);
}
