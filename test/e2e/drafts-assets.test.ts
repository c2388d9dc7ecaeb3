import { afterEach, describe, expect, it } from 'vitest';
import type { TestBook } from '../engine/harness';
import { consoleErrorsPerTest } from './console-errors';
import { draftKept, leaveDialog, reloadAndOpenDraft, reloadLeaving } from './drafts';
import { useBookOpener } from './fresh-book';
import { manualSyncDoor, type ManualSyncDoor } from './loopback-remote';
import { checkScreen } from './screens';
import type { AppSession } from './session';

/**
 * Reports › Fixed assets: what is typed in Add a fixed asset, Change… and Dispose… is kept as a draft
 * (they asked before Esc dropped it, but a reload or a crash lost it). After a reload the draft is
 * offered, and opening it brings up Reports › Fixed assets with its dialog open (over the asset's
 * schedule for a change or a disposal) and what was typed in it; saving adds or changes the asset and
 * the draft goes. Books from 1 April 2025, years to 31 March; the engine's clock is 22 November 2026.
 * A laptop billed 15 April 2025 for £1,200.00 is in the register (three years, monthly).
 */
describe.shuffle('drafts of the fixed asset dialogs', () => {
  const opener = useBookOpener();
  let app: AppSession;
  // One page serves the file: its console is listened to once, and counted afresh for each test.
  const { errors: consoleErrors, watch: watchConsole } = consoleErrorsPerTest();
  // The book is served with its sync door (not connected): without one the status bar's /v2/sync reads are 404s.
  let door: ManualSyncDoor | undefined;

  afterEach(async () => {
    await door?.close();
    door = undefined;
  });

  async function laptopBilled(book: TestBook): Promise<void> {
    const supplier = (await book.json('POST', '/v2/contacts', { body: { contact: { organisation_name: 'Laptop Shop' } } })).body.contact.url;
    const bill = await book.json('POST', '/v2/bills', {
      body: { bill: { contact: supplier, reference: 'LS-1', dated_on: '2025-04-15', due_on: '2025-05-15', bill_items: [{ category: '602-1', description: 'Laptop', total_value: '1200' }] } },
    });
    if (bill.status !== 201) throw new Error(`the laptop's bill was refused: ${JSON.stringify(bill.body)}`);
  }

  /** An office desk added by hand (so it can be removed): 1,000.00 on 15 June 2025, three years, yearly. */
  async function deskAdded(book: TestBook): Promise<void> {
    const desk = await book.json('POST', '/v2/capital_assets', {
      body: { capital_asset: { description: 'Office desk', asset_type: 'Fixtures and Fittings', purchased_on: '2025-06-15', cost: '1000.00', depreciation_profile: { method: 'straight_line', asset_life_years: 3, frequency: 'annually' } } },
    });
    if (desk.status !== 201) throw new Error(`the desk was refused: ${JSON.stringify(desk.body)}`);
  }

  /** A new book with the laptop (and the desk, when `withDesk`), the window on Reports › Fixed assets at 1280x800. */
  async function openFixedAssets(withDesk = false): Promise<void> {
    door = manualSyncDoor();
    app = await opener.open({
      door: door.open,
      book: { startDate: '2025-04-01', firstAccountingYearEnd: '2026-03-31' },
      viewport: { width: 1280, height: 800 },
      prepare: async (book) => {
        await laptopBilled(book);
        if (withDesk) await deskAdded(book);
      },
    });
    watchConsole(app);
    const { page } = app;
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.keyboard.press('Alt+9');
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
    await page.getByRole('tab', { name: 'Fixed assets' }).click();
    await page.getByRole('grid', { name: 'Fixed assets' }).getByRole('row', { name: /^Laptop/ }).waitFor();
  }

  const grid = () => app.page.getByRole('grid', { name: 'Fixed assets' });
  const drafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.map((draft: { label: string }) => draft.label);
  const assets = async () => (await app.book.json('GET', '/v2/capital_assets')).body.capital_assets as { url: string; description: string; cost: string; residual_value: string; disposed_on?: string; disposal_proceeds?: string }[];
  const question = (label: string) => `The ${label} has changes that are not saved yet. They are kept as a draft until you save or discard them.`;
  const schedule = (name: string) => app.page.getByRole('region', { name: `${name}: depreciation schedule` });

  /** Opens an asset's schedule by keys: the grid focused, Home, down `below` rows (bought first, first), Enter. */
  async function openSchedule(name: string, below = 0): Promise<void> {
    const { page } = app;
    await grid().focus();
    await page.keyboard.press('Home');
    for (let step = 0; step < below; step += 1) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await schedule(name).waitFor();
  }

  /** Types into a field as a person does: a click into it, everything in it selected, the keys. */
  async function typeInto(field: ReturnType<AppSession['page']['getByRole']>, text: string): Promise<void> {
    await field.click();
    await app.page.keyboard.press('ControlOrMeta+a');
    await app.page.keyboard.type(text);
  }

  /** Reports › Fixed assets is on screen after a draft opened it (the offer is over Overview after a reload). */
  async function onTheRegister(): Promise<void> {
    await app.page.getByRole('heading', { name: 'Reports' }).waitFor();
    await expect.poll(() => app.page.getByRole('tab', { name: 'Fixed assets' }).getAttribute('aria-selected')).toBe('true');
  }

  it('a new asset typed comes back after a reload, Add asset adds it and the draft goes; Discard in the question is undone by its toast', async () => {
    await openFixedAssets();
    const { page } = app;
    // A, with the register's table focused, adds an asset.
    await grid().focus();
    await page.keyboard.press('a');
    const dialog = page.getByRole('dialog', { name: 'Add a fixed asset' });
    await dialog.getByRole('combobox', { name: 'Type' }).waitFor();
    await typeInto(dialog.getByRole('textbox', { name: 'Description' }), 'Filing cabinet');
    await dialog.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Fixtures and Fittings' });
    await typeInto(dialog.getByRole('textbox', { name: 'Purchased on' }), '01/10/2026');
    await typeInto(dialog.getByRole('textbox', { name: 'Cost (GBP)' }), '360');
    await draftKept(app);
    const label = 'new fixed asset Filing cabinet';
    await expect.poll(drafts).toEqual([label]);

    // Esc asks, saying the draft is kept; Discard closes it and the draft goes; its toast's Undo brings it back.
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByText(question(label)).waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(drafts).toEqual([]);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Cost (GBP)' }).inputValue()).toBe('360');
    expect(await dialog.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('Filing cabinet');
    await expect.poll(drafts).toEqual([label]);

    await reloadAndOpenDraft(app, label);
    await onTheRegister();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('Filing cabinet');
    expect(await dialog.getByRole('combobox', { name: 'Type' }).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('Fixtures and Fittings');
    expect(await dialog.getByRole('textbox', { name: 'Purchased on' }).inputValue()).toBe('1 Oct 2026');
    expect(await dialog.getByRole('textbox', { name: 'Cost (GBP)' }).inputValue()).toBe('360');
    // Reopened, it is still a draft (and says so once it is written again).
    await draftKept(app);
    await checkScreen(app, 'reports-fixed-asset-draft-reopened');

    await dialog.getByRole('textbox', { name: 'Cost (GBP)' }).press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await grid().getByRole('row', { name: /^Filing cabinet/ }).waitFor();
    await expect.poll(drafts).toEqual([]);
    expect((await assets()).map((asset) => [asset.description, asset.cost])).toContainEqual(['Filing cabinet', '360.0']);
    // Saved, it is no longer changed: Add asset again opens empty, and Esc closes it at once.
    await page.getByRole('button', { name: 'Add asset…' }).click();
    await dialog.getByRole('combobox', { name: 'Type' }).waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await leaveDialog(app).count()).toBe(0);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('a change of residual value and Applies from comes back after a reload over the schedule; Ctrl+S saves it from that date and the draft goes', async () => {
    await openFixedAssets();
    const { page } = app;
    await openSchedule('Laptop');
    await schedule('Laptop').getByRole('button', { name: 'Change…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Laptop' });
    await dialog.getByRole('textbox', { name: 'Cost (GBP)' }).waitFor();
    await typeInto(dialog.getByRole('textbox', { name: 'Residual value (GBP)' }), '300');
    // The estimate changes, so the date it applies from shows: the first day of the year after this one.
    await typeInto(dialog.getByRole('textbox', { name: 'Applies from' }), '01/04/2027');
    await page.keyboard.press('Tab');
    await dialog.getByText(/^An accounting year after the ones so far \(the last ends 31 Mar 2027\)/).waitFor();
    await draftKept(app);
    const label = 'fixed asset Laptop';
    await expect.poll(drafts).toEqual([label]);
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByText(question(label)).waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();

    await reloadAndOpenDraft(app, label);
    await onTheRegister();
    // The schedule opens first, as when the person opened it, and the dialog over it.
    await schedule('Laptop').waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Residual value (GBP)' }).inputValue()).toBe('300');
    expect(await dialog.getByRole('textbox', { name: 'Applies from' }).inputValue()).toBe('1 Apr 2027');
    expect(await dialog.getByRole('textbox', { name: 'Cost (GBP)' }).inputValue()).toBe('1,200.00');

    await page.keyboard.press('Control+s');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(drafts).toEqual([]);
    // From 1 April 2027, as typed (not the engine's today, 22 Nov 2026, in the year before).
    const earlier = schedule('Laptop').getByRole('list', { name: 'Earlier estimates' });
    await earlier.waitFor();
    expect((await earlier.getByRole('listitem').allTextContents()).map((text) => text.trim())).toEqual(['15 Apr 2025 to 31 Mar 2027: Straight line over 3 years, monthly, no residual value']);
    expect((await assets()).find((asset) => asset.description === 'Laptop')?.residual_value).toBe('300.0');
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('a disposal typed comes back after a reload over the schedule; Dispose disposes of the asset and the draft goes', async () => {
    await openFixedAssets();
    const { page } = app;
    await openSchedule('Laptop');
    await schedule('Laptop').getByRole('button', { name: 'Dispose…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dispose of Laptop' });
    await typeInto(dialog.getByRole('textbox', { name: 'Date it left the business' }), '20/11/2026');
    await typeInto(dialog.getByRole('textbox', { name: 'Proceeds (GBP)' }), '500');
    await draftKept(app);
    const label = 'disposal of Laptop';
    await expect.poll(drafts).toEqual([label]);
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByText(question(label)).waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();

    await reloadAndOpenDraft(app, label);
    await onTheRegister();
    await schedule('Laptop').waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Proceeds (GBP)' }).inputValue()).toBe('500');
    expect(await dialog.getByRole('textbox', { name: 'Date it left the business' }).inputValue()).toBe('20 Nov 2026');
    // 20 months charged by then (15 Apr 2025 .. 15 Nov 2026): 666.60, a book value of 533.40.
    await dialog.getByText(/^A loss of £33\.40 on disposal/).waitFor();

    await dialog.getByRole('button', { name: /^Dispose/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await grid().getByRole('row', { name: /^Laptop \(disposed of\)/ }).waitFor();
    await expect.poll(drafts).toEqual([]);
    expect((await assets()).find((asset) => asset.description === 'Laptop')).toMatchObject({ disposed_on: '2026-11-20', disposal_proceeds: '500.0' });
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('a draft left for later is listed above the register and opens from there over its schedule; Discard in the question lets it go', async () => {
    await openFixedAssets();
    const { page } = app;
    await openSchedule('Laptop');
    await schedule('Laptop').getByRole('button', { name: 'Change…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Laptop' });
    await typeInto(dialog.getByRole('textbox', { name: 'Description' }), 'Laptop (office)');
    await draftKept(app);
    const label = 'fixed asset Laptop';

    // Reloaded, the offer is put off: the draft waits under Reports › Fixed assets.
    await reloadLeaving(app);
    await page.getByRole('dialog', { name: `1 unsaved draft: ${label}` }).getByRole('button', { name: 'Later' }).click();
    await page.keyboard.press('Alt+9');
    await page.getByRole('tab', { name: 'Fixed assets' }).click();
    const listed = page.getByRole('region', { name: 'Unsaved drafts' });
    await listed.getByText(label).waitFor();
    await checkScreen(app, 'reports-fixed-asset-drafts-listed');
    await listed.getByRole('button', { name: `Open the draft of ${label}` }).click();
    await schedule('Laptop').waitFor();
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Description' }).inputValue()).toBe('Laptop (office)');
    // Its own draft is the dialog now, not something listed to open again.
    expect(await listed.count()).toBe(0);

    await page.keyboard.press('Escape');
    await leaveDialog(app).getByText(question(label)).waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(drafts).toEqual([]);
    expect((await assets()).map((asset) => asset.description)).toEqual(['Laptop']);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('a draft whose asset was removed since says so when opened, and stays listed to discard', async () => {
    await openFixedAssets(true);
    const { page } = app;
    await openSchedule('Office desk', 1);
    await schedule('Office desk').getByRole('button', { name: 'Dispose…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dispose of Office desk' });
    await typeInto(dialog.getByRole('textbox', { name: 'Proceeds (GBP)' }), '250');
    await draftKept(app);
    const label = 'disposal of Office desk';

    // Reloaded; before the draft offered is opened, the desk is removed (another window, a sync).
    await reloadLeaving(app);
    const offer = page.getByRole('dialog', { name: `1 unsaved draft: ${label}` });
    await offer.waitFor();
    const desk = (await assets()).find((asset) => asset.description === 'Office desk');
    expect((await app.book.json('DELETE', new URL(desk!.url).pathname)).status).toBe(200);
    watchConsole(app);
    await offer.getByRole('button', { name: `Open the draft of ${label}` }).click();

    await onTheRegister();
    await page.getByText('The fixed asset this draft was kept for is no longer in the register, so the draft cannot be opened over it. Discard it under Unsaved drafts.').waitFor();
    expect(await dialog.count()).toBe(0);
    expect(await schedule('Office desk').count()).toBe(0);
    // Listed above the register, where it is discarded.
    const listed = page.getByRole('region', { name: 'Unsaved drafts' });
    await listed.getByText(label).waitFor();
    await listed.getByRole('button', { name: `Discard the draft of ${label}` }).click();
    await expect.poll(drafts).toEqual([]);
    await listed.waitFor({ state: 'detached' });
    expect(app.problems).toEqual([]);
    // The browser's own line for the read of the removed desk, and nothing else.
    expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
  });
});
