import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';

/** Holds a piece of work under a lock that other holders (other processes) respect. */
export interface RefreshLock {
  hold<T>(work: () => Promise<T>): Promise<T>;
}

/** The book_settings key of the claim: "<owner> <expires at, epoch ms>". */
const KEY = 'sync.token_refresh_lock';

export interface BookRefreshLockOptions {
  /** How long a claim stands: a process killed while refreshing frees the lock when it runs out. */
  ttlMs?: number;
  /** How often a process waiting for the lock looks again. */
  pollMs?: number;
  /** Wall-clock time, which every process on the machine shares (not a book's or a test's clock). */
  now?: () => number;
}

/**
 * One token refresh at a time for every process that opens the book (the desktop app and the CLI on
 * the same file): the live service rotates the refresh token on every refresh, so a second process
 * refreshing with the token it read before would be refused and the link lost. The claim is a row in
 * the book's own database, taken inside BEGIN IMMEDIATE (SQLite's write lock, so two processes never
 * both see it free), with an expiry so a killed holder does not block the others for ever.
 */
export class BookRefreshLock implements RefreshLock {
  private readonly owner = randomUUID();
  private readonly ttlMs: number;
  private readonly pollMs: number;
  private readonly now: () => number;

  constructor(
    private readonly sqlite: Database.Database,
    options: BookRefreshLockOptions = {},
  ) {
    // A refresh is one request of at most 30 s (token-endpoint.ts): the claim outlives it.
    this.ttlMs = options.ttlMs ?? 45_000;
    this.pollMs = options.pollMs ?? 50;
    this.now = options.now ?? (() => Date.now());
  }

  async hold<T>(work: () => Promise<T>): Promise<T> {
    while (!this.claim()) await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Takes the lock if nobody holds it, or the holder's claim has run out. */
  private claim(): boolean {
    const take = this.sqlite.transaction(() => {
      const held = this.sqlite.prepare('SELECT value FROM book_settings WHERE key = ?').pluck().get(KEY) as string | undefined;
      const [owner, expires] = held ? held.split(' ') : [];
      if (held && owner !== this.owner && Number(expires) > this.now()) return false;
      this.sqlite.prepare('INSERT INTO book_settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(KEY, `${this.owner} ${this.now() + this.ttlMs}`);
      return true;
    });
    return take.immediate();
  }

  private release(): void {
    const free = this.sqlite.transaction(() => {
      this.sqlite.prepare("DELETE FROM book_settings WHERE key = ? AND value LIKE ? || ' %'").run(KEY, this.owner);
    });
    free.immediate();
  }
}
