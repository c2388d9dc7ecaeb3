import { readBookChanges, type BookChange } from './api/book_changes';

/**
 * The book's changes as the window hears them, per resource. Whoever wrote them (a sync pull, the
 * CLI, another window, this one), each write lands in the engine's change log; this store reads the
 * log forward (GET /v2/book/changes, through lib/api like every other read) about once a second
 * while anything listens, and at once when told a sync round or an import ended. Screens subscribe
 * to the resources they show and refresh those in place; nothing is remounted, so an editor open
 * meanwhile keeps what is typed in it.
 */

/** What one reading of the log brought: the changes, or `everything` when the log cannot say (another book). */
export interface BookChangeBatch {
  changes: readonly BookChange[];
  everything: boolean;
}

export type BookChangeListener = (batch: BookChangeBatch) => void;

const POLL_MS = 1_000;

interface Subscription {
  resources: ReadonlySet<string>;
  listener: BookChangeListener;
}

class BookChanges {
  private cursor: number | null = null;
  private readonly subscriptions = new Set<Subscription>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private reading: Promise<void> | null = null;
  private again = false;

  /** Calls `listener` with each batch that touches one of `resources`; returns the unsubscribe function. */
  subscribe(resources: readonly string[], listener: BookChangeListener): () => void {
    const subscription: Subscription = { resources: new Set(resources), listener };
    this.subscriptions.add(subscription);
    if (this.subscriptions.size === 1) this.schedule(0);
    return () => {
      this.subscriptions.delete(subscription);
      if (this.subscriptions.size === 0 && this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
      }
    };
  }

  /** Reads the log now (a sync round or an import just ended) instead of at the next tick. */
  check(): Promise<void> {
    if (this.reading) {
      this.again = true;
      return this.reading;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.reading = this.read().finally(() => {
      this.reading = null;
      if (this.again) {
        this.again = false;
        void this.check();
      } else if (this.subscriptions.size > 0) this.schedule(POLL_MS);
    });
    return this.reading;
  }

  /** Reads the log now and answers once every change made so far has been heard (a read already under way may predate them). */
  async settled(): Promise<void> {
    await this.check();
    while (this.reading) await this.reading;
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.check(), delay);
  }

  private async read(): Promise<void> {
    const found: BookChange[] = [];
    let everything = false;
    for (;;) {
      const result = await readBookChanges(this.cursor);
      // The engine out of reach: try again at the next tick from the same place.
      if (!result.ok) return;
      const first = this.cursor === null;
      this.cursor = result.value.latest;
      if (first) return;
      everything ||= result.value.reset;
      found.push(...result.value.changes);
      if (!result.value.more) break;
    }
    if (found.length > 0 || everything) this.deliver({ changes: found, everything });
  }

  private deliver(batch: BookChangeBatch): void {
    for (const subscription of [...this.subscriptions]) {
      const changes = batch.everything ? batch.changes : batch.changes.filter((change) => subscription.resources.has(change.resource));
      if (changes.length === 0 && !batch.everything) continue;
      try {
        subscription.listener({ changes, everything: batch.everything });
      } catch (error) {
        // One screen's failure must not keep the others from hearing of the change.
        console.error(error);
      }
    }
  }
}

export const bookChanges = new BookChanges();

/** What posts to the ledger or changes what a figure or report reads: the screens of figures watch these. */
export const LEDGER_RESOURCES = [
  'bank_accounts',
  'bank_transactions',
  'bank_transaction_explanations',
  'statement_uploads',
  'invoices',
  'credit_notes',
  'credit_note_reconciliations',
  'bills',
  'expenses',
  'journal_sets',
  'capital_assets',
  'categories',
  'contacts',
  'account_locks',
  'vat_returns',
  'company',
] as const;

/**
 * For a component's script: calls `listener` while the component lives whenever one of `resources`
 * changes in the book. Call it during the component's setup (it uses an effect to unsubscribe).
 */
export function onBookChange(resources: readonly string[], listener: BookChangeListener): void {
  $effect(() => bookChanges.subscribe(resources, listener));
}
