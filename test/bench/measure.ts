import { performance } from 'node:perf_hooks';

export interface MeasureOptions {
  /** Time spent running the operation before measuring: JIT tiers (the engine path needs over a second
   * to reach full speed), SQLite page cache, connection setup. */
  warmupMs: number;
  /** Measured rounds; the median is reported so one slow round (a GC, a neighbour's burst) does not. */
  rounds: number;
  /** Length of each round. */
  roundMs: number;
}

export const DEFAULT_MEASURE: MeasureOptions = { warmupMs: 2000, rounds: 5, roundMs: 400 };

/** One call of the operation; `i` counts calls so operations can walk through their fixture. */
export type Operation = (i: number) => unknown;

export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/**
 * Returns a function that runs `op` back to back for the given time, one call at a time (awaiting it
 * when it returns a promise), and gives the rate in calls per second. Calls are counted across runs.
 */
export function rateRunner(op: Operation): (ms: number) => Promise<number> {
  let i = 0;
  return async (ms) => {
    const start = performance.now();
    const end = start + ms;
    let calls = 0;
    let now = start;
    while (now < end) {
      const result = op(i++);
      if (result instanceof Promise) await result;
      calls += 1;
      now = performance.now();
    }
    return calls / ((now - start) / 1000);
  };
}
