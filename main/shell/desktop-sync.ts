import type { TokenCipher } from '../sync/connect/cipher';
import { keyFileCipher } from '../sync/control/book-sync';

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
