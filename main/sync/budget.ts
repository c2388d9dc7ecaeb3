import type Database from 'better-sqlite3';
import type { SyncTimer } from './timer';

interface Bucket {
  name: string;
  /** Requests a window allows. */
  rate: number;
  windowMs: number;
  /** Most requests sent back to back. */
  burst: number;
}

/**
 * The live service counts 120 a minute and 3,600 an hour on fixed windows. A bucket refilling at
 * `rate` per window with `burst` capacity sends at most rate + burst in any window, fixed or not:
 * 100 + 10 <= 120 a minute and 3,400 + 100 <= 3,600 an hour.
 */
export const LIVE_BUCKETS: readonly Bucket[] = [
  { name: 'minute', rate: 100, windowMs: 60_000, burst: 10 },
  { name: 'hour', rate: 3400, windowMs: 3_600_000, burst: 100 },
];

const PAUSE = 'pause';

/**
 * The request budget, kept in the book so a restarted sync neither bursts past the caps nor sends
 * before a 429's Retry-After has passed.
 */
export class RateBudget {
  private readonly read: Database.Statement;
  private readonly write: Database.Statement;

  constructor(
    sqlite: Database.Database,
    private readonly timer: SyncTimer,
    private readonly buckets: readonly Bucket[] = LIVE_BUCKETS,
  ) {
    this.read = sqlite.prepare('SELECT tokens, at FROM sync_rate_budget WHERE bucket = ?');
    this.write = sqlite.prepare('INSERT INTO sync_rate_budget (bucket, tokens, at) VALUES (?, ?, ?) ON CONFLICT(bucket) DO UPDATE SET tokens = excluded.tokens, at = excluded.at');
  }

  /** Waits until a request may go out, then spends one token from every bucket. */
  async take(): Promise<void> {
    for (;;) {
      const now = this.timer.now();
      const pausedUntil = this.pausedUntil();
      if (pausedUntil > now) {
        await this.timer.sleep(pausedUntil - now);
        continue;
      }
      const levels = this.buckets.map((bucket) => ({ bucket, tokens: this.level(bucket, now) }));
      const short = levels.find((level) => level.tokens < 1);
      if (short) {
        const perMs = short.bucket.rate / short.bucket.windowMs;
        await this.timer.sleep(Math.ceil((1 - short.tokens) / perMs));
        continue;
      }
      for (const level of levels) this.write.run(level.bucket.name, level.tokens - 1, now);
      return;
    }
  }

  /** A 429 said not before `until` (epoch ms): nothing is sent before then, even after a restart. */
  pauseUntil(until: number): void {
    if (until > this.pausedUntil()) this.write.run(PAUSE, 0, until);
  }

  pausedUntil(): number {
    const row = this.read.get(PAUSE) as { at: number } | undefined;
    return row?.at ?? 0;
  }

  private level(bucket: Bucket, now: number): number {
    const row = this.read.get(bucket.name) as { tokens: number; at: number } | undefined;
    if (!row) return bucket.burst;
    const refilled = row.tokens + (Math.max(0, now - row.at) * bucket.rate) / bucket.windowMs;
    return Math.min(bucket.burst, refilled);
  }
}
