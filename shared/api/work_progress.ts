/**
 * Long work under way in the book's engine (Ledgerdesk's extension, GET /v2/work_progress): what it
 * is, and how far it has got where the engine can count (rows checked or written), so the window can
 * show a progress bar instead of only the taskbar's busy mark.
 */
export const WORK_TASKS = ['open', 'statement', 'backup', 'restore'] as const;
export type WorkTask = (typeof WORK_TASKS)[number];

/** A statement upload first checks every line against the account (dedup), then writes the new ones. */
export type WorkStage = 'check' | 'write';

export interface WorkProgress {
  task: WorkTask;
  /** The step of the task being counted, or null while it cannot be counted. */
  stage: WorkStage | null;
  /** Rows done of `total`; both null while the work cannot be counted (indeterminate). */
  done: number | null;
  total: number | null;
}
