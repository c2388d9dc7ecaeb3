import type Database from 'better-sqlite3';
import type { SyncTimer } from './timer';

/** The sync_rate_budget row that keeps the last offset seen, so a restarted sync starts from it. */
const ROW = 'service-clock';

/**
 * The service's time, read from the `Date` header of its answers. Every decision about the remote's
 * records (where an `updated_since` starts, whether a sweep is due, how long a create has been in
 * doubt) is taken on this clock: the records' `updated_at` are the service's, and a desktop clock
 * hours off would otherwise ask for the wrong window. Kept as the offset from the sync's own timer,
 * so time between answers still moves. Until any answer has given a Date, the timer is all there is.
 */
export class ServiceClock {
  private offsetMs: number | null = null;

  constructor(
    private readonly timer: SyncTimer,
    private readonly sqlite: Database.Database | null = null,
  ) {
    const row = sqlite?.prepare('SELECT tokens FROM sync_rate_budget WHERE bucket = ?').get(ROW) as { tokens: number } | undefined;
    if (row) this.offsetMs = row.tokens;
  }

  /** An answer's Date header (second precision): the service's time when it answered. */
  observe(dateHeader: string | null): void {
    if (!dateHeader) return;
    const at = Date.parse(dateHeader);
    if (Number.isNaN(at)) return;
    // The header drops the milliseconds: half a second is the best guess of what it dropped.
    const offset = at + 500 - this.timer.now();
    const changed = this.offsetMs === null || Math.abs(offset - this.offsetMs) >= 1000;
    this.offsetMs = offset;
    if (changed) this.sqlite?.prepare('INSERT INTO sync_rate_budget (bucket, tokens, at) VALUES (?, ?, ?) ON CONFLICT(bucket) DO UPDATE SET tokens = excluded.tokens, at = excluded.at').run(ROW, offset, this.timer.now());
  }

  /** Whether an answer has given a Date yet: until then `now` is the desktop's own clock, however far off. */
  measured(): boolean {
    return this.offsetMs !== null;
  }

  /** Epoch milliseconds on the service's clock. */
  nowMs(): number {
    return this.timer.now() + (this.offsetMs ?? 0);
  }

  now(): string {
    return new Date(this.nowMs()).toISOString();
  }
}
