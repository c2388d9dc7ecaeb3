import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Dialog } from 'playwright-core';
import { createTestBook, OWNER_TOKEN, type TestBook } from '../engine/harness';
import { draftKept, eachWayAsks, leaveDialog } from './drafts';
import { useBookOpener } from './fresh-book';
import { openBookWithRemote, remoteServers, type RemoteWorld } from './fresh-remote';
import { connectWithToken } from './loopback-remote';
import { checkScreen } from './screens';
import type { AppSession } from './session';
import { consoleErrorsPerTest } from './console-errors';

/**
 * Values typed in Needs review for a conflict are kept (issue 19 item 1): closing the review, choosing
 * another item, Cancel or a reload threw them away with nothing asked and nothing kept (Cancel then
 * Edit… put back this book's values). Two contacts are changed on both sides, so two items wait.
 */
describe('drafts of values typed in Needs review', () => {
  const opener = useBookOpener();
  let app: AppSession;
  let remote: TestBook;
  let world: RemoteWorld | undefined;
  // One page serves the file: its console is listened to once, and counted afresh for each test.
  const { errors: consoleErrors, watch: watchConsole } = consoleErrorsPerTest();

  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  afterAll(async () => {
    await Promise.all(remoteServers.map((server) => server.close()));
  });

  const panel = () => app.page.getByRole('region', { name: 'Sync' });
  const review = () => app.page.getByRole('dialog', { name: 'Needs review' });
  const town = () => review().getByRole('textbox', { name: 'Town' });
  const drafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.map((draft: { label: string }) => draft.label);
  const contactIn = async (book: TestBook, name: string) => ((await book.json('GET', '/v2/contacts?view=all')).body.contacts as { url: string; organisation_name: string; town?: string }[]).find((contact) => contact.organisation_name === name)!;
  const label = 'review of Contact Acme Supplies Ltd';

  /**
   * A book connected to a remote of two contacts and synced; then each contact's town changed on both
   * sides and a round run, so two conflicts wait in Needs review. The review is opened.
   */
  async function twoConflictsInReview(): Promise<void> {
    remote = createTestBook({ name: 'Remote Books Ltd' });
    for (const [name, place] of [['Acme Supplies Ltd', 'Bristol'], ['Brook Farm Ltd', 'York']]) {
      await remote.json('POST', '/v2/contacts', { body: { contact: { organisation_name: name, town: place } } });
    }
    world = await openBookWithRemote(opener, remote, remote.engine, { width: 1280, height: 800 });
    app = world.app;
    watchConsole(app);
    const { page } = app;
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await connectWithToken(app, world.remoteServer.url, OWNER_TOKEN, 'Remote Books Ltd');
    await page.keyboard.press('Control+Shift+S');
    await panel().getByText('Last: 2 pulled · 0 pushed').waitFor({ timeout: 30_000 });

    // Each side moves each contact somewhere else: what the review is about, not what it tests.
    for (const [name, online, here] of [['Acme Supplies Ltd', 'Bath', 'Cardiff'], ['Brook Farm Ltd', 'Hull', 'Selby']] as const) {
      await remote.json('PUT', new URL((await contactIn(remote, name)).url).pathname, { body: { contact: { town: online } } });
      await app.book.json('PUT', new URL((await contactIn(app.book, name)).url).pathname, { body: { contact: { town: here } } });
    }
    await panel().getByRole('button', { name: 'Sync now' }).click();
    await panel().getByRole('button', { name: '2 items to review' }).click({ timeout: 30_000 });
    await review().getByRole('heading', { name: 'Contact Acme Supplies Ltd' }).waitFor();
  }

  /** Reloads the window (answering the window's own leave question) and opens the one draft offered. */
  async function reloadAndOpenDraft(): Promise<void> {
    const { page } = app;
    const leave = (question: Dialog) => void question.accept();
    page.on('dialog', leave);
    await page.reload();
    page.off('dialog', leave);
    await page.getByRole('dialog', { name: `1 unsaved draft: ${label}` }).getByRole('button', { name: `Open the draft of ${label}` }).click();
  }

  it('asks before the review closes, another item or Cancel, keeps the values through a sync round and a reload, and saves them on both sides', async () => {
    await twoConflictsInReview();
    const { page } = app;
    await review().getByRole('button', { name: 'Edit…' }).click();
    expect(await town().inputValue()).toBe('Cardiff');
    // Opened and left untouched: another item and back ask nothing.
    await review().getByRole('button', { name: /^Contact Brook Farm Ltd/ }).click();
    await review().getByRole('heading', { name: 'Contact Brook Farm Ltd' }).waitFor();
    expect(await leaveDialog(app).count()).toBe(0);
    await review().getByRole('button', { name: /^Contact Acme Supplies Ltd/ }).click();
    await review().getByRole('button', { name: 'Edit…' }).click();

    await town().fill('Bath and Cardiff');
    await draftKept(app);
    await expect.poll(drafts).toEqual([label]);
    await checkScreen(app, 'sync-review-draft-kept');

    const intact = async () => {
      expect(await review().getByRole('heading', { name: 'Contact Acme Supplies Ltd' }).isVisible()).toBe(true);
      expect(await town().inputValue()).toBe('Bath and Cardiff');
    };
    const ways: [string, () => Promise<void>][] = [
      ['Escape', () => town().press('Escape')],
      ['✕', () => review().getByRole('button', { name: 'Close', exact: true }).click()],
      ['a click outside', () => page.mouse.click(8, 8)],
      ['another item', () => review().getByRole('button', { name: /^Contact Brook Farm Ltd/ }).click()],
      ['Cancel', () => review().getByRole('button', { name: 'Cancel', exact: true }).click()],
    ];
    await eachWayAsks(app, ways, intact, async (way) => {
      if (way === 'another item') {
        await leaveDialog(app).getByText(`The ${label} has changes that are not saved yet. They are kept as a draft until you save or discard them.`).waitFor();
        await checkScreen(app, 'sync-review-leave-question');
      }
      await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    });

    // A sync round while the values are typed leaves them where they are.
    // (The clock is fixed, so the round is seen ending through the sync's own status, not its time.)
    let roundsEnded = 0;
    let running = false;
    const stopWatching = world!.sync().onStatus((status) => {
      if (running && !status.running) roundsEnded += 1;
      running = status.running;
    });
    await page.keyboard.press('Control+Shift+S');
    await expect.poll(() => roundsEnded).toBe(1);
    stopWatching();
    await panel().getByRole('button', { name: '2 items to review' }).waitFor();
    await intact();

    await reloadAndOpenDraft();
    await review().getByRole('heading', { name: 'Contact Acme Supplies Ltd' }).waitFor();
    await expect.poll(() => town().inputValue()).toBe('Bath and Cardiff');
    // The save key of every editor sends them; the draft goes with it.
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Contact Acme Supplies Ltd: saved your edit on both sides.').waitFor();
    await review().getByRole('heading', { name: 'Contact Brook Farm Ltd' }).waitFor();
    await expect.poll(drafts).toEqual([]);
    expect((await contactIn(remote, 'Acme Supplies Ltd')).town).toBe('Bath and Cardiff');
    expect((await contactIn(app.book, 'Acme Supplies Ltd')).town).toBe('Bath and Cardiff');

    // Discarded, it can be undone from its toast: the review opens again on the item, as typed.
    await review().getByRole('button', { name: 'Edit…' }).click();
    await town().fill('Selby and Hull');
    await town().press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await review().waitFor({ state: 'detached' });
    await expect.poll(drafts).toEqual([]);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await review().getByRole('heading', { name: 'Contact Brook Farm Ltd' }).waitFor();
    await expect.poll(() => town().inputValue()).toBe('Selby and Hull');
    await review().getByRole('button', { name: 'Cancel', exact: true }).click();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => town().count()).toBe(0);
    await expect.poll(drafts).toEqual([]);
    // Cancel discarded: Edit… starts again from this book's value.
    await review().getByRole('button', { name: 'Edit…' }).click();
    expect(await town().inputValue()).toBe('Selby');
    expect((await contactIn(app.book, 'Brook Farm Ltd')).town).toBe('Selby');
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }, 240_000);
});
