/**
 * Time as the sync layer sees it. Injected so tests run on a virtual clock (a sleep advances it at
 * once, a deadline fires only when time is moved past it) and nothing in the layer reads Date.now or
 * setTimeout directly.
 */
export interface SyncTimer {
  /** Epoch milliseconds. */
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Resolves `ms` from now unless cancelled first; a request's timeout. */
  deadline(ms: number): Deadline;
}

export interface Deadline {
  reached: Promise<void>;
  cancel(): void;
}

export const realTimer: SyncTimer = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
  deadline(ms) {
    let handle: ReturnType<typeof setTimeout> | undefined;
    const reached = new Promise<void>((resolve) => {
      handle = setTimeout(resolve, Math.max(0, ms));
    });
    return { reached, cancel: () => clearTimeout(handle) };
  },
};

/** A clock that only moves when told to (sleeping moves it): repeatable tests that never wait. */
export class VirtualTimer implements SyncTimer {
  private current: number;
  private pending: { at: number; resolve: () => void }[] = [];

  constructor(start: number) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  sleep(ms: number): Promise<void> {
    this.advance(ms);
    return Promise.resolve();
  }

  deadline(ms: number): Deadline {
    const entry = { at: this.current + ms, resolve: () => {} };
    const reached = new Promise<void>((resolve) => {
      entry.resolve = resolve;
    });
    this.pending.push(entry);
    return { reached, cancel: () => (this.pending = this.pending.filter((other) => other !== entry)) };
  }

  /** Moves the clock on, firing every deadline it passes (a slow answer from a test's remote). */
  advance(ms: number): void {
    this.current += Math.max(0, ms);
    const due = this.pending.filter((entry) => entry.at <= this.current);
    this.pending = this.pending.filter((entry) => entry.at > this.current);
    for (const entry of due) entry.resolve();
  }
}
