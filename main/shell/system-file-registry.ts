import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { basename } from 'node:path';
import { SYSTEM_FILE_PREFIX, type SystemFile } from '../../shared/bridge';

/**
 * Statement files the system opened with the app, known to the page by an unguessable reference
 * only: the page can import them but never name a path for main to read.
 */
export class SystemFileRegistry {
  private readonly paths = new Map<string, string>();

  constructor(private readonly newRef: () => string = () => randomBytes(18).toString('base64url')) {}

  add(path: string): SystemFile | null {
    let size: number;
    try {
      const info = statSync(path);
      if (!info.isFile()) return null;
      size = info.size;
    } catch {
      return null;
    }
    const ref = this.newRef();
    this.paths.set(ref, path);
    return { ref, name: basename(path), size };
  }

  /** The envelope with each system-file reference replaced by its path; an unknown reference stays and is refused. */
  resolve(envelope: unknown): unknown {
    if (typeof envelope !== 'object' || envelope === null) return envelope;
    const filePaths = (envelope as { filePaths?: unknown }).filePaths;
    if (!Array.isArray(filePaths)) return envelope;
    return {
      ...envelope,
      filePaths: filePaths.map((path: unknown) => (typeof path === 'string' && path.startsWith(SYSTEM_FILE_PREFIX) ? (this.paths.get(path.slice(SYSTEM_FILE_PREFIX.length)) ?? 'unknown system file') : path)),
    };
  }
}
