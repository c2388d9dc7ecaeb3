import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Dialog } from 'playwright-core';
import { accountWithLines, openRegister } from './accounts';
import { draftKept, eachWayAsks, leaveDialog } from './drafts';
import { checkScreen } from './screens';
import { openApp, type AppSession } from './session';

/**
 * Issue 19 item 1 for the editors no other drafts suite walks through: the company details, the
 * opening balances, a project, a bank rule and a bank line added by hand. In each: type, leave (the question asks; Keep editing keeps every
 * key), reload, find the draft offered, open it restored as typed, and Discard it. Each test opens
 * its own book, so they run in any order.
 */
describe.shuffle('drafts of the company details, the opening balances and a project', () => {
  let app: AppSession;

  beforeEach(async () => {
    app = await openApp();
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  afterEach(async () => {
    await app?.close();
  });

  const textbox = (name: string) => app.page.getByRole('textbox', { name, exact: true });
  const drafts = async () => (await app.book.json('GET', '/v2/drafts')).body.drafts.map((draft: { label: string }) => draft.label);

  /** Reloads the window (answering the window's own leave question) and opens the one draft offered. */
  async function reloadAndOpenDraft(label: string) {
    const { page } = app;
    const leave = (question: Dialog) => void question.accept();
    page.on('dialog', leave);
    await page.reload();
    page.off('dialog', leave);
    await page.getByRole('dialog', { name: `1 unsaved draft: ${label}` }).getByRole('button', { name: `Open the draft of ${label}` }).click();
  }

  it('company details: the town typed is kept, asked about on leaving, offered after a reload and restored', async () => {
    const { page } = app;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await textbox('Town').fill('Harrogate');
    await draftKept(app);
    await expect.poll(drafts).toEqual(['company details']);
    await page.keyboard.press('Alt+1');
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    expect(await textbox('Town').inputValue()).toBe('Harrogate');

    await reloadAndOpenDraft('company details');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await expect.poll(() => textbox('Town').inputValue()).toBe('Harrogate');
    await page.keyboard.press('Alt+1');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await expect.poll(drafts).toEqual([]);
    expect((await app.book.json('GET', '/v2/company')).body.company.town ?? '').not.toBe('Harrogate');
    expect(app.problems).toEqual([]);
  });

  it('opening balances: a line typed is kept, asked about on leaving, offered after a reload and restored', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+7');
    await page.getByRole('heading', { name: 'Journals' }).waitFor();
    await page.keyboard.press('o');
    await page.getByRole('heading', { name: 'Opening balances' }).waitFor();
    await textbox('Line 1 description').fill('Shares issued at the start');
    await textbox('Line 1 credit').fill('100.00');
    await draftKept(app);
    await expect.poll(drafts).toEqual(['opening balances']);
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    expect(await textbox('Line 1 description').inputValue()).toBe('Shares issued at the start');

    await reloadAndOpenDraft('opening balances');
    await page.getByRole('heading', { name: 'Opening balances' }).waitFor();
    await expect.poll(() => textbox('Line 1 description').inputValue()).toBe('Shares issued at the start');
    expect(await textbox('Line 1 credit').inputValue()).toBe('100.00');
    await page.keyboard.press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(drafts).toEqual([]);
    expect(app.problems).toEqual([]);
  });

  it('project: a new project typed is kept, asked about on leaving, offered after a reload and restored', async () => {
    const { page } = app;
    await page.keyboard.press('Alt+6');
    await page.getByRole('heading', { name: 'Contacts' }).waitFor();
    await page.keyboard.press('p');
    await page.getByRole('heading', { name: 'Projects' }).waitFor();
    await page.keyboard.press('n');
    await page.getByRole('heading', { name: /^New project/ }).waitFor();
    await textbox('Name').fill('Shop fit-out');
    await textbox('Budget').fill('2500');
    await draftKept(app);
    await expect.poll(drafts).toEqual(['project Shop fit-out']);
    await page.keyboard.press('Alt+1');
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    expect(await textbox('Name').inputValue()).toBe('Shop fit-out');
    // New project over it asks too (it replaced the form without a question).
    await page.getByRole('button', { name: /^New project/ }).click();
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    expect(await textbox('Name').inputValue()).toBe('Shop fit-out');

    await reloadAndOpenDraft('project Shop fit-out');
    await page.getByRole('heading', { name: /^New project/ }).waitFor();
    await expect.poll(() => textbox('Name').inputValue()).toBe('Shop fit-out');
    expect(await textbox('Budget').inputValue()).toBe('2500');
    await page.keyboard.press('Alt+1');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(drafts).toEqual([]);
    expect(app.problems).toEqual([]);
  });

  it('a bank rule: Esc and another rule ask first, the rule typed is offered after a reload and restored', async () => {
    const { page } = app;
    // The rule editor kept nothing: Esc, Cancel, another rule or a reload lost its name and conditions.
    for (const name of ['Tesco', 'Trainline']) {
      const made = await app.book.json('POST', '/v2/bank_rules', { body: { bank_rule: { name, conditions: [{ field: 'description', operator: 'contains', value: name }], actions: { category: '285' } } } });
      expect(made.status).toBe(201);
    }
    await page.keyboard.press('Alt+2');
    await page.getByRole('heading', { name: 'Banking' }).waitFor();
    await page.keyboard.press('u');
    const rules = page.getByRole('grid', { name: 'Bank rules' });
    await rules.locator('[role=row]', { hasText: 'Trainline' }).waitFor();
    await page.keyboard.press('n');
    const editor = page.getByRole('complementary', { name: 'Bank rule' });
    await editor.getByRole('heading', { name: 'New bank rule' }).waitFor();
    await textbox('Name').fill('Parking');
    await editor.getByRole('textbox', { name: 'Text', exact: true }).fill('NCP CAR PARK');
    await draftKept(app);
    await expect.poll(drafts).toEqual(['bank rule “Parking”']);
    await checkScreen(app, 'bank-rule-draft-kept');
    await textbox('Name').press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    expect(await textbox('Name').inputValue()).toBe('Parking');
    // Another rule opened over it asks too.
    await rules.locator('[role=row]', { hasText: 'Tesco' }).dblclick();
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    await expect.poll(() => editor.locator('#rule-title').textContent()).toBe('New bank rule');

    await reloadAndOpenDraft('bank rule “Parking”');
    await editor.getByRole('heading', { name: 'New bank rule' }).waitFor();
    await expect.poll(() => textbox('Name').inputValue()).toBe('Parking');
    expect(await editor.getByRole('textbox', { name: 'Text', exact: true }).inputValue()).toBe('NCP CAR PARK');
    await editor.getByRole('button', { name: /^Cancel/ }).click();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => editor.count()).toBe(0);
    await expect.poll(drafts).toEqual([]);
    expect(((await app.book.json('GET', '/v2/bank_rules')).body.bank_rules as { name: string }[]).map((rule) => rule.name)).toEqual(['Tesco', 'Trainline']);
    expect(app.problems).toEqual([]);
  });

  it('a line added by hand: closes untouched without a question, asks every way over what was typed, is offered after a reload and added with Ctrl+S', async () => {
    const { page } = app;
    // The dialog closed on Esc, Cancel, ✕ or a click outside and what was typed went with it; nothing was kept.
    const account = await accountWithLines(app, [{ dated_on: '2026-09-04', description: 'STAPLES ONE', amount: '-10.00' }]);
    await openRegister(app, 'Business Current');
    await page.getByRole('grid', { name: 'Transactions of Business Current' }).focus();
    const dialog = page.getByRole('dialog', { name: 'Add a transaction' });
    const field = (name: string) => dialog.getByRole('textbox', { name, exact: true });
    const category = dialog.getByRole('combobox', { name: 'Category' });
    const label = 'new transaction “Cash for stamps” in Business Current';

    // Opened and closed untouched: no question, no draft.
    await page.keyboard.press('a');
    await field('Description').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await leaveDialog(app).count()).toBe(0);

    await page.keyboard.press('a');
    await field('Date').fill('07/02/2026');
    await field('Description').fill('Cash for stamps');
    await field('Amount').fill('12.50');
    await category.click();
    await page.keyboard.type('accommodation');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    const chosen = await category.inputValue();
    expect(chosen).not.toBe('');
    await draftKept(app);
    await expect.poll(drafts).toEqual([label]);
    await checkScreen(app, 'register-add-draft-kept');

    const intact = async () => {
      expect(await dialog.isVisible()).toBe(true);
      expect(await field('Description').inputValue()).toBe('Cash for stamps');
      expect(await field('Amount').inputValue()).toBe('12.50');
    };
    const ways: [string, () => Promise<void>][] = [
      ['Escape', () => field('Description').press('Escape')],
      ['Cancel', () => dialog.getByRole('button', { name: /^Cancel/ }).click()],
      ['✕', () => dialog.getByRole('button', { name: 'Close', exact: true }).click()],
      ['a click outside', () => page.mouse.click(8, 8)],
      ['Alt+1', () => page.keyboard.press('Alt+1')],
    ];
    await eachWayAsks(app, ways, intact, async (way) => {
      if (way === 'Escape') await checkScreen(app, 'register-add-leave-question');
      await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    });

    await reloadAndOpenDraft(label);
    await expect.poll(() => field('Description').inputValue()).toBe('Cash for stamps');
    await page.getByRole('heading', { name: 'Business Current' }).waitFor();
    expect(await field('Date').inputValue()).toBe('7 Feb 2026');
    expect(await field('Amount').inputValue()).toBe('12.50');
    expect(await category.inputValue()).toBe(chosen);
    // The save key of every editor adds it; the draft goes with it.
    await page.keyboard.press('ControlOrMeta+s');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(drafts).toEqual([]);
    const lines = (await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(account)}&view=manual`)).body.bank_transactions as { dated_on: string; amount: string; bank_transaction_explanations: { description: string }[] }[];
    expect(lines.map((line) => [line.dated_on, Number(line.amount), line.bank_transaction_explanations.map((explanation) => explanation.description)])).toEqual([['2026-02-07', -12.5, ['Cash for stamps']]]);

    // Discarded, it can be undone from the toast: the dialog opens again as it was.
    await page.keyboard.press('a');
    await field('Description').fill('Petty cash');
    await field('Description').press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(drafts).toEqual([]);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => field('Description').inputValue()).toBe('Petty cash');
    await dialog.getByRole('button', { name: /^Cancel/ }).click();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(drafts).toEqual([]);
    expect(app.problems).toEqual([]);
  });

  it('several bank lines explained at once: leaving with a description typed asks first, and says it is kept as a draft', async () => {
    const { page } = app;
    // Once nothing was asked and Esc or another line lost what was chosen; then it asked, but kept no
    // draft (a reload lost it). Now it is kept (drafts-explain-many walks the draft through).
    const accountUrl = await accountWithLines(app, [
      { dated_on: '2026-09-04', description: 'STAPLES ONE', amount: '-10.00' },
      { dated_on: '2026-09-05', description: 'STAPLES TWO', amount: '-12.00' },
    ]);
    await openRegister(app, 'Business Current');
    const grid = page.getByRole('grid', { name: 'Transactions of Business Current' });
    await grid.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect.poll(() => grid.locator('[role=row][aria-selected="true"]').count()).toBe(2);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Explain 2 lines' }).waitFor();
    await textbox('Description').fill('Printer paper');
    await draftKept(app);
    await expect.poll(drafts).toEqual(['explanation of 2 lines in Business Current']);
    await textbox('Description').press('Escape');
    await leaveDialog(app)
      .getByText('The explanation of 2 lines in Business Current has changes that are not saved yet. They are kept as a draft until you save or discard them.')
      .waitFor();
    await leaveDialog(app).getByRole('button', { name: 'Keep editing' }).click();
    expect(await textbox('Description').inputValue()).toBe('Printer paper');
    await textbox('Description').press('Escape');
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('heading', { name: 'Explain 2 lines' }).waitFor({ state: 'detached' });
    // Discarded: the draft is gone (its toast's Undo would bring it back), and nothing was saved.
    await expect.poll(drafts).toEqual([]);
    await page.getByText('Discarded the draft of explanation of 2 lines in Business Current.').waitFor();
    const lines = (await app.book.json('GET', `/v2/bank_transactions?bank_account=${encodeURIComponent(accountUrl)}`)).body.bank_transactions as { bank_transaction_explanations: unknown[] }[];
    expect(lines.flatMap((line) => line.bank_transaction_explanations)).toEqual([]);
    expect(app.problems).toEqual([]);
  });

  it('company details left for another tab come back as typed, and the draft is not overwritten', async () => {
    const { page } = app;
    // A tab away and back showed the book's town over the kept draft, and the first key replaced it.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await textbox('Town').fill('Harrogate');
    await draftKept(app);
    await page.getByRole('tab', { name: 'Users' }).click();
    await page.getByRole('tab', { name: 'Company and VAT' }).click();
    await expect.poll(() => textbox('Town').inputValue()).toBe('Harrogate');
    await textbox('Postcode').fill('HG1 1AA');
    await draftKept(app);
    const kept = (await app.book.json('GET', '/v2/drafts')).body.drafts as { key: string }[];
    expect(kept).toHaveLength(1);
    const stored = JSON.stringify((await app.book.json('GET', `/v2/drafts/${encodeURIComponent(kept[0]!.key)}`)).body);
    expect(stored).toContain('Harrogate');
    expect(stored).toContain('HG1 1AA');
    expect(app.problems).toEqual([]);
  });

  it('company details opened by hand over a draft kept from before leave that draft as it was; the toast opens it', async () => {
    const { page } = app;
    const settings = async () => {
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: /^Settings/ }).click();
      await page.getByRole('heading', { name: 'Settings' }).waitFor();
    };
    const storedTexts = async () => {
      const kept = (await app.book.json('GET', '/v2/drafts')).body.drafts as { key: string }[];
      return Promise.all(kept.map(async (draft) => JSON.stringify((await app.book.json('GET', `/v2/drafts/${encodeURIComponent(draft.key)}`)).body.draft.state)));
    };
    await settings();
    await textbox('Town').fill('Harrogate');
    await draftKept(app);
    // The window closes with the town typed; on the way back the offer is put off (Later).
    page.once('dialog', (question) => void question.accept());
    await page.reload();
    const offer = page.getByRole('dialog', { name: '1 unsaved draft: company details' });
    await offer.getByRole('button', { name: 'Later' }).click();
    await offer.waitFor({ state: 'detached' });

    // Settings opened by hand starts from the book, and says a draft is kept from before.
    await settings();
    const toast = page.getByRole('status').getByText('An unsaved draft of company details is kept from before; changes made here are kept apart from it.');
    await toast.waitFor();
    expect(await textbox('Town').inputValue()).not.toBe('Harrogate');
    await textbox('Postcode').fill('HG1 1AA');
    await draftKept(app);
    // Both are kept: the first key here used to write the book's town over the Harrogate draft.
    await expect.poll(drafts).toEqual(['company details', 'company details']);
    const texts = await storedTexts();
    expect(texts.filter((text) => text.includes('Harrogate') && !text.includes('HG1 1AA'))).toHaveLength(1);
    expect(texts.filter((text) => text.includes('HG1 1AA') && !text.includes('Harrogate'))).toHaveLength(1);

    // The toast's Open it asks about what is typed here, then brings the earlier draft back.
    await page.getByRole('status').getByRole('button', { name: 'Open it' }).click();
    await leaveDialog(app).getByRole('button', { name: 'Discard' }).click();
    await expect.poll(() => textbox('Town').inputValue()).toBe('Harrogate');
    await expect.poll(drafts).toEqual(['company details']);
    expect(app.problems).toEqual([]);
  });
});
