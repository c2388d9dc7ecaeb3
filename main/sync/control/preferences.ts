import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { writePrivateFile, type TokenCipher } from '../connect/cipher';
import type { OAuthClient } from '../connect/oauth-config';

/** What the user chose in Settings › Sync; one set for the app, whichever book is open. */
export interface SyncPreferences {
  autoSync: boolean;
  /** Which of the service's hosts "Connect in browser" approves on. */
  environment: 'production' | 'sandbox';
  /** The app's OAuth client, when entered in Settings (the environment variables win over it). */
  client: OAuthClient | null;
}

export const DEFAULT_PREFERENCES: SyncPreferences = { autoSync: true, environment: 'production', client: null };

export interface PreferenceStore {
  read(): SyncPreferences;
  write(preferences: SyncPreferences): void;
}

export class MemoryPreferences implements PreferenceStore {
  constructor(private preferences: SyncPreferences = { ...DEFAULT_PREFERENCES }) {}
  read(): SyncPreferences {
    return structuredClone(this.preferences);
  }
  write(preferences: SyncPreferences): void {
    this.preferences = structuredClone(preferences);
  }
}

/**
 * sync-settings.json in the user data folder (0600). The client secret is sealed with the same
 * cipher as the tokens, so the file can be read by eye without showing it.
 */
export class PreferencesFile implements PreferenceStore {
  constructor(
    readonly path: string,
    private readonly cipher: TokenCipher,
  ) {}

  read(): SyncPreferences {
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(readFileSync(this.path, 'utf8')) as Record<string, unknown>;
    } catch {
      return { ...DEFAULT_PREFERENCES };
    }
    let client: OAuthClient | null = null;
    if (typeof raw.clientId === 'string' && typeof raw.sealedClientSecret === 'string') {
      try {
        client = { clientId: raw.clientId, clientSecret: this.cipher.open(Buffer.from(raw.sealedClientSecret, 'base64')) };
      } catch {
        client = null;
      }
    }
    return {
      autoSync: typeof raw.autoSync === 'boolean' ? raw.autoSync : DEFAULT_PREFERENCES.autoSync,
      environment: raw.environment === 'sandbox' ? 'sandbox' : 'production',
      client,
    };
  }

  write(preferences: SyncPreferences): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const stored = {
      autoSync: preferences.autoSync,
      environment: preferences.environment,
      clientId: preferences.client?.clientId ?? null,
      sealedClientSecret: preferences.client ? Buffer.from(this.cipher.seal(preferences.client.clientSecret)).toString('base64') : null,
    };
    writePrivateFile(`${this.path}.tmp`, Buffer.from(`${JSON.stringify(stored, null, 2)}\n`));
    renameSync(`${this.path}.tmp`, this.path);
  }
}
