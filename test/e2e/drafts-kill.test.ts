import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftKept } from './drafts';
import { chromiumPath, LAUNCH_ARGS } from './session';

/**
 * Issue 19 item 1: the browser-mode server killed with SIGKILL while an editor is changed, started
 * again on the same book: the drafts (one left by a reload before, one open at the kill) are offered
 * and each restored exactly, lines and all.
 */

const ROOT = resolve(import.meta.dirname, '../..');

interface Server {
  child: ChildProcess;
  url: string;
  token: string;
}

/** `cli browser` in a process of its own (node with tsx's loader, so SIGKILL reaches the server itself). */
function startBrowserMode(db: string, home: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'main/cli.ts'), 'browser', '--db', db, '--port', '0', '--renderer', join(ROOT, 'out/renderer'), '--company-name', 'Example Ltd'], {
    cwd: ROOT,
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home },
  });
  return new Promise((resolvePromise, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /open (http:\/\/\S+)\/#token=(\S+)/.exec(output);
      if (found) resolvePromise({ child, url: found[1]!, token: found[2]! });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`browser mode exited (${code}): ${output}`)));
  });
}

function killHard(server: Server): Promise<void> {
  return new Promise((done) => {
    server.child.once('exit', () => done());
    server.child.kill('SIGKILL');
  });
}

describe('drafts after the server is killed', () => {
  const folder = mkdtempSync(join(tmpdir(), 'ledgerdesk-drafts-'));
  const db = join(folder, 'book.sqlite');
  let server: Server;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startBrowserMode(db, folder);
    for (const name of ['Client Co', 'ACME']) {
      const created = await fetch(`${server.url}/v2/contacts`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ contact: { organisation_name: name } }),
      });
      expect(created.status).toBe(201);
    }
    browser = await chromium.launch({ executablePath: chromiumPath(), args: LAUNCH_ARGS, headless: true });
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' })).newPage();
    page.setDefaultTimeout(15_000);
    // Loading the app takes longer than a step on a loaded machine (see session.ts).
    page.setDefaultNavigationTimeout(60_000);
  });

  afterAll(async () => {
    await browser?.close();
    if (server?.child.exitCode === null) await killHard(server);
    rmSync(folder, { recursive: true, force: true });
  });

  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  async function pick(label: string, typed: string, option: RegExp) {
    await page.getByRole('combobox', { name: label }).click();
    await page.keyboard.type(typed);
    await page.getByRole('listbox').getByRole('option', { name: option }).waitFor();
    await page.keyboard.press('Enter');
  }
  /** Reloads through the browser's "leave this page?" question, which is answered Leave. */
  async function reloadAnswering() {
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
  }

  it('offers both drafts after a kill -9 and restores each exactly', async () => {
    const app = {
      get page() {
        return page;
      },
    };
    await page.goto(`${server.url}/#token=${server.token}`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();

    // A bill typed, then the window reloaded: its draft waits (Later).
    await page.keyboard.press('Alt+4');
    await page.getByRole('heading', { name: 'Bills' }).waitFor();
    await page.keyboard.press('n');
    await pick('Supplier', 'ACME', /ACME/);
    await field('Reference').fill('A-1');
    await field('Line 1 description').fill('Paper');
    await field('Line 1 amount').fill('12.34');
    await draftKept(app);
    await reloadAnswering();
    await page.getByRole('dialog', { name: '1 unsaved draft: bill from ACME' }).getByRole('button', { name: 'Later' }).click();

    // An invoice of two lines typed, and the server killed while it is open.
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await page.keyboard.press('n');
    await pick('Contact', 'Client', /Client Co/);
    await field('Line 1 description').fill('Consulting');
    await field('Line 1 quantity').fill('2');
    await field('Line 1 price').fill('150');
    await page.keyboard.press('ControlOrMeta+Enter');
    await field('Line 2 description').fill('Travel');
    await field('Line 2 price').fill('35.50');
    await draftKept(app);
    await killHard(server);

    server = await startBrowserMode(db, folder);
    // The app starts afresh: the old window is gone with the server, a new one opens on the new one.
    const context = page.context();
    await page.close();
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    // Loading the app takes longer than a step on a loaded machine (see session.ts).
    page.setDefaultNavigationTimeout(60_000);
    await page.goto(`${server.url}/#token=${server.token}`);
    const offer = page.getByRole('dialog', { name: '2 unsaved drafts: invoice for Client Co, bill from ACME' });
    await offer.waitFor();
    await offer.getByRole('button', { name: 'Open the draft of invoice for Client Co' }).click();
    await page.getByRole('heading', { name: 'New invoice' }).waitFor();
    await expect.poll(() => field('Line 2 description').inputValue()).toBe('Travel');
    await expect.poll(() => page.getByRole('combobox', { name: 'Contact' }).inputValue()).toBe('Client Co');
    expect([await field('Line 1 description').inputValue(), await field('Line 1 quantity').inputValue(), await field('Line 1 price').inputValue()]).toEqual(['Consulting', '2', '150']);
    expect(await field('Line 2 price').inputValue()).toBe('35.50');

    // The other draft, from the start-up offer once more.
    await reloadAnswering();
    const again = page.getByRole('dialog', { name: '2 unsaved drafts: invoice for Client Co, bill from ACME' });
    await again.getByRole('button', { name: 'Open the draft of bill from ACME' }).click();
    await page.getByRole('heading', { name: 'New bill' }).waitFor();
    await expect.poll(() => field('Reference').inputValue()).toBe('A-1');
    await expect.poll(() => page.getByRole('combobox', { name: 'Supplier' }).inputValue()).toBe('ACME');
    expect([await field('Line 1 description').inputValue(), await field('Line 1 amount').inputValue()]).toEqual(['Paper', '12.34']);
  });
});
