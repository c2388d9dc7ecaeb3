import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../main/engine/app';
import { HostedBook } from '../../main/host/hosted-book';
import { startServer, type RunningServer } from '../../main/server';
import type { WorkProgress } from '../../shared/api/work_progress';
import { checkScreen } from './screens';
import { chromiumPath, LAUNCH_ARGS, SCREENSHOT_DIR } from './session';

/**
 * Issue 23: long work shows progress in the window, not only on the taskbar, and the window keeps
 * answering keys meanwhile. Browser mode as `cli browser` runs it (the engine host's writer and
 * reader): a statement of 120,000 lines dropped on the window is read, checked and imported while the
 * page shows how far the engine has got.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const TOKEN = 'progress-e2e-session-token-0123456789';
const LINES = 120_000;

/** Builds the OFX in the page (120,000 lines would be slow to pass in) and drops it on the window. */
const DROP_BIG_OFX = `(() => {
  const pad = (n) => String(n).padStart(2, '0');
  const parts = ['OFXHEADER:100\\nDATA:OFXSGML\\nVERSION:102\\nSECURITY:NONE\\nENCODING:USASCII\\nCHARSET:1252\\nCOMPRESSION:NONE\\nOLDFILEUID:NONE\\nNEWFILEUID:NONE\\n\\n',
    '<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>GBP<BANKACCTFROM><BANKID>12-34-56<ACCTID>12345678<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>\\n'];
  for (let i = 0; i < ${LINES}; i++) {
    parts.push('<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>2026' + pad(1 + (i % 10)) + pad(1 + (i % 28)) + '<TRNAMT>-' + (1 + (i % 97)) + '.' + pad(i % 100) + '<FITID>F' + i + '<NAME>Card payment ' + (i % 500) + '</STMTTRN>\\n');
  }
  parts.push('</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\\n');
  const transfer = new DataTransfer();
  transfer.items.add(new File(parts, 'big-statement.ofx'));
  const target = document.querySelector('main') ?? document.body;
  for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
})()`;

// Each test starts on Overview with no dialog open and drops its own statement, so they run in any
// order. Reading 120,000 lines and importing them is one dialog a person goes through in one sitting
// (drop, watch it checked, Ctrl+Enter): one test, since importing needs the review read first and
// reading it again for a test of its own would double the slowest step of the suite.
describe.shuffle('progress of long work in the window', () => {
  let hosted: HostedBook;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  /** When set, the door answers GET /v2/work_progress with it and holds statement uploads (the picture's steady state). */
  let held: { progress: WorkProgress; release: Promise<void> } | null = null;

  beforeAll(async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ledgerdesk-progress-e2e-'));
    hosted = new HostedBook({ config: { now: '2026-11-20T09:00:00Z', userData: folder, cipher: 'key file', cipherKind: 'key file', openBrowser: false, env: {} } });
    await hosted.open({
      file: join(folder, 'book.ledgerdesk'),
      create: true,
      setup: { type: 'UkLimitedCompany', name: 'Progress Ltd', startDate: '2025-05-01', setupCompleted: true, owner: { email: 'owner@ledgerdesk.local', firstName: 'Book', lastName: 'Owner' } },
      backups: false,
      token: { value: TOKEN, label: 'browser' },
    });
    const door: Engine = {
      async fetch(request, options) {
        const path = new URL(request.url).pathname;
        if (held && path === '/v2/work_progress') return Response.json({ work_progress: held.progress });
        if (held && request.method === 'POST' && path.startsWith('/v2/bank_transactions/statement')) await held.release;
        return hosted.engine.fetch(request, options);
      },
    };
    server = await startServer({ engine: door, port: 0, rendererDir: join(ROOT, 'out/renderer') });
    browser = await chromium.launch({ executablePath: chromiumPath(), args: LAUNCH_ARGS, headless: true });
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', locale: 'en-GB' })).newPage();
    page.setDefaultTimeout(60_000);
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
    const created = await hosted.engine.fetch(
      new Request('http://127.0.0.1/v2/bank_accounts', {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ bank_account: { type: 'StandardBankAccount', name: 'Big Current', opening_balance: '0', sort_code: '12-34-56', account_number: '12345678' } }),
      }),
    );
    expect(created.status).toBe(201);
    await page.goto(`${server.url}/#token=${TOKEN}`);
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await hosted?.stop();
  });

  const dialog = () => page.getByRole('dialog');

  // The window as a person finds it: Overview, no review left open by the test before.
  beforeEach(async () => {
    if ((await dialog().count()) > 0) {
      await page.keyboard.press('Escape');
      await dialog().waitFor({ state: 'detached' });
    }
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  // Every test ran without Content-Security-Policy violations or page errors.
  afterEach(() => {
    expect(problems).toEqual([]);
  });

  const bar = () => dialog().getByRole('progressbar', { name: 'Work in progress' });
  const focusedLabel = () => page.evaluate(() => document.activeElement?.textContent?.trim() || document.activeElement?.getAttribute('aria-label') || document.activeElement?.tagName || '');

  it('a dropped 120,000-line statement shows the engine reading and checking it, and the dialog answers keys meanwhile; the bar goes when the review is ready; importing it counts the new lines written, then the bar goes and the result shows', async () => {
    await page.evaluate(DROP_BIG_OFX);
    await dialog().getByRole('heading', { name: 'Review big-statement.ofx' }).waitFor();
    await bar().waitFor();
    const status = dialog().getByRole('status').filter({ has: page.getByRole('progressbar', { name: 'Work in progress' }) });
    await expect.poll(() => status.textContent()).toMatch(/Reading the statement…|Checking [\d,]+ of 120,000 statement lines against the account… \d+%/);
    // Keys are answered while the engine works: Tab moves the focus within the dialog.
    const before = await focusedLabel();
    await page.keyboard.press('Tab');
    await expect.poll(focusedLabel).not.toBe(before);
    await expect.poll(() => bar().isVisible()).toBe(true);
    await dialog().getByRole('button', { name: /^Import 120,000 rows/ }).waitFor({ timeout: 120_000 });
    await expect.poll(() => bar().count()).toBe(0);

    // Imported with Ctrl+Enter.
    await page.keyboard.press('Control+Enter');
    await bar().waitFor();
    // Determinate once the engine counts: the bar has a value and the words say how many of how many.
    await expect.poll(() => status.textContent(), { timeout: 120_000 }).toMatch(/(Checking [\d,]+ of 120,000 statement lines|Writing [\d,]+ of 120,000 new transactions)… \d+%/);
    expect(await bar().getAttribute('value')).not.toBeNull();
    await dialog().getByText(/120,000/).first().waitFor();
    await expect.poll(() => bar().count(), { timeout: 120_000 }).toBe(0);
    await dialog().getByRole('button', { name: 'Done' }).waitFor({ timeout: 120_000 });
    await expect.poll(() => bar().count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
    // The two tests' time this was, each 240 s (vitest.e2e.config.ts): reading and writing 120,000 lines.
  }, 480_000);

  it('the progress as it looks, held at a known point: light and dark, both window sizes, axe', async () => {
    let release: () => void = () => undefined;
    held = { progress: { task: 'statement', stage: 'write', done: 48_000, total: 120_000 }, release: new Promise((done) => (release = done)) };
    await page.evaluate(DROP_BIG_OFX.replace(/big-statement\.ofx/, 'again.ofx'));
    await dialog().getByRole('heading', { name: 'Review again.ofx' }).waitFor();
    const status = dialog().getByRole('status').filter({ has: page.getByRole('progressbar', { name: 'Work in progress' }) });
    try {
      await expect.poll(async () => (await status.textContent())?.trim()).toBe('Writing 48,000 of 120,000 new transactions… 40%');
      await checkScreen({ page, problems, screenshot: async (name) => { const path = join(SCREENSHOT_DIR, `${name}.png`); await page.screenshot({ path }); return path; } }, 'work-progress');
    } finally {
      // Whatever happened, the held upload goes on, so the server can close.
      held = null;
      release();
    }
    await expect.poll(() => bar().count(), { timeout: 120_000 }).toBe(0);
  });
});
