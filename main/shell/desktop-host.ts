import { basename, extname } from 'node:path';
import type { SyncStatusRecord } from '../../shared/api/sync';
import type { RotationPolicy } from '../engine/book-care';
import type { Clock } from '../engine/context';
import { HostedBook } from '../host/hosted-book';
import type { LongTask, OpenCommand } from '../host/messages';
import type { TokenCipher } from '../sync/connect/cipher';

export interface DesktopHostOptions {
  userData: string;
  /** desktopCipher's choice: the keychain (asked by the worker through main) or the key file. */
  cipher: TokenCipher;
  now: string | null;
  openExternal: (url: string) => void;
  onSyncStatus: (status: SyncStatusRecord) => void;
  onProgress: (busy: boolean) => void;
  onCrash: (message: string) => void;
  onShellChange: () => void;
}

/**
 * The window's book in the engine host's workers. The key file cipher works in the worker by
 * itself; only the keychain (safeStorage, main's alone) is asked of main.
 */
export function desktopHost(options: DesktopHostOptions): HostedBook {
  const running = new Set<LongTask>();
  return new HostedBook({
    config: { now: options.now, userData: options.userData, cipher: options.cipher.kind === 'safeStorage' ? 'main' : 'key file', cipherKind: options.cipher.kind, openBrowser: true, env: { ...process.env } },
    cipher: options.cipher,
    openExternal: options.openExternal,
    onSyncStatus: options.onSyncStatus,
    onProgress: (task, done) => {
      if (done) running.delete(task);
      else running.add(task);
      options.onProgress(running.size > 0);
    },
    onCrash: options.onCrash,
    onShellChange: options.onShellChange,
  });
}

/** How the window opens a book: a new one is named after its file; every book gets the run's session token. */
export function desktopOpenCommand(file: string, create: boolean, clock: Clock, sessionToken: string, backups: RotationPolicy, companyName?: string): OpenCommand {
  const name = companyName ?? (basename(file, extname(file)) || 'My Company');
  return {
    file,
    create,
    setup: { type: 'UkLimitedCompany', name, startDate: clock.now().toISOString().slice(0, 10), owner: { email: 'owner@ledgerdesk.local', firstName: 'Book', lastName: 'Owner' } },
    backups,
    token: { value: sessionToken, label: 'desktop session' },
  };
}
