import { startServer, type RunningServer } from '../../main/server';
import type { Engine } from '../../main/engine/app';
import { MemoryLinkStore } from '../../main/sync/connect/credential-file';
import { bookSyncController } from '../../main/sync/control/book-sync';
import { withSyncDoor } from '../../main/sync/control/door';
import { MemoryPreferences } from '../../main/sync/control/preferences';
import type { SyncController } from '../../main/sync/control/sync-controller';
import type { TestBook } from '../engine/harness';
import { openApp, type AppSession } from './session';

/** The desk in browser mode with a sync door, and another Ledgerdesk book served on loopback as its "online" side. */
export interface AppWithRemote {
  app: AppSession;
  remoteServer: RunningServer;
  /** The book's sync, as the window's door reaches it (made when the app opened its book). */
  sync: () => SyncController;
  /** Stops the sync (a round let finish), the window, the remote's server and its book. */
  close(): Promise<void>;
}

/** A window's sync door and the controller behind it, made when the app opens its book. */
export interface ManualSyncDoor {
  /** Makes the book's sync and the door around its engine (the app calls it as it opens the book). */
  open(book: TestBook): Engine;
  sync(): SyncController;
  /** Stops the sync, letting a running round finish. */
  close(): Promise<void>;
}

/** A sync door on manual rounds only, with no keychain (a link store in memory): what the sync e2e files share. */
export function manualSyncDoor(): ManualSyncDoor {
  let sync: SyncController | null = null;
  return {
    open: (book) => {
      sync = bookSyncController({
        engine: book.engine,
        deps: book.deps,
        store: new MemoryLinkStore(),
        preferences: new MemoryPreferences({ autoSync: false, environment: 'production', client: null }),
        cipherKind: 'key file',
        env: {},
      });
      return withSyncDoor(book.engine, () => sync);
    },
    sync: () => {
      if (!sync) throw new Error('the app has not opened its book');
      return sync;
    },
    close: async () => {
      await sync?.close();
    },
  };
}

/**
 * Serves `remote` on a loopback port (through `serveAs`, when given: a slow or faulty front) and opens
 * the app on a new book whose sync is reached through the window's own door, manual rounds only, no
 * keychain: what the sync e2e files share.
 */
export async function openAppWithRemote(remote: TestBook, serveAs: Engine = remote.engine): Promise<AppWithRemote> {
  const remoteServer = await startServer({ engine: serveAs, port: 0 });
  const door = manualSyncDoor();
  const app = await openApp({ door: door.open });
  return {
    app,
    remoteServer,
    sync: door.sync,
    close: async () => {
      await door.close();
      await app.close();
      await remoteServer.close();
      remote.book.sqlite.close();
    },
  };
}

/** Settings › Sync by clicks: the server's address and a token, then waits for "Connected to <company>". */
export async function connectWithToken(app: AppSession, url: string, token: string, company: string): Promise<void> {
  const { page } = app;
  await page.getByRole('region', { name: 'Sync' }).getByRole('button', { name: 'Connect…' }).click();
  await page.getByRole('textbox', { name: 'Server address' }).fill(url);
  await page.getByRole('textbox', { name: 'Token' }).fill(token);
  await page.getByRole('button', { name: 'Connect with the token' }).click();
  await page.getByText(`Connected to ${company}`).waitFor();
}
