import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { writePrivateFile, type TokenCipher } from '../sync/connect/cipher';

/**
 * A book's connection to HMRC: where HMRC is and the token to reach it. Kept beside the app's
 * settings, sealed by the same cipher as the sync's link (the system keychain, or the key file),
 * never in the book, so a copy of the book carries no credentials.
 */
export const connectionSchema = z.object({
  mode: z.enum(['token', 'oauth']),
  baseUrl: z.string(),
  accessToken: z.string(),
  /** OAuth only: the single-use refresh token, when the access token expires, and where tokens come from. */
  refreshToken: z.string().optional(),
  expiresAt: z.string().optional(),
  tokenHost: z.string().optional(),
  /** Set once HMRC refused the token: the person must connect again. */
  reconnectNeeded: z.boolean().optional(),
});
export type HmrcConnection = z.infer<typeof connectionSchema>;

export interface ConnectionStore {
  read(): HmrcConnection | null;
  write(connection: HmrcConnection): void;
  remove(): void;
}

export class SealedConnectionFile implements ConnectionStore {
  constructor(
    readonly path: string,
    private readonly cipher: TokenCipher,
  ) {}

  read(): HmrcConnection | null {
    let sealed: Buffer;
    try {
      sealed = readFileSync(this.path);
    } catch {
      return null;
    }
    try {
      const parsed = connectionSchema.safeParse(JSON.parse(this.cipher.open(sealed)));
      return parsed.success ? parsed.data : null;
    } catch {
      // Unsealable (another machine's keychain): as good as none; the person connects again.
      return null;
    }
  }

  write(connection: HmrcConnection): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.tmp`;
    writePrivateFile(temporary, this.cipher.seal(JSON.stringify(connection)));
    renameSync(temporary, this.path);
  }

  remove(): void {
    rmSync(this.path, { force: true });
  }
}

/** One file per book, named by the book's full path as the sync's link is. */
export function connectionFileFor(userData: string, bookFile: string, cipher: TokenCipher): SealedConnectionFile {
  const name = createHash('sha256').update(resolve(bookFile)).digest('hex').slice(0, 32);
  return new SealedConnectionFile(join(userData, 'hmrc', `${name}.connection`), cipher);
}

export class MemoryConnectionStore implements ConnectionStore {
  constructor(private connection: HmrcConnection | null = null) {}
  read(): HmrcConnection | null {
    return this.connection ? { ...this.connection } : null;
  }
  write(connection: HmrcConnection): void {
    this.connection = { ...connection };
  }
  remove(): void {
    this.connection = null;
  }
}
