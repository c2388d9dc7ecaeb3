// Runs the browser (e2e) suites: makes sure a Chromium exists, builds the renderer, runs vitest with
// vitest.e2e.config.ts in a shuffled order whose seed it prints. The Chromium's path reaches the tests in LEDGERDESK_CHROMIUM.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

function run(command, args, options = {}) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function runOrExit(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) process.exit(status);
}

const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

/** Playwright's own Chromium: the fallback where the Debian package cannot be installed. */
function playwrightChromium() {
  runOrExit('npx', ['playwright-core', 'install', 'chromium']);
  const { chromium } = createRequire(import.meta.url)('playwright-core');
  return chromium.executablePath();
}

// Playwright's browser download fails on our build machines (DESIGN.md), so the Debian package comes first.
function findChromium() {
  if (process.env.LEDGERDESK_CHROMIUM && existsSync(process.env.LEDGERDESK_CHROMIUM)) return process.env.LEDGERDESK_CHROMIUM;
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  if (hasCommand('apt-get') && process.getuid?.() === 0) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['update'], { env }) === 0 && run('apt-get', ['install', '-y', 'chromium'], { env }) === 0 && existsSync(SYSTEM_CHROMIUM)) {
      return SYSTEM_CHROMIUM;
    }
    console.warn('Installing the Debian chromium package failed; trying Playwright\'s download.');
  }
  return playwrightChromium();
}

const chromium = findChromium();
console.log(`Chromium: ${chromium}`);

// The renderer alone: the e2e suite serves out/renderer and needs nothing of the Electron targets.
runOrExit('npx', ['vite', 'build', '--config', 'vite.renderer.config.ts']);

// The files (and the tests of a describe.shuffle) run in a shuffled order; the seed is printed so a
// failing order can be run again with LEDGERDESK_E2E_SEED.
const seed = process.env.LEDGERDESK_E2E_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
console.log(`e2e order seed: ${seed} (run this order again with LEDGERDESK_E2E_SEED=${seed})`);

const status = run('npx', ['vitest', 'run', '--config', 'vitest.e2e.config.ts', `--sequence.seed=${seed}`, ...process.argv.slice(2)], {
  env: { ...process.env, LEDGERDESK_CHROMIUM: chromium },
});
process.exit(status);
