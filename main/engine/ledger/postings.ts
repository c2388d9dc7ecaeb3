import { and, eq } from 'drizzle-orm';
import { postings } from '../../db/schema';
import { syncPurchasedAssets } from '../assets/purchases';
import type { EngineContext } from '../context';

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

/**
 * Replaces everything a source document has posted with `lines`. The lines must balance: a document
 * that does not is a bug in the engine, never something to store. Zero lines are dropped.
 */
export function replacePostings(ctx: EngineContext, sourceResource: string, sourceId: number, lines: readonly PostingLine[]): void {
  const total = lines.reduce((sum, line) => sum + line.debitMinor, 0);
  if (total !== 0) throw new UnbalancedPostingsError(`${sourceResource} ${sourceId} posts ${total} out of balance`);
  deleteRows(ctx, sourceResource, sourceId);
  const kept = lines.filter((line) => line.debitMinor !== 0 || (line.foreignDebitMinor ?? 0) !== 0);
  // A purchase's capital lines are the fixed asset register's: it follows them in the same transaction.
  syncPurchasedAssets(ctx, sourceResource, sourceId, kept);
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

export function removePostings(ctx: EngineContext, sourceResource: string, sourceId: number): void {
  deleteRows(ctx, sourceResource, sourceId);
  syncPurchasedAssets(ctx, sourceResource, sourceId, []);
}

function deleteRows(ctx: EngineContext, sourceResource: string, sourceId: number): void {
  ctx.db.delete(postings).where(and(eq(postings.sourceResource, sourceResource), eq(postings.sourceId, sourceId))).run();
}
