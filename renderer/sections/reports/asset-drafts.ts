/**
 * The drafts kept by the fixed asset register's dialogs (lib/drafts): their kinds, by which Reports
 * knows to show the register and the register which dialog to open over which asset.
 */

/** Add a fixed asset (record null) or Change… of one (record: the asset's url). */
export const ASSET_DRAFT = 'capital_asset';
/** Dispose… (or Change disposal…) of one asset (record: its url). */
export const DISPOSAL_DRAFT = 'disposal';
export const ASSET_DRAFT_KINDS: readonly string[] = [ASSET_DRAFT, DISPOSAL_DRAFT];

/** What the person reads when the asset a draft was kept for is gone (removed since, or the book restored). */
export function assetGoneWords(status: number, messages: readonly string[]): string {
  if (status === 404) return 'The fixed asset this draft was kept for is no longer in the register, so the draft cannot be opened over it. Discard it under Unsaved drafts.';
  return `The fixed asset this draft was kept for could not be read: ${messages.join(' ')}`;
}
