import type { SyncStatusRecord } from '../../shared/api/sync';
import type { OpenEngine } from '../engine/open';
import type { TokenCipher } from '../sync/connect/cipher';
import { bookSyncController, linkFileFor, preferencesIn } from '../sync/control/book-sync';
import type { SyncController } from '../sync/control/sync-controller';

export interface HostSyncOptions {
  userData: string;
  cipher: TokenCipher;
  env: Record<string, string | undefined>;
  openBrowser?: (url: string) => Promise<void>;
  send: (status: SyncStatusRecord) => void;
}

/**
 * The sync of whichever book the worker has open: a controller made when a book opens and closed
 * (automatic sync stopped, a round let finish) when it closes. Status changes go to main.
 */
export class HostSync {
  private current: SyncController | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly options: HostSyncOptions) {}

  get controller(): SyncController | null {
    return this.current;
  }

  switchTo(opened: OpenEngine | null, file: string | null): void {
    const previous = this.current;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.current = null;
    if (previous) void previous.close();
    if (!opened || !file) return;
    const { userData, cipher, env, openBrowser } = this.options;
    this.current = bookSyncController({
      engine: opened.engine,
      deps: opened.deps,
      store: linkFileFor(userData, file, cipher),
      preferences: preferencesIn(userData, cipher),
      cipherKind: cipher.kind,
      env,
      ...(openBrowser ? { openBrowser } : {}),
    });
    this.unsubscribe = this.current.onStatus(this.options.send);
  }
}
