import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../../main/server';
import type { BenchResult, CustomSuite } from './bench';
import { LAUNCH_ARGS, RENDERER_DIR } from './browser';
import { BENCH_TOKEN, createBenchBook, type BenchBook } from './fixture';
import { median } from './measure';
import { createReportsBook } from './reports';

// The Overview's first paint in Chromium (browser mode): from opening the app to every figure shown
// (bank balances, lines to explain, owed, profit so far, VAT, and the cashflow chart), on the book of
// 1,000,000 postings and on a small book of the same three accounts, in the same run. The ratio of the
// two is what says whether the Overview holds up as the books grow; the milliseconds depend on the machine.

const ROUNDS = 5;

/** Milliseconds from navigation to the Overview with no figure still being worked out and its chart drawn. */
async function firstPaint(page: Page, url: string): Promise<number> {
  await page.goto('about:blank');
  const started = performance.now();
  await page.goto(`${url}/#token=${BENCH_TOKEN}`);
  await page.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 120_000 });
  await page.locator('[role="img"][aria-label^="Bar chart of money in and out"] canvas').waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => !document.body.textContent?.includes('Working it out…'), undefined, { timeout: 120_000 });
  return performance.now() - started;
}

async function measureOverview(): Promise<BenchResult[]> {
  const chromiumPath = process.env.LEDGERDESK_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(chromiumPath) || !existsSync(join(RENDERER_DIR, 'index.html'))) {
    process.stderr.write('bench: overview first paint skipped: needs Chromium and the built renderer (npx vite build --config vite.renderer.config.ts)\n');
    return [];
  }
  const books: { name: string; book: BenchBook }[] = [
    { name: 'small', book: await createBenchBook(3) },
    { name: 'million', book: await createReportsBook() },
  ];
  const servers = await Promise.all(books.map(({ book }) => startServer({ engine: book.engine, port: 0, rendererDir: RENDERER_DIR })));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: LAUNCH_ARGS, headless: true });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' })).newPage();
    const times: number[][] = books.map(() => []);
    // A warm-up load of each, then rounds alternating small and large so both see the machine alike.
    for (const server of servers) await firstPaint(page, server.url);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [index, server] of servers.entries()) times[index]!.push(await firstPaint(page, server.url));
    }
    const [small, million] = times.map((list) => Number(median(list).toFixed(1))) as [number, number];
    return [
      { name: 'overview.first_paint_small_book', value: small, unit: 'ms', baseline: small, ratio: 1 },
      { name: 'overview.first_paint_million_postings', value: million, unit: 'ms', baseline: small, ratio: Number((million / small).toFixed(2)) },
    ];
  } finally {
    await browser.close();
    for (const server of servers) await server.close();
    for (const { book } of books) await book.dispose();
  }
}

export const overviewPaintSuite: CustomSuite = { name: 'overview first paint', run: measureOverview };
