import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from 'vitest';

// The corpora live beside the project, at ../shared from the repository root, not in its tree (some
// are GPL or AGPL). LEDGERDESK_SHARED points elsewhere, e.g. for a clone in /tmp. scripts/test.mjs
// resolves the same folder the same way.
const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const sharedDir = process.env.LEDGERDESK_SHARED ? resolve(process.env.LEDGERDESK_SHARED) : resolve(repoRoot, '..', 'shared');
export const hasShared = existsSync(sharedDir);

/** A file of the shared folder, parsed as JSON. */
export function readSharedJson<T = any>(...path: string[]): T {
  return JSON.parse(readFileSync(join(sharedDir, ...path), 'utf8')) as T;
}

export function readSharedText(...path: string[]): string {
  return readFileSync(join(sharedDir, ...path), 'utf8');
}

/**
 * describe() for a suite that reads ../shared: without the folder it is skipped, and says so both in
 * the reporter (its title) and on the console, so a green run cannot hide that it checked nothing.
 */
export function describeShared(name: string, suite: () => void): void {
  if (!hasShared) console.warn(`SKIPPED: ${name}: ${sharedDir} not found (set LEDGERDESK_SHARED to the shared folder)`);
  describe.skipIf(!hasShared)(hasShared ? name : `${name} (SKIPPED: ../shared not found)`, suite);
}
