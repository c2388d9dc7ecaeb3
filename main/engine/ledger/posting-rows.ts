import { and, eq } from 'drizzle-orm';
import { postings } from '../../db/schema';
import type { EngineContext } from '../context';

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

export function deletePostingRows(ctx: EngineContext, sourceResource: string, sourceId: number): void {
  ctx.db.delete(postings).where(and(eq(postings.sourceResource, sourceResource), eq(postings.sourceId, sourceId))).run();
}

export function insertPostingRows(ctx: EngineContext, sourceResource: string, sourceId: number, kept: readonly PostingLine[]): void {
  if (kept.length === 0) return;
  ctx.db
    .insert(postings)
    .values(
      kept.map((line) => ({
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
      })),
    )
    .run();
}

/** Replaces a document's postings with `lines`, and nothing else (no register follows them). */
export function replacePostingRows(ctx: EngineContext, sourceResource: string, sourceId: number, lines: readonly PostingLine[]): void {
  const kept = balancedLines(sourceResource, sourceId, lines);
  deletePostingRows(ctx, sourceResource, sourceId);
  insertPostingRows(ctx, sourceResource, sourceId, kept);
}
