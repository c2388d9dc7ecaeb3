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

/**
 * Serves `remote` on a loopback port (through `serveAs`, when given: a slow or faulty front) and opens
 * the app on a new book whose sync is reached through the window's own door, manual rounds only, no
 * keychain: what the sync e2e files share.
 */
export async function openAppWithRemote(remote: TestBook, serveAs: Engine = remote.engine): Promise<AppWithRemote> {
  const remoteServer = await startServer({ engine: serveAs, port: 0 });
  let sync: SyncController | null = null;
  const app = await openApp({
    door: (book) => {
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
  });
  return {
    app,
    remoteServer,
    sync: () => {
      if (!sync) throw new Error('the app has not opened its book');
      return sync;
    },
    close: async () => {
      await sync?.close();
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
