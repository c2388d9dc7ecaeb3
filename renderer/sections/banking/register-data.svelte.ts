/**
 * The register's lines, read a page at a time. The table's length comes from the first page's
 * X-Total-Count, so it can scroll through 100,000 lines at once; pages in view are read first and
 * the rest in order behind them, one request at a time, so opening a long account costs one page.
 * Each line comes with the account's balance after it (the engine's running_balance), so a line
 * shows its balance wherever the person scrolls to, before the lines above it are read.
 */
import { listTransactionPage, PAGE_SIZE, type BankTransaction, type TransactionQuery } from '../../lib/api/bank_transactions';

/** Whole-list work (search, sort, the "Read n of m" note) follows the pages at most this often. */
const SETTLE_MS = 400;
/** How long the rows in view must stay in view before their pages are asked for. */
const WANT_DELAY_MS = 90;
/** The background reading waits until the view has not moved for this long. */
const QUIET_MS = 300;

export class RegisterData {
  /**
   * The lines by position, newest first; `undefined` where not read yet. Pages are written into it
   * in place and `revision` says when: copying 100,000 slots for every page of 100 was most of the
   * cost of reading a long account, and a deep $state proxy of 100,000 records would be worse.
   */
  rows = $state.raw<(BankTransaction | undefined)[]>([]);
  /** Bumped whenever lines are written into `rows`: the rows in view are drawn again. */
  revision = $state(0);
  /** Bumped at most every SETTLE_MS while pages arrive, and when the last one has: search and sort follow this. */
  settled = $state(0);
  total = $state(0);
  /** Lines read so far, as of the last `settled`. */
  loaded = $state(0);
  status = $state<'loading' | 'ready' | 'failed'>('loading');
  errors = $state<readonly string[]>([]);

  // Which pages are read or on their way: bookkeeping that nothing on screen shows.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly done = new Set<number>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly inflight = new Set<number>();
  private closed = false;
  private background = false;
  private read = 0;
  private settledAt = 0;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  private wantTimer: ReturnType<typeof setTimeout> | null = null;
  private movedAt = 0;

  constructor(readonly query: TransactionQuery) {}

  get pageCount(): number {
    return Math.ceil(this.total / PAGE_SIZE);
  }

  get complete(): boolean {
    return this.status === 'ready' && this.loaded >= this.total;
  }

  async start(): Promise<void> {
    await this.fetch(1);
    if (this.status === 'failed') return;
    this.status = 'ready';
    void this.readRest();
  }

  /**
   * The table shows rows first..last: their pages jump the queue once the view has rested for
   * WANT_DELAY_MS. A scroll through 100,000 lines passes hundreds of pages nobody stops to read;
   * asking for each would keep the window busy with requests while it scrolls.
   */
  want(first: number, last: number) {
    this.movedAt = performance.now();
    if (this.wantTimer !== null) clearTimeout(this.wantTimer);
    const missing = (page: number) => !this.done.has(page) && !this.inflight.has(page);
    const from = Math.floor(first / PAGE_SIZE) + 1;
    const to = Math.floor(last / PAGE_SIZE) + 1;
    let needed = false;
    for (let page = from; page <= to; page += 1) needed ||= missing(page);
    if (!needed) return;
    this.wantTimer = setTimeout(() => {
      this.wantTimer = null;
      if (this.closed) return;
      for (let page = from; page <= to; page += 1) if (missing(page)) void this.fetch(page);
    }, WANT_DELAY_MS);
  }

  close() {
    this.closed = true;
    if (this.settleTimer !== null) clearTimeout(this.settleTimer);
    if (this.wantTimer !== null) clearTimeout(this.wantTimer);
  }

  /**
   * Every page not read yet, in order, while the view is open, each when the window is idle and the
   * view has stopped moving: what is in view goes first (want), and scrolling or typing is never
   * kept waiting for a page.
   */
  private async readRest() {
    if (this.background) return;
    this.background = true;
    for (let page = 2; page <= this.pageCount && !this.closed; page += 1) {
      if (this.done.has(page) || this.inflight.has(page)) continue;
      // While the view scrolls, its own pages are all that is read.
      for (let quiet = QUIET_MS - (performance.now() - this.movedAt); quiet > 0; quiet = QUIET_MS - (performance.now() - this.movedAt)) await pause(quiet);
      await idle();
      if (!this.closed && !this.done.has(page) && !this.inflight.has(page)) await this.fetch(page);
    }
  }

  private async fetch(page: number) {
    this.inflight.add(page);
    const result = await listTransactionPage(this.query, page);
    this.inflight.delete(page);
    if (this.closed) return;
    if (!result.ok) {
      if (page === 1) {
        this.status = 'failed';
        this.errors = result.error.messages;
      }
      return;
    }
    if (page === 1 && result.value.total !== this.total) {
      this.total = result.value.total;
      this.rows = new Array<BankTransaction | undefined>(this.total).fill(undefined);
    }
    if (this.done.has(page)) return;
    this.done.add(page);
    const rows = this.rows;
    const start = (page - 1) * PAGE_SIZE;
    result.value.rows.forEach((row, index) => {
      if (start + index < rows.length) rows[start + index] = row;
    });
    this.read += result.value.rows.length;
    this.revision += 1;
    this.settle(page === 1 || this.read >= this.total);
  }

  /** Tells whole-list work that lines arrived: now, or once SETTLE_MS has passed since it last heard. */
  private settle(now: boolean) {
    const wait = SETTLE_MS - (performance.now() - this.settledAt);
    if (!now && wait > 0) {
      this.settleTimer ??= setTimeout(() => {
        this.settleTimer = null;
        if (!this.closed) this.settle(true);
      }, wait);
      return;
    }
    this.settledAt = performance.now();
    this.loaded = this.read;
    this.settled += 1;
  }

  /** A line read again after an edit, in its place; an edit leaves its amount, so its balance is kept. */
  replace(line: BankTransaction) {
    const index = this.rows.findIndex((row) => row?.url === line.url);
    if (index < 0) return;
    this.rows[index] = { ...line, running_balance: line.running_balance ?? this.rows[index]?.running_balance };
    this.revision += 1;
    this.settle(true);
  }
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves when the window has nothing else to do (or after a second at most). */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

export type RowStatus = 'unexplained' | 'explained' | 'review' | 'transfer';

/** What the register says about a line: marked for review wins, then unexplained, then transfer. */
export function rowStatus(row: BankTransaction): RowStatus {
  if (row.bank_transaction_explanations.some((explanation) => explanation.marked_for_review)) return 'review';
  if (!/^[+-]?0*(\.0*)?$/.test(row.unexplained_amount)) return 'unexplained';
  if (row.bank_transaction_explanations.some((explanation) => explanation.transfer_bank_account)) return 'transfer';
  return 'explained';
}

export const STATUS_LABELS: Readonly<Record<RowStatus, string>> = {
  unexplained: 'Unexplained',
  explained: 'Explained',
  review: 'For review',
  transfer: 'Transfer',
};
