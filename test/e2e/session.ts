import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../main/server';
import type { Engine } from '../../main/engine/app';
import type { BookOptions } from '../../main/engine/setup';
import { OWNER_TOKEN, createTestBook, type TestBook } from '../engine/harness';

/**
 * One browser-mode session: an in-memory book with its engine, the loopback server serving the
 * built renderer, and a headless Chromium page opened on the link with the owner's token.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const RENDERER_DIR = join(ROOT, 'out/renderer');
export const SCREENSHOT_DIR = join(ROOT, 'test-results/screenshots');

// DESIGN.md's launch flags: no sandbox (containers, root), nothing that reaches the network.
export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface AppSession {
  book: TestBook;
  server: RunningServer;
  browser: Browser;
  page: Page;
  /** Content-Security-Policy violations and uncaught page errors seen so far. */
  problems: string[];
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export function chromiumPath(): string {
  const path = process.env.LEDGERDESK_CHROMIUM ?? '/usr/bin/chromium';
  if (!existsSync(path)) throw new Error(`No Chromium at ${path}: run the suite with npm run test:e2e, which finds or installs one`);
  return path;
}

/**
 * The book is set up already (Example Ltd), so the app opens on the Overview; `book` overrides that,
 * e.g. `{ setupCompleted: false }` for a new book that opens on its first run.
 */
export async function openApp(options: { book?: Partial<BookOptions>; door?: (book: TestBook) => Engine } = {}): Promise<AppSession> {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error('out/renderer is not built: run npm run test:e2e, which builds it first');
  }
  const book = createTestBook(options.book);
  // A door around the engine (the sync's /v2/sync routes), as browser mode puts one there.
  const server = await startServer({ engine: options.door ? options.door(book) : book.engine, port: 0, rendererDir: RENDERER_DIR });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: LAUNCH_ARGS, headless: true });
  const context = await browser.newContext({ viewport: { width: 1200, height: 720 }, colorScheme: 'light', locale: 'en-GB' });
  const page = await context.newPage();
  // Every step here takes milliseconds; a wait of seconds means something is wrong, so fail early.
  page.setDefaultTimeout(10_000);
  // Except loading the app (goto, reload): Chromium parses the whole 1 MB renderer afresh for each new
  // book (a new port is a new origin, so nothing is cached), and on a loaded 2-core machine that took
  // 4 to 12 s (measured: CI's red was a first-run test whose page.goto passed 10 s).
  page.setDefaultNavigationTimeout(60_000);

  const problems: string[] = [];
  // Failed requests (a 422 the test provokes) are logged as console errors too; only policy
  // violations and uncaught exceptions are problems of the page itself.
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
  // Playwright turns on catching file dialogs only once something listens for them, without waiting
  // for the browser to confirm (puppeteer#6040 describes the same race): a key pressed just after
  // waitForEvent('filechooser') could open a dialog nobody caught. Listening from the start keeps
  // catching on, so every test's dialog is seen.
  page.on('filechooser', () => undefined);

  await page.goto(`${server.url}/#token=${OWNER_TOKEN}`);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  return {
    book,
    server,
    browser,
    page,
    problems,
    async screenshot(name) {
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path });
      return path;
    },
    async close() {
      await browser.close();
      await server.close();
      book.book.sqlite.close();
    },
  };
}
