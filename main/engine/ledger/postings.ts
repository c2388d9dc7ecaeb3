import { syncPurchasedAssets } from '../assets/purchases';
import type { EngineContext } from '../context';
import { balancedLines, deletePostingRows, insertPostingRows, type PostingLine } from './posting-rows';

export { UnbalancedPostingsError, type PostingLine } from './posting-rows';

/**
 * Replaces everything a source document has posted with `lines`. The lines must balance: a document
 * that does not is a bug in the engine, never something to store. Zero lines are dropped.
 */
export function replacePostings(ctx: EngineContext, sourceResource: string, sourceId: number, lines: readonly PostingLine[]): void {
  const kept = balancedLines(sourceResource, sourceId, lines);
  deletePostingRows(ctx, sourceResource, sourceId);
  // A purchase's capital lines are the fixed asset register's: it follows them in the same transaction.
  syncPurchasedAssets(ctx, sourceResource, sourceId, kept);
  insertPostingRows(ctx, sourceResource, sourceId, kept);
}

export function removePostings(ctx: EngineContext, sourceResource: string, sourceId: number): void {
  deletePostingRows(ctx, sourceResource, sourceId);
  syncPurchasedAssets(ctx, sourceResource, sourceId, []);
}
