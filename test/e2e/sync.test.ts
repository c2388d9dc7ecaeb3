import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../main/engine/app';
import { createTestBook, OWNER_TOKEN, type TestBook } from '../engine/harness';
import { useBookOpener } from './fresh-book';
import { openBookWithRemote, remoteServers, type RemoteWorld } from './fresh-remote';
import { connectWithToken } from './loopback-remote';
import { checkScreen } from './screens';
import type { AppSession } from './session';
import { consoleErrorsPerTest } from './console-errors';

/**
 * Issue 11 item 7 by keys and clicks: connect the book to a second Ledgerdesk engine (the remote,
 * served over loopback with a token), Sync now and watch the progress and the counts, then change
 * the same contact on both sides and settle the conflict in Needs review.
 */
// Each test opens a new book and a new remote (one Chromium for the file), connected and synced as
// far as it needs: whether the book is connected and what a round pulled are the whole book's.
describe.shuffle('sync in browser mode', () => {
  const opener = useBookOpener();
  let app: AppSession;
  let remote: TestBook;
  let world: RemoteWorld | undefined;
  // One page serves the file: its console is listened to once, and counted afresh for each test.
  const { errors: consoleErrors, watch: watchConsole } = consoleErrorsPerTest();
  // Every answer of the remote takes a moment, as the network would, so a round lasts long enough to watch.
  let remoteLatencyMs = 120;

  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  afterAll(async () => {
    await Promise.all(remoteServers.map((server) => server.close()));
  });

  /** A new remote of 12 customers and Acme Supplies (13 contacts), the window opened on a new book at 1280x800. */
  async function openBookAndRemote(): Promise<void> {
    remote = createTestBook({ name: 'Remote Books Ltd' });
    for (let index = 1; index <= 12; index += 1) {
      await remote.json('POST', '/v2/contacts', { body: { contact: { organisation_name: `Customer ${String(index).padStart(2, '0')} Ltd`, town: 'Leeds' } } });
    }
    await remote.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Acme Supplies Ltd', email: 'accounts@acme.example', town: 'Bristol' } } });
    remoteLatencyMs = 120;
    const slowRemote: Engine = {
      fetch: async (request, options) => {
        await new Promise((resolve) => setTimeout(resolve, remoteLatencyMs));
        return remote.engine.fetch(request, options);
      },
    };
    world = await openBookWithRemote(opener, remote, slowRemote, { width: 1280, height: 800 });
    app = world.app;
    watchConsole(app);
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  }

  /** Connected with the owner's token and one round synced with Ctrl+Shift+S (the remote quick), as the first two tests leave the book. */
  async function connectedAndSynced(): Promise<void> {
    await openBookAndRemote();
    remoteLatencyMs = 20;
    await connectWithToken(app, world!.remoteServer.url, OWNER_TOKEN, 'Remote Books Ltd');
    await app.page.keyboard.press('Control+Shift+S');
    await panel().getByText('Last: 13 pulled · 0 pushed').waitFor({ timeout: 30_000 });
  }

  const panel = () => app.page.getByRole('region', { name: 'Sync' });

  it('shows the book is not connected, and connects to a Ledgerdesk server with its address and a token', async () => {
    await openBookAndRemote();
    const { page } = app;
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await panel().getByRole('status').getByText('Not connected').waitFor();
    await panel().getByRole('button', { name: 'Connect…' }).click();
    await page.getByRole('heading', { name: 'Sync with the online service' }).waitFor();
    await checkScreen(app, 'sync-settings-disconnected');

    await page.getByRole('textbox', { name: 'Server address' }).fill(world!.remoteServer.url);
    await page.getByRole('textbox', { name: 'Token' }).fill('not-the-token');
    await page.getByRole('button', { name: 'Connect with the token' }).click();
    await page.getByText(`The service at ${world!.remoteServer.url} did not accept the token.`).waitFor();
    // The browser logs the refused request itself; that one was asked for, any other is a failure.
    expect(consoleErrors.splice(0)).toEqual(['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);

    await page.getByRole('textbox', { name: 'Token' }).fill(OWNER_TOKEN);
    await page.getByRole('button', { name: 'Connect with the token' }).click();
    await page.getByText('Connected to Remote Books Ltd').waitFor();
    await expect.poll(() => page.getByText('owner@example.com (Full access, with a token)').count()).toBe(1);
    await panel().getByRole('status').getByText('Not synced yet').waitFor();
    await checkScreen(app, 'sync-settings-connected');
  }, 240_000);

  it('syncs with Ctrl+Shift+S, showing a progress bar and the counts while it runs, and the books afterwards', async () => {
    await openBookAndRemote();
    const { page } = app;
    // Connected as the first test leaves it (Settings › Sync open).
    await connectWithToken(app, world!.remoteServer.url, OWNER_TOKEN, 'Remote Books Ltd');
    await panel().getByRole('status').getByText('Not synced yet').waitFor();
    await page.keyboard.press('Control+Shift+S');
    const bar = panel().getByRole('progressbar');
    await bar.waitFor();
    expect(await bar.getAttribute('aria-label')).toMatch(/^(Starting…|(Pulling|Pushing|Matching) [a-z ]+: \d+)/);
    await panel().getByText(/\d+ pulled · \d+ pushed/).waitFor();
    await panel().getByRole('status').getByText('Syncing…').waitFor();
    await app.screenshot('sync-running-light-1280');

    await panel().getByRole('status').getByText('Synced just now').waitFor({ timeout: 30_000 });
    await panel().getByText('Last: 13 pulled · 0 pushed').waitFor();
    await panel().getByText('0 changes waiting').waitFor();
    await page.keyboard.press('Alt+6');
    await page.getByRole('heading', { name: 'Contacts' }).waitFor();
    await page.getByRole('grid', { name: 'Contacts' }).getByText('Acme Supplies Ltd').waitFor();
    await checkScreen(app, 'sync-synced');
  }, 240_000);

  it('keeps a contact changed on both sides for review, and the edit chosen there lands on both sides', async () => {
    await connectedAndSynced();
    const { page } = app;
    // On Contacts with the pulled contacts listed, as the syncing test leaves it.
    await page.keyboard.press('Alt+6');
    await page.getByRole('grid', { name: 'Contacts' }).getByText('Acme Supplies Ltd').waitFor();
    const acmeOnline = (await remote.json('GET', '/v2/contacts?view=all')).body.contacts.find((contact: { organisation_name: string }) => contact.organisation_name === 'Acme Supplies Ltd');
    // Online, the accountant moves Acme to Bath.
    await remote.json('PUT', new URL(acmeOnline.url).pathname, { body: { contact: { town: 'Bath' } } });
    // Here, the user moves it to Cardiff, through the Contacts screen.
    const grid = page.getByRole('grid', { name: 'Contacts' });
    await page.keyboard.press('/');
    await page.keyboard.type('acme');
    await expect.poll(async () => grid.locator('[role=row][aria-rowindex]').count()).toBe(2);
    await grid.focus();
    // Enter opens the contact's page; E there changes its details.
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: /Change details/ }).waitFor();
    await page.keyboard.press('e');
    await page.getByRole('heading', { name: 'Change contact' }).waitFor();
    await page.getByRole('textbox', { name: 'Town' }).fill('Cardiff');
    await page.keyboard.press('Enter');
    await page.getByText('Saved Acme Supplies Ltd.').waitFor();

    await panel().getByRole('button', { name: 'Sync now' }).click();
    const reviewButton = panel().getByRole('button', { name: '1 item to review' });
    await reviewButton.waitFor({ timeout: 30_000 });
    await panel().getByRole('status').getByText('Needs review').waitFor();
    await reviewButton.click();
    const dialog = page.getByRole('dialog', { name: 'Needs review' });
    await dialog.getByRole('heading', { name: /Acme Supplies Ltd/ }).waitFor();
    await dialog.getByText('Changed on both sides', { exact: true }).waitFor();
    const row = dialog.getByRole('row', { name: /Town/ });
    expect((await row.getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual(['Cardiff', 'Bath', 'Bristol']);
    await checkScreen(app, 'sync-review');

    await dialog.getByRole('button', { name: 'Edit…' }).click();
    await dialog.getByRole('textbox', { name: 'Town' }).fill('Bath and Cardiff');
    await dialog.getByRole('button', { name: 'Save for both sides' }).click();
    await dialog.getByText('Nothing to review: both sides agree.').waitFor();
    await page.getByText('saved your edit on both sides').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const online = await remote.json('GET', new URL(acmeOnline.url).pathname);
    expect(online.body.contact.town).toBe('Bath and Cardiff');
    const here = (await app.book.json('GET', '/v2/contacts?view=all')).body.contacts.find((contact: { organisation_name: string }) => contact.organisation_name === 'Acme Supplies Ltd');
    expect(here.town).toBe('Bath and Cardiff');

    await panel().getByRole('button', { name: 'Sync now' }).click();
    await panel().getByRole('status').getByText('Synced just now').waitFor({ timeout: 30_000 });
    await expect.poll(() => panel().getByRole('button', { name: /to review/ }).count()).toBe(0);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 240_000);

  it('disconnects, keeping every record in the book', async () => {
    await connectedAndSynced();
    const { page } = app;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
    await page.getByRole('tab', { name: 'Sync' }).click();
    await page.getByRole('button', { name: 'Disconnect…' }).click();
    await page.getByRole('alertdialog', { name: 'Disconnect from the online service?' }).getByRole('button', { name: 'Disconnect' }).click();
    await page.getByText('Disconnected. Every record stays in this book.').waitFor();
    await panel().getByRole('status').getByText('Not connected').waitFor();
    expect((await app.book.json('GET', '/v2/contacts?view=all&per_page=1')).headers.get('x-total-count')).toBe('13');
    expect(consoleErrors).toEqual([]);
  });
});
