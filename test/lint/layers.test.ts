import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Proves that eslint.config.js enforces DESIGN.md's Layers table: each snippet breaks one rule from a
// file inside one layer, and must be reported; the legal imports must pass.
//
// The snippets are linted inside a skeleton tree (the real config copied beside one stub module per
// layer), so every import resolves whatever the real tree holds today: main/sync may not exist yet,
// and without its files an import of it would fail for another reason than the rule under test.

const repo = resolve(fileURLToPath(new URL('../..', import.meta.url)));

const STUBS = [
  'shared/money.ts',
  'main/db/client.ts',
  'main/importers/ofx.ts',
  'main/engine/app.ts',
  'main/sync/push.ts',
  'main/server.ts',
  'main/cli.ts',
  'main/sync-command.ts',
  'main/args.ts',
  'main/user-data.ts',
  'main/ipc.ts',
  'main/index.ts',
  'main/preload.ts',
  'main/host/hosted-book.ts',
  'renderer/lib/api.ts',
  'test/helper.ts',
];

type Rule = 'boundaries/element-types' | 'boundaries/external' | 'boundaries/no-unknown' | 'boundaries/no-unknown-files' | 'no-restricted-globals';

/** An import written from `from`: a package name as is, a tree path as a relative specifier. */
function specifier(from: string, target: string): string {
  if (!/\.(ts|json)$/.test(target)) return target;
  const path = relative(dirname(from), target).replace(/\.ts$/, '');
  return path.startsWith('.') ? path : `./${path}`;
}

const importing = (from: string, target: string, kind: 'value' | 'type' = 'value') =>
  kind === 'type'
    ? `import type * as Target from '${specifier(from, target)}';\nexport type Used = typeof Target;\n`
    : `import * as target from '${specifier(from, target)}';\nexport const used = target;\n`;

// [file in a layer, what it imports, the rule that must fire]
const ILLEGAL_IMPORTS: [string, string, Rule][] = [
  // shared/: pure libraries only
  ['shared/x.ts', 'node:fs', 'boundaries/external'],
  ['shared/x.ts', 'fs/promises', 'boundaries/external'],
  ['shared/x.ts', 'electron', 'boundaries/external'],
  ['shared/x.ts', 'better-sqlite3', 'boundaries/external'],
  ['shared/x.ts', 'main/db/client.ts', 'boundaries/element-types'],
  ['shared/x.ts', 'main/engine/app.ts', 'boundaries/element-types'],
  ['shared/x.ts', 'renderer/lib/api.ts', 'boundaries/element-types'],
  // main/db: shared only
  ['main/db/x.ts', 'main/engine/app.ts', 'boundaries/element-types'],
  ['main/db/x.ts', 'main/importers/ofx.ts', 'boundaries/element-types'],
  ['main/db/x.ts', 'electron', 'boundaries/external'],
  // main/importers: shared only; bytes in, rows out
  ['main/importers/x.ts', 'node:fs', 'boundaries/external'],
  ['main/importers/x.ts', 'fs/promises', 'boundaries/external'],
  ['main/importers/x.ts', 'better-sqlite3', 'boundaries/external'],
  ['main/importers/x.ts', 'drizzle-orm', 'boundaries/external'],
  ['main/importers/x.ts', 'main/db/client.ts', 'boundaries/element-types'],
  ['main/importers/x.ts', 'main/engine/app.ts', 'boundaries/element-types'],
  // main/engine: shared, db, importers
  ['main/engine/x.ts', 'main/sync/push.ts', 'boundaries/element-types'],
  ['main/engine/x.ts', 'main/server.ts', 'boundaries/element-types'],
  ['main/engine/x.ts', 'main/ipc.ts', 'boundaries/element-types'],
  ['main/engine/resources/x.ts', 'main/cli.ts', 'boundaries/element-types'],
  ['main/engine/x.ts', 'electron', 'boundaries/external'],
  // main/sync: shared, db, engine
  ['main/sync/x.ts', 'main/importers/ofx.ts', 'boundaries/element-types'],
  ['main/sync/x.ts', 'main/server.ts', 'boundaries/element-types'],
  ['main/sync/x.ts', 'electron', 'boundaries/external'],
  ['main/sync/x.ts', 'main/cli.ts', 'boundaries/element-types'],
  ['main/sync/x.ts', 'renderer/lib/api.ts', 'boundaries/element-types'],
  ['main/sync-command.ts', 'main/db/client.ts', 'boundaries/element-types'],
  ['main/sync-command.ts', 'electron', 'boundaries/external'],
  // the doors: engine, sync, shared
  ['main/server.ts', 'main/db/client.ts', 'boundaries/element-types'],
  ['main/cli.ts', 'main/importers/ofx.ts', 'boundaries/element-types'],
  ['main/args.ts', 'main/db/client.ts', 'boundaries/element-types'],
  ['main/ipc.ts', 'main/db/client.ts', 'boundaries/element-types'],
  ['main/server.ts', 'electron', 'boundaries/external'],
  ['main/cli.ts', 'electron', 'boundaries/external'],
  // main/host: the engine in workers; no electron (main is asked by message), no doors
  ['main/host/x.ts', 'electron', 'boundaries/external'],
  ['main/host/x.ts', 'main/ipc.ts', 'boundaries/element-types'],
  ['main/host/x.ts', 'main/server.ts', 'boundaries/element-types'],
  ['main/host/x.ts', 'main/index.ts', 'boundaries/element-types'],
  ['main/engine/x.ts', 'main/host/hosted-book.ts', 'boundaries/element-types'],
  // preload and renderer: the sandboxed side
  ['main/preload.ts', 'main/engine/app.ts', 'boundaries/element-types'],
  ['main/preload.ts', 'node:fs', 'boundaries/external'],
  ['renderer/lib/x.ts', 'main/engine/app.ts', 'boundaries/element-types'],
  ['renderer/lib/x.ts', 'main/db/client.ts', 'boundaries/element-types'],
  ['renderer/lib/x.ts', 'main/preload.ts', 'boundaries/element-types'],
  ['renderer/lib/x.ts', 'electron', 'boundaries/external'],
  ['renderer/lib/x.ts', 'node:path', 'boundaries/external'],
  // no layer reaches outside the layers
  ['main/engine/x.ts', 'test/helper.ts', 'boundaries/no-unknown'],
];

const LEGAL_IMPORTS: [string, string][] = [
  ['shared/x.ts', 'zod'],
  ['shared/x.ts', 'decimal.js'],
  ['shared/x.ts', 'shared/money.ts'],
  ['main/db/x.ts', 'shared/money.ts'],
  ['main/db/x.ts', 'better-sqlite3'],
  ['main/db/x.ts', 'drizzle-orm'],
  ['main/importers/x.ts', 'shared/money.ts'],
  ['main/engine/x.ts', 'shared/money.ts'],
  ['main/engine/x.ts', 'main/db/client.ts'],
  ['main/engine/x.ts', 'main/importers/ofx.ts'],
  ['main/engine/x.ts', 'node:crypto'],
  ['main/engine/ledger/x.ts', 'resources/charts/chart.json'],
  ['main/sync/x.ts', 'main/engine/app.ts'],
  ['main/sync/x.ts', 'main/db/client.ts'],
  ['main/sync/x.ts', 'shared/money.ts'],
  ['main/sync/x.ts', 'better-sqlite3'],
  ['main/sync/x.ts', 'main/sync/push.ts'],
  ['main/sync-command.ts', 'main/sync/push.ts'],
  ['main/sync-command.ts', 'main/engine/app.ts'],
  ['main/cli.ts', 'main/sync-command.ts'],
  ['main/server.ts', 'main/engine/app.ts'],
  ['main/cli.ts', 'main/sync/push.ts'],
  ['main/cli.ts', 'main/args.ts'],
  ['main/cli.ts', 'node:fs'],
  ['main/ipc.ts', 'electron'],
  ['main/ipc.ts', 'main/engine/app.ts'],
  ['main/index.ts', 'electron'],
  ['main/index.ts', 'main/ipc.ts'],
  ['main/index.ts', 'main/host/hosted-book.ts'],
  ['main/cli.ts', 'main/host/hosted-book.ts'],
  ['main/host/x.ts', 'main/engine/app.ts'],
  ['main/host/x.ts', 'main/db/client.ts'],
  ['main/host/x.ts', 'main/sync/push.ts'],
  ['main/host/x.ts', 'node:worker_threads'],
  ['main/preload.ts', 'electron'],
  ['main/preload.ts', 'shared/money.ts'],
  ['renderer/lib/x.ts', 'shared/money.ts'],
  ['renderer/lib/x.ts', 'renderer/lib/api.ts'],
];

let skeleton: string;
let eslint: ESLint;

async function lint(filePath: string, code: string, linter = eslint): Promise<Linter.LintMessage[]> {
  const [result] = await linter.lintText(code, { filePath });
  return result!.messages;
}

const describeMessages = (messages: Linter.LintMessage[]) => messages.map((m) => `${m.ruleId}: ${m.message}`).join('\n') || '(no messages)';

// ESLint loads its plugins and the TypeScript parser on the first file it lints; that start (seconds on
// a busy machine) belongs to the set-up, not to whichever case happens to run first.
beforeAll(async () => {
  skeleton = mkdtempSync(join(tmpdir(), 'ledgerdesk-layers-'));
  copyFileSync(join(repo, 'eslint.config.js'), join(skeleton, 'eslint.config.js'));
  symlinkSync(join(repo, 'node_modules'), join(skeleton, 'node_modules'), 'dir');
  for (const stub of [...STUBS, 'resources/charts/chart.json']) {
    mkdirSync(dirname(join(skeleton, stub)), { recursive: true });
    writeFileSync(join(skeleton, stub), stub.endsWith('.json') ? '{}\n' : 'export const value = 1;\n');
  }
  eslint = new ESLint({ cwd: skeleton, overrideConfigFile: join(skeleton, 'eslint.config.js') });
  await lint('shared/warm-up.ts', 'export const warm = 1;\n');
}, 120_000);

afterAll(() => {
  if (skeleton) rmSync(skeleton, { recursive: true, force: true });
});

describe('DESIGN.md Layers, enforced by eslint.config.js', () => {
  it.each(ILLEGAL_IMPORTS)('%s may not import %s', async (from, target, rule) => {
    const messages = await lint(from, importing(from, target));
    expect(messages.map((m) => m.ruleId), describeMessages(messages)).toContain(rule);
  });

  it.each(LEGAL_IMPORTS)('%s may import %s', async (from, target) => {
    const messages = await lint(from, importing(from, target));
    expect(messages, describeMessages(messages)).toEqual([]);
  });

  it('counts type-only imports too', async () => {
    const messages = await lint('renderer/lib/x.ts', importing('renderer/lib/x.ts', 'main/engine/app.ts', 'type'));
    expect(messages.map((m) => m.ruleId), describeMessages(messages)).toContain('boundaries/element-types');
  });

  it('checks the imports of .svelte components', async () => {
    const component = (target: string) =>
      `<script lang="ts">\n  import { value } from '${specifier('renderer/views/X.svelte', target)}';\n  let count: number = $state(value);\n</script>\n\n<p>{count}</p>\n`;
    const bad = await lint('renderer/views/X.svelte', component('main/engine/app.ts'));
    expect(bad.map((m) => m.ruleId), describeMessages(bad)).toContain('boundaries/element-types');
    const good = await lint('renderer/views/X.svelte', component('shared/money.ts'));
    expect(good, describeMessages(good)).toEqual([]);
  });

  it.each(['document', 'window', 'localStorage', 'process', 'Buffer'])('keeps the global %s out of shared/', async (name) => {
    const messages = await lint('shared/x.ts', `export const used = ${name};\n`);
    expect(messages.map((m) => m.ruleId), describeMessages(messages)).toContain('no-restricted-globals');
  });

  it('refuses a file under main/ that belongs to no layer, since no rule would cover it', async () => {
    const messages = await lint('main/extra.ts', 'export const value = 1;\n');
    expect(messages.map((m) => m.ruleId), describeMessages(messages)).toContain('boundaries/no-unknown-files');
  });

  it('works the same on the real tree', async () => {
    const real = new ESLint({ cwd: repo, overrideConfigFile: join(repo, 'eslint.config.js') });
    const bad = await lint('renderer/lib/layers-probe.ts', importing('renderer/lib/layers-probe.ts', 'main/engine/app.ts'), real);
    expect(bad.map((m) => m.ruleId), describeMessages(bad)).toContain('boundaries/element-types');
    const good = await lint('main/engine/layers-probe.ts', importing('main/engine/layers-probe.ts', 'shared/money.ts'), real);
    expect(good, describeMessages(good)).toEqual([]);
  });
});
