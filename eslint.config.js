// ESLint 9 flat config. Most of it is DESIGN.md's Layers table written as rules, so that a layer
// crossing fails `npm run lint` (and CI) instead of being caught in review. test/lint/layers.test.ts
// proves that each rule below fires.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const rootPath = import.meta.dirname;

// Node's own modules in every spelling an import can use: `node:fs`, `fs`, `fs/promises`.
const NODE_BUILTINS = ['node:*', ...builtinModules, ...builtinModules.map((name) => `${name}/**`)];
const FS_MODULES = ['node:fs', 'node:fs/*', 'fs', 'fs/*'];
const DATABASE_LIBRARIES = ['better-sqlite3', 'drizzle-orm', 'drizzle-orm/**'];
const ELECTRON = ['electron', 'electron/**'];
// shared/ is an allowlist: the libraries known to be pure. Add one here when shared/ needs it.
const PURE_LIBRARIES = ['zod', 'zod/**', 'decimal.js'];

// Every file under main/, shared/ and renderer/ belongs to one layer; a file in none of them is an
// error (boundaries/no-unknown-files), because it would escape every rule below.
const LAYERS = [
  { type: 'shared', pattern: 'shared/**', mode: 'full' },
  { type: 'db', pattern: 'main/db/**', mode: 'full' },
  { type: 'importers', pattern: 'main/importers/**', mode: 'full' },
  { type: 'engine', pattern: 'main/engine/**', mode: 'full' },
  { type: 'sync', pattern: 'main/sync/**', mode: 'full' },
  // Filing with HMRC: a remote client like the sync's, which reuses the sync's connect/ pieces.
  { type: 'hmrc', pattern: 'main/hmrc/**', mode: 'full' },
  // The engine host: the engine, sync and HMRC in worker threads, and main's client that routes to them.
  // No electron: what only main can do (keychain, browser) is asked of main by message.
  { type: 'host', pattern: 'main/host/**', mode: 'full' },
  // The doors onto the engine, and the helpers only they use (args: cli's option parser; given-token: a
  // token given to serve by hand; user-data: where the book lives, shared by cli and the Electron main;
  // token-expiry: when a token given --expires ends).
  // ipc.ts is apart: it may use electron.
  { type: 'doors', pattern: 'main/{server,cli,args,user-data,parse-command,sync-command,hmrc-command,given-token,token-expiry}.ts', mode: 'full' },
  { type: 'ipc', pattern: 'main/ipc.ts', mode: 'full' },
  // The desktop shell: index.ts and the pieces it is made of (menus, guards, books as files).
  { type: 'electron-main', pattern: ['main/index.ts', 'main/shell/**'], mode: 'full' },
  { type: 'preload', pattern: 'main/preload.ts', mode: 'full' },
  // The renderer in four parts (DESIGN.md Layout): the shell (App, main), one folder per section, the
  // shared pieces in ui/, and lib/ (the bridge and typed calls). A section never imports another one.
  { type: 'renderer-section', pattern: 'renderer/sections/*', mode: 'folder', capture: ['section'] },
  { type: 'renderer-ui', pattern: 'renderer/ui/**', mode: 'full' },
  { type: 'renderer-lib', pattern: 'renderer/lib/**', mode: 'full' },
  { type: 'renderer', pattern: 'renderer/**', mode: 'full' },
  // Data files (default charts of accounts, icons, rate tables): any layer may read them.
  { type: 'resources', pattern: 'resources/**', mode: 'full' },
];

// Which layer may import which (a layer may always import itself; every layer may import resources).
const LAYER_IMPORTS = {
  shared: ['shared'],
  db: ['db', 'shared'],
  importers: ['importers', 'shared'],
  engine: ['engine', 'shared', 'db', 'importers'],
  sync: ['sync', 'shared', 'db', 'engine'],
  hmrc: ['hmrc', 'sync', 'shared', 'db', 'engine'],
  host: ['host', 'engine', 'sync', 'hmrc', 'db', 'shared'],
  doors: ['doors', 'host', 'engine', 'sync', 'hmrc', 'shared'],
  ipc: ['engine', 'sync', 'hmrc', 'shared'],
  // index.ts wires the engine, IPC, sync and file drops together, so it sees all of main.
  'electron-main': ['electron-main', 'host', 'doors', 'ipc', 'engine', 'sync', 'hmrc', 'importers', 'db', 'shared'],
  // The preload exposes the bridge and nothing else.
  preload: ['shared'],
  renderer: ['renderer', 'renderer-section', 'renderer-ui', 'renderer-lib', 'shared'],
  'renderer-section': ['renderer-ui', 'renderer-lib', 'shared'],
  'renderer-ui': ['renderer-ui', 'renderer-lib', 'shared'],
  'renderer-lib': ['renderer-lib', 'shared'],
};

// Which layer may import which beyond the table: a section may import its own files, not another section's.
const SAME_SECTION = { from: ['renderer-section'], allow: [['renderer-section', { section: '${from.section}' }]] };

// Packages each layer may not use. Rules are checked in order and the last one that matches
// decides, so the allowlist for shared/ comes after its blanket ban.
const EXTERNAL_RULES = [
  { from: ['shared'], disallow: ['*'], message: 'shared/ may import only pure libraries (zod, decimal.js; see PURE_LIBRARIES in eslint.config.js)' },
  { from: ['shared'], allow: PURE_LIBRARIES },
  { from: ['importers'], disallow: [...FS_MODULES, ...DATABASE_LIBRARIES], message: 'main/importers take bytes and return rows: no file system, no database' },
  { from: ['renderer', 'renderer-section', 'renderer-ui', 'renderer-lib', 'preload'], disallow: NODE_BUILTINS, message: '${from.type} code runs in the browser sandbox: no Node modules' },
  { from: ['shared', 'db', 'importers', 'engine', 'sync', 'hmrc', 'host', 'doors', 'renderer', 'renderer-section', 'renderer-ui', 'renderer-lib'], disallow: ELECTRON, message: 'electron may be imported only by main/index.ts, main/preload.ts and main/ipc.ts' },
];

// Globals shared/ must not touch: it runs in main and in the renderer, so neither Node's nor the DOM's.
const NODE_ONLY_GLOBALS = ['process', 'Buffer', 'global', '__dirname', '__filename', 'require', 'module', 'setImmediate', 'clearImmediate'];
const DOM_ONLY_GLOBALS = [
  'window', 'document', 'navigator', 'location', 'history', 'localStorage', 'sessionStorage', 'indexedDB',
  'alert', 'confirm', 'prompt', 'getComputedStyle', 'requestAnimationFrame', 'matchMedia', 'customElements',
  'HTMLElement', 'Element', 'DOMParser', 'XMLHttpRequest',
];
const restrictedGlobal = (why) => (name) => ({ name, message: `shared/ is pure TypeScript: ${name} is ${why}` });

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'main/db/migrations/**', 'coverage/**', 'test-results/**', 'playwright-report/**'] },

  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    // tsconfigRootDir: the parser refuses to guess when one process lints two trees (test/lint does).
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', parserOptions: { tsconfigRootDir: rootPath } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter kept for its position in a signature.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  // TypeScript inside .svelte and .svelte.ts files.
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  // Where code runs decides which globals exist.
  { files: ['main/**', 'scripts/**', 'test/**', '*.{js,mjs,ts}'], languageOptions: { globals: { ...globals.node } } },
  { files: ['renderer/**', 'main/preload.ts'], languageOptions: { globals: { ...globals.browser } } },
  // TypeScript checks names; ESLint's no-undef does not understand types.
  { files: ['**/*.ts', '**/*.svelte'], rules: { 'no-undef': 'off' } },

  {
    files: ['main/**', 'shared/**', 'renderer/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': rootPath,
      'boundaries/elements': LAYERS,
      'boundaries/ignore': ['main/db/migrations/**'],
      // Type-only imports count too: a type from main/ in the renderer still ties the two together.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import', 'require'],
      'import/resolver': { node: { extensions: ['.ts', '.js', '.mjs', '.svelte', '.json'] } },
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'disallow',
          message: 'DESIGN.md Layers: ${from.type} may not import ${target.type}',
          // A blanket ban per layer carrying the message, then what it may import (last match wins).
          rules: Object.entries(LAYER_IMPORTS).flatMap(([from, allow]) => [
            { from: [from], disallow: ['*'], message: `DESIGN.md Layers: ${from} may import only ${allow.join(', ')}; not \${target.type} (\${dependency.source})` },
            { from: [from], allow: [...allow, 'resources'] },
          ]).concat([SAME_SECTION]),
        },
      ],
      'boundaries/external': ['error', { default: 'allow', rules: EXTERNAL_RULES }],
      'boundaries/no-unknown-files': 'error',
      // Layered code may not reach into test/, scripts/ or any other file outside the layers.
      'boundaries/no-unknown': 'error',
    },
  },

  {
    files: ['shared/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...NODE_ONLY_GLOBALS.map(restrictedGlobal('Node-only')),
        ...DOM_ONLY_GLOBALS.map(restrictedGlobal('DOM-only')),
      ],
    },
  },

  // Tests may be loose where fixtures are dynamic (parsed JSON bodies).
  { files: ['test/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
