import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Engine } from '../../engine/app';
import type { EngineDeps } from '../../engine/context';
import { KeyFileCipher, type TokenCipher } from '../connect/cipher';
import { CredentialFile, type LinkStore } from '../connect/credential-file';
import type { Environment } from '../connect/link';
import { BookRefreshLock } from '../connect/refresh-lock';
import type { Fetch } from '../connect/token-endpoint';
import { SyncService } from '../service';
import { PreferencesFile, type PreferenceStore } from './preferences';
import { SyncController } from './sync-controller';

/** The sync folder of the user data folder: the key file, the preferences and one sealed link per book. */
export const syncFolder = (userData: string) => join(userData, 'sync');
/** The key of the fallback cipher (browser mode, the CLI, a desktop without a keychain). */
export const keyFileIn = (userData: string) => join(syncFolder(userData), 'token.key');
export const preferencesIn = (userData: string, cipher: TokenCipher) => new PreferencesFile(join(syncFolder(userData), 'sync-settings.json'), cipher);

/**
 * A book's link lives beside the app's settings, not in the book: a copy or backup of the book
 * carries no credentials. Books are told apart by their full path (a moved book connects again).
 */
export function linkFileFor(userData: string, bookFile: string, cipher: TokenCipher): CredentialFile {
  const name = createHash('sha256').update(resolve(bookFile)).digest('hex').slice(0, 32);
  return new CredentialFile(join(syncFolder(userData), `${name}.link`), cipher);
}

export const keyFileCipher = (userData: string) => new KeyFileCipher(keyFileIn(userData));

export interface BookSyncOptions {
  engine: Engine;
  deps: EngineDeps;
  store: LinkStore;
  preferences: PreferenceStore;
  cipherKind: string;
  env: Record<string, string | undefined>;
  openBrowser?: (url: string) => void | Promise<void>;
  fetch?: Fetch;
  ports?: readonly number[];
  serviceUrls?: Readonly<Record<Exclude<Environment, 'custom'>, string>>;
  autoSyncIntervalMs?: number;
}

/** The sync controller of one open book, with the core's service for whatever remote it links to. */
export function bookSyncController(options: BookSyncOptions): SyncController {
  const { engine, deps } = options;
  return new SyncController({
    store: options.store,
    preferences: options.preferences,
    clock: deps.clock,
    cipherKind: options.cipherKind,
    env: options.env,
    openBrowser: options.openBrowser,
    fetch: options.fetch,
    ports: options.ports,
    serviceUrls: options.serviceUrls,
    autoSyncIntervalMs: options.autoSyncIntervalMs,
    // The desktop app and the CLI may hold the same book: a refresh in one is seen by the other.
    refreshLock: new BookRefreshLock(deps.book.sqlite),
    bookCompany: () => deps.book.sqlite.prepare('SELECT type, name FROM company LIMIT 1').get() as { type: string; name: string },
    createService: (remote) => new SyncService({ engine, deps, remote, fetch: options.fetch as typeof fetch | undefined }),
  });
}

/**
 * Browser mode and other Node doors: the key-file cipher, the link and preferences files in the
 * user data folder, and no browser to open from here (the page opens the approval page itself).
 */
export function nodeBookSync(engine: Engine, deps: EngineDeps, bookFile: string, userData: string, env: Record<string, string | undefined>): SyncController {
  const cipher = keyFileCipher(userData);
  return bookSyncController({ engine, deps, store: linkFileFor(userData, bookFile, cipher), preferences: preferencesIn(userData, cipher), cipherKind: cipher.kind, env });
}
