import { startServer, type RunningServer } from '../../main/server';
import type { Engine } from '../../main/engine/app';
import type { SyncController } from '../../main/sync/control/sync-controller';
import type { TestBook } from '../engine/harness';
import type { BookOpener } from './fresh-book';
import { manualSyncDoor } from './loopback-remote';
import type { AppSession } from './session';

/**
 * openAppWithRemote (loopback-remote.ts) for a file whose tests are each about a whole book and its
 * online side (connected or not, what a round pulled): each test gets a new book and a new remote,
 * but the file keeps one Chromium (fresh-book.ts), which is what makes a book per test affordable.
 */

export interface RemoteWorld {
  app: AppSession;
  remoteServer: RunningServer;
  /** The book's sync, as the window's door reaches it. */
  sync: () => SyncController;
  /**
   * Stops the sync (a round let finish) and the remote's book: before the next test's book opens, as
   * the opener closes this book then. The remote's server is closed with the others at the file's end
   * (its idle keep-alive connections hold a close for seconds).
   */
  close(): Promise<void>;
}

/** Servers of the remotes opened so far, for the file's afterAll. */
export const remoteServers: RunningServer[] = [];

/**
 * Serves `remote` on a loopback port (through `serveAs`, when given) and opens the window on a new
 * book whose sync is reached through its own door, manual rounds only, no keychain, at `viewport`.
 */
export async function openBookWithRemote(opener: BookOpener, remote: TestBook, serveAs: Engine = remote.engine, viewport?: { width: number; height: number }): Promise<RemoteWorld> {
  const remoteServer = await startServer({ engine: serveAs, port: 0 });
  remoteServers.push(remoteServer);
  const door = manualSyncDoor();
  const app = await opener.open({ viewport, door: door.open });
  return {
    app,
    remoteServer,
    sync: door.sync,
    close: async () => {
      await door.close();
      remote.book.sqlite.close();
    },
  };
}
