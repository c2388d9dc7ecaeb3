import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Dialog } from 'playwright-core';
import { MemoryConnectionStore } from '../../main/hmrc/connection';
import { withHmrcDoor } from '../../main/hmrc/door';
import { HmrcService } from '../../main/hmrc/service';
import { bookQuarters } from '../hmrc/fixture';
import { HmrcSimulator } from '../hmrc/simulator';
import { leaveDialog } from './drafts';
import { useBookOpener } from './fresh-book';
import { manualSyncDoor, type ManualSyncDoor } from './loopback-remote';
import { checkScreen } from './screens';
import type { AppSession } from './session';
import { consoleErrorsPerTest } from './console-errors';

/**
 * The forms that take secrets (Tax › HMRC's access token; Settings › Sync's token and client secret)
 * lost what was typed to another tab or section with nothing asked. A secret must never be written to
 * a draft in the book, so these ask before leaving (`off` editors) and keep nothing: the question says
 * so, no draft is ever written, and Save in it does what the form's button does.
 */
describe.shuffle('forms with secrets ask before leaving and keep no draft', () => {
  const opener = useBookOpener();
  let app: AppSession;
  let door: ManualSyncDoor | undefined;
  const simulators: HmrcSimulator[] = [];
  // One page serves the file: its console is listened to once, and counted afresh for each test.
  const { errors: consoleErrors, watch: watchConsole } = consoleErrorsPerTest();

  afterEach(async () => {
    await door?.close();
    door = undefined;
  });

  afterAll(async () => {
    await Promise.all(simulators.map((each) => each.stop()));
  });

  /** A new book served with its sync and HMRC doors (neither connected), the window on Overview. */
  async function openBook(): Promise<HmrcSimulator> {
    const sim = await new HmrcSimulator({ today: '2026-11-22', obligations: bookQuarters(), mayBeEmpty: ['Gov-Client-Multi-Factor', 'Gov-Vendor-License-IDs'] }).start();
    simulators.push(sim);
    const service = new HmrcService({ store: new MemoryConnectionStore(), userData: mkdtempSync(join(tmpdir(), 'ledgerdesk-secrets-e2e-')) });
    const sync = manualSyncDoor();
    door = sync;
    app = await opener.open({
      book: { vatRegistered: true },
      door: (book) => withHmrcDoor(sync.open(book), () => service, () => new Date('2026-11-22T10:00:00Z')),
      viewport: { width: 1280, height: 800 },
      prepare: (book) => void book.book.sqlite.prepare("UPDATE company SET vat_registration_number = 'GB123456789'").run(),
    });
    watchConsole(app);
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
    return sim;
  }

  const drafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts as unknown[];
  const notKept = (label: string) => `The ${label} has changes that are not saved yet. They are not kept if you leave without saving.`;

  /** Answers the question about `label` with `choice`, checking it is the one asked; `then`: the label of the question asked next. */
  async function answer(label: string, choice: 'Keep editing' | 'Save' | 'Discard', then?: string): Promise<void> {
    await leaveDialog(app).getByText(notKept(label)).waitFor();
    await leaveDialog(app).getByRole('button', { name: choice }).click();
    if (then) await leaveDialog(app).getByText(notKept(then)).waitFor();
    else await leaveDialog(app).waitFor({ state: 'detached' });
  }

  it('Tax › HMRC: another tab, another section and a reload ask over the token typed; Save connects; nothing is kept as a draft', async () => {
    const sim = await openBook();
    const { page } = app;
    await page.keyboard.press('Alt+0');
    await page.getByRole('heading', { name: 'Tax', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'HMRC' }).click();
    const address = page.getByRole('textbox', { name: 'HMRC address' });
    const token = page.getByRole('textbox', { name: 'Access token' });
    await address.fill(sim.url);
    await token.fill(sim.token);
    const intact = async () => {
      expect(await address.inputValue()).toBe(sim.url);
      expect(await token.inputValue()).toBe(sim.token);
    };

    await page.getByRole('tab', { name: 'VAT returns' }).click();
    await checkScreen(app, 'hmrc-token-leave-question');
    await answer('HMRC connection', 'Keep editing');
    await intact();
    expect(await page.getByRole('tab', { name: 'HMRC' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Alt+1');
    await answer('HMRC connection', 'Keep editing');
    await intact();

    // Closing or reloading the window asks the browser's own question; let go, nothing comes back.
    let asked = '';
    const leave = (question: Dialog) => {
      asked = question.type();
      void question.accept();
    };
    page.on('dialog', leave);
    await page.reload();
    page.off('dialog', leave);
    expect(asked).toBe('beforeunload');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(await drafts()).toEqual([]);
    await page.keyboard.press('Alt+0');
    await page.getByRole('tab', { name: 'HMRC' }).click();
    expect(await address.inputValue()).toBe('');
    expect(await token.inputValue()).toBe('');

    // Save in the question connects with what was typed, then the section goes.
    await address.fill(sim.url);
    await token.fill(sim.token);
    await page.keyboard.press('Alt+1');
    await answer('HMRC connection', 'Save');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.keyboard.press('Alt+0');
    await page.getByRole('tab', { name: 'HMRC' }).click();
    await page.getByText(`Connected to HMRC at ${sim.url} for VAT number 123456789`).waitFor();
    expect(await drafts()).toEqual([]);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('Settings › Sync: another tab or section asks about each form typed in, one after the other; nothing is kept as a draft', async () => {
    await openBook();
    const { page } = app;
    await page.getByRole('region', { name: 'Sync' }).getByRole('button', { name: 'Connect…' }).click();
    await page.getByRole('heading', { name: 'Sync with the online service' }).waitFor();
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await field('Server address').fill('http://127.0.0.1:9');
    await field('Token').fill('a-token-never-kept');
    await field('Client id').fill('ledgerdesk-desk');
    await field('Client secret').fill('a-secret-never-kept');
    const intact = async (names: string[]) => {
      for (const name of names) expect(await field(name).inputValue(), name).not.toBe('');
    };

    await page.getByRole('tab', { name: 'Users' }).click();
    await answer('connection to a Ledgerdesk server', 'Keep editing');
    await intact(['Server address', 'Token', 'Client id', 'Client secret']);
    expect(await page.getByRole('tab', { name: 'Sync' }).getAttribute('aria-selected')).toBe('true');

    // Both forms typed in: each is asked about in turn, and Keep editing on the second stays.
    await page.keyboard.press('Alt+1');
    await answer('connection to a Ledgerdesk server', 'Discard', "app's OAuth client");
    await checkScreen(app, 'sync-secret-leave-question');
    await answer("app's OAuth client", 'Keep editing');
    await page.getByRole('heading', { name: 'Sync with the online service' }).waitFor();
    await intact(['Client id', 'Client secret']);
    await page.keyboard.press('Alt+1');
    await answer("app's OAuth client", 'Discard');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(await drafts()).toEqual([]);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
