import type { WorkProgress } from '../../shared/api/work_progress';
import { onWorkProgress } from './work-tracker';

/**
 * The progress bar's state: what work-tracker.ts last read of the engine's long work, or null. The
 * counting and polling live in work-tracker.ts, a plain module, so api.ts (which tests load in Node,
 * where runes are not compiled) does not pull Svelte state in.
 */
let current = $state<WorkProgress | null>(null);
onWorkProgress((progress) => (current = progress));

export const workProgress = {
  get current(): WorkProgress | null {
    return current;
  },
};
