import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// package.json's engines must promise no Node the build tools refuse: Electron 45 and the tools that
// download it and rebuild better-sqlite3 for it say which Node they need in their own engines.
const require = createRequire(import.meta.url);
// semver comes with npm's tooling; it has no types installed here, so the two calls used are typed.
const semver = require('semver') as { subset(sub: string, dom: string): boolean; minVersion(range: string): { major: number; minor: number } | null };
const root = process.cwd();
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { engines?: { node?: string }; packages?: Record<string, { engines?: { node?: string } }> };
const ours = readJson(join(root, 'package.json')).engines?.node ?? '*';
const TOOLS = ['electron', '@electron/get', '@electron/rebuild'];

describe('the Node version the tools need', () => {
  it.each(TOOLS)('engines.node asks for no Node that %s refuses', (tool) => {
    const theirs = readJson(join(root, 'node_modules', tool, 'package.json')).engines?.node ?? '*';
    expect(semver.subset(ours, theirs), `ours ${ours}, ${tool} ${theirs}`).toBe(true);
  });

  it('is the same in package-lock.json and named in the README', () => {
    expect(readJson(join(root, 'package-lock.json')).packages?.['']?.engines?.node).toBe(ours);
    const minimum = semver.minVersion(ours)!;
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain(`Node.js ${minimum.major}.${minimum.minor} or later`);
  });
});
