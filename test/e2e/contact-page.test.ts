import { describe, expect, it } from 'vitest';
import type { TestBook } from '../engine/harness';
import { useBookOpener } from './fresh-book';
import { checkScreen } from './screens';
import { leaveDialog } from './drafts';
import type { AppSession } from './session';
import { must } from './setup-request';

/**
 * Issue 9 items 4 and 9 by keys and clicks: a project with a budget (bad input at the field first)
 * and a note on it, then the customer's page showing their balance, invoices, credit notes and
 * projects and estimates, with a note added, changed and deleted (and the delete undone), and an invoice and an
 * estimate opened from there.
 */
// Each test opens a book of its own with what it needs (the references, invoice 001 and 002, and the
// empty project list are the book's), so they run in any order.
describe.shuffle('projects, notes and a contact page in browser mode', () => {
  const opener = useBookOpener();
  let app: AppSession;
  let acme: string;


  /** Invoices a document raised for Acme and marks it sent. */
  async function sent(book: TestBook, kind: 'invoice' | 'credit_note', fields: Record<string, unknown>): Promise<void> {
    const made = await must(book, 'POST', `/v2/${kind}s`, { [kind]: { contact: acme, ...fields } });
    await must(book, 'PUT', `${new URL(made[kind].url).pathname}/transitions/mark_as_sent`);
  }

  /**
   * A new book with Acme Ltd, their invoice 001 (250.00) and credit note 001 (30.00), both sent, and
   * quote Q-7 in draft; with `project`, also the Website rebuild project (budget 1,500.00) and invoice
   * 002 (400.00) raised against it, as the project test and the days after it leave the book. The
   * window opens on Overview at 1280x800.
   */
  async function openBook(options: { project?: boolean } = {}): Promise<void> {
    app = await opener.open({
      viewport: { width: 1280, height: 800 },
      prepare: async (book) => {
        acme = (await must(book, 'POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd', email: 'accounts@acme.example', town: 'York' } })).contact.url;
        await sent(book, 'invoice', { dated_on: '2026-11-01', invoice_items: [{ description: 'Consulting', quantity: '1', price: '250' }] });
        await sent(book, 'credit_note', { dated_on: '2026-11-03', credit_note_items: [{ description: 'Goodwill', quantity: '1', price: '30' }] });
        await must(book, 'POST', '/v2/estimates', {
          estimate: { status: 'Draft', contact: acme, dated_on: '2026-11-05', reference: 'Q-7', estimate_type: 'Quote', estimate_items: [{ description: 'Brand review', quantity: '1', price: '120' }] },
        });
        if (options.project) {
          const project = (await must(book, 'POST', '/v2/projects', { project: { name: 'Website rebuild', contact: acme, budget: '1500', budget_units: 'Monetary', status: 'Active' } })).project.url;
          await sent(book, 'invoice', { project, dated_on: '2026-11-10', invoice_items: [{ description: 'Design', quantity: '1', price: '400' }] });
        }
      },
    });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  }

  /** Acme's page, as a person opens it: Contacts (Alt+6), Enter on the first (only) contact. */
  async function openAcmePage(): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Alt+6');
    const grid = page.getByRole('grid', { name: 'Contacts' });
    await grid.locator('[role=row][aria-rowindex="2"]').waitFor();
    await grid.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Acme Ltd', exact: true }).waitFor();
  }

  const api = (path: string) => app.book.json('GET', path);
  const projectCount = async () => Number((await api('/v2/projects?view=all&per_page=1')).headers.get('x-total-count'));

  it('starts a project with a budget, refusing a budget that is not a number at the field, and notes it', async () => {
    await openBook();
    const { page } = app;
    await page.keyboard.press('Alt+6');
    await page.getByRole('heading', { name: 'Contacts' }).waitFor();
    await page.keyboard.press('p');
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await page.getByText('No active projects. Press N to start one for a customer.').waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: 'New project' }).waitFor();
    await page.keyboard.type('Website rebuild');
    await page.getByRole('combobox', { name: 'Contact' }).click();
    await page.keyboard.type('Acme');
    await page.getByRole('listbox').getByRole('option', { name: /Acme Ltd/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('textbox', { name: 'Budget', exact: true }).fill('lots');
    await page.getByRole('textbox', { name: 'Budget', exact: true }).press('Enter');
    await page.locator('#project-budget-error').getByText('Budget must be a decimal number.').waitFor();
    expect(await projectCount()).toBe(0);

    await page.getByRole('textbox', { name: 'Budget', exact: true }).fill('1500');
    await page.getByRole('textbox', { name: 'Budget', exact: true }).press('Enter');
    await page.getByText('Added project Website rebuild.').waitFor();
    const saved = (await api('/v2/projects')).body.projects[0];
    expect(saved).toMatchObject({ name: 'Website rebuild', contact: acme, budget: '1500.0', budget_units: 'Monetary', status: 'Active' });
    await page.getByText('Invoiced against it: nothing yet, of a budget of £1,500.00.').waitFor();

    const box = page.getByRole('textbox', { name: 'New note' });
    await box.click();
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByText("The note can't be blank.").waitFor();
    await page.keyboard.type('Kick-off on Monday with their designer');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByText('Kick-off on Monday with their designer').waitFor();
    expect((await api(`/v2/notes?project=${encodeURIComponent(saved.url)}`)).body.notes.map((note: any) => note.note)).toEqual(['Kick-off on Monday with their designer']);
    const grid = page.getByRole('grid', { name: 'Projects' });
    await expect
      .poll(async () => (await grid.locator('[role=row][aria-rowindex="2"] [role=gridcell]').allTextContents()).map((text) => text.trim()))
      .toEqual(['Website rebuild', 'Acme Ltd', 'Active', '£1,500.00', '']);
    await checkScreen(app, 'projects-pane');
  });

  it("shows the customer's page: balance, invoices, credit notes, projects and what was invoiced against them", async () => {
    // The project, and an invoice raised against it since.
    await openBook({ project: true });
    const { page } = app;
    await openAcmePage();
    // 250 + 400 owed, less 30 of credit.
    await page.getByRole('definition').filter({ hasText: '£620.00' }).waitFor();
    const table = (name: string) => page.getByRole('table', { name: new RegExp(`^${name}`) });
    const rows = async (name: string) => {
      const lines: string[] = [];
      for (const row of await table(name).locator('tbody tr').all()) lines.push((await row.locator('td').allTextContents()).map((text) => text.trim()).join(' '));
      return lines;
    };
    await expect.poll(() => rows('Invoices')).toEqual(['002 10 Nov 2026 Open £400.00 £400.00', '001 1 Nov 2026 Open £250.00 £250.00']);
    await expect.poll(() => rows('Credit notes')).toEqual(['001 3 Nov 2026 Open £30.00 £30.00']);
    await expect.poll(() => rows('Estimates')).toEqual(['Q-7 5 Nov 2026 Quote Draft £120.00']);
    await expect.poll(() => rows('Projects')).toEqual(['Website rebuild Active £1,500.00 £400.00']);
  });

  it("reads the contact's notes once on opening the page, and once more after a note is added", async () => {
    // They were read twice on opening: once for the contact as listed, again for the same contact as
    // its own record came in (a new object for the same url).
    await openBook();
    const { page } = app;
    const notesReads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === '/v2/notes') notesReads.push(request.url());
    });
    const record = page.waitForResponse((response) => /\/v2\/contacts\/\d+$/.test(new URL(response.url()).pathname));
    await openAcmePage();
    await record;
    await page.getByText('No notes yet. Write one below and press Ctrl+Enter to add it.').waitFor();
    await page.getByRole('textbox', { name: 'New note' }).fill('Sends remittances by email');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByText('Sends remittances by email').waitFor();
    expect(notesReads).toHaveLength(2);
    await checkScreen(app, 'contact-page-note-added');
  });

  it('adds, changes and deletes a note on the contact, and undoes the delete', async () => {
    await openBook();
    const { page } = app;
    await openAcmePage();
    const notes = async () => (await api(`/v2/notes?contact=${encodeURIComponent(acme)}`)).body.notes.map((note: any) => note.note);
    await page.getByText('No notes yet. Write one below and press Ctrl+Enter to add it.').waitFor();
    await page.getByRole('textbox', { name: 'New note' }).fill('Pays by BACS at month end');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Pays by BACS at month end').waitFor();
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await page.getByRole('textbox', { name: 'Change the note' }).fill('Pays by BACS on the 28th');
    await page.keyboard.press('ControlOrMeta+Enter');
    await page.getByText('Pays by BACS on the 28th').waitFor();
    expect(await notes()).toEqual(['Pays by BACS on the 28th']);
    await checkScreen(app, 'contact-page');

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Deleted a note.').waitFor();
    expect(await notes()).toEqual([]);
    await page.locator('body').press('ControlOrMeta+z');
    await page.getByText('Pays by BACS on the 28th').waitFor();
    expect(await notes()).toEqual(['Pays by BACS on the 28th']);
  });

  it('asks before Esc leaves a new note typed and not added; Save adds it', async () => {
    // Esc in the box reached the page, which closed with the note.
    await openBook();
    const { page } = app;
    await openAcmePage();
    const notes = async () => (await api(`/v2/notes?contact=${encodeURIComponent(acme)}`)).body.notes.map((note: any) => note.note);
    const box = page.getByRole('textbox', { name: 'New note' });
    await box.fill('Call before delivering');
    await box.press('Escape');
    // The question names it as a person would ("The a new note has changes" before), and says it is kept.
    await leaveDialog(app).getByText('The new note on Acme Ltd has changes that are not saved yet. They are kept as a draft until you save or discard them.').waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    expect(await box.inputValue()).toBe('Call before delivering');
    await box.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await box.waitFor({ state: 'detached' });
    await expect.poll(notes).toEqual(['Call before delivering']);
    expect(app.problems).toEqual([]);
  });

  it('asks before Esc or Cancel drops a changed note; untouched, it closes at once', async () => {
    // Esc or Cancel in a note being changed threw the changed text away without a word.
    await openBook();
    const { page } = app;
    await openAcmePage();
    const notes = async () => (await api(`/v2/notes?contact=${encodeURIComponent(acme)}`)).body.notes.map((note: any) => note.note);
    await page.getByRole('textbox', { name: 'New note' }).fill('Pays by BACS at month end');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Pays by BACS at month end').waitFor();
    const edit = page.getByRole('textbox', { name: 'Change the note' });
    // Opened and left as it was: Esc closes it without a question.
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await edit.press('Escape');
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await edit.fill('Pays by BACS on the 28th, never by card');
    await edit.press('Escape');
    await leaveDialog(app).getByText('The note on Acme Ltd being changed has changes that are not saved yet. They are kept as a draft until you save or discard them.').waitFor();
    await checkScreen(app, 'contact-note-change-question');
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    expect(await edit.inputValue()).toBe('Pays by BACS on the 28th, never by card');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await edit.waitFor({ state: 'detached' });
    // Discarded: the note is as it was, and the page is still open.
    await page.getByText('Pays by BACS at month end').waitFor();
    expect(await notes()).toEqual(['Pays by BACS at month end']);
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await edit.fill('Pays by BACS on the 28th');
    await edit.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(notes).toEqual(['Pays by BACS on the 28th']);
    expect(app.problems).toEqual([]);
  });

  it('opens an invoice from the page in the Invoices section', async () => {
    await openBook();
    const { page } = app;
    await openAcmePage();
    await page.getByRole('table', { name: /^Invoices/ }).getByRole('button', { name: '001' }).click();
    await page.getByRole('heading', { name: 'Invoice 001' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Line 1 description', exact: true }).inputValue()).toBe('Consulting');
    expect(app.problems).toEqual([]);
  });

  it("opens an estimate from the customer's page in the Estimates page", async () => {
    await openBook();
    const { page } = app;
    await openAcmePage();
    await page.getByRole('table', { name: /^Estimates/ }).getByRole('button', { name: 'Q-7' }).click();
    await page.getByRole('heading', { name: 'Quote Q-7' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Line 1 description', exact: true }).inputValue()).toBe('Brand review');
    expect(app.problems).toEqual([]);
  });
});
