/**
 * The keyboard monkey, outside `npm test`: for each screen, opens it on a fresh book as a person does
 * and presses a seeded random sequence of keys, waiting after each for the page to be idle; then
 * checks that nothing crashed (no page error or unhandled rejection, no console error, no CSP
 * violation, no 500 from the engine, a heading still shown, the focus not lost to <body>).
 *   flock /tmp/ledgerdesk-renderer.lock sh -c 'npx vite build --config vite.renderer.config.ts &&
 *     LEDGERDESK_CHROMIUM=/usr/bin/chromium npx tsx scripts/keyboard-monkey.ts --seeds 1-3 [--screens register,bills] [--keys 200] [--reduce]'
 *   replay one: --screens bills --sequence 'Tab,Enter,Control+z'
 * Prints one JSON line per failing run (with its seed and keys; with --reduce, the shortest sequence
 * found that still fails) and a summary; exits 1 if any run failed.
 */
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startServer, type RunningServer } from '../main/server';
import { OWNER_TOKEN, createTestBook, type TestBook } from '../test/engine/harness';
import { LAUNCH_ARGS, SCREENSHOT_DIR, chromiumPath } from '../test/e2e/session';
import { SCREENS, keySequence, monkeyBook, pageState, waitIdle, watchProblems, watchRequests, type Screen } from '../test/e2e/monkey/monkey';

const arg = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const [fromSeed, toSeed] = (arg('seeds') ?? '1-3').split('-').map(Number) as [number, number?];
const seeds = Array.from({ length: (toSeed ?? fromSeed) - fromSeed + 1 }, (_, i) => fromSeed + i);
const keyCount = Number(arg('keys') ?? 200);
const wanted = arg('screens')?.split(',');
const screens = SCREENS.filter((screen) => !wanted || wanted.includes(screen.name));
const given = arg('sequence')?.split(',');
const reduce = process.argv.includes('--reduce');
/** --trace: after each key, what the page shows (to read how a failing sequence got where it did). */
const trace = process.argv.includes('--trace');

const RENDERER_DIR = join(resolve(import.meta.dirname, '..'), 'out/renderer');
const browser = await chromium.launch({ executablePath: chromiumPath(), args: LAUNCH_ARGS, headless: true });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', locale: 'en-GB' });
const page: Page = await context.newPage();
page.setDefaultTimeout(10_000);
page.setDefaultNavigationTimeout(60_000);
page.on('filechooser', () => undefined);
const problems = watchProblems(page);
const requests = watchRequests(page);
const servers: RunningServer[] = [];

interface Outcome {
  failures: string[];
  /** How many keys had been pressed when the first problem was heard (page error, console, 500). */
  firstProblemAt: number | null;
}

async function run(screen: Screen, keys: readonly string[]): Promise<Outcome> {
  const book: TestBook = createTestBook();
  await monkeyBook(book);
  const server = await startServer({ engine: book.engine, port: 0, rendererDir: RENDERER_DIR });
  servers.push(server);
  problems.splice(0);
  requests.serverErrors.splice(0);
  const failures: string[] = [];
  let firstProblemAt: number | null = null;
  try {
    await page.goto(`${server.url}/#token=${OWNER_TOKEN}`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await waitIdle(page, requests.inFlight);
    await screen.open(page);
    await waitIdle(page, requests.inFlight);
    if (problems.length > 0 || requests.serverErrors.length > 0) failures.push(`while opening: ${[...problems, ...requests.serverErrors].join(' | ')}`);
    for (const [index, key] of keys.entries()) {
      await page.keyboard.press(key);
      await waitIdle(page, requests.inFlight);
      if (firstProblemAt === null && (problems.length > 0 || requests.serverErrors.length > 0)) firstProblemAt = index + 1;
      if (trace) console.log(index + 1, key, JSON.stringify(await pageState(page)), (await page.locator('main').innerText()).replace(/\s+/g, ' ').slice(0, 160), problems.length);
    }
    failures.push(...problems, ...requests.serverErrors);
    const state = await pageState(page);
    if (!state.heading) failures.push('no heading shown');
    if (state.appError) failures.push(`app error: ${state.appError}`);
    if (state.focus === 'body' && keys.at(-1) !== 'Escape') failures.push(`focus on body after ${keys.at(-1)}`);
    if (failures.length > 0) {
      await page.screenshot({ path: join(SCREENSHOT_DIR, `monkey-${screen.name}-${keys.length}.png`) });
      failures.push(`(shown: ${JSON.stringify(state)}; ${(await page.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 300)})`);
    }
  } catch (error) {
    failures.push(`stuck: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await page.goto('about:blank');
    book.book.sqlite.close();
  }
  return { failures, firstProblemAt };
}

/** Same kind of failure: the first failure's words without numbers (ids, counts differ between runs). */
const kind = (failures: readonly string[]) => (failures[0] ?? '').replace(/\d+/g, '#').slice(0, 80);

/** The shortest sequence found that fails the same way: cut at the first problem, then drop chunks (ddmin). */
async function reduced(screen: Screen, keys: readonly string[], outcome: Outcome): Promise<string[]> {
  const target = kind(outcome.failures);
  const fails = async (candidate: readonly string[]) => kind((await run(screen, candidate)).failures) === target;
  let current = [...keys];
  if (outcome.firstProblemAt !== null && (await fails(current.slice(0, outcome.firstProblemAt)))) current = current.slice(0, outcome.firstProblemAt);
  let chunks = 2;
  while (current.length > 1 && chunks <= current.length) {
    const size = Math.ceil(current.length / chunks);
    let dropped = false;
    for (let start = 0; start < current.length; start += size) {
      const candidate = [...current.slice(0, start), ...current.slice(start + size)];
      if (candidate.length > 0 && (await fails(candidate))) {
        current = candidate;
        chunks = Math.max(chunks - 1, 2);
        dropped = true;
        break;
      }
    }
    if (!dropped) {
      if (size === 1) break;
      chunks = Math.min(chunks * 2, current.length);
    }
  }
  return current;
}

const started = Date.now();
let runs = 0;
let failed = 0;
for (const screen of screens) {
  for (const seed of given ? [0] : seeds) {
    const keys = given ?? keySequence(seed * 1000 + SCREENS.indexOf(screen), keyCount);
    const outcome = await run(screen, keys);
    runs += 1;
    if (outcome.failures.length === 0) {
      console.log(`ok ${screen.name} seed ${seed}`);
      continue;
    }
    failed += 1;
    const shortest = reduce ? await reduced(screen, keys, outcome) : null;
    console.log(JSON.stringify({ screen: screen.name, seed, failures: outcome.failures, firstProblemAt: outcome.firstProblemAt, keys: keys.join(','), shortest: shortest?.join(',') }));
  }
}
console.log(JSON.stringify({ runs, failed, seconds: Math.round((Date.now() - started) / 1000) }));
await browser.close();
// The servers are not closed: a close waits out Chromium's idle keep-alive connections (a minute); the exit ends them.
process.exit(failed > 0 ? 1 : 0);
