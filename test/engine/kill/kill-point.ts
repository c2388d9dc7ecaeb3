import type { ChildProcess } from 'node:child_process';

/**
 * When a kill harness kills its writer. The writer prints "step" after each write it committed, and
 * its writes alternate between the two states the harness expects to meet (an expense made, then gone;
 * a line split, then whole). The kill comes a short random while after a random number of steps, so
 * the step count's parity decides which state the last commit left, however slow a loaded machine
 * makes each write. A kill timed in milliseconds after the first write alone met only one state on a
 * machine busy enough that no second write committed within the wait (50 runs, none left empty).
 */
export interface KillPoint {
  steps: number;
  delayMs: number;
}

const MOST_STEPS = 6;
/** Within the next write, or just before it commits: a write here takes a few to tens of milliseconds. */
const MOST_DELAY_MS = 20;

export function randomKillPoint(random: () => number = Math.random): KillPoint {
  return { steps: 1 + Math.floor(random() * MOST_STEPS), delayMs: Math.floor(random() * MOST_DELAY_MS) };
}

/** Kills `child` with SIGKILL at `point`, counting the "step" lines it prints. */
export function killAt(child: ChildProcess, point: KillPoint): void {
  let steps = 0;
  let scheduled = false;
  child.stdout!.on('data', (chunk) => {
    steps += String(chunk).split('step\n').length - 1;
    if (scheduled || steps < point.steps) return;
    scheduled = true;
    setTimeout(() => child.kill('SIGKILL'), point.delayMs);
  });
}
