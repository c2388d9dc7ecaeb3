import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { STATEMENT_EXTENSIONS } from '../../main/shell/system-files';

// electron-builder's own check of a configuration: the JSON schema it ships (scheme.json) with its
// validator, exactly as `electron-builder` runs it before a build.
const require = createRequire(import.meta.url);
const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  validateConfiguration(config: unknown, debugLogger: { isEnabled: boolean; add(key: string, value: unknown): void }): Promise<void>;
};
const notarizeHook = require('../../scripts/notarize.cjs') as ((context: unknown, env: Record<string, string>, notarize: (options: unknown) => Promise<void>) => Promise<string>) & {
  credentials(env: Record<string, string>): unknown;
};

const root = process.cwd();
const config = parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, any>;
const quiet = { isEnabled: false, add: () => undefined };

describe('electron-builder configuration', () => {
  it('passes electron-builder’s own schema validation', async () => {
    await expect(validateConfiguration(structuredClone(config), quiet)).resolves.toBeUndefined();
    // The first call loads electron-builder's schema and validator: seconds on a busy machine.
  }, 60_000);

  it('is really checked: a misspelt option or a wrong value is refused', async () => {
    await expect(validateConfiguration({ ...structuredClone(config), nsiss: { oneClick: true } }, quiet)).rejects.toThrow(/nsiss/);
    await expect(validateConfiguration({ ...structuredClone(config), electronFuses: { runAsNode: 'no' } }, quiet)).rejects.toThrow(/runAsNode/);
  }, 60_000);

  it('flips the Electron fuses the security checklist asks for', () => {
    expect(config.electronFuses).toMatchObject({ runAsNode: false, enableCookieEncryption: true, enableEmbeddedAsarIntegrityValidation: true, onlyLoadAppFromAsar: true, enableNodeOptionsEnvironmentVariable: false, enableNodeCliInspectArguments: false });
    expect(config.asar).toBe(true);
  });

  it('builds a universal dmg and zip with the hardened runtime, per-user NSIS, AppImage and deb', () => {
    expect(config.mac.target).toEqual([
      { target: 'dmg', arch: ['universal'] },
      { target: 'zip', arch: ['universal'] },
    ]);
    expect(config.mac.hardenedRuntime).toBe(true);
    expect(readFileSync(join(root, config.mac.entitlements), 'utf8')).toContain('com.apple.security.cs.allow-jit');
    expect(config.nsis).toMatchObject({ oneClick: true, perMachine: false });
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.publish).toBeNull();
  });

  // What each platform's build registers: the shared list plus the platform's own (electron-builder
  // concatenates config.fileAssociations and <platform>.fileAssociations).
  interface Association { ext: string | string[]; mimeType?: string; rank?: string; role?: string }
  const associationsOn = (platform: 'mac' | 'win' | 'linux'): Association[] => [...(config.fileAssociations ?? []), ...(config[platform]?.fileAssociations ?? [])];
  const extensionsOf = (associations: Association[]) => associations.flatMap((association) => association.ext).sort();

  it('associates books and every statement format on macOS, only as an alternative for statements', () => {
    const associations = associationsOn('mac');
    expect(extensionsOf(associations)).toEqual(['ledgerdesk', ...STATEMENT_EXTENSIONS].sort());
    for (const association of associations) expect(association.rank, String(association.ext)).toBe(association.ext === 'ledgerdesk' ? 'Owner' : 'Alternate');
  });

  it('registers every statement format on Linux, one extension per entry, each with its MIME type', () => {
    const associations = associationsOn('linux');
    expect(extensionsOf(associations)).toEqual(['ledgerdesk', ...STATEMENT_EXTENSIONS].sort());
    // The Linux targets skip an entry without a MIME type and write its glob as "*.<ext>".
    for (const association of associations) {
      expect(typeof association.ext, String(association.ext)).toBe('string');
      expect(association.mimeType, String(association.ext)).toMatch(/^[a-z]+\/[\w.+-]+$/);
    }
    expect(associations.find((association) => association.ext === 'csv')?.mimeType).toBe('text/csv');
  });

  it('offers Ledgerdesk for .csv and .xml on Windows without making it their default program', () => {
    // electron-builder's NSIS installer makes every association it is given the default (it writes
    // the extension's default ProgID), so .csv and .xml must not be among Windows' associations ...
    const windows = extensionsOf(associationsOn('win'));
    expect(windows).not.toContain('csv');
    expect(windows).not.toContain('xml');
    expect(windows).toEqual(['ledgerdesk', ...STATEMENT_EXTENSIONS.filter((extension) => extension !== 'csv' && extension !== 'xml')].sort());
    // ... and the installer script adds them to the "Open with" list only, and takes them off again.
    const script = readFileSync(join(root, config.directories.buildResources, 'installer.nsh'), 'utf8');
    for (const extension of ['csv', 'xml']) {
      expect(script).toContain(`WriteRegNone SHELL_CONTEXT "Software\\Classes\\.${extension}\\OpenWithProgids" "Ledgerdesk.Statement"`);
      expect(script).toContain(`DeleteRegValue SHELL_CONTEXT "Software\\Classes\\.${extension}\\OpenWithProgids" "Ledgerdesk.Statement"`);
      // Writing the extension key's own default value is what takes a format over.
      expect(script).not.toMatch(new RegExp(`WriteRegStr SHELL_CONTEXT "Software\\\\Classes\\\\\\.${extension}" ""`));
    }
    expect(config.nsis.include ?? 'installer.nsh').toBe('installer.nsh');
  });

  it('draws every icon from one 1024-pixel PNG rendered from resources/icon.svg', () => {
    const png = readFileSync(join(root, 'resources', 'build', 'icon.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1024]);
    for (const platform of ['mac', 'win', 'linux']) expect(config[platform].icon).toBe('resources/build/icon.png');
  });

  it('notarises only with credentials in the environment', async () => {
    const context = { electronPlatformName: 'darwin', appOutDir: '/out', packager: { appInfo: { productFilename: 'Ledgerdesk' } } };
    const calls: unknown[] = [];
    const record = async (options: unknown) => void calls.push(options);
    expect(await notarizeHook(context, {}, record)).toBe('skipped');
    expect(await notarizeHook({ ...context, electronPlatformName: 'win32' }, { APPLE_ID: 'a', APPLE_APP_SPECIFIC_PASSWORD: 'b', APPLE_TEAM_ID: 'c' }, record)).toBe('not macOS');
    expect(calls).toEqual([]);
    expect(await notarizeHook(context, { APPLE_API_KEY: '/k.p8', APPLE_API_KEY_ID: 'KID', APPLE_API_ISSUER: 'ISS' }, record)).toBe('notarised');
    expect(calls).toEqual([{ appPath: '/out/Ledgerdesk.app', appleApiKey: '/k.p8', appleApiKeyId: 'KID', appleApiIssuer: 'ISS' }]);
  });

  it('has `npm run dist` build the app and package it for this platform without publishing', () => {
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.dist).toBe('electron-vite build && electron-builder --publish never');
  });
});
