import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { writePrivateFile, type TokenCipher } from './cipher';
import { syncLinkSchema, type SyncLink } from './link';

/** Where a book's link is kept, read and replaced whole. */
export interface LinkStore {
  read(): SyncLink | null;
  /** Durable when it returns: a rotated refresh token is written here before it is ever used. */
  write(link: SyncLink): void;
  remove(): void;
}

/**
 * The link sealed by a cipher in one file (0600, in a 0700 folder). Written to a temporary file
 * and renamed, so a crash leaves the old link or the new one, never half of either.
 */
export class CredentialFile implements LinkStore {
  constructor(
    readonly path: string,
    private readonly cipher: TokenCipher,
  ) {}

  read(): SyncLink | null {
    let sealed: Buffer;
    try {
      sealed = readFileSync(this.path);
    } catch {
      return null;
    }
    let plain: string;
    try {
      plain = this.cipher.open(sealed);
    } catch {
      throw new UnreadableLinkError(`The saved sync connection could not be unsealed (${this.cipher.kind}); connect again`);
    }
    const parsed = syncLinkSchema.safeParse(JSON.parse(plain));
    if (!parsed.success) throw new UnreadableLinkError('The saved sync connection is damaged; connect again');
    return parsed.data;
  }

  write(link: SyncLink): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const temporary = `${this.path}.tmp`;
    writePrivateFile(temporary, this.cipher.seal(JSON.stringify(link)));
    renameSync(temporary, this.path);
  }

  remove(): void {
    rmSync(this.path, { force: true });
    rmSync(`${this.path}.tmp`, { force: true });
  }
}

export class UnreadableLinkError extends Error {}

/** A link kept in memory only: for tests of the flow and for a CLI run given --remote-token. */
export class MemoryLinkStore implements LinkStore {
  constructor(private link: SyncLink | null = null) {}
  read(): SyncLink | null {
    return this.link ? structuredClone(this.link) : null;
  }
  write(link: SyncLink): void {
    this.link = structuredClone(link);
  }
  remove(): void {
    this.link = null;
  }
}
