import type { SyncStatusRecord } from '../../shared/api/sync';
import type { OpenEngine } from '../engine/open';
import type { TokenCipher } from '../sync/connect/cipher';
import { bookSyncController, keyFileCipher, linkFileFor, preferencesIn } from '../sync/control/book-sync';
import type { SyncController } from '../sync/control/sync-controller';

/** The part of Electron's safeStorage used here; index.ts passes the real one. */
export interface SafeStorage {
  isEncryptionAvailable(): boolean;
  getSelectedStorageBackend?(): string;
  encryptString(plain: string): Buffer;
  decryptString(sealed: Buffer): string;
}

/**
 * Tokens sealed by the system's keychain (Keychain on macOS, DPAPI on Windows, the Secret Service
 * on Linux). Where the system offers none, or only Chromium's fixed "basic_text" key on Linux,
 * the key file in the user data folder seals them instead, which is no weaker than that.
 */
export function desktopCipher(safeStorage: SafeStorage, userData: string, platform: NodeJS.Platform): TokenCipher {
  const weak = platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text';
  if (!safeStorage.isEncryptionAvailable() || weak) return keyFileCipher(userData);
  return {
    kind: 'safeStorage',
    seal: (plain) => safeStorage.encryptString(plain),
    open: (sealed) => safeStorage.decryptString(Buffer.from(sealed)),
  };
}

/**
 * The sync of whichever book the window shows: a controller made when a book opens and closed
 * (automatic sync stopped, a round let finish) when it closes. Status changes go to the window.
 */
export class DesktopSync {
  private current: SyncController | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly userData: string,
    private readonly cipher: TokenCipher,
    private readonly openBrowser: (url: string) => Promise<void>,
    private readonly send: (status: SyncStatusRecord) => void,
  ) {}

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
    this.current = bookSyncController({
      engine: opened.engine,
      deps: opened.deps,
      store: linkFileFor(this.userData, file, this.cipher),
      preferences: preferencesIn(this.userData, this.cipher),
      cipherKind: this.cipher.kind,
      env: process.env,
      openBrowser: this.openBrowser,
    });
    this.unsubscribe = this.current.onStatus(this.send);
  }
}
