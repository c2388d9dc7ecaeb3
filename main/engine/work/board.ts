import type { WorkProgress, WorkStage, WorkTask } from '../../../shared/api/work_progress';

/**
 * Where the engine says how far long work has got. The writer's board passes each report on (by
 * message, through main, to the reader's board), and GET /v2/work_progress reads the reader's: the
 * writer itself is busy with the work and answers nothing until it ends.
 */
export interface WorkBoard {
  report(progress: WorkProgress | null): void;
  current(): WorkProgress | null;
}

/** Holds the latest report; `onReport` hears every one (the writer posts them to main). */
export function workBoard(onReport?: (progress: WorkProgress | null) => void): WorkBoard {
  let latest: WorkProgress | null = null;
  return {
    report(progress) {
      latest = progress;
      onReport?.(progress);
    },
    current: () => latest,
  };
}

/** Rows between reports: often enough for a bar to move smoothly, rarely enough to cost nothing. */
export const ROWS_PER_REPORT = 2000;

/**
 * Reports `done` of `total` rows on the board every ROWS_PER_REPORT rows and at the end. Counted in
 * rows, not time: the engine never reads the clock for this.
 */
export function countRows(board: WorkBoard | undefined, task: WorkTask, stage: WorkStage, done: number, total: number): void {
  if (!board || (done % ROWS_PER_REPORT !== 0 && done !== total)) return;
  board.report({ task, stage, done, total });
}
