import { afterEach, describe, expect, it } from 'vitest';
import { draftKept, dropStatementOnWindow, eachWayAsks, leaveDialog, reloadAndOpenDraft } from './drafts';
import { useBookOpener } from './fresh-book';
import { manualSyncDoor, type ManualSyncDoor } from './loopback-remote';
import { checkScreen } from './screens';
import type { AppSession } from './session';
import { consoleErrorsPerTest } from './console-errors';

/**
 * Settings › Account locks keeps the lock date typed (issue 19 item 1): a date typed and not yet set
 * was lost to another Settings tab with nothing asked. Now another tab, another section, a statement
 * file over it or a reload ask first, and the date is kept as a draft. The book's clock says 22 Nov
 * 2026 and its books start on 1 May 2025; each test opens its own book, so they run in any order.
 */
describe.shuffle('drafts of the lock date', () => {
  const opener = useBookOpener();
  let app: AppSession;
  // One page serves the file: its console is listened to once, and counted afresh for each test.
  const { errors: consoleErrors, watch: watchConsole } = consoleErrorsPerTest();
  let door: ManualSyncDoor | undefined;

  afterEach(async () => {
    await door?.close();
    door = undefined;
  });

  /** A new book served with its sync door (not connected; without one /v2/sync reads are 404s), on Settings › Account locks. */
  async function openLocks(): Promise<void> {
    door = manualSyncDoor();
    app = await opener.open({ viewport: { width: 1280, height: 800 }, door: door.open });
    watchConsole(app);
    const { page } = app;
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByRole('tab', { name: 'Account locks' }).click();
    await page.getByText('No lock set by a user.').waitFor();
  }

  const label = 'lock date';
  const question = `The ${label} has changes that are not saved yet. They are kept as a draft until you save or discard them.`;
  const lockDate = () => app.page.getByRole('textbox', { name: 'Lock the books up to' });
  const tab = (name: string) => app.page.getByRole('tab', { name });
  const drafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.map((draft: { label: string }) => draft.label);
  const locks = async () => (await app.book.json('GET', '/v2/account_locks')).body.account_locks as { locked_to_date: string }[];

  /** Types the date as a person does: into the field, then Tab (which shows it as read). */
  async function typeDate(text: string): Promise<void> {
    await lockDate().click();
    await app.page.keyboard.type(text);
    await app.page.keyboard.press('Tab');
  }

  it('untouched it lets go at once; typed, every way out asks, and Keep editing keeps the date on its tab; a reload offers it', async () => {
    await openLocks();
    const { page } = app;
    // Untouched: another tab at once, no question, no draft.
    await tab('Users').click();
    expect(await tab('Users').getAttribute('aria-selected')).toBe('true');
    expect(await leaveDialog(app).count()).toBe(0);
    await tab('Account locks').click();

    await typeDate('31/03/2026');
    await draftKept(app);
    await expect.poll(drafts).toEqual([label]);
    const intact = async () => {
      expect(await tab('Account locks').getAttribute('aria-selected')).toBe('true');
      expect(await lockDate().inputValue()).toBe('31 Mar 2026');
    };
    const ways: [string, () => Promise<void>][] = [
      ['another tab', () => tab('Users').click()],
      // The tablist by keys: from Account locks, → is Users.
      [
        'another tab by keys',
        async () => {
          await tab('Account locks').focus();
          await page.keyboard.press('ArrowRight');
        },
      ],
      ['Alt+1', () => page.keyboard.press('Alt+1')],
      ['sidebar', () => page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /Overview/ }).click()],
      ['dropped file', () => dropStatementOnWindow(app)],
    ];
    await eachWayAsks(app, ways, intact, async (way) => {
      await leaveDialog(app).getByText(question).waitFor();
      if (way === 'another tab') await checkScreen(app, 'lock-date-leave-question');
      await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    });
    // Keeping the date over a dropped file leaves the import closed.
    expect(await page.getByRole('dialog', { name: /^Review / }).count()).toBe(0);
    expect(await locks()).toEqual([]);

    await reloadAndOpenDraft(app, label);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await expect.poll(() => tab('Account locks').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => lockDate().inputValue()).toBe('31 Mar 2026');
    // Set with Enter as before: the lock is set and the draft goes with it.
    await lockDate().press('Enter');
    await page.getByText('Locked up to 31 Mar 2026 by Olive Owner.').waitFor();
    await expect.poll(drafts).toEqual([]);
    expect(await locks()).toMatchObject([{ locked_to_date: '2026-03-31' }]);
    // Set, the field is empty again and another tab goes at once.
    await tab('Users').click();
    expect(await tab('Users').getAttribute('aria-selected')).toBe('true');
    expect(await leaveDialog(app).count()).toBe(0);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('Discard lets the tab go and its Undo brings the date back; Save in the question sets the lock, then the section goes', async () => {
    await openLocks();
    const { page } = app;
    await typeDate('30/04/2026');
    await draftKept(app);
    await tab('Company and VAT').click();
    await leaveDialog(app).getByText(question).waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => tab('Company and VAT').getAttribute('aria-selected')).toBe('true');
    await expect.poll(drafts).toEqual([]);

    // The discard's toast brings the draft back, on its tab, as typed.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => tab('Account locks').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => lockDate().inputValue()).toBe('30 Apr 2026');
    expect(await drafts()).toEqual([label]);

    await page.keyboard.press('Alt+1');
    await leaveDialog(app).getByText(question).waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    expect(await locks()).toMatchObject([{ locked_to_date: '2026-04-30' }]);
    await expect.poll(drafts).toEqual([]);

    // A date the engine refuses: Save in the question stays, with the engine's sentence at the field.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
    await tab('Account locks').click();
    await page.getByText('Locked up to 30 Apr 2026 by Olive Owner.').waitFor();
    await typeDate('01/01/2027');
    await tab('Users').click();
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await page.locator('#lock-date-error').getByText('The lock date must be from 2025-05-01 to 2026-11-21.').waitFor();
    expect(await tab('Account locks').getAttribute('aria-selected')).toBe('true');
    expect(await lockDate().inputValue()).toBe('1 Jan 2027');
    expect(await locks()).toMatchObject([{ locked_to_date: '2026-04-30' }]);
    expect(app.problems).toEqual([]);
    // The browser's own line for the refusal it was meant to get, and nothing else.
    expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']);
  });
});
