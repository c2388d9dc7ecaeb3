/**
 * The drafts of values typed in Needs review (ReviewEditForm): which editor they belong to, and the
 * record they are kept under, one per review item. The review opens over any section; its drafts are
 * kept under Settings, where the sync is set up, and App reopens the review on the item from one.
 */
export const REVIEW_EDIT_DRAFT = 'sync_review_edit';

/** A review item as a draft's record ("/v2/sync/review/12", the item's own address in the engine). */
export const reviewRecord = (id: number): string => `/v2/sync/review/${id}`;

/** The review item a draft's record names, or null when it names none. */
export function reviewIdOf(record: string | null): number | null {
  const match = /^\/v2\/sync\/review\/(\d+)$/.exec(record ?? '');
  return match ? Number(match[1]) : null;
}
