import { chromium, type Browser } from 'playwright-core';
import { startServer } from '../../../main/server';
import type { BenchResult, CustomSuite } from '../bench';
import { benchLog, chromiumPath, ensureRenderer, LAUNCH_ARGS, READ_LONG_TASKS, RENDERER_DIR, START_LONG_TASKS } from '../browser';
import { BENCH_ORIGIN, BENCH_TOKEN, createBenchBook } from '../fixture';
import { median } from '../measure';

// Issue 9 and issue 23: "a 2,000-line invoice opens in the editor without freezing the window", within
// 3x of a 100-line one. Each round opens the app afresh, double-clicks the invoice in Invoices and times
// it from the double-click to the frame after the editor shows its first line (the lines are put on the
// page as the window reaches them; the totals are of every line from the start), counting the long
// tasks (over 50 ms) meanwhile and the longest of them: the time the window could not answer a key.
// Then it scrolls to the end of the lines, as a person dragging the scroll bar down, and times it to
// the frame after the last line is on the page. Against an invoice of 100 lines in the same run and
// browser, so the ratios say how opening and reaching the end grow with the lines.

const SIZES = [100, 2000] as const;
const ROUNDS = 3;

/** Resolves with the ms from now to the frame after `selector` is in the page, once `act` has run. */
const untilDrawn = (selector: string, act: string) => `new Promise((done) => {
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (!document.querySelector(${JSON.stringify(selector)})) return;
    observer.disconnect();
    requestAnimationFrame(() => done(performance.now() - start));
  });
  observer.observe(document.body, { childList: true, subtree: true });
  ${act};
  if (document.querySelector(${JSON.stringify(selector)})) {
    observer.disconnect();
    requestAnimationFrame(() => done(performance.now() - start));
  }
})`;

const lineInput = (line: number) => `input[aria-label="Line ${line} description"]`;

/** Double-clicks the list row of `reference`: to the frame after the editor's first line is drawn. */
const openEditorScript = (reference: string) =>
  untilDrawn(
    lineInput(1),
    `[...document.querySelectorAll('[role=grid] [role=row]')].find((candidate) => candidate.querySelector('[role=gridcell]')?.textContent.trim() === ${JSON.stringify(reference)}).dispatchEvent(new MouseEvent('dblclick', { bubbles: true }))`,
  );

/**
 * Scrolls the lines to their end, as a person dragging the scroll bar of the box they scroll in: to the
 * frame after line `lines` is on the page.
 */
const reachEndScript = (lines: number) =>
  untilDrawn(
    lineInput(lines),
    `let box = document.querySelector('table[aria-rowcount]');
    while (box && box.scrollHeight <= box.clientHeight) box = box.parentElement;
    box.scrollTop = box.scrollHeight`,
  );

interface Round {
  openMs: number;
  endMs: number;
  longTasks: number;
  longestTaskMs: number;
}

async function measureRound(browser: Browser, url: string, reference: string, lines: number): Promise<Round> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', locale: 'en-GB' });
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  try {
    await page.goto(`${url}/#token=${BENCH_TOKEN}`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.keyboard.press('Alt+3');
    await page.getByRole('grid', { name: 'Invoices' }).getByRole('gridcell', { name: reference, exact: true }).waitFor();
    await page.evaluate(START_LONG_TASKS);
    const openMs = await page.evaluate<number>(openEditorScript(reference));
    const tasks = await page.evaluate<{ longTasks: number; longestTaskMs: number }>(READ_LONG_TASKS);
    const endMs = await page.evaluate<number>(reachEndScript(lines));
    return { openMs, endMs, ...tasks };
  } finally {
    await context.close();
  }
}

async function run(): Promise<BenchResult[]> {
  ensureRenderer();
  const book = await createBenchBook(1, { setupCompleted: true });
  const send = async (method: string, path: string, body: unknown) => {
    const response = await book.engine.fetch(new Request(`${BENCH_ORIGIN}${path}`, { method, headers: { ...book.headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text);
  };
  const contact = (await send('POST', '/v2/contacts', { contact: { organisation_name: 'Bench Customer Ltd' } })).contact.url as string;
  const references = new Map<number, string>();
  for (const lines of SIZES) {
    const items = Array.from({ length: lines }, (_, index) => ({ description: `Line ${index + 1}: consulting on the month's books`, item_type: 'Hours', price: '45.50', quantity: String(1 + (index % 7)) }));
    const created = await send('POST', '/v2/invoices', { invoice: { contact, dated_on: '2026-11-01', invoice_items: items } });
    references.set(lines, created.invoice.reference as string);
  }
  const server = await startServer({ engine: book.engine, port: 0, rendererDir: RENDERER_DIR });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: LAUNCH_ARGS, headless: true });
  try {
    const rounds = new Map<number, Round[]>(SIZES.map((size) => [size, []]));
    // A round of each size in turn, so that both see the machine in the same state.
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const lines of SIZES) {
        const result = await measureRound(browser, server.url, references.get(lines)!, lines);
        benchLog(`invoice of ${lines} lines: open ${result.openMs.toFixed(0)} ms, ${result.longTasks} long tasks (longest ${result.longestTaskMs.toFixed(0)} ms); to the last line ${result.endMs.toFixed(0)} ms`);
        rounds.get(lines)!.push(result);
      }
    }
    const pick = (lines: number, key: keyof Round) => median(rounds.get(lines)!.map((round) => round[key]));
    const small = SIZES[0];
    return SIZES.flatMap((lines): BenchResult[] => [
      { name: `renderer.invoice_editor_${lines}_lines.open`, value: Math.round(pick(lines, 'openMs')), unit: 'ms', baseline: Math.round(pick(small, 'openMs')), ratio: Number((pick(lines, 'openMs') / pick(small, 'openMs')).toFixed(4)) },
      { name: `renderer.invoice_editor_${lines}_lines.to_last_line`, value: Math.round(pick(lines, 'endMs')), unit: 'ms', baseline: Math.round(pick(small, 'endMs')), ratio: Number((pick(lines, 'endMs') / pick(small, 'endMs')).toFixed(4)) },
      { name: `renderer.invoice_editor_${lines}_lines.longest_task`, value: Math.round(pick(lines, 'longestTaskMs')), unit: 'ms (the longest the window could not answer a key while opening)', baseline: null, ratio: null },
    ]);
  } finally {
    await browser.close();
    await server.close();
    book.dispose();
  }
}

export const invoiceEditorSuite: CustomSuite = { name: 'renderer invoice editor', run };
