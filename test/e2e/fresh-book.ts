import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startServer, type RunningServer } from '../../main/server';
import type { Engine } from '../../main/engine/app';
import type { BookOptions } from '../../main/engine/setup';
import { OWNER_TOKEN, createTestBook, type TestBook } from '../engine/harness';
import { LAUNCH_ARGS, SCREENSHOT_DIR, chromiumPath, type AppSession } from './session';

/**
 * For files whose tests are about the whole book (a VAT quarter's figures and its lock, the first run,
 * the book's VAT scheme): records of their own are not enough there, so each test gets a book of its
 * own. Launching a Chromium per test is what makes that slow, so one Chromium page serves the file and
 * each test's book comes with its own engine and loopback server on a new port (a new origin, so nothing
 * a page kept in storage for one book is seen by the next).
 */

const RENDERER_DIR = join(resolve(import.meta.dirname, '../..'), 'out/renderer');
const FIRST_VIEWPORT = { width: 1200, height: 720 };

export interface BookOpener {
  /**
   * Closes the book open before (if any) and opens the window afresh on a new one, once `prepare` has
   * put in it what the test needs (so the page loads once, with all of it), at `viewport` (1200x720
   * unless said); answers its session.
   */
  open(options?: {
    book?: Partial<BookOptions>;
    door?: (book: TestBook) => Engine;
    prepare?: (book: TestBook) => Promise<void> | void;
    viewport?: { width: number; height: number };
  }): Promise<AppSession>;
  /** Closes the open book and the browser. */
  close(): Promise<void>;
  /** Content-Security-Policy violations and uncaught errors of the file's page so far. */
  readonly problems: readonly string[];
}

export async function openBookOpener(): Promise<BookOpener> {
  const browser: Browser = await chromium.launch({ executablePath: chromiumPath(), args: LAUNCH_ARGS, headless: true });
  const context = await browser.newContext({ viewport: FIRST_VIEWPORT, colorScheme: 'light', locale: 'en-GB' });
  const page: Page = await context.newPage();
  // As in session.ts: every step takes milliseconds, so a wait of seconds fails early.
  page.setDefaultTimeout(10_000);
  // Except loading the app (goto, reload): Chromium parses the whole 1 MB renderer afresh for each new
  // book (a new port is a new origin, so nothing is cached), and on a loaded 2-core machine that took
  // 4 to 12 s (measured: CI's red was a first-run test whose page.goto passed 10 s).
  page.setDefaultNavigationTimeout(60_000);
  // One list for the whole file: a problem one test's page caused still fails the tests that check it.
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
  // Why file dialogs are caught from the start: see session.ts.
  page.on('filechooser', () => undefined);
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  let current: TestBook | undefined;
  // A server's close waits for its connections to end, and Chromium keeps idle ones open (the server
  // allows a minute of idle keep-alive), so the servers close after the browser, at the file's end.
  const servers: RunningServer[] = [];
  const closeCurrent = async () => {
    if (!current) return;
    const book = current;
    current = undefined;
    // Off the old origin first, so nothing on the page still asks the book being closed.
    await page.goto('about:blank');
    book.book.sqlite.close();
  };

  return {
    async open(options = {}) {
      await closeCurrent();
      const book = createTestBook(options.book);
      await options.prepare?.(book);
      const server = await startServer({ engine: options.door ? options.door(book) : book.engine, port: 0, rendererDir: RENDERER_DIR });
      current = book;
      servers.push(server);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize(options.viewport ?? FIRST_VIEWPORT);
      await page.goto(`${server.url}/#token=${OWNER_TOKEN}`);
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
        close: closeCurrent,
      };
    },
    async close() {
      await closeCurrent();
      await browser.close();
      await Promise.all(servers.map((server) => server.close()));
    },
    problems,
  };
}

/**
 * The hooks of a file whose tests each open a book: the opener (one Chromium) made before the first
 * test and closed after the last, and after every test the check that its page had no
 * Content-Security-Policy violation or uncaught error. Call it inside the file's describe.
 */
export function useBookOpener(): BookOpener {
  let opener: BookOpener | undefined;
  beforeAll(async () => {
    opener = await openBookOpener();
  });
  afterEach(() => {
    expect(opener?.problems ?? []).toEqual([]);
  });
  afterAll(async () => {
    await opener?.close();
  });
  const started = (): BookOpener => {
    if (!opener) throw new Error('the book opener is made before the first test (useBookOpener inside the describe)');
    return opener;
  };
  return {
    open: (options) => started().open(options),
    close: () => started().close(),
    get problems() {
      return started().problems;
    },
  };
}
