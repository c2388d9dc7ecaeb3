import type { MeasureOptions, Operation } from './measure';

/** One timed operation. Its setup belongs in the suite's open(), outside the timing. */
export interface Benchmark {
  /** Stable, dotted: the key results are compared by from run to run. */
  name: string;
  op: Operation;
  /** Defaults to requests/s. */
  unit?: string;
  /** Another benchmark of the same suite (or this one) that the value is divided by, in the same run. */
  baseline?: string;
  /** Overrides of the default warm-up and rounds (DEFAULT_MEASURE). */
  measure?: Partial<MeasureOptions>;
}

/** Benchmarks that share a fixture (a book, a server), opened once for all of them. */
export interface Suite {
  name: string;
  open(): Promise<{ benchmarks: Benchmark[]; close(): Promise<void> | void }>;
}

/**
 * A suite that times itself (throughput over a whole file rather than a rate of calls) and returns
 * finished results. It runs when no filter is given or a filter is part of its name.
 */
export interface CustomSuite {
  name: string;
  run(): Promise<BenchResult[]>;
}

/** The line `npm run bench` prints per benchmark. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baseline: number | null;
  ratio: number | null;
}
