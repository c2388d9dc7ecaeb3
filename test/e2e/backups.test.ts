import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { backupFolder } from '../../main/db/backups';
import { defaultMigrationsFolder } from '../../main/db/migrate';
import { issueToken, openEngine, ownerEmail, type OpenEngine } from '../../main/engine/open';
import { startServer, type RunningServer } from '../../main/server';
import { fixedClock } from '../engine/harness';
import { checkScreen } from './screens';
import { SCREENSHOT_DIR } from './session';

/**
 * Back Up Now and Restore… in browser mode, by keys and clicks, on a real book file (the usual
 * session's book is in memory and has no backups): Ctrl+Shift+B backs up from anywhere, Settings ›
 * Backups lists each backup with its date and company, a restore asks first and keeps the book as it
 * was, and a backup from a newer Ledgerdesk is refused in a sentence.
 */
// Each test opens a book file of its own (one Chromium for the file), backed up and changed as far as
// it needs, and starts on Overview: the backups and the contacts a restore brings back are the whole
// book's, so they run in any order.
describe.shuffle('Backups in browser mode', () => {
  const RENDERER = resolve(import.meta.dirname, '../../out/renderer');
  const dirs: string[] = [];
  const servers: RunningServer[] = [];
  let file: string;
  let opened: OpenEngine | undefined;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  const session = () => ({ page, problems, screenshot: async (name: string) => (await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) }), join(SCREENSHOT_DIR, `${name}.png`)) });

  const engine = () => opened!.engine;
  const contacts = () => opened!.deps.book.sqlite.prepare('SELECT organisation_name FROM contacts ORDER BY id').pluck().all() as string[];
  async function addContact(name: string) {
    const response = await engine().fetch(new Request('http://127.0.0.1/v2/contacts', { method: 'POST', headers: { Authorization: 'Bearer OWNER', 'Content-Type': 'application/json' }, body: JSON.stringify({ contact: { organisation_name: name } }) }));
    expect(response.status).toBe(201);
  }

  /** A backup made by hand, as Ctrl+Shift+B makes it (thrown, not expected: it is the test's setup). */
  async function backUp(): Promise<void> {
    const response = await engine().fetch(new Request('http://127.0.0.1/v2/book/backups', { method: 'POST', headers: { Authorization: 'Bearer OWNER' } }));
    if (response.status !== 201) throw new Error(`backing up answered ${response.status}: ${await response.text()}`);
  }

  beforeAll(async () => {
    if (!existsSync(join(RENDERER, 'index.html'))) throw new Error('out/renderer is not built: run npm run test:e2e');
    browser = await chromium.launch({ executablePath: process.env.LEDGERDESK_CHROMIUM ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'], headless: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', locale: 'en-GB', timezoneId: 'Europe/London' });
    page = await context.newPage();
    page.setDefaultTimeout(10_000);
    // Loading the app takes longer than a step on a loaded machine (see session.ts).
    page.setDefaultNavigationTimeout(60_000);
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
  }, 60_000);

  afterAll(async () => {
    await closeBook();
    await browser?.close();
    // Servers close once the browser's keep-alive connections are gone.
    await Promise.all(servers.map((server) => server.close()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  // Every test ran without Content-Security-Policy violations or page errors.
  afterEach(() => {
    expect(problems).toEqual([]);
  });

  async function closeBook(): Promise<void> {
    if (!opened) return;
    // Off the old book's origin first, so nothing on the page still asks the book being closed.
    await page.goto('about:blank');
    opened.close();
    opened = undefined;
  }

  /**
   * A new book file, Backed Up Ltd with one customer (Kept Customer), served on a port of its own (a new
   * origin) and the window opened on its Overview; `prepare` runs before the window opens.
   */
  async function openBook(prepare: () => Promise<void> = async () => undefined): Promise<void> {
    await closeBook();
    const dir = mkdtempSync(join(tmpdir(), 'ledgerdesk-e2e-backups-'));
    dirs.push(dir);
    file = join(dir, 'Backed Up.ledgerdesk');
    opened = openEngine({ file, clock: fixedClock('2026-11-22T10:00:00Z'), create: { type: 'UkLimitedCompany', name: 'Backed Up Ltd', startDate: '2025-04-01', setupCompleted: true, owner: { email: 'owner@example.com', firstName: 'Olive', lastName: 'Owner' } } });
    issueToken(opened.deps, ownerEmail(opened.deps), 'OWNER');
    await addContact('Kept Customer');
    await prepare();
    const server = await startServer({ engine: opened.engine, port: 0, rendererDir: RENDERER });
    servers.push(server);
    await page.goto(`${server.url}/#token=OWNER`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
  }

  /** Settings › Backups, by clicks. */
  async function openSettingsBackups(): Promise<void> {
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
    await page.getByRole('tab', { name: 'Backups' }).click();
  }

  it('Ctrl+Shift+B backs the book up from any screen and says so', async () => {
    await openBook();
    await page.keyboard.press('Control+Shift+B');
    await page.getByText('Backed up the book (22 Nov 2026, 10:00).').waitFor();
    const listed = (await (await engine().fetch(new Request('http://127.0.0.1/v2/book/backups', { headers: { Authorization: 'Bearer OWNER' } }))).json()) as { backups: { kind: string }[] };
    expect(listed.backups.map((backup) => backup.kind)).toEqual(['manual']);
    expect(problems).toEqual([]);
  });

  it('Settings › Backups lists each backup with its date, company and how it was made', async () => {
    // Backed up at 10:00, a contact added after.
    await openBook(async () => {
      await backUp();
      await addContact('Added By Mistake');
    });
    await openSettingsBackups();
    const table = page.getByRole('table', { name: 'Backups of this book' });
    await table.getByRole('row', { name: /22 Nov 2026, 10:00 Backed Up Ltd Backed up by hand/ }).waitFor();
    await checkScreen(session(), 'settings-backups');
  });

  it('Restore… asks first, puts the backup back and keeps the book as it was', async () => {
    // Backed up at 10:00, a contact added by mistake after; Settings › Backups open.
    await openBook(async () => {
      await backUp();
      await addContact('Added By Mistake');
    });
    await openSettingsBackups();
    const restore = page.getByRole('button', { name: 'Restore the backup of Backed Up Ltd taken 22 Nov 2026, 10:00' });
    await restore.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Restore the backup of Backed Up Ltd?' }).waitFor();
    await dialog.getByText(/as it was on 22 Nov 2026, 10:00\. .*backed up first/).waitFor();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'settings-backups-restore-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'settings-backups-restore-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByText(/Restored the backup of Backed Up Ltd taken 22 Nov 2026, 10:00\. The book as it was is kept/).waitFor();
    expect(contacts()).toEqual(['Kept Customer']);
    await page.getByRole('table', { name: 'Backups of this book' }).getByRole('row', { name: /Before a restore/ }).waitFor();
    // The book as it was, with the contact added after the backup, is in the pre-restore backup.
    const previous = (await (await engine().fetch(new Request('http://127.0.0.1/v2/book/backups', { headers: { Authorization: 'Bearer OWNER' } }))).json()) as { backups: { kind: string; name: string }[] };
    const kept = new Database(join(backupFolder(file), previous.backups.find((backup) => backup.kind === 'pre-restore')!.name), { readonly: true });
    expect(kept.prepare('SELECT organisation_name FROM contacts ORDER BY id').pluck().all()).toEqual(['Kept Customer', 'Added By Mistake']);
    kept.close();
    expect(problems).toEqual([]);
  });

  it('refuses a backup from a newer version of Ledgerdesk in a sentence and changes nothing', async () => {
    // A backup made by hand, and Settings open on its Backups tab.
    await openBook(backUp);
    await openSettingsBackups();
    const folder = backupFolder(file);
    const manual = (await (await engine().fetch(new Request('http://127.0.0.1/v2/book/backups', { headers: { Authorization: 'Bearer OWNER' } }))).json()) as { backups: { kind: string; name: string }[] };
    const newer = join(folder, 'backup-2026-11-21-090000-000-manual.ledgerdesk');
    copyFileSync(join(folder, manual.backups.find((backup) => backup.kind === 'manual')!.name), newer);
    const raw = new Database(newer);
    const journal = JSON.parse(readFileSync(join(defaultMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    raw.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('future', Math.max(...journal.entries.map((entry) => entry.when)) + 1);
    raw.close();
    await addContact('Entered Today');
    // The list is read again when the tab opens.
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('tab', { name: 'Backups' }).click();
    await page.getByRole('button', { name: 'Restore the backup of Backed Up Ltd taken 21 Nov 2026, 09:00' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
    await page.getByText(/was not restored: This book was written by a newer version of Ledgerdesk/).waitFor();
    expect(contacts()).toEqual(['Kept Customer', 'Entered Today']);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'settings-backups-newer-refused.png') });
    expect(problems).toEqual([]);
  });
});
