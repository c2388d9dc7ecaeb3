import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer } from '../../../main/server';
import type { BenchResult, CustomSuite } from '../bench';
import { benchLog as log, chromiumPath, ensureRenderer, LAUNCH_ARGS, RENDERER_DIR } from '../browser';
import { BENCH_TOKEN, createBenchBook } from '../fixture';
import { median } from '../measure';
import { ofx, rows, upload } from './statement-upload';

// Issue 14's renderer figure: the bank register of an account of 100,000 transactions against one of
// 100, in the same run and the same browser. Each round opens the app afresh, opens the register from
// Banking and times the first rows painted (from the click to the frame after the first row has its
// text), then scrolls the register from top to bottom in 100 steps, a frame or two apart, counting the
// long tasks (over 50 ms, the browser's own Long Tasks API) while it scrolls. Goal: first rows within
// 2x of the small account's, and no long task while scrolling.

const SIZES = [100, 100_000] as const;
const ROUNDS = 3;
const SCROLL_STEPS = 100;

// The in-page scripts are plain text: tsx would wrap named functions in a helper the page lacks.

/** Clicks the account's Transactions button and resolves with the ms to the frame that paints the first row. */
const openRegisterScript = (accountName: string) => `new Promise((done) => {
  const button = document.querySelector('button[aria-label=${JSON.stringify(`Transactions of ${accountName}`)}]');
  const start = performance.now();
  const observer = new MutationObserver(() => {
    const cell = document.querySelector('[role=grid] [role=row][aria-rowindex="2"] [role=gridcell]');
    if (!cell || !cell.textContent.trim()) return;
    observer.disconnect();
    requestAnimationFrame(() => done(performance.now() - start));
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  button.click();
})`;

/** Scrolls the register top to bottom in steps two frames apart, counting the long tasks meanwhile. */
const SCROLL_SCRIPT = `(async () => {
  const grid = document.querySelector('[role=grid]');
  const tasks = [];
  const observer = new PerformanceObserver((list) => { for (const entry of list.getEntries()) tasks.push(entry.duration); });
  observer.observe({ type: 'longtask', buffered: false });
  const frame = () => new Promise((next) => requestAnimationFrame(() => next(null)));
  const start = performance.now();
  for (let step = 1; step <= ${SCROLL_STEPS}; step += 1) {
    grid.scrollTop = ((grid.scrollHeight - grid.clientHeight) * step) / ${SCROLL_STEPS};
    await frame();
    await frame();
  }
  const scrollMs = performance.now() - start;
  // Tasks still running at the last step are reported when they end.
  await new Promise((next) => setTimeout(next, 100));
  observer.disconnect();
  return { longTasks: tasks.length, longestTaskMs: Math.max(0, ...tasks), scrollMs };
})()`;

interface Round {
  firstRowsMs: number;
  longTasks: number;
  longestTaskMs: number;
  scrollMs: number;
}

/** Opens the app, then the register of `accountName`, and scrolls it; every figure is the page's own clock. */
async function measureRound(browser: Browser, url: string, accountName: string): Promise<Round> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', locale: 'en-GB' });
  const page: Page = await context.newPage();
  page.setDefaultTimeout(120_000);
  try {
    await page.goto(`${url}/#token=${BENCH_TOKEN}`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.keyboard.press('Alt+2');
    await page.getByRole('button', { name: `Transactions of ${accountName}`, exact: true }).waitFor();
    const firstRowsMs = await page.evaluate<number>(openRegisterScript(accountName));
    const scroll = await page.evaluate<{ longTasks: number; longestTaskMs: number; scrollMs: number }>(SCROLL_SCRIPT);
    return { firstRowsMs, ...scroll };
  } finally {
    await context.close();
  }
}

async function run(): Promise<BenchResult[]> {
  ensureRenderer();
  const book = await createBenchBook(SIZES.length, { setupCompleted: true });
  const names = SIZES.map((size) => `Register of ${size}`);
  for (const [index, size] of SIZES.entries()) {
    const id = book.bankAccountIds[index]!;
    const rename = await book.engine.fetch(
      new Request(`http://127.0.0.1/v2/bank_accounts/${id}`, { method: 'PUT', headers: { ...book.headers, 'Content-Type': 'application/json' }, body: JSON.stringify({ bank_account: { name: names[index] } }) }),
    );
    if (rename.status !== 200) throw new Error(`rename: ${rename.status} ${await rename.text()}`);
    log(`uploading ${size} transactions`);
    await upload(book, id, ofx(rows(size, `r${size}`)));
  }
  const server = await startServer({ engine: book.engine, port: 0, rendererDir: RENDERER_DIR });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: LAUNCH_ARGS, headless: true });
  try {
    const rounds = new Map<number, Round[]>(SIZES.map((size) => [size, []]));
    // A round of each size in turn, so that both see the machine in the same state.
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [index, size] of SIZES.entries()) {
        const result = await measureRound(browser, server.url, names[index]!);
        log(`register of ${size}: first rows ${result.firstRowsMs.toFixed(0)} ms, ${result.longTasks} long tasks (longest ${result.longestTaskMs.toFixed(0)} ms) in a ${result.scrollMs.toFixed(0)} ms scroll`);
        rounds.get(size)!.push(result);
      }
    }
    const pick = (size: number, key: keyof Round) => median(rounds.get(size)!.map((round) => round[key]));
    const small = SIZES[0];
    const results: BenchResult[] = [];
    for (const size of SIZES) {
      const first = pick(size, 'firstRowsMs');
      results.push({ name: `renderer.register_${size}.first_rows`, value: Math.round(first), unit: 'ms', baseline: Math.round(pick(small, 'firstRowsMs')), ratio: Number((first / pick(small, 'firstRowsMs')).toFixed(4)) });
      results.push({ name: `renderer.register_${size}.scroll_long_tasks`, value: pick(size, 'longTasks'), unit: 'long tasks (>50 ms) in a top-to-bottom scroll', baseline: pick(small, 'longTasks'), ratio: null });
      results.push({ name: `renderer.register_${size}.scroll_longest_task`, value: Math.round(pick(size, 'longestTaskMs')), unit: 'ms', baseline: null, ratio: null });
    }
    return results;
  } finally {
    await browser.close();
    await server.close();
    book.dispose();
  }
}

export const registerRenderSuite: CustomSuite = { name: 'renderer register', run };
