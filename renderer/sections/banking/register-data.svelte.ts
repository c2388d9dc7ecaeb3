/**
 * The register's lines, read a page at a time. The table's length comes from the first page's
 * X-Total-Count, so it can scroll through 100,000 lines at once; pages in view are read first and
 * the rest in order behind them, one request at a time, so opening a long account costs one page.
 * Running balances follow from the account's current balance going back from the newest line
 * (balance after line i = current balance - the lines newer than it), in integer minor units, as
 * far as the lines are read without a gap.
 */
import { toMinor } from '../../../shared/money';
import { listTransactionPage, PAGE_SIZE, type BankTransaction, type TransactionQuery } from '../../lib/api/bank_transactions';

export class RegisterData {
  rows = $state.raw<(BankTransaction | undefined)[]>([]);
  /** Minor units in the account after each line (by url), where known; rows change with it. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- filled with rows, which are the reactive part
  readonly balances = new Map<string, number>();
  total = $state(0);
  loaded = $state(0);
  status = $state<'loading' | 'ready' | 'failed'>('loading');
  errors = $state<readonly string[]>([]);

  // Which pages are read or on their way: bookkeeping that nothing on screen shows.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly done = new Set<number>();
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly inflight = new Set<number>();
  private closed = false;
  private prefixRow = 0;
  private prefixSum = 0;
  private background = false;

  constructor(
    readonly query: TransactionQuery,
    readonly currency: string,
    /** The account's current balance in minor units, or null when balances cannot be shown. */
    private readonly currentMinor: number | null,
  ) {}

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

  /** The table shows rows first..last: their pages jump the queue. */
  want(first: number, last: number) {
    const from = Math.floor(first / PAGE_SIZE) + 1;
    const to = Math.floor(last / PAGE_SIZE) + 1;
    for (let page = from; page <= to; page += 1) {
      if (!this.done.has(page) && !this.inflight.has(page)) void this.fetch(page);
    }
  }

  close() {
    this.closed = true;
  }

  /** Every page not read yet, in order, while the view is open; what is in view goes first (want). */
  private async readRest() {
    if (this.background) return;
    this.background = true;
    for (let page = 2; page <= this.pageCount && !this.closed; page += 1) {
      if (this.done.has(page) || this.inflight.has(page)) continue;
      await this.fetch(page);
      // Let scrolling and typing run between pages.
      await new Promise((resolve) => setTimeout(resolve, 0));
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
    const rows = this.rows.slice();
    const start = (page - 1) * PAGE_SIZE;
    result.value.rows.forEach((row, index) => {
      if (start + index < rows.length) rows[start + index] = row;
    });
    this.rows = rows;
    this.loaded += result.value.rows.length;
    this.extendBalances();
  }

  private extendBalances() {
    if (this.currentMinor === null) return;
    let row = this.rows[this.prefixRow];
    while (row !== undefined) {
      this.balances.set(row.url, this.currentMinor - this.prefixSum);
      this.prefixSum += toMinor(row.amount, this.currency);
      this.prefixRow += 1;
      row = this.rows[this.prefixRow];
    }
  }

  /** A line read again after an edit, in its place. */
  replace(line: BankTransaction) {
    const index = this.rows.findIndex((row) => row?.url === line.url);
    if (index < 0) return;
    const rows = this.rows.slice();
    rows[index] = line;
    this.rows = rows;
  }
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
