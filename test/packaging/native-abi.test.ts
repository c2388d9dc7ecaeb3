import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// better-sqlite3 is a native module: built for Node's module ABI it will not load in Electron. The
// packaged app only works if `npm run dist` rebuilds it for the ABI of the Electron it ships. This
// reads the version electron-builder would build for (its own getElectronVersion over our config),
// the ABI the rebuild would target for it (the node-abi that @electron/rebuild itself uses), and
// compares that with the ABI the pinned Electron says it expects (the abi_version file Electron's
// package ships from its own build).
const require = createRequire(import.meta.url);
const root = process.cwd();
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };
const { getElectronVersion } = require('app-builder-lib/out/electron/electronVersion.js') as { getElectronVersion(projectDir: string, config: unknown): Promise<string> };
const rebuildRequire = createRequire(require.resolve('@electron/rebuild'));
const nodeAbi = rebuildRequire('node-abi') as { getAbi(target: string, runtime: 'electron' | 'node'): string };

describe('better-sqlite3 is rebuilt for the Electron the app ships', () => {
  it('the ABI the dist build would target is the one the pinned Electron expects', async () => {
    const electronVersion = await getElectronVersion(root, config);
    const pinned = (JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string }).version;
    expect(electronVersion).toBe(pinned);
    const target = nodeAbi.getAbi(electronVersion, 'electron');
    const expected = readFileSync(join(require.resolve('electron/package.json'), '..', 'abi_version'), 'utf8').trim();
    expect(target).toBe(expected);
    // Plain Node's ABI differs: a module built by `npm install` alone would not load in Electron.
    expect(target).not.toBe(process.versions.modules);
  });

  it('npm run dist runs electron-builder with its native rebuild on, and the binding ships outside the archive', () => {
    expect(pkg.scripts.dist).toMatch(/\belectron-builder\b/);
    // npmRebuild defaults to true; it must not be turned off, nor the rebuild pointed at another version.
    expect(config.npmRebuild ?? true).toBe(true);
    expect(config.electronVersion).toBeUndefined();
    expect(config.nodeGypRebuild ?? false).toBe(false);
    // Only dependencies are packaged (and rebuilt); a devDependency would leave the app without SQLite.
    expect(pkg.dependencies['better-sqlite3']).toBeDefined();
    expect(pkg.devDependencies['better-sqlite3']).toBeUndefined();
    expect(config.asarUnpack).toContain('**/node_modules/better-sqlite3/**');
  });
});
