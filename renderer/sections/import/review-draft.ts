import type { CsvColumnMappingFields } from '../../../shared/api/statement_import';

/**
 * The draft of a statement's review (ImportView): what the person chose for one file, kept with the
 * file itself so that after a reload or a crash the review opens again over the same bytes. Kept under
 * Banking, where statements land; App opens the review from it.
 */
export const STATEMENT_REVIEW_DRAFT = 'statement_review';

export interface ReviewDraftState {
  file: File;
  accountUrl: string | null;
  /** The CSV columns the person set; null while the engine's guess (or remembered mapping) stands. */
  mapping: CsvColumnMappingFields | null;
  mappingConfirmed: boolean;
  /**
   * The rows chosen otherwise than they started, as [row index, chosen], in row order: a row ticked or
   * left out by hand. Only these, so a key in a 100,000-row file writes a few numbers, not every row.
   */
  choices: readonly (readonly [number, boolean])[];
}

/** The file a draft's fields hold, when they hold one (a draft written by another build may not). */
export function reviewedFile(fields: unknown): File | null {
  const file = (fields as Partial<ReviewDraftState> | null)?.file;
  return file instanceof File ? file : null;
}

/** Whether a draft was written over this very file (by name, size and date), so its choices fit its rows. */
export const sameFile = (a: File, b: File): boolean => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
