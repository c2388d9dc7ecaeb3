import { afterEach, describe, expect, it } from 'vitest';
import type { TestBook } from '../engine/harness';
import { consoleErrorsPerTest } from './console-errors';
import { draftKept, leaveDialog, reloadAndOpenDraft, reloadLeaving } from './drafts';
import { useBookOpener } from './fresh-book';
import { manualSyncDoor, type ManualSyncDoor } from './loopback-remote';
import { checkScreen } from './screens';
import type { AppSession } from './session';

/**
 * A new note typed on a contact or a project, a note being changed, and a new schedule being set up
 * for an invoice are kept as drafts (they asked before leaving, but a reload or a crash lost them).
 * After a reload the draft is offered, and opening it brings up the contact's page (or the project)
 * with the new note's box or the note's edit box holding the text, or the invoice with Repeat… open as
 * typed; adding or saving removes the draft. A record deleted since is said in a toast and its draft
 * stays listed. Each test opens its own book (Acme Ltd, their invoice 001 of 100.00, a project
 * Website rebuild, and a note on Acme), so they run in any order.
 */
describe.shuffle('drafts of notes and a new schedule', () => {
  const opener = useBookOpener();
  let app: AppSession;
  // One page serves the file: its console is listened to once, and counted afresh for each test.
  const { errors: consoleErrors, watch: watchConsole } = consoleErrorsPerTest();
  // The book is served with its sync door (not connected): without one the status bar's /v2/sync reads are 404s.
  let door: ManualSyncDoor | undefined;
  let acme = '';
  let project = '';
  let bramble = '';

  afterEach(async () => {
    await door?.close();
    door = undefined;
  });

  async function made(book: TestBook, path: string, body: unknown): Promise<Record<string, { url: string }>> {
    const answer = await book.json('POST', path, { body });
    if (answer.status >= 300) throw new Error(`${path} was refused: ${JSON.stringify(answer.body)}`);
    return answer.body as Record<string, { url: string }>;
  }

  /** The book described above, the window on Overview at 1280x800. */
  async function openBook(): Promise<void> {
    door = manualSyncDoor();
    app = await opener.open({
      door: door.open,
      viewport: { width: 1280, height: 800 },
      prepare: async (book) => {
        acme = (await made(book, '/v2/contacts', { contact: { organisation_name: 'Acme Ltd' } })).contact.url;
        bramble = (await made(book, '/v2/contacts', { contact: { organisation_name: 'Bramble Co' } })).contact.url;
        await made(book, '/v2/invoices', { invoice: { contact: acme, dated_on: '2026-11-01', invoice_items: [{ description: 'Consulting', item_type: 'Hours', quantity: '1', price: '100' }] } });
        project = (await made(book, '/v2/projects', { project: { name: 'Website rebuild', contact: acme, budget: '1500', budget_units: 'Monetary', status: 'Active' } })).project.url;
        await made(book, `/v2/notes?contact=${encodeURIComponent(acme)}`, { note: { note: 'Pays by BACS at month end' } });
      },
    });
    watchConsole(app);
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  }

  const drafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.map((draft: { label: string }) => draft.label);
  const notesOn = async (parent: string, kind = 'contact') => (await app.book.json('GET', `/v2/notes?${kind}=${encodeURIComponent(parent)}`)).body.notes.map((note: { note: string }) => note.note);
  const question = (label: string) => `The ${label} has changes that are not saved yet. They are kept as a draft until you save or discard them.`;
  const newNote = () => app.page.getByRole('textbox', { name: 'New note' });
  const editBox = () => app.page.getByRole('textbox', { name: 'Change the note' });
  /** Two paragraphs, as a note often is: every line of it must come back. */
  const LONG_NOTE = 'Call before delivering: the loading bay shuts at 4pm.\n\nInvoices go to accounts@acme.example, never to the site office.';

  /** A contact's page as a person opens it: Contacts (Alt+6), the contact's row chosen, Enter. */
  async function openContact(name: string): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Alt+6');
    const grid = page.getByRole('grid', { name: 'Contacts' });
    await grid.getByRole('row', { name: new RegExp(`^${name}`) }).click();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name, exact: true }).waitFor();
  }

  it("a new note on a contact: kept as typed, the page made anew keeps it, a reload offers it, and Add adds it", async () => {
    await openBook();
    const { page } = app;
    await openContact('Acme Ltd');
    await newNote().fill(LONG_NOTE);
    await draftKept(app);
    const label = 'new note on Acme Ltd';
    await expect.poll(drafts).toEqual([label]);

    // The page is made anew when the contact's details are saved: the box still holds the note.
    await page.getByRole('button', { name: /Change details/ }).click();
    await page.getByRole('textbox', { name: 'Town' }).fill('York');
    await page.getByRole('button', { name: /^Save/ }).click();
    await page.getByText('Saved Acme Ltd.').waitFor();
    await expect.poll(() => newNote().inputValue()).toBe(LONG_NOTE);
    expect(await drafts()).toEqual([label]);
    // One draft, carried on by the page made anew: not a second one beside an "earlier" draft of it.
    expect(await page.getByText(/kept from before/).count()).toBe(0);

    await reloadAndOpenDraft(app, label);
    await page.getByRole('heading', { name: 'Acme Ltd', exact: true }).waitFor();
    await expect.poll(() => newNote().inputValue()).toBe(LONG_NOTE);
    // Reopened, it is kept again as it stands (so the screen is the same each run).
    await draftKept(app);
    await checkScreen(app, 'note-draft-reopened');
    await page.getByRole('button', { name: /^Add note/ }).click();
    await expect.poll(() => notesOn(acme)).toEqual(['Pays by BACS at month end', LONG_NOTE]);
    await expect.poll(() => newNote().inputValue()).toBe('');
    await expect.poll(drafts).toEqual([]);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('a note being changed: kept as typed, a reload offers it and opens its edit box; Save note saves it', async () => {
    await openBook();
    const { page } = app;
    await openContact('Acme Ltd');
    await page.getByText('Pays by BACS at month end').waitFor();
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await editBox().fill('Pays by BACS on the 28th.\n\nNever by card: the fees are theirs.');
    await draftKept(app);
    const label = 'note on Acme Ltd being changed';
    await expect.poll(drafts).toEqual([label]);

    await reloadAndOpenDraft(app, label);
    await page.getByRole('heading', { name: 'Acme Ltd', exact: true }).waitFor();
    await expect.poll(() => editBox().inputValue()).toBe('Pays by BACS on the 28th.\n\nNever by card: the fees are theirs.');
    // The new note's box is left as it was: the draft was the note's change, not a new note.
    expect(await newNote().inputValue()).toBe('');
    await page.getByRole('button', { name: /^Save note/ }).click();
    await editBox().waitFor({ state: 'detached' });
    await expect.poll(() => notesOn(acme)).toEqual(['Pays by BACS on the 28th.\n\nNever by card: the fees are theirs.']);
    await expect.poll(drafts).toEqual([]);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("a note's change discarded from the question is gone, and the toast's Undo opens it again as typed", async () => {
    await openBook();
    const { page } = app;
    await openContact('Acme Ltd');
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await editBox().fill('Pays by BACS on the 28th');
    await draftKept(app);
    const label = 'note on Acme Ltd being changed';
    await editBox().press('Escape');
    await leaveDialog(app).getByText(question(label)).waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await editBox().waitFor({ state: 'detached' });
    await expect.poll(drafts).toEqual([]);
    await page.getByText(`Discarded the draft of ${label}.`).waitFor();
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => editBox().inputValue()).toBe('Pays by BACS on the 28th');
    expect(await drafts()).toEqual([label]);
    expect(await notesOn(acme)).toEqual(['Pays by BACS at month end']);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('a new note on a project: a reload offers it and opens the project with the note in its box', async () => {
    await openBook();
    const { page } = app;
    await page.keyboard.press('Alt+6');
    await page.keyboard.press('p');
    const grid = page.getByRole('grid', { name: 'Projects' });
    await grid.getByRole('row', { name: /^Website rebuild/ }).click();
    await page.keyboard.press('Enter');
    const pane = page.getByRole('complementary', { name: 'Project Website rebuild' });
    await pane.getByRole('textbox', { name: 'New note' }).fill('Kick-off on Monday with their designer');
    await draftKept(app);
    const label = 'new note on project Website rebuild';
    await expect.poll(drafts).toEqual([label]);

    await reloadAndOpenDraft(app, label);
    await expect.poll(() => pane.getByRole('textbox', { name: 'New note' }).inputValue()).toBe('Kick-off on Monday with their designer');
    await pane.getByRole('textbox', { name: 'New note' }).press('ControlOrMeta+Enter');
    await expect.poll(() => notesOn(project, 'project')).toEqual(['Kick-off on Monday with their designer']);
    await expect.poll(drafts).toEqual([]);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('a draft whose contact was deleted since says so when opened, and stays listed to discard', async () => {
    await openBook();
    const { page } = app;
    await openContact('Bramble Co');
    await newNote().fill('Ask for their new address');
    await draftKept(app);
    const label = 'new note on Bramble Co';

    // Reloaded; before the draft offered is opened, Bramble is deleted (another window, a sync).
    await reloadLeaving(app);
    const offer = page.getByRole('dialog', { name: `1 unsaved draft: ${label}` });
    await offer.waitFor();
    expect((await app.book.json('DELETE', new URL(bramble).pathname)).status).toBe(200);
    watchConsole(app);
    await offer.getByRole('button', { name: `Open the draft of ${label}` }).click();
    await page.getByText('The contact this draft was kept for is no longer in the book, so the draft cannot be opened. Discard it under Unsaved drafts if it is no longer wanted.').waitFor();
    const listed = page.getByRole('region', { name: 'Unsaved drafts' });
    await listed.getByText(label).waitFor();
    expect(await drafts()).toEqual([label]);
    await listed.getByRole('button', { name: `Discard the draft of ${label}` }).click();
    await expect.poll(drafts).toEqual([]);
    expect(app.problems).toEqual([]);
    // The browser's own line for the read of the deleted contact, and nothing else.
    expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
  });

  it('a change of a note deleted since, and a new schedule of an invoice deleted since: each says so when opened and stays listed', async () => {
    await openBook();
    const { page } = app;
    await openContact('Acme Ltd');
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await editBox().fill('Pays by BACS on the 28th');
    await draftKept(app);
    const noteLabel = 'note on Acme Ltd being changed';

    // Reloaded; before the draft offered is opened, the note is deleted (another window, a sync).
    await reloadLeaving(app);
    const offer = page.getByRole('dialog', { name: `1 unsaved draft: ${noteLabel}` });
    await offer.waitFor();
    const note = (await app.book.json('GET', `/v2/notes?contact=${encodeURIComponent(acme)}`)).body.notes[0] as { url: string };
    expect((await app.book.json('DELETE', new URL(note.url).pathname)).status).toBe(200);
    watchConsole(app);
    await offer.getByRole('button', { name: `Open the draft of ${noteLabel}` }).click();
    await page.getByText('The note this draft was kept for is no longer in the book, so the draft cannot be opened. Discard it under Unsaved drafts if it is no longer wanted.').waitFor();
    expect(await drafts()).toEqual([noteLabel]);
    await page.getByRole('region', { name: 'Unsaved drafts' }).getByText(noteLabel).waitFor();
    expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);

    // The invoice: Repeat… typed in, then the invoice deleted before its draft is opened.
    await page.keyboard.press('Alt+3');
    await page.getByRole('grid', { name: 'Invoices' }).getByRole('row', { name: /^001/ }).click();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Invoice 001', exact: true }).waitFor();
    await page.keyboard.press('Alt+r');
    const dialog = page.getByRole('dialog', { name: 'Repeat invoice 001' });
    await dialog.getByRole('combobox', { name: 'How often' }).selectOption('Monthly');
    await draftKept(app);
    const scheduleLabel = 'schedule of invoice 001 for Acme Ltd';
    await expect.poll(drafts).toEqual(expect.arrayContaining([noteLabel, scheduleLabel]));
    await reloadLeaving(app);
    const offered = page.getByRole('dialog', { name: /^2 unsaved drafts/ });
    await offered.waitFor();
    const invoice = (await app.book.json('GET', '/v2/invoices')).body.invoices[0] as { url: string };
    expect((await app.book.json('DELETE', new URL(invoice.url).pathname)).status).toBe(200);
    watchConsole(app);
    await offered.getByRole('button', { name: `Open the draft of ${scheduleLabel}` }).click();
    await page.getByText('The invoice this draft was kept for is no longer in the book, so the draft cannot be opened. Discard it under Unsaved drafts if it is no longer wanted.').waitFor();
    await page.getByRole('region', { name: 'Unsaved drafts' }).getByText(scheduleLabel).waitFor();
    expect(await drafts()).toEqual(expect.arrayContaining([noteLabel, scheduleLabel]));
    expect(await page.getByRole('dialog', { name: 'Repeat invoice 001' }).count()).toBe(0);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
  });

  it('a new schedule of an invoice: kept as typed, a reload offers it and opens Repeat… over the invoice; Repeat sets it up', async () => {
    await openBook();
    const { page } = app;
    await page.keyboard.press('Alt+3');
    const grid = page.getByRole('grid', { name: 'Invoices' });
    await grid.getByRole('row', { name: /^001/ }).click();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Invoice 001', exact: true }).waitFor();
    await page.keyboard.press('Alt+r');
    const dialog = page.getByRole('dialog', { name: 'Repeat invoice 001' });
    await dialog.getByRole('combobox', { name: 'How often' }).selectOption('Quarterly');
    await dialog.getByRole('textbox', { name: 'End date' }).fill('01/06/2027');
    await dialog.getByRole('textbox', { name: 'End date' }).press('Tab');
    await draftKept(app);
    const label = 'schedule of invoice 001 for Acme Ltd';
    await expect.poll(drafts).toEqual([label]);
    expect((await app.book.json('GET', '/v2/recurring_invoices')).body.recurring_invoices).toEqual([]);

    await reloadAndOpenDraft(app, label);
    await page.getByRole('heading', { name: 'Invoice 001', exact: true }).waitFor();
    await expect.poll(() => dialog.getByRole('combobox', { name: 'How often' }).inputValue()).toBe('Quarterly');
    expect(await dialog.getByRole('textbox', { name: 'End date' }).inputValue()).toMatch(/^(01\/06\/2027|1 Jun 2027)$/);
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Set invoice 001 to repeat quarterly.').waitFor();
    expect((await app.book.json('GET', '/v2/recurring_invoices')).body.recurring_invoices[0]).toMatchObject({ frequency: 'Quarterly', recurring_end_date: '2027-06-01' });
    await expect.poll(drafts).toEqual([]);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
