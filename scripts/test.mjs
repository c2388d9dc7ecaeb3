#!/usr/bin/env node
// `npm test`: every suite, in order, each run even when an earlier one failed so that one run shows
// everything that is broken. Exits non-zero if any part failed. Parts that cannot run here say so on
// a SKIPPED line instead of passing silently.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The corpora beside the project; test/shared-corpus/shared.ts resolves the same folder the same way.
const sharedDir = process.env.LEDGERDESK_SHARED ? resolve(process.env.LEDGERDESK_SHARED) : resolve(root, '..', 'shared');
// vitest through node rather than node_modules/.bin, which is a .cmd file on Windows.
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const e2eScript = join(root, 'scripts', 'e2e.mjs');

const parts = [
  { name: 'unit and engine suites', args: [vitest, 'run'] },
  {
    name: 'e2e suite (Chromium)',
    args: [e2eScript],
    // The runner arrives with the renderer work; until then say plainly that it did not run.
    skip: existsSync(e2eScript) ? null : 'scripts/e2e.mjs not found — the e2e suite did not run',
  },
  {
    name: 'shared corpus suites',
    args: [vitest, 'run', '--config', 'vitest.shared.config.ts'],
    skip: existsSync(sharedDir) ? null : '../shared not found — the corpus suites did not run',
  },
];

const results = [];
for (const part of parts) {
  if (part.skip) {
    console.log(`\nSKIPPED: ${part.skip}`);
    results.push({ name: part.name, outcome: 'SKIPPED' });
    continue;
  }
  console.log(`\n=== ${part.name}: node ${part.args.map((arg) => arg.replace(`${root}/`, '')).join(' ')}`);
  const run = spawnSync(process.execPath, part.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, LEDGERDESK_SHARED: sharedDir },
  });
  if (run.error) console.error(`${part.name}: could not start: ${run.error.message}`);
  const outcome = run.status === 0 ? 'passed' : run.signal ? `FAILED (killed by ${run.signal})` : `FAILED (exit ${run.status ?? 'unknown'})`;
  results.push({ name: part.name, outcome });
}

console.log('\n=== npm test summary');
for (const { name, outcome } of results) console.log(`  ${outcome.padEnd(9)} ${name}`);
process.exitCode = results.some((result) => result.outcome.startsWith('FAILED')) ? 1 : 0;
