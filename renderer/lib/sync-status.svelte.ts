import { SHELL_EVENTS } from '../../shared/bridge';
import { syncStatusSchema, type SyncStatusRecord } from '../../shared/api/sync';
import { getSyncStatus, runSync } from './api/sync';
import { toasts } from './toasts.svelte';

/** How often browser mode asks while something is moving, and while nothing is. */
const BUSY_POLL_MS = 400;
const IDLE_POLL_MS = 3_000;

const busy = (status: SyncStatusRecord | null) => !!status && (status.running || status.connection.state === 'awaiting-approval' || status.connection.state === 'connecting');

/**
 * The sync's status as the window knows it. The desktop hears every change from main as a bridge
 * event; browser mode has no events and reads GET /v2/sync instead, often while a sync runs or an
 * approval is awaited, rarely otherwise. Either way the sync itself runs in main and the window
 * only watches.
 */
class SyncStatusStore {
  value = $state<SyncStatusRecord | null>(null);
  /** The engine itself could not be reached (not the remote: that is value.state === 'offline'). */
  unreachable = $state(false);
  private timer: ReturnType<typeof setTimeout> | null = null;
  private watchers = 0;

  /** Starts watching; returns the function that stops it. */
  watch(): () => void {
    this.watchers += 1;
    let unsubscribe: (() => void) | null = null;
    const bridge = window.ledgerdesk;
    if (bridge?.onEvent) {
      unsubscribe = bridge.onEvent(({ name, data }) => {
        if (name !== SHELL_EVENTS.syncStatus) return;
        const parsed = syncStatusSchema.safeParse(data);
        if (parsed.success) this.value = parsed.data;
      });
    }
    void this.refresh();
    return () => {
      this.watchers -= 1;
      unsubscribe?.();
      if (this.watchers === 0 && this.timer) clearTimeout(this.timer);
    };
  }

  /** Reads the status now (and, without bridge events, schedules the next read). */
  async refresh(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const result = await getSyncStatus();
    if (result.ok) {
      this.value = result.value;
      this.unreachable = false;
    } else this.unreachable = result.error.status === 0;
    if (!window.ledgerdesk?.onEvent && this.watchers > 0) this.timer = setTimeout(() => void this.refresh(), busy(this.value) ? BUSY_POLL_MS : IDLE_POLL_MS);
  }

  /** Sets the status from an answer that carried it (connect, disconnect, resolve …). */
  take(status: SyncStatusRecord): void {
    this.value = status;
    void this.refresh();
  }

  /** Sync now: a round starts in main and the window goes on; a refusal is said in a toast. */
  async syncNow(): Promise<void> {
    const result = await runSync();
    if (!result.ok) {
      toasts.show(result.error.messages.join(' '), { tone: 'error' });
      return;
    }
    this.take(result.value);
  }
}

export const syncStatus = new SyncStatusStore();
