import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FileChooser, Page } from 'playwright-core';
import { openApp, SCREENSHOT_DIR, type AppSession } from './session';

/**
 * The native menu's commands reached from the keyboard in browser mode, where there is no menu:
 * Ctrl+I opens the statement file picker, and a chosen file opens the import review.
 */
// Each test makes what it needs and starts on a freshly loaded Overview (no review left open).
describe.shuffle('menu commands from the keyboard (browser mode)', () => {
  let app: AppSession;

  beforeAll(async () => {
    app = await openApp();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(async () => {
    await app.page.reload();
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  it('Ctrl+I opens the statement picker and the chosen file goes to the import review', async () => {
    // As a person would, press again if the window had not yet taken the first press (a busy machine
    // may show the Overview before the shortcuts are listening).
    const picker = await pressForFileChooser(app.page, 'Control+I');
    expect(picker.isMultiple()).toBe(true);
    await picker.setFiles({ name: 'march.csv', mimeType: 'text/csv', buffer: Buffer.from('Date,Description,Amount\n01/03/2026,Coffee,-2.50\n02/03/2026,Client payment,120.00\n') });
    await app.page.getByRole('dialog').getByRole('heading', { name: 'Review march.csv' }).waitFor();
    await app.screenshot('shell-import-from-keyboard');
    expect(app.problems).toEqual([]);
  });

  it('leaves Ctrl+F to the browser on a screen without a search box', async () => {
    const handled = await app.page.evaluate(() => {
      const event = new KeyboardEvent('keydown', { key: 'f', ctrlKey: true, bubbles: true, cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(handled).toBe(false);
  });
});

/**
 * The desktop side of the renderer, with a stand-in for the preload's bridge (requests go over HTTP
 * as in browser mode; events and the context menu are driven by the test): menu events move the
 * window, a crash sentence is shown, and a row's right-click asks main for its commands.
 */
// Each test makes what it needs (its own account or contact) and starts on a freshly loaded Overview.
describe.shuffle('shell events in the desktop window', () => {
  let app: AppSession;
  let page: import('playwright-core').Page;

  beforeAll(async () => {
    app = await openApp();
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', locale: 'en-GB' });
    await context.addInitScript(() => {
      const token = new URLSearchParams(location.hash.slice(1)).get('token');
      const state = window as unknown as { __emit?: (event: { name: string; data: unknown }) => void; __listeners?: unknown[]; __asked?: string[]; __answer?: string };
      (window as unknown as { ledgerdesk: unknown }).ledgerdesk = {
        async request(method: string, path: string, options: { query?: Record<string, string>; headers?: Record<string, string>; body?: unknown } = {}) {
          const url = new URL(path, location.origin);
          for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
          const response = await fetch(url, {
            method,
            headers: { ...options.headers, Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
            body: options.body === undefined ? undefined : JSON.stringify(options.body),
          });
          const text = await response.text();
          const headers: Record<string, string> = {};
          response.headers.forEach((value, name) => (headers[name] = value));
          return { status: response.status, headers, body: text ? JSON.parse(text) : null };
        },
        // As the preload's: every listener hears every event (the shell and the sync status both listen).
        onEvent(listener: (event: { name: string; data: unknown }) => void) {
          const listeners = (state.__listeners ??= []) as ((event: { name: string; data: unknown }) => void)[];
          listeners.push(listener);
          state.__emit = (event: { name: string; data: unknown }) => listeners.forEach((each) => each(event));
          return () => listeners.splice(listeners.indexOf(listener), 1);
        },
        // Stands in for main's native menu: records what the row offered and picks __answer.
        async contextMenu(commands: string[]) {
          state.__asked = commands;
          return state.__answer ?? 'open';
        },
      };
    });
    page = await context.newPage();
    page.on('pageerror', (error) => app.problems.push(`Uncaught: ${error.message}`));
    await page.goto(`${app.server.url}/#token=owner-token`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
  });

  // Opened again by its token link (a reload would find the token already taken out of the address,
  // and the bridge's stand-in reads it there): no alert, dialog or section is left over.
  beforeEach(async () => {
    await page.goto('about:blank');
    await page.goto(`${app.server.url}/#token=owner-token`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  const emit = (name: string, data?: unknown) => page.evaluate(([eventName, eventData]) => (window as unknown as { __emit: (event: { name: string; data: unknown }) => void }).__emit({ name: eventName as string, data: eventData }), [name, data] as const);

  it('View › a section moves the window there', async () => {
    await emit('menu:open-section', { section: 'banking' });
    await page.getByRole('heading', { name: 'Banking' }).first().waitFor();
    expect(await page.getByRole('navigation', { name: 'Sections' }).locator('[aria-current=page]').textContent()).toMatch(/Banking/);
  });

  it('shows a crash in one sentence, light and dark, and it can be dismissed', async () => {
    await emit('app:error', { message: 'Something went wrong in Ledgerdesk (disk on fire). Your book is safe; the details are in the log file (Help › Show Log Files).' });
    const alert = page.getByRole('alert');
    await alert.getByText('disk on fire').waitFor();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'shell-crash-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'shell-crash-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    const axe = await new AxeBuilder({ page }).include('[role="alert"]').analyze();
    expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert.count()).resolves.toBe(0);
  });

  it('a right-click on a row asks main for the row’s commands and hands the choice to the row', async () => {
    const chosen = await page.evaluate(async () => {
      const row = document.createElement('div');
      row.dataset.rowCommands = 'explain open delete';
      row.textContent = 'row';
      document.querySelector('main')!.append(row);
      const got = new Promise<string>((resolve) => row.addEventListener('ledgerdesk:row-command', (event) => resolve((event as CustomEvent<{ command: string }>).detail.command)));
      row.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
      const command = await got;
      row.remove();
      return { command, asked: (window as unknown as { __asked: string[] }).__asked };
    });
    expect(chosen).toEqual({ command: 'open', asked: ['explain', 'open', 'delete'] });
    expect(app.problems).toEqual([]);
  });

  const answerMenu = (command: string) => page.evaluate((answer) => ((window as unknown as { __answer: string }).__answer = answer), command);
  const asked = () => page.evaluate(() => (window as unknown as { __asked: string[] }).__asked);

  it('a right-click on a bank line offers Explain and Delete, and each does what its key does', async () => {
    const account = await app.book.json('POST', '/v2/bank_accounts', { body: { bank_account: { type: 'StandardBankAccount', name: 'Menu Account', opening_balance: '0' } } });
    const accountUrl = account.body.bank_account.url as string;
    const upload = await app.book.json('POST', `/v2/bank_transactions/statement?bank_account=${encodeURIComponent(accountUrl)}`, {
      body: { statement: [{ dated_on: '2026-11-02', description: 'Stationery shop', amount: '-12.50' }, { dated_on: '2026-11-03', description: 'Client receipt', amount: '300.00' }] },
    });
    expect(upload.status).toBe(200);
    // Banking is read when it opens; the account was made behind the window's back, so open it afresh.
    await emit('menu:open-section', { section: 'banking' });
    await page.getByRole('heading', { name: 'Banking' }).first().waitFor();
    await page.getByText('Menu Account').first().waitFor();
    await page.keyboard.press('t');
    const grid = page.getByRole('grid', { name: 'Transactions of Menu Account' });
    const line = grid.getByRole('row', { name: /Stationery shop/ });
    await line.waitFor();

    await answerMenu('explain');
    await line.click({ button: 'right' });
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor();
    expect(await asked()).toEqual(['explain', 'delete']);
    await expect.poll(async () => page.locator('.explain .description').textContent()).toBe('Stationery shop');
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor({ state: 'detached' });

    await answerMenu('delete');
    await line.click({ button: 'right' });
    const confirm = page.getByRole('alertdialog', { name: 'Delete this line?' });
    await confirm.waitFor();
    await confirm.getByText(/Stationery shop/).waitFor();
    await page.getByRole('button', { name: 'Delete line' }).click();
    await line.waitFor({ state: 'detached' });
    const left = await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl)}`);
    expect(left.body.bank_transactions.map((row: { description: string }) => row.description)).toEqual([expect.stringMatching(/^Client receipt/)]);
    expect(app.problems).toEqual([]);
  });

  it('a right-click on a row of a list that opens its rows offers Open, which opens that row', async () => {
    await app.book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Right Click Ltd' } } });
    await emit('menu:open-section', { section: 'contacts' });
    const row = page.getByRole('grid', { name: 'Contacts' }).getByRole('row', { name: /Right Click Ltd/ });
    await row.waitFor();
    await answerMenu('open');
    await row.click({ button: 'right' });
    expect(await asked()).toEqual(['open']);
    // Open shows the contact's page, as Enter does.
    await page.getByRole('heading', { name: 'Right Click Ltd', exact: true }).waitFor();
    await page.getByRole('button', { name: /Change details/ }).waitFor();
    expect(app.problems).toEqual([]);
  });
});

/** Presses `keys` until the page asks for a file, at most three times, and hands back its chooser. */
async function pressForFileChooser(page: Page, keys: string): Promise<FileChooser> {
  for (let attempt = 1; ; attempt += 1) {
    const chooser = page.waitForEvent('filechooser', { timeout: 8_000 });
    await page.keyboard.press(keys);
    try {
      return await chooser;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
