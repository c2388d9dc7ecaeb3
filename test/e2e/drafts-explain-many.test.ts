import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountWithLines, chooseCategoryByCode, openRegister, type StatementLine } from './accounts';
import { consoleErrorsPerTest } from './console-errors';
import { draftKept, leaveDialog, reloadAndOpenDraft } from './drafts';
import { checkScreen } from './screens';
import { useBookOpener } from './fresh-book';
import { manualSyncDoor, type ManualSyncDoor } from './loopback-remote';
import type { AppSession } from './session';

/**
 * Several bank lines explained at once keep what is typed as a draft (nothing a person types is lost,
 * whatever crashes): it was an 'off' editor, and a reload lost the category and description chosen for
 * the lines. The draft names its lines; opened again (the start-up offer, Banking's drafts, a
 * discard's Undo) it brings up the account's register with those lines chosen and the panel as typed,
 * leaving out, and counting, lines explained or deleted since. Each test opens its own book.
 */
describe.shuffle('drafts of several bank lines explained at once', () => {
  const opener = useBookOpener();
  let app: AppSession;
  // One page serves the file: its console is listened to once, and counted afresh for each test.
  const { errors: consoleErrors, watch: watchConsole } = consoleErrorsPerTest();
  let door: ManualSyncDoor | undefined;
  let accountUrl = '';

  // A book of its own for each test, served with its sync door (not connected; without one the
  // /v2/sync reads are 404s on the console).
  beforeEach(async () => {
    door = manualSyncDoor();
    app = await opener.open({ viewport: { width: 1280, height: 800 }, door: door.open });
    watchConsole(app);
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterEach(async () => {
    await door?.close();
    door = undefined;
  });

  const STAPLES: StatementLine[] = [
    { dated_on: '2026-09-04', description: 'STAPLES ONE', amount: '-10.00' },
    { dated_on: '2026-09-05', description: 'STAPLES TWO', amount: '-12.00' },
    { dated_on: '2026-09-06', description: 'STAPLES THREE', amount: '-14.00' },
    { dated_on: '2026-09-07', description: 'STAPLES FOUR', amount: '-16.00' },
  ];
  const grid = () => app.page.getByRole('grid', { name: 'Transactions of Business Current' });
  const chosenRows = () => grid().locator('[role=row][aria-selected="true"]');
  const textbox = (name: string) => app.page.getByRole('textbox', { name, exact: true });
  const category = () => app.page.getByRole('combobox', { name: 'Category' });
  const review = () => app.page.getByRole('checkbox', { name: 'Mark for review' });
  const drafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.map((draft: { label: string }) => draft.label);
  type Line = { url: string; description: string; bank_transaction_explanations: { category: string; description: string; gross_value: string }[] };
  const lines = async (): Promise<Line[]> => (await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl)}`)).body.bank_transactions;
  const lineNamed = async (name: string) => (await lines()).find((line) => line.description.startsWith(name))!;

  /** The account with `inAccount` STAPLES lines, its register open, the newest `count` chosen with Space, explained at once. */
  async function explainAtOnce(count: number, inAccount = count): Promise<void> {
    accountUrl = await accountWithLines(app, STAPLES.slice(0, inAccount));
    const { page } = app;
    await openRegister(app, 'Business Current');
    await grid().focus();
    await page.keyboard.press('Home');
    for (let index = 0; index < count; index += 1) {
      if (index > 0) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Space');
    }
    await expect.poll(() => chosenRows().count()).toBe(count);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Explain ${count} lines` }).waitFor();
  }

  /** Types a category (285, Accommodation and Meals), a description and Mark for review. */
  async function typeExplanation(): Promise<void> {
    await category().focus();
    await chooseCategoryByCode(app, '285');
    await textbox('Description').fill('Printer paper');
    await review().check();
    await draftKept(app);
  }

  async function expectAsTyped(): Promise<void> {
    await expect.poll(() => textbox('Description').inputValue()).toBe('Printer paper');
    // The category picker shows the kept category's name once the categories are read: waited for too.
    await expect.poll(() => category().inputValue()).toMatch(/Accommodation/);
    expect(await review().isChecked()).toBe(true);
  }

  const chosenNames = async () => (await chosenRows().allTextContents()).map((text) => /STAPLES \w+/.exec(text)?.[0]).sort();

  it('three lines typed for are kept, come back after a reload with the same lines chosen and the panel as typed, and Save explains all three', async () => {
    const { page } = app;
    await explainAtOnce(3);
    await typeExplanation();
    const label = 'explanation of 3 lines in Business Current';
    await expect.poll(drafts).toEqual([label]);
    // The draft names its lines.
    const [kept] = (await app.book.json('GET', '/v2/drafts')).body.drafts as { key: string }[];
    const stored = (await app.book.json('GET', `/v2/drafts/${encodeURIComponent(kept!.key)}`)).body.draft.state;
    const paths = (urls: string[]) => urls.map((url) => new URL(url).pathname).sort();
    expect(paths((stored.fields.lines as { url: string }[]).map((line) => line.url))).toEqual(paths((await lines()).map((line) => line.url)));

    await reloadAndOpenDraft(app, label);
    await page.getByRole('heading', { name: 'Explain 3 lines' }).waitFor();
    await expect.poll(chosenNames).toEqual(['STAPLES ONE', 'STAPLES THREE', 'STAPLES TWO']);
    await expectAsTyped();
    // Taken back, the draft is written again under its key (and says so) before the screens are compared.
    await draftKept(app);
    await checkScreen(app, 'drafts-explain-many-reopened');

    await page.getByRole('button', { name: /Save and next/ }).click();
    await expect.poll(async () => (await lines()).map((line) => line.bank_transaction_explanations.map((each) => `${each.category.split('/').pop()} ${each.description} ${each.gross_value}`)).flat().sort()).toEqual([
      '285 Printer paper -10.0',
      '285 Printer paper -12.0',
      '285 Printer paper -14.0',
    ]);
    await expect.poll(drafts).toEqual([]);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('lines explained or deleted since are left out and counted; Discard in the leave question removes the draft and its Undo brings it back', async () => {
    const { page } = app;
    await explainAtOnce(4);
    await typeExplanation();
    await expect.poll(drafts).toEqual(['explanation of 4 lines in Business Current']);
    // Elsewhere (another window, a sync): one line explained, one deleted.
    const explained = await lineNamed('STAPLES ONE');
    const made = await app.book.json('POST', '/v2/bank_transaction_explanations', {
      body: { bank_transaction_explanation: { bank_transaction: explained.url, dated_on: '2026-09-04', gross_value: '-10.00', category: `${new URL(accountUrl).origin}/v2/categories/250`, description: 'Elsewhere' } },
    });
    expect(made.status).toBe(201);
    const deleted = await lineNamed('STAPLES TWO');
    expect((await app.book.json('DELETE', new URL(deleted.url).pathname)).status).toBe(200);

    await reloadAndOpenDraft(app, 'explanation of 4 lines in Business Current');
    await page.getByText('2 of the 4 lines in this draft could not be taken back: explained or deleted since. The other 2 are open with what was typed.').waitFor();
    await page.getByRole('heading', { name: 'Explain 2 lines' }).waitFor();
    await expect.poll(chosenNames).toEqual(['STAPLES FOUR', 'STAPLES THREE']);
    await expectAsTyped();
    // What is kept now names the two lines left.
    await expect.poll(drafts).toEqual(['explanation of 2 lines in Business Current']);

    await textbox('Description').press('Escape');
    await leaveDialog(app).getByText('They are kept as a draft until you save or discard them.').waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Explain 2 lines' }).waitFor({ state: 'detached' });
    await expect.poll(drafts).toEqual([]);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await page.getByRole('heading', { name: 'Explain 2 lines' }).waitFor();
    await expect.poll(chosenNames).toEqual(['STAPLES FOUR', 'STAPLES THREE']);
    await expectAsTyped();
    expect(await drafts()).toEqual(['explanation of 2 lines in Business Current']);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('one line left of two opens as that line, still the same draft, and Save removes it', async () => {
    const { page } = app;
    await explainAtOnce(2);
    await typeExplanation();
    await expect.poll(drafts).toEqual(['explanation of 2 lines in Business Current']);
    const gone = await lineNamed('STAPLES ONE');
    expect((await app.book.json('DELETE', new URL(gone.url).pathname)).status).toBe(200);

    await reloadAndOpenDraft(app, 'explanation of 2 lines in Business Current');
    await page.getByText('1 of the 2 lines in this draft could not be taken back: explained or deleted since. The other 1 is open with what was typed.').waitFor();
    await page.getByRole('heading', { name: 'Explain this line' }).waitFor();
    await expect.poll(chosenNames).toEqual(['STAPLES TWO']);
    await expectAsTyped();
    // Its draft is the same one (not a second draft of the line beside it), now of one line.
    await expect.poll(drafts).toEqual(['explanation of 1 line in Business Current']);
    await page.getByRole('button', { name: /Save and next/ }).click();
    await expect.poll(async () => (await lineNamed('STAPLES TWO')).bank_transaction_explanations.map((each) => each.description)).toEqual(['Printer paper']);
    await expect.poll(drafts).toEqual([]);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('other lines of the account chosen by hand while a draft of a set is kept from before keep theirs apart; Open it brings the earlier set back', async () => {
    const { page } = app;
    await explainAtOnce(2, 4);
    await typeExplanation();
    const label = 'explanation of 2 lines in Business Current';
    // The window closes with the set typed; on the way back the offer is put off (Later).
    page.once('dialog', (question) => void question.accept());
    await page.reload();
    const offer = page.getByRole('dialog', { name: `1 unsaved draft: ${label}` });
    await offer.getByRole('button', { name: 'Later' }).click();
    await offer.waitFor({ state: 'detached' });

    // The two older lines, chosen by hand: the panel starts empty and says a draft is kept from before.
    await openRegister(app, 'Business Current');
    await grid().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect.poll(chosenNames).toEqual(['STAPLES ONE', 'STAPLES TWO']);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain 2 lines' }).waitFor();
    await page.getByRole('status').getByText(`An unsaved draft of ${label} is kept from before; changes made here are kept apart from it.`).waitFor();
    expect(await textbox('Description').inputValue()).toBe('');
    await textbox('Description').fill('Envelopes');
    await draftKept(app);
    await expect.poll(drafts).toEqual([label, label]);

    // Open it asks about what is typed here, then brings the earlier set back, chosen, as typed.
    await page.getByRole('status').getByRole('button', { name: 'Open it' }).click();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(chosenNames).toEqual(['STAPLES FOUR', 'STAPLES THREE']);
    await expectAsTyped();
    await expect.poll(drafts).toEqual([label]);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('none of the lines left: it says so, opens nothing, and the draft stays listed to discard', async () => {
    const { page } = app;
    await explainAtOnce(2);
    await typeExplanation();
    const label = 'explanation of 2 lines in Business Current';
    await expect.poll(drafts).toEqual([label]);
    for (const line of await lines()) expect((await app.book.json('DELETE', new URL(line.url).pathname)).status).toBe(200);

    await reloadAndOpenDraft(app, label);
    await page.getByText('None of the 2 lines in this draft can be explained now: each was explained or deleted since. The draft stays under Unsaved drafts until you discard it.').waitFor();
    await page.getByRole('heading', { name: 'Banking' }).waitFor();
    const listed = page.getByRole('region', { name: 'Unsaved drafts' });
    await listed.getByText(label).waitFor();
    expect(await page.getByRole('heading', { name: /^Explain/ }).count()).toBe(0);
    await listed.getByRole('button', { name: `Discard the draft of ${label}` }).click();
    await expect.poll(drafts).toEqual([]);
    expect(app.problems).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
