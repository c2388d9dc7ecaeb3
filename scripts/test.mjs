#!/usr/bin/env node
// `npm test`: every suite, in order, each run even when an earlier one failed so that one run shows
// everything that is broken. Exits non-zero if any part failed. Parts that cannot run here say so on
// a SKIPPED line instead of passing silently.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// The corpora beside the project; test/shared-corpus/shared.ts resolves the same folder the same way.
const sharedDir = process.env.LEDGERDESK_SHARED ? resolve(process.env.LEDGERDESK_SHARED) : resolve(root, '..', 'shared');
// vitest through node rather than node_modules/.bin, which is a .cmd file on Windows.
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const e2eScript = join(root, 'scripts', 'e2e.mjs');

// Each suite also writes vitest's JSON report, so the summary at the very end can name every failed
// test and its first error line: CI keeps only the tail of a long log, and "e2e suite failed" alone
// does not say what to mend.
const reports = mkdtempSync(join(tmpdir(), 'ledgerdesk-test-'));
const reporterArgs = (part) => ['--reporter=default', '--reporter=json', `--outputFile.json=${join(reports, `${part}.json`)}`];
// The e2e order is shuffled; choosing the seed here lets the summary say how to replay a failing order.
const e2eSeed = process.env.LEDGERDESK_E2E_SEED ?? String(Math.floor(Math.random() * 2 ** 31));

const parts = [
  { name: 'unit and engine suites', report: 'unit', args: [vitest, 'run', ...reporterArgs('unit')] },
  {
    name: 'e2e suite (Chromium)',
    report: 'e2e',
    args: [e2eScript, ...reporterArgs('e2e')],
    replay: `LEDGERDESK_E2E_SEED=${e2eSeed} npm run test:e2e -- <file>`,
    // The runner arrives with the renderer work; until then say plainly that it did not run.
    skip: existsSync(e2eScript) ? null : 'scripts/e2e.mjs not found — the e2e suite did not run',
  },
  {
    name: 'shared corpus suites',
    report: 'shared',
    args: [vitest, 'run', '--config', 'vitest.shared.config.ts', ...reporterArgs('shared')],
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
    env: { ...process.env, LEDGERDESK_SHARED: sharedDir, LEDGERDESK_E2E_SEED: e2eSeed },
  });
  if (run.error) console.error(`${part.name}: could not start: ${run.error.message}`);
  const outcome = run.status === 0 ? 'passed' : run.signal ? `FAILED (killed by ${run.signal})` : `FAILED (exit ${run.status ?? 'unknown'})`;
  results.push({ name: part.name, outcome, failures: failedTests(part.report), replay: part.replay });
}

/** The failed tests of one suite's JSON report, as "file > describe > test: first line of the error". */
function failedTests(report) {
  const path = join(reports, `${report}.json`);
  if (!existsSync(path)) return [];
  try {
    const { testResults = [] } = JSON.parse(readFileSync(path, 'utf8'));
    return testResults.flatMap((file) => {
      const where = relative(root, file.name);
      const failedInside = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
      const tests = failedInside.map((test) => `${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}${lineOf(test.failureMessages?.[0], where)}`);
      // A file that fails before any test runs (a load error, a failing hook) has no failed test to name.
      if (tests.length === 0 && file.status === 'failed') tests.push(`${where}: ${firstLine(file.message)}`);
      return tests;
    });
  } catch (error) {
    return [`(the report ${path} could not be read: ${error.message})`];
  }
}

/**
 * Where in the test file the error was thrown, as " (at file:line:column)": "expected false to be
 * true" alone does not say which of a test's polls timed out (issue ci once gave no more than that).
 */
function lineOf(text, file) {
  // eslint-disable-next-line no-control-regex -- the report keeps the terminal's colour codes
  const plain = (text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = plain.match(new RegExp(`${escaped}:(\\d+):(\\d+)`));
  return found ? ` (at ${file}:${found[1]}:${found[2]})` : '';
}

function firstLine(text) {
  // eslint-disable-next-line no-control-regex -- the report keeps the terminal's colour codes
  const line = (text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((each) => each.trim() !== '') ?? '(no message)';
  return line.trim().slice(0, 300);
}

console.log('\n=== npm test summary');
for (const { name, outcome, failures, replay } of results) {
  console.log(`  ${outcome.padEnd(9)} ${name}`);
  for (const failure of failures) console.log(`      failed: ${failure}`);
  if (failures.length > 0 && replay) console.log(`      replay: ${replay}`);
}
rmSync(reports, { recursive: true, force: true });
process.exitCode = results.some((result) => result.outcome.startsWith('FAILED')) ? 1 : 0;
