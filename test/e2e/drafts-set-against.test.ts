import { afterEach, describe, expect, it } from 'vitest';
import type { Dialog } from 'playwright-core';
import { draftKept, eachWayAsks, leaveDialog } from './drafts';
import { useBookOpener } from './fresh-book';
import { manualSyncDoor, type ManualSyncDoor } from './loopback-remote';
import { checkScreen } from './screens';
import type { AppSession } from './session';
import { must } from './setup-request';
import { consoleErrorsPerTest } from './console-errors';

/**
 * The credit note's "set against an invoice" dialog keeps what is chosen (issue 19 item 1): it closed
 * on Esc, ✕ or a click outside and the invoice, amount and date went with it, with nothing asked and
 * nothing kept. Each test opens its own book (Acme Ltd's invoice 001 of 100.00 and credit note 001 of
 * 40.00, both sent), so they run in any order.
 */
describe.shuffle('drafts of setting a credit note against an invoice', () => {
  const opener = useBookOpener();
  let app: AppSession;
  // One page serves the file: its console is listened to once, and counted afresh for each test.
  const { errors: consoleErrors, watch: watchConsole } = consoleErrorsPerTest();
  let door: ManualSyncDoor | undefined;

  afterEach(async () => {
    await door?.close();
    door = undefined;
  });

  async function openBook(): Promise<void> {
    // Served as browser mode serves a book, with its sync door (not connected): without one the
    // window's status reads of /v2/sync are 404s in the console.
    door = manualSyncDoor();
    app = await opener.open({
      viewport: { width: 1280, height: 800 },
      door: door.open,
      prepare: async (book) => {
        const acme = (await must(book, 'POST', '/v2/contacts', { contact: { organisation_name: 'Acme Ltd', town: 'York' } })).contact.url;
        const invoice = await must(book, 'POST', '/v2/invoices', {
          invoice: { contact: acme, dated_on: '2026-11-01', invoice_items: [{ description: 'Consulting', item_type: 'Hours', quantity: '1', price: '100' }] },
        });
        await must(book, 'PUT', `${new URL(invoice.invoice.url).pathname}/transitions/mark_as_sent`);
        const note = await must(book, 'POST', '/v2/credit_notes', {
          credit_note: { contact: acme, dated_on: '2026-11-02', credit_note_items: [{ description: 'Overcharge on consulting', item_type: 'Hours', quantity: '1', price: '-40' }] },
        });
        await must(book, 'PUT', `${new URL(note.credit_note.url).pathname}/transitions/mark_as_sent`);
      },
    });
    watchConsole(app);
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  }

  /** Invoices (Alt+3), Credit notes (C), credit note 001 opened with Enter. */
  async function openCreditNote(): Promise<void> {
    const { page } = app;
    await page.keyboard.press('Alt+3');
    await page.getByRole('heading', { name: 'Invoices' }).waitFor();
    await page.keyboard.press('c');
    await page.getByRole('heading', { name: 'Credit notes' }).waitFor();
    const grid = page.getByRole('grid', { name: 'Credit notes' });
    await grid.locator('[role=row][aria-rowindex="2"]').waitFor();
    await grid.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Credit note 001', exact: true }).waitFor();
  }

  const dialog = () => app.page.getByRole('dialog', { name: 'Set credit note 001 against an invoice' });
  const amount = () => dialog().getByRole('textbox', { name: 'Amount (GBP)' });
  const date = () => dialog().getByRole('textbox', { name: 'Date', exact: true });
  const drafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.map((draft: { label: string }) => draft.label);
  const reconciliations = async () => ((await app.book.json('GET', '/v2/credit_note_reconciliations')).body.credit_note_reconciliations ?? []) as { gross_value: string; dated_on: string }[];
  const label = 'use of credit note 001 against invoice 001';

  /** Alt+I, and the dialog once it shows the default amount (the invoices read). */
  async function openDialog(): Promise<void> {
    await app.page.keyboard.press('Alt+i');
    await expect.poll(() => amount().inputValue()).toBe('40.00');
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

  it('closes untouched without a question, asks every way over what was typed, is offered after a reload and set with Ctrl+S', async () => {
    await openBook();
    const { page } = app;
    await openCreditNote();

    // Opened and closed untouched: no question, no draft.
    await openDialog();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'detached' });
    expect(await leaveDialog(app).count()).toBe(0);

    await openDialog();
    await amount().fill('25');
    await date().fill('05/11/2026');
    await dialog().getByText('Invoice 001 will then be owed £75.00; this credit note will have £15.00 left to use.').waitFor();
    await draftKept(app);
    await expect.poll(drafts).toEqual([label]);
    await checkScreen(app, 'credit-note-reconcile-draft-kept');

    const intact = async () => {
      expect(await dialog().isVisible()).toBe(true);
      expect(await amount().inputValue()).toBe('25');
      expect(await date().inputValue()).toBe('5 Nov 2026');
    };
    const ways: [string, () => Promise<void>][] = [
      ['Escape', () => amount().press('Escape')],
      ['Cancel', () => dialog().getByRole('button', { name: /^Cancel/ }).click()],
      ['✕', () => dialog().getByRole('button', { name: 'Close', exact: true }).click()],
      ['a click outside', () => page.mouse.click(8, 8)],
      ['Alt+1', () => page.keyboard.press('Alt+1')],
    ];
    await eachWayAsks(app, ways, intact, async (way) => {
      if (way === 'Escape') {
        await leaveDialog(app).getByText(`The ${label} has changes that are not saved yet. They are kept as a draft until you save or discard them.`).waitFor();
        await checkScreen(app, 'credit-note-reconcile-leave-question');
      }
      await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    });
    expect(await reconciliations()).toEqual([]);

    await reloadAndOpenDraft();
    await page.getByRole('heading', { name: 'Credit note 001', exact: true }).waitFor();
    await expect.poll(() => amount().inputValue()).toBe('25');
    expect(await date().inputValue()).toBe('5 Nov 2026');
    await dialog().getByText('Invoice 001 will then be owed £75.00').waitFor();
    // The save key of every editor sets it; the draft goes with it.
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('Set £25.00 of credit note 001 against invoice 001.').waitFor();
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(drafts).toEqual([]);
    expect((await reconciliations()).map((row) => [Number(row.gross_value), row.dated_on])).toEqual([[25, '2026-11-05']]);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('a discard is undone from its toast and the dialog opens again as it was; the credit note behind keeps its own changes', async () => {
    await openBook();
    const { page } = app;
    await openCreditNote();
    // The credit note's own notes changed first: the dialog's question must be about the dialog, and
    // its Discard must not throw away what is typed in the credit note behind it.
    const notes = page.getByRole('textbox', { name: 'Notes for the customer' });
    await notes.fill('Sorry for the overcharge');
    await openDialog();
    await amount().fill('30');
    await amount().press('Escape');
    await leaveDialog(app).getByText(`The ${label} has changes`).waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await notes.inputValue()).toBe('Sorry for the overcharge');
    await expect.poll(drafts).toEqual(['credit note for Acme Ltd']);

    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    // Bringing the draft back leaves the credit note, which asks about its own changes first.
    await leaveDialog(app).getByText('The credit note for Acme Ltd has changes').waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => amount().inputValue()).toBe('30');
    await dialog().getByRole('button', { name: /^Cancel/ }).click();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await dialog().waitFor({ state: 'detached' });
    await expect.poll(drafts).toEqual([]);
    expect(await reconciliations()).toEqual([]);
    expect((await app.book.json('GET', '/v2/credit_notes')).body.credit_notes[0].comments).toBe('Sorry for the overcharge');
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
