import { afterEach, describe, expect, it } from 'vitest';
import { draftKept, eachWayAsks, leaveDialog, reloadAndOpenDraft } from './drafts';
import { useBookOpener } from './fresh-book';
import { manualSyncDoor, type ManualSyncDoor } from './loopback-remote';
import { checkScreen } from './screens';
import type { AppSession } from './session';
import { consoleErrorsPerTest } from './console-errors';

/**
 * The statement import review keeps what the person chose (issue 19 item 1): a row left out, the CSV
 * columns set and confirmed went with Escape, Close or another section, with nothing asked and nothing
 * kept. Now each way asks about "the import review of statement.csv", the choices are kept as a draft
 * with the file, and a reload offers them. Each test opens its own book (one bank account, Lloyds
 * Current, which the file does not name: the person chooses it), so they run in any order.
 */
describe.shuffle('drafts of the statement import review', () => {
  const opener = useBookOpener();
  let app: AppSession;
  // One page serves the file: its console is listened to once, and counted afresh for each test.
  const { errors: consoleErrors, watch: watchConsole } = consoleErrorsPerTest();
  let door: ManualSyncDoor | undefined;
  let lloyds = '';

  afterEach(async () => {
    await door?.close();
    door = undefined;
  });

  /** Card-style CSV: spending positive, so "Spending shows as positive" is what the person sets. */
  const STATEMENT = ['Date,Description,Amount', '02/11/2026,COFFEE SHOP,3.50', '05/11/2026,CLIENT REFUND,-120.00', '13/11/2026,TRAIN TICKET,42.10', ''].join('\n');

  /** A new book with one bank account, served with its sync door (not connected), on Banking. */
  async function openBanking(): Promise<void> {
    door = manualSyncDoor();
    let path = '';
    app = await opener.open({
      viewport: { width: 1280, height: 800 },
      door: door.open,
      prepare: async (book) => {
        const { body } = await book.json('POST', '/v2/bank_accounts', { body: { bank_account: { name: 'Lloyds Current', opening_balance: '0', sort_code: '12-34-56', account_number: '99966633' } } });
        path = new URL(body.bank_account.url).pathname;
      },
    });
    lloyds = new URL(path, app.server.url).href;
    watchConsole(app);
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
    await app.page.keyboard.press('Alt+2');
    await app.page.getByRole('table', { name: 'Bank accounts' }).waitFor();
  }

  /** statement.csv (and `more` files after it) dropped on the window as a file manager drops them, and its review once read. */
  async function dropStatement(more: readonly string[] = []): Promise<void> {
    await app.page.evaluate(
      ({ text, names }) => {
        const data = new DataTransfer();
        for (const name of ['statement.csv', ...names]) data.items.add(new File([text], name, { type: 'text/csv', lastModified: Date.UTC(2026, 10, 20) }));
        for (const type of ['dragenter', 'dragover', 'drop']) document.body.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
      },
      { text: STATEMENT, names: more },
    );
    await review().getByRole('heading', { name: 'Review statement.csv' }).waitFor();
    await review().getByRole('heading', { name: 'CSV columns' }).waitFor();
    await review().getByText('No account\'s details match the file: choose one.').waitFor();
  }

  const label = 'import review of statement.csv';
  const question = `The ${label} has changes that are not saved yet. They are kept as a draft until you save or discard them.`;
  const review = () => app.page.getByRole('dialog', { name: 'Review statement.csv' });
  const rows = () => review().getByRole('grid', { name: 'Statement rows' });
  const rowBox = (description: string) => rows().locator('tbody tr', { hasText: description }).getByRole('checkbox');
  const importButton = () => review().getByRole('button', { name: /^Import \d+ rows?/ });
  const COLUMNS = '✓ Date: Date (day first) · Amount: Amount · Description: Description · spending shown as positive';
  const drafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.map((draft: { label: string }) => draft.label);
  const transactions = async () =>
    ((await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(lloyds)}`)).body.bank_transactions as { description: string; amount: string }[])
      // The engine writes a bank line's description with its type after it ("COFFEE SHOP//OTHER/").
      .map((line) => [line.description.split('//')[0], Number(line.amount)])
      .sort();

  /** By keys and clicks: the account, spending read as positive, the columns confirmed, the train ticket left out. */
  async function chooseAsAPersonDoes(): Promise<void> {
    const { page } = app;
    await review().getByLabel('Import into').selectOption(lloyds);
    await expect.poll(() => rowBox('TRAIN TICKET').isChecked()).toBe(true);
    await review().getByRole('checkbox', { name: 'Spending shows as positive (card exports)' }).check();
    await review().locator('tbody tr', { hasText: 'COFFEE SHOP' }).getByText('-£3.50').waitFor();
    await review().getByRole('button', { name: 'These columns are right' }).click();
    await review().getByText(COLUMNS).waitFor();
    // The rows by keys: the third row is the train ticket; Space leaves it out.
    await rows().focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Space');
    await expect.poll(() => rowBox('TRAIN TICKET').isChecked()).toBe(false);
  }

  /** The review as chosen: its account, its columns confirmed with spending positive, two of three rows to import. */
  async function intact(): Promise<void> {
    expect(await review().isVisible()).toBe(true);
    expect(await review().getByLabel('Import into').inputValue()).toBe(lloyds);
    await review().getByText(COLUMNS).waitFor();
    await review().locator('tbody tr', { hasText: 'COFFEE SHOP' }).getByText('-£3.50').waitFor();
    expect(await rowBox('TRAIN TICKET').isChecked()).toBe(false);
    expect(await rowBox('COFFEE SHOP').isChecked()).toBe(true);
    expect(await importButton().textContent()).toContain('Import 2 rows');
  }

  it('untouched it closes at once; chosen, Escape, Close and another section ask and Keep editing keeps every choice; a reload offers it', async () => {
    await openBanking();
    const { page } = app;
    // Read and left untouched: Escape closes at once, and nothing is kept.
    await dropStatement();
    await page.keyboard.press('Escape');
    await review().waitFor({ state: 'detached' });
    expect(await leaveDialog(app).count()).toBe(0);
    expect(await drafts()).toEqual([]);

    await dropStatement();
    await chooseAsAPersonDoes();
    await draftKept(app);
    await expect.poll(drafts).toEqual([label]);
    const ways: [string, () => Promise<void>][] = [
      ['Escape', () => page.keyboard.press('Escape')],
      ['Close', () => review().getByRole('button', { name: /^Close/ }).click()],
      // Escape again straight after keeping by Escape (no click between): still asked.
      ['Escape again', () => page.keyboard.press('Escape')],
      ['Alt+1', () => page.keyboard.press('Alt+1')],
    ];
    await eachWayAsks(app, ways, intact, async (way) => {
      await leaveDialog(app).getByText(question).waitFor();
      if (way === 'Escape') await checkScreen(app, 'import-review-leave-question');
      // Kept by the button, then by Escape in the question (which must not reach the review).
      if (way === 'Close') await page.keyboard.press('Escape');
      else await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    });
    expect(await transactions()).toEqual([]);

    await reloadAndOpenDraft(app, label);
    await review().getByRole('heading', { name: 'Review statement.csv' }).waitFor();
    await expect.poll(() => rowBox('TRAIN TICKET').isChecked()).toBe(false);
    await intact();
    // Imported with its own key: the two rows chosen, spending negative; the draft goes with it.
    await page.keyboard.press('Control+Enter');
    await review().getByRole('heading', { name: 'Imported 2 transactions into Lloyds Current' }).waitFor();
    await expect.poll(drafts).toEqual([]);
    expect(await transactions()).toEqual([
      ['CLIENT REFUND', 120],
      ['COFFEE SHOP', -3.5],
    ]);
    // Imported, nothing is left to ask about.
    await page.keyboard.press('Escape');
    await review().waitFor({ state: 'detached' });
    expect(await leaveDialog(app).count()).toBe(0);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('Discard closes the review and its Undo opens it again as chosen; Save in the question imports, then the review goes', async () => {
    await openBanking();
    const { page } = app;
    await dropStatement();
    await chooseAsAPersonDoes();
    await draftKept(app);
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByText(question).waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await review().waitFor({ state: 'detached' });
    await expect.poll(drafts).toEqual([]);

    // The discard's toast brings the review back over the same file, as it was chosen.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await review().getByRole('heading', { name: 'Review statement.csv' }).waitFor();
    await expect.poll(() => rowBox('TRAIN TICKET').isChecked()).toBe(false);
    await intact();
    expect(await drafts()).toEqual([label]);

    await review().getByRole('button', { name: /^Close/ }).click();
    await leaveDialog(app).getByText(question).waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Save' }).click();
    await review().waitFor({ state: 'detached' });
    expect(await transactions()).toEqual([
      ['CLIENT REFUND', 120],
      ['COFFEE SHOP', -3.5],
    ]);
    await expect.poll(drafts).toEqual([]);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('Skip this file and another section ask too: Discard moves on to the next file, and then leaves for the section', async () => {
    await openBanking();
    const { page } = app;
    await dropStatement(['november.csv']);
    await review().getByText('File 1 of 2').waitFor();
    await chooseAsAPersonDoes();
    await draftKept(app);
    await review().getByRole('button', { name: 'Skip this file' }).click();
    await leaveDialog(app).getByText(question).waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    await intact();
    await review().getByRole('button', { name: 'Skip this file' }).click();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    // The next file's review, untouched: nothing chosen there yet, and statement.csv's draft is gone.
    const next = page.getByRole('dialog', { name: 'Review november.csv' });
    await next.getByText('File 2 of 2').waitFor();
    await expect.poll(drafts).toEqual([]);

    // Chosen in the second file, another section asks about it by name; Discard leaves the review for Overview.
    await next.getByLabel('Import into').selectOption(lloyds);
    await draftKept(app);
    await expect.poll(drafts).toEqual(['import review of november.csv']);
    await page.keyboard.press('Alt+1');
    await leaveDialog(app).getByText('The import review of november.csv has changes that are not saved yet.').waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await next.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await expect.poll(drafts).toEqual([]);
    expect(await transactions()).toEqual([]);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
