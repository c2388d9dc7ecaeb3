import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostedBook } from '../../main/host/hosted-book';
import { startServer, type RunningServer } from '../../main/server';
import { checkScreen } from './screens';
import { chromiumPath, LAUNCH_ARGS, SCREENSHOT_DIR } from './session';

/**
 * Browser mode as `cli browser` runs it: the book in the engine host's workers (writer and reader),
 * the built renderer served over loopback. The desk keeps answering while the writer is busy.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const TOKEN = 'hosted-e2e-session-token-0123456789';

describe('browser mode on the engine host', () => {
  let hosted: HostedBook;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  /** Resolved when the writer starts on a large upload (the invoice below). */
  let bigWriteStarted: () => void = () => undefined;

  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ledgerdesk-hosted-e2e-'));
    hosted = new HostedBook({
      config: { now: '2026-11-20T09:00:00Z', userData: folder, cipher: 'key file', cipherKind: 'key file', openBrowser: false, env: {} },
      onProgress: (task, done) => {
        if (task === 'statement' && !done) bigWriteStarted();
      },
    });
    await hosted.open({
      file: join(folder, 'book.ledgerdesk'),
      create: true,
      setup: { type: 'UkLimitedCompany', name: 'Hosted Ltd', startDate: '2026-01-01', setupCompleted: true, owner: { email: 'owner@ledgerdesk.local', firstName: 'Book', lastName: 'Owner' } },
      backups: false,
      token: { value: TOKEN, label: 'browser' },
    });
    server = await startServer({ engine: hosted.engine, port: 0, rendererDir: join(ROOT, 'out/renderer') });
    browser = await chromium.launch({ executablePath: chromiumPath(), args: LAUNCH_ARGS, headless: true });
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', locale: 'en-GB' })).newPage();
    page.setDefaultTimeout(30_000);
    // Loading the app takes longer than a step on a loaded machine (see session.ts).
    page.setDefaultNavigationTimeout(60_000);
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
    await page.goto(`${server.url}/#token=${TOKEN}`);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await hosted?.stop();
  });

  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${server.url}${path}`, { method, headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json', 'Content-Type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

  it('the contacts list opens and shows its contacts while a 20,000-item invoice is being written', async () => {
    const north = ((await (await api('POST', '/v2/contacts', { contact: { organisation_name: 'North Ltd' } })).json()) as { contact: { url: string } }).contact.url;
    await api('POST', '/v2/contacts', { contact: { organisation_name: 'South Trading Ltd' } });
    await page.getByRole('heading', { name: 'Overview' }).waitFor();

    const started = new Promise<void>((done) => (bigWriteStarted = done));
    let written = false;
    const items = Array.from({ length: 20_000 }, (_, index) => ({ description: `Line ${index + 1}`, item_type: 'Hours', price: '45.50', quantity: '1' }));
    const writing = api('POST', '/v2/invoices', { invoice: { contact: north, dated_on: '2026-11-01', invoice_items: items } }).then((response) => {
      written = true;
      return response;
    });
    await started;

    await page.keyboard.press('Alt+6');
    await page.getByRole('heading', { name: 'Contacts' }).waitFor();
    await page.getByRole('grid', { name: 'Contacts' }).getByText('South Trading Ltd').waitFor();
    // The list was read and drawn while the writer was still busy with the invoice.
    expect(written).toBe(false);
    await checkScreen({ page, problems, screenshot: async (name) => { const path = join(SCREENSHOT_DIR, `${name}.png`); await page.screenshot({ path }); return path; } }, 'hosted-contacts');
    expect((await writing).status).toBe(201);
    expect(problems).toEqual([]);
  });
});
