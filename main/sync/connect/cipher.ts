import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * How sync credentials are sealed before they touch the disk. The desktop app seals them with the
 * operating system's keychain (Electron safeStorage, wired in main/index.ts); browser mode and the
 * CLI, which have no Electron, use KeyFileCipher. Either way the file on disk never holds a token.
 */
export interface TokenCipher {
  /** Shown in Settings and the notes: "safeStorage" or "key file". */
  readonly kind: string;
  seal(plain: string): Uint8Array;
  /** Throws when the bytes were not sealed by this cipher (another machine's keychain, a new key). */
  open(sealed: Uint8Array): string;
}

const MAGIC = Buffer.from('LDK1');
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/**
 * AES-256-GCM with a random 32-byte key kept in a file only the user can read (0600, in a 0700
 * folder of the user data folder). This protects the tokens from anyone who gets a copy of the
 * book or a backup, not from a program running as the same user; the keychain does better, which
 * is why the desktop uses it when the system offers one.
 */
export class KeyFileCipher implements TokenCipher {
  readonly kind = 'key file';
  private key: Buffer | null = null;

  constructor(readonly keyFile: string) {}

  seal(plain: string): Uint8Array {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.loadKey(), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
  }

  open(sealed: Uint8Array): string {
    const bytes = Buffer.from(sealed);
    if (bytes.length < MAGIC.length + IV_BYTES + TAG_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('The sealed credentials are not in a form this app wrote');
    const iv = bytes.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
    const tag = bytes.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.loadKey(), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(bytes.subarray(MAGIC.length + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  private loadKey(): Buffer {
    if (this.key) return this.key;
    mkdirSync(dirname(this.keyFile), { recursive: true, mode: 0o700 });
    let key: Buffer;
    try {
      key = readFileSync(this.keyFile);
    } catch {
      key = randomBytes(KEY_BYTES);
      try {
        writePrivateFile(this.keyFile, key, 'wx');
      } catch {
        // Another process (the CLI beside the app) made the key first: use that one.
        key = readFileSync(this.keyFile);
      }
    }
    if (key.length !== KEY_BYTES) throw new Error(`The key file ${this.keyFile} is damaged; delete it and connect again`);
    this.key = key;
    return key;
  }
}

/**
 * Writes a file only its owner may read or write. The mode is given at creation and set again
 * afterwards, because the process umask can only take permissions away, and a file that already
 * existed keeps its old mode on open.
 */
export function writePrivateFile(path: string, bytes: Uint8Array, flags: 'w' | 'wx' = 'w'): void {
  const fd = openSync(path, flags, 0o600);
  try {
    writeFileSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
  chmodSync(path, 0o600);
}
